package varfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// Values the captures in testdata share; they come from a MariaDB 10.11
// server of Debian 12 with init_connect set to a two-line value.
var (
	sqlMode     = "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION"
	initConnect = "SET NAMES utf8mb4;\nSET @app=\"tab\there\\back | pipe\""
)

// commonValues holds variables every variables_* capture contains.
var commonValues = map[string]string{
	"version":                 "10.11.19-MariaDB-0+deb12u1",
	"version_comment":         "Debian 12",
	"innodb_file_per_table":   "ON",
	"innodb_stats_persistent": "ON",
	"bind_address":            "",
	"character_set_server":    "latin1",
	"sql_mode":                sqlMode,
	"init_connect":            initConnect,
}

func TestParseTestdata(t *testing.T) {
	batch := mustParseFile(t, "variables_batch.txt")
	tests := []struct {
		file      string
		wantCount int
	}{
		{"variables_batch.txt", 56},
		{"variables_table.txt", 54},
		{"variables_table_crlf.txt", 21},
		{"variables_vertical.txt", 14},
		{"session_tee.txt", 11},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			vars := mustParseFile(t, tt.file)
			if len(vars) != tt.wantCount {
				t.Errorf("got %d variables, want %d: %v", len(vars), tt.wantCount, sortedKeys(vars))
			}
			for name, want := range commonValues {
				assertValue(t, vars, name, want)
			}
			// Every form was captured from the same server: values agree
			// with the batch capture wherever it has the variable.
			for name, got := range vars {
				if want, ok := batch[name]; ok && got != want {
					t.Errorf("%s = %q, but the batch capture has %q", name, got, want)
				}
			}
		})
	}
}

func TestParseStatusTestdata(t *testing.T) {
	vars := mustParseFile(t, "status_batch.txt")
	if len(vars) != 42 {
		t.Errorf("got %d variables, want 42", len(vars))
	}
	assertValue(t, vars, "com_create_table", "2")
	assertValue(t, vars, "com_drop_table", "1")
	assertValue(t, vars, "innodb_buffer_pool_pages_total", "8112")
	assertValue(t, vars, "ssl_cipher", "")
	if _, ok := vars["Uptime"]; ok {
		t.Error("key Uptime is not lower-cased")
	}
	if _, ok := vars["uptime"]; !ok {
		t.Error("uptime missing")
	}
}

func TestParseForms(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  map[string]string
	}{
		{
			name: "batch with header",
			input: "Variable_name\tValue\n" +
				"innodb_file_per_table\tON\n" +
				"version\t10.11.19-MariaDB-0+deb12u1\n" +
				"version_comment\tDebian 12\n" +
				"init_connect\t\n" +
				"sql_mode\t" + sqlMode + "\n",
			want: map[string]string{
				"innodb_file_per_table": "ON",
				"version":               "10.11.19-MariaDB-0+deb12u1",
				"version_comment":       "Debian 12",
				"init_connect":          "",
				"sql_mode":              sqlMode,
			},
		},
		{
			name:  "batch without header, mixed-case names, later value wins",
			input: "Innodb_File_Per_Table\tOFF\nautocommit\tON\ninnodb_file_per_table\tON\n",
			want:  map[string]string{"innodb_file_per_table": "ON", "autocommit": "ON"},
		},
		{
			name:  "batch escapes decoded",
			input: "a\tx\\ty\\nz\\\\w\\0v\\q\nb\tends with backslash\\\nc\tvalue\twith raw tab\n",
			want:  map[string]string{"a": "x\ty\nz\\w\x00v\\q", "b": "ends with backslash\\", "c": "value\twith raw tab"},
		},
		{
			name: "batch from MySQL with a password warning, Windows line ends and a trailing blank line",
			input: "mysql: [Warning] Using a password on the command line interface can be insecure.\r\n" +
				"Variable_name\tValue\r\n" +
				"version\t8.0.36\r\n" +
				"version_comment\tMySQL Community Server - GPL\r\n" +
				"validate_password.length\t8\r\n" +
				"\r\n",
			want: map[string]string{"version": "8.0.36", "version_comment": "MySQL Community Server - GPL", "validate_password.length": "8"},
		},
		{
			name:  "batch from MySQL 5.6 with its older warning",
			input: "Warning: Using a password on the command line interface can be insecure.\nVariable_name\tValue\nversion\t5.6.51-log\n",
			want:  map[string]string{"version": "5.6.51-log"},
		},
		{
			name:  "batch of information_schema.GLOBAL_VARIABLES",
			input: "VARIABLE_NAME\tVARIABLE_VALUE\nINNODB_FILE_PER_TABLE\tON\n",
			want:  map[string]string{"innodb_file_per_table": "ON"},
		},
		{
			name:  "batch header only: a LIKE that matched nothing",
			input: "Variable_name\tValue\n",
			want:  map[string]string{},
		},
		{
			name: "table with padding, an empty value, a pipe in a value and a summary line",
			input: "+-----------------------+----------------------------+\n" +
				"| Variable_name         | Value                      |\n" +
				"+-----------------------+----------------------------+\n" +
				"| autocommit            | ON                         |\n" +
				"| init_connect          |                            |\n" +
				"| innodb_file_per_table | ON                         |\n" +
				"| log_bin_basename      | a | b                      |\n" +
				"| version               | 10.11.19-MariaDB-0+deb12u1 |\n" +
				"| version_comment       | Debian 12                  |\n" +
				"+-----------------------+----------------------------+\n" +
				"6 rows in set (0.00 sec)\n" +
				"\n",
			want: map[string]string{
				"autocommit":            "ON",
				"init_connect":          "",
				"innodb_file_per_table": "ON",
				"log_bin_basename":      "a | b",
				"version":               "10.11.19-MariaDB-0+deb12u1",
				"version_comment":       "Debian 12",
			},
		},
		{
			name: "table value spanning lines, including one that looks closed",
			input: "+--------------+-----------+\n" +
				"| Variable_name | Value     |\n" +
				"+--------------+-----------+\n" +
				"| init_connect | a |\n" +
				"b         |\n" +
				"| init_file    | one\n" +
				"\n" +
				"three     |\n" +
				"+--------------+-----------+\n",
			want: map[string]string{"init_connect": "a |\nb", "init_file": "one\n\nthree"},
		},
		{
			name: "table with a hand-edited row not aligned to the border",
			input: "+---------------+-------+\n" +
				"| Variable_name | Value |\n" +
				"+---------------+-------+\n" +
				"| autocommit | OFF |\n" +
				"+---------------+-------+\n",
			want: map[string]string{"autocommit": "OFF"},
		},
		{
			name: "two tables of a session, with prompts and banner",
			input: "Welcome to the MySQL monitor.  Commands end with ; or \\g.\n" +
				"Your MySQL connection id is 8\n" +
				"Server version: 8.0.36 MySQL Community Server - GPL\n\n" +
				"Copyright (c) 2000, 2024, Oracle and/or its affiliates.\n\n" +
				"Oracle is a registered trademark of Oracle Corporation and/or its\n" +
				"affiliates. Other names may be trademarks of their respective\n" +
				"owners.\n\n" +
				"Type 'help;' or '\\h' for help. Type '\\c' to clear the current input statement.\n\n" +
				"mysql> SHOW GLOBAL VARIABLES\n" +
				"    -> LIKE 'version';\n" +
				"+---------------+--------+\n| Variable_name | Value  |\n+---------------+--------+\n| version       | 8.0.36 |\n+---------------+--------+\n" +
				"1 row in set (0.01 sec)\n\n" +
				"mysql> SHOW GLOBAL STATUS LIKE 'Uptime';\n" +
				"+---------------+-------+\n| Variable_name | Value |\n+---------------+-------+\n| Uptime        | 4242  |\n+---------------+-------+\n" +
				"1 row in set (0.00 sec)\n\n" +
				"mysql> quit\nBye\n",
			want: map[string]string{"version": "8.0.36", "uptime": "4242"},
		},
		{
			name: "vertical with an empty value, a value on several lines and a summary",
			input: "*************************** 1. row ***************************\n" +
				"Variable_name: bind_address\n" +
				"        Value: \n" +
				"*************************** 2. row ***************************\n" +
				"Variable_name: init_connect\n" +
				"        Value: SET NAMES utf8mb4;\n" +
				"\n" +
				"SET @x=1\n" +
				"*************************** 3. row ***************************\n" +
				"Variable_name: innodb_file_per_table\n" +
				"        Value:\n" +
				"*************************** 4. row ***************************\n" +
				"Variable_name: version_comment\n" +
				"        Value: Debian 12\n" +
				"4 rows in set (0.001 sec)\n" +
				"\n",
			want: map[string]string{"bind_address": "", "init_connect": "SET NAMES utf8mb4;\n\nSET @x=1", "innodb_file_per_table": "", "version_comment": "Debian 12"},
		},
		{
			name: "vertical from information_schema with CRLF",
			input: "*************************** 1. row ***************************\r\n" +
				" VARIABLE_NAME: VERSION\r\n" +
				"VARIABLE_VALUE: 10.11.19-MariaDB-0+deb12u1\r\n",
			want: map[string]string{"version": "10.11.19-MariaDB-0+deb12u1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parse(strings.NewReader(tt.input))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"empty input", "", "no SHOW VARIABLES or SHOW STATUS output found"},
		{"only chatter", "\n\nmysql: [Warning] Using a password on the command line interface can be insecure.\n", "no SHOW VARIABLES or SHOW STATUS output found"},
		{"not variables at all", "\n[mysqld]\ndatadir=/var/lib/mysql\n", `line 2: not SHOW VARIABLES or SHOW STATUS output: expected tab-separated lines (mysql -B), a table starting with +---+ (mysql -t) or rows of \G output, found "[mysqld]"`},
		{"batch line without a tab", "Variable_name\tValue\nversion\t10.11\nautocommit ON\n", `line 3: expected "name<TAB>value"`},
		{"batch empty name", "version\t10.11\n\tON\n", "line 2: empty variable name"},
		{"batch name with a blank", "version\t10.11\nauto commit\tON\n", `line 2: invalid variable name "auto commit"`},
		{"batch name not ASCII", "v\u00e9rsion\t10\n", `line 1: invalid variable name`},
		{"table with three columns", "+---+---+---+\n| a | b | c |\n", "line 1: table with 3 columns; expected two, Variable_name and Value"},
		{"table row not closed", "+---------------+-------+\n| Variable_name | Value |\n+---------------+-------+\n| autocommit    | ON\n+---------------+-------+\n", `line 4: table row for "autocommit" does not end with '|'`},
		{"table row not closed at the end", "+---------------+-------+\n| autocommit    | ON\n", `line 2: table row for "autocommit" does not end with '|'`},
		{"table row without separator", "+---------------+-------+\n|autocommit\n", `line 2: table row without the '|' between name and value`},
		{"table garbage after the table", "+---+---+\n| a | b |\n+---+---+\nsomething else\n", `line 4: expected a table row starting with '|' or a border starting with '+', found "something else"`},
		{"table malformed border", "+-+---+\n| a | b |\n", "line 1: malformed table border"},
		{"vertical row without value", "*************************** 1. row ***************************\nVariable_name: a\n*************************** 2. row ***************************\nVariable_name: b\n        Value: 1\n", "line 1: row without both a Variable_name and a Value field"},
		{"vertical row without anything at the end", "*************************** 1. row ***************************\nVariable_name: a\n        Value: 1\n*************************** 2. row ***************************\n", "line 4: row without both"},
		{"vertical garbage", "*************************** 1. row ***************************\nhello\n", `line 2: expected "Variable_name: name" then "Value: value"`},
		{"vertical value before name", "*************************** 1. row ***************************\n        Value: 1\n", `line 2: expected "Variable_name: name"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parse(strings.NewReader(tt.input))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want one containing %q", err, tt.want)
			}
			if got != nil {
				t.Errorf("got variables %v with the error", got)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("error %T is not a *ParseError", err)
			}
		})
	}
}

func TestParseFileErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vars.txt")
	if err := os.WriteFile(path, []byte("version\t10.11\nbroken line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ParseFile(path)
	if err == nil || err.Error() != path+`:2: expected "name<TAB>value" (tab-separated batch output); a value with a line break saved with --raw cannot be read back` {
		t.Errorf("ParseFile error = %v", err)
	}

	_, err = ParseFile(filepath.Join(t.TempDir(), "missing.txt"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing.txt: cannot open: no such file or directory") {
		t.Errorf("ParseFile of a missing file: %v", err)
	}
}

func TestParseErrorFormat(t *testing.T) {
	for _, tt := range []struct {
		err  ParseError
		want string
	}{
		{ParseError{File: "v.txt", Line: 3, Msg: "bad"}, "v.txt:3: bad"},
		{ParseError{File: "v.txt", Msg: "bad"}, "v.txt: bad"},
		{ParseError{Line: 3, Msg: "bad"}, "line 3: bad"},
		{ParseError{Msg: "bad"}, "bad"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

func mustParseFile(t *testing.T, name string) map[string]string {
	t.Helper()
	vars, err := ParseFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("ParseFile: %v", err)
	}
	return vars
}

func assertValue(t *testing.T, vars map[string]string, name, want string) {
	t.Helper()
	got, ok := vars[name]
	if !ok {
		t.Errorf("%s missing", name)
	} else if got != want {
		t.Errorf("%s = %q, want %q", name, got, want)
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
