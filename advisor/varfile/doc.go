// Package varfile reads saved SHOW GLOBAL VARIABLES and SHOW GLOBAL STATUS
// output, as the mysql and mariadb command-line clients print it, into a map
// from lower-cased variable name to value.
//
// Three forms are recognised, from the first line that is not blank or
// client chatter:
//
//   - batch: "mysql -B -e ..." or any output to a pipe or file. One
//     "name<TAB>value" per line, with an optional "Variable_name<TAB>Value"
//     header. The client writes a tab, a newline, a backslash and a NUL
//     inside values as \t, \n, \\ and \0; they are decoded.
//   - table: "mysql -t" or an interactive session. A +---+---+ border,
//     "| name | value |" rows, another border. The name column is cut by the
//     width the border gives, so a value may contain " | ". A value with a
//     newline continues on the following lines, as the client prints it.
//     Padding is removed, so trailing blanks of a value are lost.
//   - vertical: a query ending in \G. Rows introduced by
//     "*************************** 1. row ***************************", with
//     "Variable_name: name" and "Value: value" fields; a value with a newline
//     continues on the following lines.
//
// The header names of SHOW (Variable_name, Value) and of the information_schema
// and performance_schema tables (VARIABLE_NAME, VARIABLE_VALUE) are accepted.
// Lines the client adds around results are skipped: blank lines, "N rows in
// set (0.00 sec)", "Empty set", warnings such as "mysql: [Warning] Using a
// password on the command line interface can be insecure.", and the banner
// and prompts of a session saved with "tee", so a whole tee file can be read.
// Windows line ends are accepted. When a name occurs twice, the later value
// wins.
package varfile
