// Package compare tells whether two servers returned the same result for
// one statement: the column names and their kinds of type, the row count,
// and the rows as a multiset of typed values (DECIMAL and integers exact,
// FLOAT and DOUBLE within a tolerance, JSON by its meaning, the rest byte
// for byte). Rows are compared in order only when the statement orders at
// its top level; the same rows in another order without ORDER BY is an
// outcome of its own. Columns whose values differ by nature (NOW(), RAND(),
// UUID(), CONNECTION_ID(), VERSION(), @@hostname, ...) are not compared.
//
// It is pure: the caller runs the statement and hands over the results.
package compare
