package schemacheck

import (
	"errors"
	"strings"

	"github.com/go-sql-driver/mysql"
)

// serverError returns err as the server's own error, or nil.
func serverError(err error) *mysql.MySQLError {
	var se *mysql.MySQLError
	if errors.As(err, &se) {
		return se
	}
	return nil
}

// excerpt shortens a statement for a message.
func excerpt(sql string) string {
	s := strings.Join(strings.Fields(sql), " ")
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return s
}
