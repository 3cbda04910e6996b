// Command tenants makes and measures many-tenant schemas for the schema
// check's grouping (docs/schema-check.md, scripts/tenants-bench.sh):
//
//	go run ./scripts/tenants generate -tenants 200 -tables 50 > install.sql
//	go run ./scripts/tenants dump -basedir ROOT -in install.sql -out dump.sql
//	go run ./scripts/tenants client -basedir ROOT -in dump.sql
//	go run ./scripts/tenants same grouped.json every.json
//	go run ./scripts/tenants dump -basedir ROOT -in install.sql -out dump.sql \
//	    -dir /dev/shm -timeout 2h -server-option innodb_file_per_table=OFF
//
// generate writes an install script of N tenant schemas of M tables and a
// view each, three of them drifted (tenant_0007: a column named rank;
// the middle tenant: a utf8mb3 table; the third from the end: a table
// without its secondary index). dump loads it into a sandbox of ROOT with
// ROOT's own client and writes ROOT's own dump of it (mysqldump or
// mariadb-dump). client times ROOT's own client loading a file into a
// fresh sandbox (--force, as the check replays it) and prints the seconds.
// same compares the schema objects of two JSON reports of the check.
// dump and client take -dir (where the sandbox lives: a tmpfs such as
// /dev/shm makes 100,000 tables load in minutes instead of most of an
// hour), -timeout (5m by default) and -server-option (repeated; e.g.
// innodb_file_per_table=OFF, which changes how tables are stored, not
// what SHOW CREATE TABLE and the dump say of them).
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

// options is where a sandbox of dump and client lives and how long it may run.
type options struct {
	dir           string
	timeout       time.Duration
	serverOptions []string
}

// repeated is a flag given once per value.
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	tenants := fs.Int("tenants", 200, "tenant schemas")
	tables := fs.Int("tables", 50, "tables per tenant")
	basedir := fs.String("basedir", "", "the server's root (an unpacked package root, a tarball directory, / for the installed server)")
	in := fs.String("in", "", "the file to load")
	out := fs.String("out", "", "the dump to write")
	var o options
	fs.StringVar(&o.dir, "dir", "", "where the sandbox lives (default: the sandbox package's default)")
	fs.DurationVar(&o.timeout, "timeout", 5*time.Minute, "how long the sandbox may run")
	fs.Var((*repeated)(&o.serverOptions), "server-option", "a server option of the sandbox, name=value (repeatable)")
	_ = fs.Parse(os.Args[2:])
	var err error
	switch os.Args[1] {
	case "generate":
		if *tenants < 10 {
			err = fmt.Errorf("-tenants: at least 10, for three distinct drifted tenants")
			break
		}
		err = generate(os.Stdout, *tenants, *tables)
	case "dump":
		err = dump(*basedir, *in, *out, o)
	case "client":
		var secs float64
		if secs, err = clientLoad(*basedir, *in, o); err == nil {
			fmt.Printf("%.2f\n", secs)
		}
	case "same":
		if fs.NArg() != 2 {
			usage()
		}
		err = same(fs.Arg(0), fs.Arg(1))
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tenants:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: tenants generate [-tenants 200] [-tables 50] | dump -basedir ROOT -in FILE -out FILE [-dir D -timeout T -server-option N=V] | client -basedir ROOT -in FILE [same] | same A.json B.json")
	os.Exit(2)
}
