package sqlfile

import (
	"io"
	"os"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// ReadDumpFile reads the dump or install script at path; see ReadDump.
func ReadDumpFile(path string, o ReadOptions) (*Dump, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadDump(path, f, o)
}

// ReadDump reads mysqldump or mariadb-dump output (any options) or an
// install script into the objects it defines, each with its file:line and
// the session settings in force, and into the steps the mysql client would
// send, in file order. Nothing is run. Only what the client itself would
// run outside the server (\!, system, source, pager, ...) or a file it
// cannot cut makes it return a *RejectError (errors.Is ErrRejected) naming
// file:line, and no dump; the server-side statements the tool does not run
// (SET GLOBAL, file access, accounts, plugins, the server's own schemas)
// are set aside, each a StepSetAside naming why.
func ReadDump(name string, r io.Reader, o ReadOptions) (*Dump, error) {
	src, err := ReadSource(name, r)
	if err != nil {
		return nil, err
	}
	rd, err := readDump(name, src, o)
	if err != nil {
		return nil, err
	}
	return rd.finish()
}

// readDump reads every statement of src; the reader holds the refusals.
func readDump(name, src string, o ReadOptions) (*dumpReader, error) {
	if strings.IndexByte(src, 0) >= 0 {
		return nil, &RejectError{File: name, Line: 1 + strings.Count(src[:strings.IndexByte(src, 0)], "\n"), Reason: "NUL byte in the file"}
	}
	writer := o.Writer
	w, isDump := dumpWriter(src)
	if isDump {
		writer = w
	}
	cut := cutClient(name, src, o.Client)
	stmts := serverStatements(cut.out)
	rd := newDumpReader(name, writer, o)
	rd.isDump = isDump
	rd.rejects = cut.rejects
	rd.notSourced(cut.sourced)
	for _, st := range stmts {
		if err := rd.add(st); err != nil {
			return nil, err
		}
	}
	rd.statements = stmts
	return rd, nil
}

// dumpWriter reads the "-- Server version" line mysqldump and mariadb-dump
// write at the top of a dump.
func dumpWriter(src string) (flavor.Flavor, bool) {
	head := src[:min(len(src), 4096)]
	for _, line := range strings.Split(head, "\n") {
		rest, ok := strings.CutPrefix(line, "-- Server version")
		if !ok {
			continue
		}
		v := strings.TrimSpace(rest)
		if strings.Contains(head, "-- MariaDB dump") && !strings.Contains(strings.ToLower(v), "mariadb") {
			v += "-MariaDB"
		}
		fl, err := flavor.Identify(v, "")
		if err != nil {
			return flavor.Flavor{}, false
		}
		return fl, true
	}
	return flavor.Flavor{}, false
}

// ObjectsOf returns the objects the file's text src defines, read the way
// check --schema-file reads them, before the reading is finished (its
// refusals, default schema and notes left out); nil for a file it cannot
// read at all (a NUL byte). --ddl-file counts by it the objects it sets
// aside and finds mysqldump's view stand-ins.
func ObjectsOf(name, src string) *Dump {
	rd, err := readDump(name, src, ReadOptions{})
	if err != nil {
		return nil
	}
	rd.compact()
	return rd.dump
}
