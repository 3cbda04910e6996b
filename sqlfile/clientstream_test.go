package sqlfile

import (
	"bufio"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// streamed is what streamClient makes of src read in pieces of chunk bytes
// by family's client.
func streamed(src string, chunk int, family ClientFamily) ([]ClientStatement, []*RejectError, error) {
	var out []ClientStatement
	rejects, sourced, err := streamClient("f.sql", bufio.NewReaderSize(strings.NewReader(src), 16), chunk, family, func(cs ClientStatement) {
		out = append(out, cs)
	})
	if err != nil {
		return nil, nil, err
	}
	return out, joinLines(rejects, sourced), nil
}

// sameCut fails t when the streamed cut of src differs from the whole one,
// for either client family.
func sameCut(t *testing.T, src string, chunk int) {
	t.Helper()
	for _, family := range []ClientFamily{AnyClient, MySQLClient, MariaDBClient} {
		sameCutOf(t, src, chunk, family)
	}
}

// sameCutOf is sameCut for one family.
func sameCutOf(t *testing.T, src string, chunk int, family ClientFamily) {
	t.Helper()
	whole := cutClient("f.sql", strings.TrimPrefix(src, "\ufeff"), family)
	want, wantRejects := whole.out, joinLines(whole.rejects, whole.sourced)
	got, rejects, err := streamed(src, chunk, family)
	if i := strings.IndexByte(src, 0); i >= 0 {
		var re *RejectError
		if !errors.As(err, &re) || re.Reason != "NUL byte in the file" {
			t.Fatalf("chunk %d: a NUL byte: %v", chunk, err)
		}
		return
	}
	if err != nil {
		t.Fatalf("chunk %d: %v", chunk, err)
	}
	if len(got) == 0 && len(want) == 0 {
		got, want = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("chunk %d: statements\n%+v\nwant\n%+v", chunk, got, want)
	}
	if !reflect.DeepEqual(rejects, wantRejects) {
		t.Fatalf("chunk %d: refusals\n%v\nwant\n%v", chunk, rejects, wantRejects)
	}
}

var streamCases = []string{
	"",
	"SELECT 1;\nSELECT 2;\n",
	"SELECT 1; SELECT 2",
	"\ufeffSELECT 1;\n",
	"SELECT 'a\nb;\nc'; SELECT 2;\n",
	"SELECT 1 /* a\n;\n*/; -- x;\n# y;\nSELECT 2;\n",
	"DELIMITER $$\nCREATE PROCEDURE p() BEGIN SELECT 1; END$$\nDELIMITER ;\nSELECT 3;\n",
	"SELECT 1;DELIMITER //\nSELECT 2//\n",
	"CREATE DATABASE shop;\nuse shop\nCREATE TABLE t (a INT);\n  USE `shop` extra\nSELECT 1\nuse shop\n;\n",
	"SELECT 'unterminated\n;\n",
	"SELECT 1; /* open\n",
	"SELECT `a\n`;\nsystem ls\nSELECT 2;\n",
	"SELECT 1\\g SELECT 2\\c SELECT 3;\n\\! ls\nSELECT 4 \\\nFROM t;\nsource x.sql\n\\. y.sql\nSELECT 5;\n",
	"SELECT 1;\n\\q\nSELECT 2;\n",
	"DELIMITER\nSELECT 1;\n",
	"SELECT 1\\n, 2;\nSELECT /*! 3; */ 4;\n",
	"SELECT 'a\\'b;\n'; SELECT 2;\n",
	"SELECT 1;\nSELECT 2;\x00\n",
}

func TestStreamClientIsTheWholeCut(t *testing.T) {
	files := append([]string{}, streamCases...)
	for _, name := range []string{"testdata/vetclinic-dump.sql", "testdata/vetclinic.sql", "../advisor/schemacheck/testdata/shop-mysql.sql",
		"../advisor/schemacheck/testdata/hostile.sql"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, string(b))
	}
	for i, src := range files {
		for _, chunk := range []int{1, 2, 3, 7, 64, 4096, streamChunk} {
			t.Run("", func(t *testing.T) {
				if i >= len(streamCases) && chunk < 7 && len(src) > 20000 {
					t.Skip("large file, small pieces")
				}
				sameCut(t, src, chunk)
			})
		}
	}
}

func FuzzStreamClient(f *testing.F) {
	for _, c := range streamCases {
		f.Add(c, uint8(1))
		f.Add(c, uint8(5))
	}
	f.Fuzz(func(t *testing.T, src string, chunk uint8) {
		sameCut(t, src, 1+int(chunk)%64)
	})
}
