package rehearse

import (
	"fmt"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/replication"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

// compare puts each table's two states in the report and a problem, with
// its fix, for each that differs.
func (r *datadirRun) compare(tables []replication.TableChunks, before, after []tableState) {
	for i, tc := range tables {
		b, a := before[i], after[i]
		r.d.Tables = append(r.d.Tables, report.InPlaceTable{Table: tc.Name(), CheckBefore: b.check, CheckAfter: a.check,
			RowsBefore: b.rows, RowsAfter: a.rows, ChecksumBefore: b.checksum, ChecksumAfter: a.checksum, Chunks: tc.Summed(), ChunksTotal: tc.Total})
		switch {
		case !b.opens && !a.opens:
			r.problem(fmt.Sprintf("table %s does not open, on today's version nor on the target: %s", tc.Name(), a.check),
				"its tablespace is missing or unreadable (an orphan in the dictionary, or a crashed ALTER's leftover): before the upgrade, restore its .ibd (ALTER TABLE ... DISCARD TABLESPACE, copy the file, ALTER TABLE ... IMPORT TABLESPACE) or DROP TABLE it on today's server")
		case !a.opens:
			r.problem(fmt.Sprintf("table %s does not open on the target: %s", tc.Name(), a.check),
				"rebuild it on today's version before the upgrade (ALTER TABLE ... FORCE, or dump and reload it), then rehearse again")
		case a.check != "OK":
			r.problem(fmt.Sprintf("CHECK TABLE %s fails on the target: %s (today's version: %s)", tc.Name(), a.check, b.check),
				"rebuild the table (ALTER TABLE ... FORCE) on today's version before the upgrade, or right after it on the target; when today's version fails it too, restore the table from a dump")
		case b.rows != a.rows:
			r.problem(fmt.Sprintf("table %s has %d row(s) on the target, %d on today's version", tc.Name(), a.rows, b.rows),
				"do not upgrade this datadir in place: move the table by dump and reload, and report the rows the replication rehearsal names (rehearse "+flagname.Replication+")")
		case b.checksum != a.checksum:
			r.problem(fmt.Sprintf("table %s: the checksum of its rows differs on the target (%s, today's version %s)", tc.Name(), a.checksum, b.checksum),
				"the rows read back differently: compare them with rehearse "+flagname.Replication+" (it names the differing rows) and move the table by dump and reload if they changed")
		}
	}
}

// sampledText says how the checksums were sampled, "" when every chunk was.
func sampledText(tables []replication.TableChunks) string {
	summed, total, sampled := 0, 0, 0
	for _, t := range tables {
		summed += t.Summed()
		total += t.Total
		if t.Summed() < t.Total {
			sampled++
		}
	}
	if sampled == 0 {
		return ""
	}
	return fmt.Sprintf(flagname.Budget+": the checksums read %d of %d chunk(s) (%d table(s) sampled, the same chunks on both sides); row counts and CHECK TABLE cover every table", summed, total, sampled)
}
