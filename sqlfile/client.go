package sqlfile

// ClientStatement is one statement of a file as the mysql client would
// send it: the text between two delimiters, without the delimiter. Cut
// again as the server runs it (SplitServer), it is one server statement of
// that text, which remembers the line of the client statement it came from.
type ClientStatement struct {
	Text string
	Line int // line of Text's first byte
	// start is the byte offset of Text in the file.
	start int
	// clientLine is the line of the client statement it was cut from (the
	// line the client names in its errors); 0 when it is that statement.
	clientLine int
	// client numbers the client statement it is (or was cut from) in the
	// file, from 1; 0 where it was not numbered.
	client int
}

// clientSplitter cuts a file into statements the way the mysql client does
// in batch mode: at the current delimiter outside strings, quoted names and
// plain comments (an executable comment /*! ... */ does not hide it), with
// DELIMITER lines changing the delimiter.
type clientSplitter struct {
	src       string
	file      string
	delimiter string
	i, line   int
	stmtStart int // offset of the current statement's first byte, -1 before it starts
	stmtLine  int
	out       []ClientStatement
	rejects   []*RejectError
	stop      bool // a refusal after which the file cannot be cut any further
	// open is set when the cut stopped at the end of src inside a quoted
	// text or a comment: more of the file may close it.
	open bool
	// sourced are the client's source commands (source f, \. f): another
	// file the client would read there. The schema check notes them and
	// reads on; --ddl-file refuses them.
	sourced []*RejectError
	// cuts are the byte ranges of the current statement the client drops
	// (a one-character command such as \n inside it), each replaced by its
	// text with.
	cuts []dropped
	// family is the client whose reading the cut follows (clientfamily.go).
	family ClientFamily
	// code is "!" or "M!" inside an executable comment the client reads as
	// code, "" elsewhere.
	code string
	// joinAt is the offset of a line break the client drops from the
	// statement (delimiterLine), -1 for none.
	joinAt int
	// heldFrom is the offset of a plain comment a client that keeps
	// comments holds where no statement has begun, -1 for none; blocked is
	// set once a line comment joined it (clientRules.keepsComments).
	heldFrom, heldLine int
	blocked            bool
}

func (s *clientSplitter) atLineStart() bool { return s.i == 0 || s.src[s.i-1] == '\n' }

// begin marks the start of a statement at the cursor.
func (s *clientSplitter) begin() {
	if s.stmtStart < 0 {
		s.stmtStart, s.stmtLine = s.i, s.line
	}
}

// dropped is a range of a statement the client drops, and what it puts
// in its place.
type dropped struct {
	from, to int
	with     string
}
