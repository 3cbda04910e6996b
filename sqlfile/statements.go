package sqlfile

import "io"

// SplitClient reads a file of statements (at most MaxFileSize) and cuts it
// the way the mysql client does in batch mode: at the current delimiter
// outside strings, quoted names and comments, DELIMITER lines changing it;
// a text that holds several statements (under DELIMITER $$, "DROP
// PROCEDURE p; CREATE PROCEDURE p() ... END$$") is cut again as the server
// runs it, into one ClientStatement per server statement. The mysql client's other commands are skipped and returned as refusals
// with their lines; an unterminated quote or comment ends the reading (the
// last refusal says where).
func SplitClient(name string, r io.Reader) ([]ClientStatement, []*RejectError, error) {
	src, err := ReadSource(name, r)
	if err != nil {
		return nil, nil, err
	}
	clientStmts, rejects := ClientStatements(name, src)
	return serverStatements(clientStmts), rejects, nil
}
