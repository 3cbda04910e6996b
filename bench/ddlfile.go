package bench

import "github.com/upgrade-advisor/upgrade-advisor/bench/ddlfile"

// WorkloadFromFile reads a --ddl-file (a dump or an install script) into the
// workload a round runs: only its table DDL, as ddlfile.ParseFile classifies
// it, with the notes on what was set aside.
func WorkloadFromFile(path string) (Workload, []string, error) {
	tables, notes, err := ddlfile.ParseFile(path)
	if err != nil {
		return Workload{}, nil, err
	}
	w := Workload{Name: tables.Name, Schemas: tables.Schemas}
	for _, s := range tables.Statements {
		w.Creates = append(w.Creates, Statement{SQL: s.SQL, Table: s.Table, AcceptsClause: s.AcceptsClause})
	}
	return w, notes, nil
}
