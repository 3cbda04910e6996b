package mycnf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// defaultMaxDepth is the deepest include nesting Parse follows by default:
// the top file is at depth 0, a file it includes at depth 1. The servers use
// the same limit.
const defaultMaxDepth = 10

// maxLineLength bounds one line of an option file. The servers' own readers
// take lines of up to 4 KiB; this parser reads up to 1 MiB so that no line a
// server accepts is refused, and takes a longer line for a wrong file.
const maxLineLength = 1 << 20

// utf8BOM is the UTF-8 byte order mark some Windows editors write.
const utf8BOM = "\uFEFF"

// File is the result of Parse: the options of an option file and of all the
// files it includes, in reading order.
type File struct {
	// Path is the path Parse was given.
	Path string
	// Options holds every option of every file read, in reading order.
	Options Options
	// Files lists every file read, in reading order, starting with the top
	// file (Path, cleaned).
	Files []string
	// Warnings lists things the programs accept or ignore but a DBA should
	// know about: unknown directives, missing !include files, text after a
	// group header, and so on.
	Warnings []*ParseError
}

// ParseOption changes how Parse reads files.
type ParseOption func(*config)

type config struct {
	src            source
	maxDepth       int
	strictIncludes bool
}

// WithFS makes Parse read from fsys instead of the operating system's file
// system. Absolute paths, in the argument of Parse and in include
// directives, are taken relative to the root of fsys, so a copy of /etc
// under fsys works unchanged.
func WithFS(fsys fs.FS) ParseOption {
	return func(c *config) { c.src = fsSource{fsys: fsys} }
}

// WithMaxDepth sets the deepest include nesting to follow (defaultMaxDepth
// by default). Deeper nesting is an error.
func WithMaxDepth(n int) ParseOption {
	return func(c *config) { c.maxDepth = n }
}

// WithStrictIncludes makes a missing !include file an error. By default it
// is a warning, because the programs skip a missing !include file silently.
func WithStrictIncludes() ParseOption {
	return func(c *config) { c.strictIncludes = true }
}

// Parse reads the option file at path and every file it includes.
//
// Errors are *ParseError values naming the file and line at fault: a line the
// programs would refuse, a missing !includedir directory, an include cycle,
// or nesting deeper than the maximum depth.
func Parse(path string, opts ...ParseOption) (*File, error) {
	cfg := config{src: osSource{}, maxDepth: defaultMaxDepth}
	for _, opt := range opts {
		opt(&cfg)
	}
	name, err := cfg.src.resolve("", path)
	if err != nil {
		return nil, &ParseError{File: path, Msg: err.Error(), Err: err}
	}
	p := &includeParser{cfg: cfg, result: &File{Path: path}}
	if err := p.readTop(name); err != nil {
		return nil, err
	}
	return p.result, nil
}

// parseReader reads a single option file from r; name is used in errors,
// warnings and Option.File. Include directives are checked but not followed:
// use Parse to follow them.
func parseReader(name string, r io.Reader) (*File, error) {
	result := &File{Path: name, Files: []string{name}}
	err := scanFile(name, r, fileHandler{
		option: func(o Option) { result.Options = append(result.Options, o) },
		warn:   func(w *ParseError) { result.Warnings = append(result.Warnings, w) },
	})
	if err != nil {
		return nil, err
	}
	return result, nil
}

// fileHandler receives what scanFile finds in one file. Nil functions are
// not called.
type fileHandler struct {
	option  func(Option)
	include func(line int, kind lineKind, arg string) error
	warn    func(*ParseError)
}

// scanFile reads one option file and reports its options, directives and
// warnings to h, in file order.
func scanFile(name string, r io.Reader, h fileHandler) error {
	f := fileScanner{name: name, h: h}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLineLength)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		text := sc.Text()
		if lineNo == 1 {
			text = f.skipByteOrderMark(text)
		}
		if err := f.handleLine(lineNo, text); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return readError(name, lineNo+1, err)
	}
	return nil
}

// fileScanner is the state of scanFile: the file and its current group.
type fileScanner struct {
	name    string
	h       fileHandler
	group   string
	inGroup bool
}

func (f *fileScanner) skipByteOrderMark(text string) string {
	if !strings.HasPrefix(text, utf8BOM) {
		return text
	}
	f.h.warnf(f.name, 1, "UTF-8 byte order mark at the start of the file; MariaDB refuses this file (\"Found option without preceding group\")")
	return text[len(utf8BOM):]
}

// handleLine parses one line and passes what it holds to the handler.
func (f *fileScanner) handleLine(lineNo int, text string) error {
	line, err := parseLine(text)
	if err != nil {
		return errorAt(f.name, lineNo, "%s", err)
	}
	switch line.kind {
	case lineGroup:
		f.group, f.inGroup = line.group, true
		f.h.checkGroupHeader(f.name, lineNo, line)
	case lineOption:
		if !f.inGroup {
			return errorAt(f.name, lineNo, "option %q without preceding group: put a group header such as [mysqld] or [client] before it", line.name)
		}
		f.h.checkOptionName(f.name, lineNo, line)
		f.h.emit(Option{Name: line.name, Value: line.value, Section: f.group, File: f.name, Line: lineNo, Loose: line.loose, HasValue: line.hasValue})
	case lineInclude, lineIncludeDir:
		if f.h.include != nil {
			return f.h.include(lineNo, line.kind, line.arg)
		}
	case lineUnknownDirective:
		f.h.warnf(f.name, lineNo, "unknown directive %q ignored (only !include and !includedir exist)", line.arg)
	}
	return nil
}

func readError(name string, lineNo int, err error) *ParseError {
	if errors.Is(err, bufio.ErrTooLong) {
		return &ParseError{File: name, Line: lineNo, Msg: fmt.Sprintf("line longer than %d bytes: not an option file?", maxLineLength), Err: err}
	}
	return &ParseError{File: name, Msg: "read failed: " + err.Error(), Err: err}
}

func (h fileHandler) emit(o Option) {
	if h.option != nil {
		h.option(o)
	}
}

func (h fileHandler) warnf(name string, line int, format string, args ...any) {
	if h.warn != nil {
		h.warn(errorAt(name, line, format, args...))
	}
}

// checkGroupHeader warns about group headers the programs accept but that
// probably do not mean what the writer intended.
func (h fileHandler) checkGroupHeader(name string, lineNo int, line parsedLine) {
	switch {
	case line.group == "":
		h.warnf(name, lineNo, "empty group name []: no program reads the options that follow")
	case isSpace(line.group[0]):
		h.warnf(name, lineNo, "group name %q starts with a blank: programs do not read it as [%s]", line.group, trimLeftSpace(line.group))
	}
	if line.trailing != "" && line.trailing[0] != '#' && line.trailing[0] != ';' {
		h.warnf(name, lineNo, "text %q after the group header is ignored", line.trailing)
	}
}

// checkOptionName warns about a name no program accepts, such as
// "max_connections: 500" or "key value": option names hold only letters,
// digits, '-', '_' and the '.' of MySQL component options.
func (h fileHandler) checkOptionName(name string, lineNo int, line parsedLine) {
	for i := 0; i < len(line.name); i++ {
		c := line.name[i]
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '.' {
			continue
		}
		consequence := `programs reading this group stop with "unknown option"`
		if line.loose {
			consequence = "programs reading this group ignore it with a warning"
		}
		h.warnf(name, lineNo, "%q is not a valid option name; %s", line.name, consequence)
		return
	}
}

// includeParser follows include directives for Parse.
type includeParser struct {
	cfg    config
	result *File
	// stack holds the identities of the files being read, outermost first.
	stack []string
	// names holds the paths of the files in stack, for messages.
	names []string
}

func (p *includeParser) readTop(name string) error {
	r, err := p.cfg.src.open(name)
	if err != nil {
		return &ParseError{File: name, Msg: "cannot open option file: " + describeOpenError(err), Err: err}
	}
	return p.readOpened(name, r)
}

// readOpened parses an opened file, following its includes, and closes it.
func (p *includeParser) readOpened(name string, r io.ReadCloser) error {
	defer r.Close()
	p.stack = append(p.stack, p.cfg.src.identity(name))
	p.names = append(p.names, name)
	defer func() {
		p.stack = p.stack[:len(p.stack)-1]
		p.names = p.names[:len(p.names)-1]
	}()
	p.result.Files = append(p.result.Files, name)
	return scanFile(name, r, fileHandler{
		option: func(o Option) { p.result.Options = append(p.result.Options, o) },
		include: func(line int, kind lineKind, arg string) error {
			if kind == lineIncludeDir {
				return p.includeDir(name, line, arg)
			}
			return p.includeFile(name, line, arg)
		},
		warn: func(w *ParseError) { p.result.Warnings = append(p.result.Warnings, w) },
	})
}

// includeFile follows "!include arg" found at from:line.
func (p *includeParser) includeFile(from string, line int, arg string) error {
	target, err := p.checkInclude(from, line, "!include", arg)
	if err != nil {
		return err
	}
	if err := p.checkCycle(from, line, target); err != nil {
		return err
	}
	r, err := p.cfg.src.open(target)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !p.cfg.strictIncludes:
		p.warn(from, line, "!include %s: %s does not exist; skipped, as the servers skip it", arg, target)
		return nil
	case err != nil:
		return &ParseError{File: from, Line: line, Msg: fmt.Sprintf("!include %s: cannot open %s: %s", arg, target, describeOpenError(err)), Err: err}
	}
	p.warnRelative(from, line, "!include", arg)
	return p.readOpened(target, r)
}

// includeDir follows "!includedir arg" found at from:line.
func (p *includeParser) includeDir(from string, line int, arg string) error {
	dir, err := p.checkInclude(from, line, "!includedir", arg)
	if err != nil {
		return err
	}
	entries, err := p.cfg.src.readDir(dir)
	if err != nil {
		return &ParseError{File: from, Line: line, Msg: fmt.Sprintf("!includedir %s: cannot read directory %s: %s", arg, dir, describeOpenError(err)), Err: err}
	}
	p.warnRelative(from, line, "!includedir", arg)
	for _, e := range entries {
		if e.IsDir() || !isOptionFileName(e.Name()) {
			continue
		}
		if err := p.includeDirEntry(from, line, dir, e.Name()); err != nil {
			return err
		}
	}
	return nil
}

// includeDirEntry reads one file of an !includedir directory.
func (p *includeParser) includeDirEntry(from string, line int, dir, entry string) error {
	// resolve reads entry relative to the directory of its first argument,
	// which for dir+"/" is dir itself.
	target, err := p.cfg.src.resolve(dir+"/", entry)
	if err != nil {
		return &ParseError{File: from, Line: line, Msg: err.Error(), Err: err}
	}
	if err := p.checkCycle(from, line, target); err != nil {
		return err
	}
	r, err := p.cfg.src.open(target)
	if errors.Is(err, errIsDir) {
		return nil
	}
	if err != nil {
		return &ParseError{File: from, Line: line, Msg: fmt.Sprintf("!includedir: cannot open %s: %s", target, describeOpenError(err)), Err: err}
	}
	if path.Ext(entry) == ".ini" {
		p.warn(from, line, "!includedir: read %s, but servers on Unix read only *.cnf files from a directory", target)
	}
	return p.readOpened(target, r)
}

// checkInclude resolves the argument of a directive and checks the depth.
func (p *includeParser) checkInclude(from string, line int, directive, arg string) (string, error) {
	if len(p.stack) > p.cfg.maxDepth {
		return "", errorAt(from, line, "%s %s: includes nested deeper than %d levels", directive, arg, p.cfg.maxDepth)
	}
	target, err := p.cfg.src.resolve(from, arg)
	if err != nil {
		return "", &ParseError{File: from, Line: line, Msg: fmt.Sprintf("%s %s: %s", directive, arg, err), Err: err}
	}
	return target, nil
}

// checkCycle fails when target is one of the files being read.
func (p *includeParser) checkCycle(from string, line int, target string) error {
	id := p.cfg.src.identity(target)
	for i, open := range p.stack {
		if open == id {
			chain := append(append([]string{}, p.names[i:]...), target)
			return errorAt(from, line, "include cycle: %s", strings.Join(chain, " -> "))
		}
	}
	return nil
}

// warnRelative notes a relative include path, which the servers resolve
// against their working directory rather than the including file's.
func (p *includeParser) warnRelative(from string, line int, directive, arg string) {
	if !strings.HasPrefix(arg, "/") && !isWindowsAbs(arg) {
		p.warn(from, line, "%s %s: relative path read from the directory of %s; the servers resolve it against their working directory", directive, arg, from)
	}
}

func (p *includeParser) warn(from string, line int, format string, args ...any) {
	p.result.Warnings = append(p.result.Warnings, errorAt(from, line, format, args...))
}

// isOptionFileName reports whether !includedir reads a file of this name.
func isOptionFileName(name string) bool {
	ext := path.Ext(name)
	return ext == ".cnf" || ext == ".ini"
}

// isWindowsAbs reports a path like C:\x or C:/x.
func isWindowsAbs(p string) bool {
	return len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

// describeOpenError shortens the errors of os.Open and fs.FS.Open, which
// repeat the path, to their cause.
func describeOpenError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
