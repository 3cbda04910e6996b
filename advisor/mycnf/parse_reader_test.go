package mycnf

import (
	"errors"
	"strings"
	"testing"
)

func TestParseReader(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{
			name:  "sections and plain options",
			input: "[mysqld]\ndatadir=/var/lib/mysql\nport = 3306\n\n[client]\nuser=app\n",
			want: []string{
				`t.cnf:2 [mysqld] datadir="/var/lib/mysql"`,
				`t.cnf:3 [mysqld] port="3306"`,
				`t.cnf:6 [client] user="app"`,
			},
		},
		{
			name:  "section names of every kind, lower-cased",
			input: "[MySQLd-5.6]\na=1\n[mariadb-10.11]\nb=2\n[MARIADBD]\nc=3\n[upgrade-advisor]\nd=4\n[server]  \ne=5\n",
			want: []string{
				`t.cnf:2 [mysqld-5.6] a="1"`,
				`t.cnf:4 [mariadb-10.11] b="2"`,
				`t.cnf:6 [mariadbd] c="3"`,
				`t.cnf:8 [upgrade-advisor] d="4"`,
				`t.cnf:10 [server] e="5"`,
			},
		},
		{
			name:  "names normalised: case, dashes, loose prefix",
			input: "[mysqld]\nInnoDB-File-Per-Table=0\nloose-innodb_stats_persistent=OFF\nLOOSE_performance-schema\nloose-\n",
			want: []string{
				`t.cnf:2 [mysqld] innodb_file_per_table="0"`,
				`t.cnf:3 [mysqld] loose innodb_stats_persistent="OFF"`,
				`t.cnf:4 [mysqld] loose performance_schema`,
				`t.cnf:5 [mysqld] loose_`,
			},
		},
		{
			name:  "options without value and with empty value",
			input: "[mysqld]\nskip-name-resolve\n  skip_log_bin  \ninit_connect=\nsql_mode = \"\"\n",
			want: []string{
				`t.cnf:2 [mysqld] skip_name_resolve`,
				`t.cnf:3 [mysqld] skip_log_bin`,
				`t.cnf:4 [mysqld] init_connect=""`,
				`t.cnf:5 [mysqld] sql_mode=""`,
			},
		},
		{
			name:  "spaces and tabs around the equals sign",
			input: "[mysqldump]\nmax_allowed_packet\t= 16M\nkey_buffer_size   =   128M   \n\tquick\n",
			want: []string{
				`t.cnf:2 [mysqldump] max_allowed_packet="16M"`,
				`t.cnf:3 [mysqldump] key_buffer_size="128M"`,
				`t.cnf:4 [mysqldump] quick`,
			},
		},
		{
			name: "quotes removed, escapes decoded",
			input: "[client]\n" +
				"password=\"se#cr;et\"\n" +
				"a='single quoted'\n" +
				`b="tab\there\nnewline \"q\" back\\slash"` + "\n" +
				`c=unquoted\sspace\x` + "\n" +
				`d="abc\"` + "\n" +
				"e='\n" +
				"f=\"a'\n" +
				`g='it\'s'` + "\n" +
				"h= \"a\" b\"\n",
			want: []string{
				`t.cnf:2 [client] password="se#cr;et"`,
				`t.cnf:3 [client] a="single quoted"`,
				`t.cnf:4 [client] b="tab\there\nnewline \"q\" back\\slash"`,
				`t.cnf:5 [client] c="unquoted space\\x"`,
				`t.cnf:6 [client] d="abc\\"`,
				`t.cnf:7 [client] e="'"`,
				`t.cnf:8 [client] f="\"a'"`,
				`t.cnf:9 [client] g="it's"`,
				`t.cnf:10 [client] h="a\" b"`,
			},
		},
		{
			name: "comments at line start and after values",
			input: "# leading comment\n; semicolon comment\n[mysqld] # group comment\n" +
				"  # indented comment\n" +
				"max_connections = 500 # trailing comment\n" +
				"a=b#c\n" +
				"h=a;b\n" +
				"p='x # y' # z\n" +
				"q=it's#x\n" +
				"#commented_out = 1\n",
			want: []string{
				`t.cnf:5 [mysqld] max_connections="500"`,
				`t.cnf:6 [mysqld] a="b"`,
				`t.cnf:7 [mysqld] h="a;b"`,
				`t.cnf:8 [mysqld] p="x # y"`,
				`t.cnf:9 [mysqld] q="it's#x"`,
			},
		},
		{
			name:  "CRLF line ends and a byte order mark",
			input: "\uFEFF[mysqld]\r\ndatadir = C:/data\r\nskip-networking\r\n",
			want: []string{
				`t.cnf:2 [mysqld] datadir="C:/data"`,
				`t.cnf:3 [mysqld] skip_networking`,
			},
		},
		{
			name:  "directives before any group are allowed and not followed",
			input: "!include /etc/other.cnf\n!includedir /etc/mysql/conf.d/\n!unknown thing\n[mysqld]\nx=1\n",
			want:  []string{`t.cnf:5 [mysqld] x="1"`},
		},
		{
			name:  "no final newline",
			input: "[mysqld]\nx=1",
			want:  []string{`t.cnf:2 [mysqld] x="1"`},
		},
		{
			name:  "only comments",
			input: "# nothing here\n\n",
			want:  []string{},
		},
		{
			name:  "group header quirks kept as the servers read them",
			input: "[ mysqld ]\na=1\n[]\nb=2\n[mysqld] c=3\nd=4\n",
			want: []string{
				`t.cnf:2 [ mysqld] a="1"`,
				`t.cnf:4 [] b="2"`,
				`t.cnf:6 [mysqld] d="4"`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parseReader("t.cnf", strings.NewReader(tt.input))
			if err != nil {
				t.Fatalf("ParseReader: %v", err)
			}
			assertLines(t, "options", describeAll(f.Options), tt.want)
		})
	}
}

func TestParseReaderErrors(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string // parts of the error message
	}{
		{"option before any group", "# comment\nskip-name-resolve\n[mysqld]\n", []string{"t.cnf:2: ", `option "skip_name_resolve" without preceding group`}},
		{"unclosed group header", "[mysqld]\na=1\n[mysqld\nb=2\n", []string{"t.cnf:3: ", `group header "[mysqld" has no closing ']'`}},
		{"option without a name", "[mysqld]\n = 5\n", []string{"t.cnf:2: ", "option without a name"}},
		{"include without a file", "[mysqld]\n!include   \n", []string{"t.cnf:2: ", "!include without a file name"}},
		{"includedir without a directory", "!includedir\n", []string{"t.cnf:1: ", "!includedir without a directory name"}},
		{"line too long", "[mysqld]\nx=" + strings.Repeat("a", maxLineLength) + "\n", []string{"t.cnf:2: ", "line longer than"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := parseReader("t.cnf", strings.NewReader(tt.input))
			assertErrorContains(t, err, tt.want...)
			if f != nil {
				t.Errorf("got a result with the error")
			}
			var pe *ParseError
			if !errors.As(err, &pe) || pe.File != "t.cnf" || pe.Line == 0 {
				t.Errorf("error %#v is not a *ParseError with file and line", err)
			}
		})
	}
}

func TestParseErrorFormat(t *testing.T) {
	withLine := &ParseError{File: "/etc/my.cnf", Line: 7, Msg: "bad"}
	if got := withLine.Error(); got != "/etc/my.cnf:7: bad" {
		t.Errorf("Error() = %q", got)
	}
	noLine := &ParseError{File: "/etc/my.cnf", Msg: "cannot open"}
	if got := noLine.Error(); got != "/etc/my.cnf: cannot open" {
		t.Errorf("Error() = %q", got)
	}
}

func TestParseReaderWarnings(t *testing.T) {
	input := "\uFEFF[mysqld] x=1\nmax_connections: 500\nloose-key value\nloose-validate_password.length=8\n!includx y\n"
	f, err := parseReader("t.cnf", strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	assertLines(t, "warnings", messages(f.Warnings), []string{
		`t.cnf:1: UTF-8 byte order mark at the start of the file; MariaDB refuses this file ("Found option without preceding group")`,
		`t.cnf:1: text "x=1" after the group header is ignored`,
		`t.cnf:2: "max_connections: 500" is not a valid option name; programs reading this group stop with "unknown option"`,
		`t.cnf:3: "key value" is not a valid option name; programs reading this group ignore it with a warning`,
		`t.cnf:5: unknown directive "!includx y" ignored (only !include and !includedir exist)`,
	})
	assertLines(t, "files", f.Files, []string{"t.cnf"})
	if f.Path != "t.cnf" {
		t.Errorf("Path = %q", f.Path)
	}
}
