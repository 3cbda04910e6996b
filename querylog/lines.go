package querylog

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// maxLine bounds one line of a log (a statement of one line can be long:
// a bulk INSERT); longer lines are an error that says so.
const maxLine = 256 << 20

// lineReader returns a file's lines without their '\n' (and '\r'),
// counting them. The returned slice is valid until the next call.
type lineReader struct {
	r    *bufio.Reader
	long []byte
	line int
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 1<<20)}
}

// next returns the next line; io.EOF after the last one.
func (lr *lineReader) next() ([]byte, error) {
	b, err := lr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		lr.long = append(lr.long[:0], b...)
		for errors.Is(err, bufio.ErrBufferFull) {
			b, err = lr.r.ReadSlice('\n')
			lr.long = append(lr.long, b...)
			if len(lr.long) > maxLine {
				return nil, fmt.Errorf("line %d is longer than %d MiB: not a log this reader knows", lr.line+1, maxLine>>20)
			}
		}
		b = lr.long
	}
	if len(b) == 0 && err != nil {
		return nil, err
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	lr.line++
	b = bytes.TrimSuffix(b, []byte{'\n'})
	return bytes.TrimSuffix(b, []byte{'\r'}), nil
}

// isBannerStart reports the first line of a server's start-up header:
// "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-0+deb12u1-log (Debian 12). started with:".
func isBannerStart(line []byte) bool {
	return bytes.HasSuffix(line, []byte("started with:")) && bytes.Contains(line, []byte(", Version: "))
}

// isBannerRest reports the header's other lines: "Tcp port: 0  Unix
// socket: ..." and "Time  Id Command  Argument".
func isBannerRest(line []byte) bool {
	if bytes.HasPrefix(line, []byte("Tcp port: ")) {
		return true
	}
	if !bytes.HasPrefix(line, []byte("Time")) || !bytes.HasSuffix(line, []byte("Argument")) {
		return false // every line is asked: keep the common answer cheap
	}
	f := bytes.Fields(line)
	return len(f) == 4 && string(f[0]) == "Time" && string(f[1]) == "Id" && string(f[2]) == "Command" && string(f[3]) == "Argument"
}
