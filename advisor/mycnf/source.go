package mycnf

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// source is where Parse reads files from: the operating system's file system
// or an fs.FS.
type source interface {
	// open opens a file for reading. It reports a directory as errIsDir.
	open(name string) (io.ReadCloser, error)
	// readDir lists a directory's entries sorted by name.
	readDir(name string) ([]fs.DirEntry, error)
	// resolve turns ref, named in file from, into a path to open.
	resolve(from, ref string) (string, error)
	// identity names a file for include-cycle detection.
	identity(name string) string
}

var errIsDir = errors.New("is a directory")

// osSource reads the operating system's file system with paths as given.
type osSource struct{}

func (osSource) open(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	return rejectDirectory(f)
}

func (osSource) readDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }

func (osSource) resolve(from, ref string) (string, error) {
	if filepath.IsAbs(ref) {
		return filepath.Clean(ref), nil
	}
	return filepath.Join(filepath.Dir(from), ref), nil
}

func (osSource) identity(name string) string {
	if real, err := filepath.EvalSymlinks(name); err == nil {
		name = real
	}
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return filepath.Clean(name)
}

// fsSource reads an fs.FS. Absolute paths in option files ("/etc/mysql/x")
// name files relative to the root of the fs.FS ("etc/mysql/x").
type fsSource struct{ fsys fs.FS }

func (s fsSource) open(name string) (io.ReadCloser, error) {
	f, err := s.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	return rejectDirectory(f)
}

func (s fsSource) readDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(s.fsys, name) }

func (fsSource) resolve(from, ref string) (string, error) {
	var p string
	if strings.HasPrefix(ref, "/") {
		p = path.Clean(strings.TrimLeft(ref, "/"))
	} else {
		p = path.Join(path.Dir(from), ref)
	}
	if p == "" {
		p = "."
	}
	if !fs.ValidPath(p) {
		return "", fmt.Errorf("path %q leaves the root of the file system being read", ref)
	}
	return p, nil
}

func (fsSource) identity(name string) string { return path.Clean(name) }

// statFile is the part of fs.File and *os.File that rejectDirectory needs.
type statFile interface {
	io.ReadCloser
	Stat() (fs.FileInfo, error)
}

// rejectDirectory closes f and returns errIsDir when f is a directory.
func rejectDirectory(f statFile) (io.ReadCloser, error) {
	info, err := f.Stat()
	if err == nil && info.IsDir() {
		f.Close()
		return nil, errIsDir
	}
	return f, nil
}
