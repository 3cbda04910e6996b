// Command tenants makes and measures many-tenant schemas for the schema
// check's grouping (docs/schema-check.md, scripts/tenants-bench.sh):
//
//	go run ./scripts/tenants generate -tenants 200 -tables 50 > install.sql
//	go run ./scripts/tenants dump -basedir ROOT -in install.sql -out dump.sql
//	go run ./scripts/tenants client -basedir ROOT -in dump.sql
//	go run ./scripts/tenants same grouped.json every.json
//
// generate writes an install script of N tenant schemas of M tables and a
// view each, three of them drifted (tenant_0007: a column named rank;
// the middle tenant: a utf8mb3 table; the third from the end: a table
// without its secondary index). dump loads it into a sandbox of ROOT with
// ROOT's own client and writes ROOT's own dump of it (mysqldump or
// mariadb-dump). client times ROOT's own client loading a file into a
// fresh sandbox (--force, as the check replays it) and prints the seconds.
// same compares the schema objects of two JSON reports of the check.
package main

import (
	"flag"
	"fmt"
	"os"
)

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
		err = dump(*basedir, *in, *out)
	case "client":
		var secs float64
		if secs, err = clientLoad(*basedir, *in); err == nil {
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
	fmt.Fprintln(os.Stderr, "usage: tenants generate [-tenants 200] [-tables 50] | dump -basedir ROOT -in FILE -out FILE | client -basedir ROOT -in FILE | same A.json B.json")
	os.Exit(2)
}
