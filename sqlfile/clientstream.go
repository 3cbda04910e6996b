package sqlfile

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// The client's cut of a file read piece by piece: the same statements,
// lines and refusals as ClientStatements on the whole text, with at most a
// chunk and the statement not yet ended in memory. Each chunk ends at a
// newline (the client's line commands and line comments never span one);
// the statements the cut ended in it are final, and where it ends inside a
// statement, a quoted text or a comment, the cut starts again at the end
// of the last statement it ended (its delimiter and line kept) with the
// next chunk appended.

// MaxStreamSize bounds the files read piece by piece (ReadGrouped).
const MaxStreamSize int64 = 4 << 30

// streamChunk is the size of the pieces a file is read in (a variable:
// the tests read in small pieces).
var streamChunk = 1 << 20

// clientStream is the cut of one file, between two chunks.
type clientStream struct {
	file string
	r    *bufio.Reader
	// chunk is the least size of a piece (a piece grows to the next newline).
	chunk int
	// text is the part of the file the cut is not done with: from one byte
	// before at (the byte that says whether at starts a line) to the end of
	// what was read; base is its offset in the file.
	text      string
	base      int
	at        int
	line      int
	delimiter string
	family    ClientFamily
	size      int64 // bytes read
	lines     int   // newlines read
	eof       bool
	done      bool         // the cut is over (a stop); the rest is read for its size and NUL bytes only
	nul       *RejectError // the file's first NUL byte
	rejects   []*RejectError
	sourced   []*RejectError
}

// restartPoint is a place where no statement is open.
type restartPoint struct {
	i, line, out, rejects, sourced int
	delimiter                      string
}

// streamClient cuts the file read from r (its first bytes already read into
// a *bufio.Reader or not) into client statements, handing each to emit in
// file order, its text its own copy; it returns the client's refusals and
// source commands, as cutClient has them. A file over MaxStreamSize or with
// a NUL byte is refused, as ReadDump refuses it, whatever was emitted.
func streamClient(file string, r *bufio.Reader, chunk int, family ClientFamily, emit func(ClientStatement)) (rejects, sourced []*RejectError, err error) {
	cs := &clientStream{file: file, r: r, chunk: max(chunk, 1), line: 1, delimiter: ";", family: family}
	for !cs.eof {
		data, err := cs.read(max(cs.chunk, len(cs.text)-cs.at))
		if err != nil {
			return nil, nil, err
		}
		if !cs.done {
			cs.cut(data, emit)
		}
	}
	if cs.nul != nil {
		return nil, nil, cs.nul
	}
	return cs.rejects, cs.sourced, nil
}

// read reads the next piece: at least n bytes, then up to a newline.
func (cs *clientStream) read(n int) ([]byte, error) {
	buf := make([]byte, n)
	k, err := io.ReadFull(cs.r, buf)
	buf = buf[:k]
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		cs.eof = true
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", cs.file, err)
	case buf[len(buf)-1] != '\n':
		rest, err := cs.r.ReadBytes('\n')
		buf = append(buf, rest...)
		if err == io.EOF {
			cs.eof = true
		} else if err != nil {
			return nil, fmt.Errorf("reading %s: %w", cs.file, err)
		}
	}
	first := cs.size == 0
	cs.size += int64(len(buf))
	if cs.size > MaxStreamSize {
		return nil, &RejectError{File: cs.file, Reason: fmt.Sprintf("file larger than %d MiB", MaxStreamSize>>20)}
	}
	if first {
		buf = bytes.TrimPrefix(buf, []byte("\ufeff"))
	}
	if i := bytes.IndexByte(buf, 0); i >= 0 && cs.nul == nil {
		cs.nul = &RejectError{File: cs.file, Line: 1 + cs.lines + bytes.Count(buf[:i], []byte("\n")), Reason: "NUL byte in the file"}
		cs.done = true
	}
	cs.lines += bytes.Count(buf, []byte("\n"))
	return buf, nil
}

// cut runs the client's cut over the text not done with and data; it
// hands out what is final and keeps the rest for the next piece.
func (cs *clientStream) cut(data []byte, emit func(ClientStatement)) {
	from := max(cs.at-1, 0)
	text := cs.text[from:] + string(data)
	cs.base += from
	s := &clientSplitter{src: text, file: cs.file, delimiter: cs.delimiter, line: cs.line, stmtStart: -1, i: cs.at - from, family: cs.family, joinAt: -1, heldFrom: -1}
	mark := restartPoint{i: s.i, line: s.line, delimiter: s.delimiter}
	s.run(func() {
		mark = restartPoint{i: s.i, line: s.line, delimiter: s.delimiter, out: len(s.out), rejects: len(s.rejects), sourced: len(s.sourced)}
	})
	all := restartPoint{i: len(text), line: s.line, delimiter: s.delimiter}
	switch {
	case cs.eof && !s.stop:
		s.flush(len(text))
	case cs.eof || s.stop && !s.open: // a stop of the file's own (\q, a wrong DELIMITER)
		cs.done = true
	case !s.stop && s.stmtStart < 0 && len(s.cuts) == 0 && s.heldFrom < 0: // the piece ended outside any statement
	default: // inside a statement, a quoted text or a comment: more of the file decides
		all = mark
		s.out, s.rejects, s.sourced = s.out[:mark.out], s.rejects[:mark.rejects], s.sourced[:mark.sourced]
	}
	for _, st := range s.out {
		emit(ClientStatement{Text: strings.Clone(st.Text), Line: st.Line, start: cs.base + st.start})
	}
	cs.rejects = append(cs.rejects, s.rejects...)
	cs.sourced = append(cs.sourced, s.sourced...)
	cs.text, cs.at, cs.line, cs.delimiter = text, all.i, all.line, all.delimiter
}
