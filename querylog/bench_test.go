package querylog

import (
	"bytes"
	"fmt"
	"testing"
)

// slowLogOf writes n entries in MariaDB 10.11's slow log format (copied
// from a log the server wrote in TestLogsWrittenByRealServers) over a few
// hundred classes.
func slowLogOf(n int) []byte {
	var b bytes.Buffer
	b.WriteString("/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-0+deb12u1-log (Debian 12). started with:\n" +
		"Tcp port: 0  Unix socket: /tmp/s/mysql.sock\nTime\t\t    Id Command\tArgument\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "# User@Host: root[root] @ localhost []\n# Thread_id: %d  Schema: shop  QC_hit: No\n"+
			"# Query_time: 0.000%03d  Lock_time: 0.000000  Rows_sent: 1  Rows_examined: 0\n# Rows_affected: 0  Bytes_sent: 57\n"+
			"SET timestamp=1796197774;\n", 5+i%7, i%1000)
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "SELECT name, price FROM items%d WHERE id = %d AND name <> 'n%d';\n", i%100, i, i)
		case 1:
			fmt.Fprintf(&b, "INSERT INTO log%d (a, b) VALUES (%d, 'x'), (%d, 'y');\n", i%100, i, i+1)
		default:
			fmt.Fprintf(&b, "SELECT id,\n       name\nFROM items%d\nWHERE id IN (%d, %d, %d)\nORDER BY id;\n", i%100, i, i+1, i+2)
		}
	}
	return b.Bytes()
}

func BenchmarkReadSlowLog(b *testing.B) {
	log := slowLogOf(20000)
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	for b.Loop() {
		res, err := Read("bench", bytes.NewReader(log), Options{})
		if err != nil || res.Statements != 20000 || len(res.Classes) != 300 {
			b.Fatalf("%v: %d statements, %d classes", err, res.Statements, len(res.Classes))
		}
	}
}

func BenchmarkFingerprint(b *testing.B) {
	s := "SELECT id,\n       name\nFROM items7\nWHERE id IN (1, 2, 3) AND name = 'x' -- why\nORDER BY id"
	b.ReportAllocs()
	for b.Loop() {
		Fingerprint(s)
	}
}
