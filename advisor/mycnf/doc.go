// Package mycnf reads MySQL and MariaDB option files (my.cnf) the way the
// servers and client programs read them, and records where every option came
// from: file, line and [group].
//
// The syntax follows mysys/my_default.c of MySQL and MariaDB:
//
//   - "[group]" starts a group (section). Group names compare
//     case-insensitively; they are kept lower-cased. Text after the closing
//     "]" is ignored, as the servers ignore it (a warning is recorded).
//   - "name", "name = value", "name=value": an option, with or without a
//     value. Surrounding whitespace is trimmed. Names are normalised with
//     flavor.OptionName: lower case, '-' and '_' are the same; a "loose-" or
//     "loose_" prefix is stripped and recorded in Option.Loose.
//   - A value enclosed in matching single or double quotes loses the quotes.
//     The escapes \n \t \r \b \s (space) \" \' \\ are then decoded in every
//     value, quoted or not; any other backslash is kept as written.
//   - Lines whose first non-blank character is '#' or ';' are comments; '#'
//     outside quotes also starts a comment in the middle of an option line.
//   - "!include FILE" and "!includedir DIR" read other files. Parse follows
//     them, parseReader only checks their syntax.
//   - An option before any group header is an error, as it is for the
//     servers ("Found option without preceding group").
//
// Parse departs from the servers where an offline reader has to:
//
//   - A relative !include or !includedir path is resolved against the
//     directory of the file that names it; the servers resolve it against
//     their working directory, which an offline reader cannot know.
//   - !includedir reads "*.cnf" and "*.ini" files in byte-wise name order.
//     Servers on Unix read only "*.cnf" (Windows servers also "*.ini"), so
//     every "*.ini" file read this way is reported in File.Warnings.
//   - An include cycle, or nesting deeper than the maximum depth (10, as in
//     the servers), is an error; the servers print a warning and skip the
//     directive.
//   - A missing !include file is skipped with a warning, as the servers skip
//     it silently; WithStrictIncludes makes it an error. A missing
//     !includedir directory is an error, as it is for the servers.
//   - A UTF-8 byte order mark at the start of a file is skipped with a
//     warning: MariaDB 10.11 refuses such a file.
package mycnf
