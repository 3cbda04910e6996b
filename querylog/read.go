package querylog

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
)

// Format is the kind of source a Result was read from.
type Format string

const (
	FormatAuto         Format = ""          // detect from the file's first lines
	FormatSlowLog      Format = "slow"      // MySQL's or MariaDB's slow log
	FormatGeneralLog   Format = "general"   // MySQL's or MariaDB's general log
	FormatStatements   Format = "file"      // a plain file of statements
	FormatDigests      Format = "digest"    // performance_schema.events_statements_summary_by_digest (live)
	FormatSlowLogTable Format = "slowtable" // the mysql.slow_log table (live, log_output=TABLE)
	detectPrefixLength        = 64 << 10
)

// Result is a source read and grouped.
type Result struct {
	Source     string // the file's name, or the live table read
	Format     Format
	Statements int     // the application's statements grouped (executions)
	Skipped    Skipped // what was set aside
	Classes    []*Class
	Notes      []string // what the reader could not use, and how to get more
}

// Options configure reading.
type Options struct {
	Format  Format // FormatAuto detects it
	Samples int    // samples kept per class; DefaultSamples when 0
}

// ReadFile reads the log or statement file at path and groups it.
func ReadFile(path string, o Options) (*Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading the queries: %w", err)
	}
	defer f.Close()
	return Read(path, f, o)
}

// Read reads a log or statement file from r (name is used in messages),
// gzip-compressed or not, and groups its statements into classes.
func Read(name string, r io.Reader, o Options) (*Result, error) {
	d := NewDigest(o.Samples)
	res := &Result{Source: name}
	skipped, notes, format, err := scan(name, r, o.Format, d.Add)
	if err != nil {
		return nil, err
	}
	res.Format, res.Notes = format, notes
	d.skip(skipped)
	res.fill(d)
	if res.Statements == 0 {
		res.Notes = append(res.Notes, emptyNote(format))
	}
	return res, nil
}

// scan reads a log or statement file from r, gzip-compressed or not, in
// the given format (detected when FormatAuto), and hands each of the
// application's statements to add in the order the source gives them.
func scan(name string, r io.Reader, format Format, add func(Statement)) (Skipped, []string, Format, error) {
	br := bufio.NewReaderSize(r, detectPrefixLength)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br) // a rotated log, e.g. slow.log.1.gz
		if err != nil {
			return Skipped{}, nil, format, fmt.Errorf("reading %s: %w", name, err)
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, detectPrefixLength)
	}
	if format == FormatAuto {
		head, _ := br.Peek(detectPrefixLength)
		format = DetectFormat(head)
	}
	var skipped Skipped
	var notes []string
	var err error
	switch format {
	case FormatSlowLog:
		skipped, err = readSlowLog(br, add)
	case FormatGeneralLog:
		skipped, err = readGeneralLog(br, add)
	case FormatStatements:
		skipped, notes, err = readStatementFile(name, br, add)
	default:
		return skipped, nil, format, fmt.Errorf("%s: unknown query source format %q: use one of slow, general, file", name, format)
	}
	if err != nil {
		return skipped, notes, format, fmt.Errorf("reading %s as a %s: %w", name, describe(format), err)
	}
	return skipped, notes, format, nil
}

// fill copies the digest's classes and counts into r.
func (r *Result) fill(d *Digest) {
	r.Classes = d.Classes()
	r.Statements = d.statements
	r.Skipped.add(d.skipped)
}

// DetectFormat tells a slow log, a general log and a plain statement file
// apart from the first lines of a file.
func DetectFormat(head []byte) Format {
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		switch {
		case len(bytes.TrimSpace(line)) == 0, isBannerStart(line), isBannerRest(line):
			continue
		case bytes.HasPrefix(line, []byte("# Time: ")), bytes.HasPrefix(line, []byte("# User@Host: ")),
			bytes.HasPrefix(line, []byte("# Query_time: ")), bytes.HasPrefix(line, []byte("# Thread_id: ")):
			return FormatSlowLog
		}
		var g generalReader
		if _, _, ok := g.parseEntry(line); ok {
			return FormatGeneralLog
		}
	}
	return FormatStatements
}

func describe(f Format) string {
	switch f {
	case FormatSlowLog:
		return "slow log"
	case FormatGeneralLog:
		return "general log"
	case FormatDigests:
		return "performance_schema digest table"
	case FormatSlowLogTable:
		return "mysql.slow_log table"
	}
	return "file of statements"
}
