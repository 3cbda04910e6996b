// Command pack writes the release archives and the checksum file for
// scripts/release.sh, byte for byte the same on every run from the same
// inputs: entries sorted, owner root, every time SOURCE_DATE_EPOCH, no gzip
// name or time. The .deb and .rpm come from nfpm, a tool of this module.
//
//	pack archive OUT.tar.gz|OUT.zip DIR SRC=NAME...   files under DIR/ in the archive
//	pack gzip SRC OUT                                 a man page for the packages
//	pack sums OUT FILE...                             SHA256SUMS, as sha256sum writes it
//
// This is its own module (scripts/release/go.mod) so that the release tools'
// dependencies stay out of upgrade-advisor's own go.mod.
package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	if len(args) < 3 {
		return errors.New("usage: pack archive OUT DIR SRC=NAME... | pack gzip SRC OUT | pack sums OUT FILE...")
	}
	mtime, err := sourceDateEpoch()
	if err != nil {
		return err
	}
	switch args[0] {
	case "archive":
		entries, err := parseEntries(args[3:])
		if err != nil {
			return err
		}
		return writeFile(args[1], func(w io.Writer) error { return writeArchive(w, args[1], args[2], entries, mtime) })
	case "gzip":
		return writeFile(args[2], func(w io.Writer) error { return gzipFile(w, args[1], mtime) })
	case "sums":
		return writeFile(args[1], func(w io.Writer) error { return writeSums(w, args[2:]) })
	}
	return fmt.Errorf("unknown command %q: archive, gzip or sums", args[0])
}

// sourceDateEpoch is the time every entry carries: the commit's, set by
// scripts/release.sh.
func sourceDateEpoch() (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH=%q: set it to the commit time (git log -1 --format=%%ct)", s)
	}
	return time.Unix(sec, 0).UTC(), nil
}

// entry is one file of an archive: where it is read from, its name under the
// archive's top directory.
type entry struct{ src, name string }

func parseEntries(args []string) ([]entry, error) {
	var out []entry
	for _, a := range args {
		src, name, ok := strings.Cut(a, "=")
		if !ok || src == "" || name == "" {
			return nil, fmt.Errorf("archive entry %q: want SRC=NAME", a)
		}
		out = append(out, entry{src, name})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// writeFile creates path and lets write fill it; a failure removes it.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

func writeArchive(w io.Writer, out, dir string, entries []entry, mtime time.Time) error {
	switch {
	case strings.HasSuffix(out, ".tar.gz"):
		return writeTarGz(w, dir, entries, mtime)
	case strings.HasSuffix(out, ".zip"):
		return writeZip(w, dir, entries, mtime)
	}
	return fmt.Errorf("unknown archive type: want .tar.gz or .zip")
}

// mode is an entry's permission: executables keep their x bits.
func mode(src string) (int64, error) {
	fi, err := os.Stat(src)
	if err != nil {
		return 0, err
	}
	if fi.Mode().Perm()&0o111 != 0 {
		return 0o755, nil
	}
	return 0o644, nil
}

func writeTarGz(w io.Writer, dir string, entries []entry, mtime time.Time) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	zw.ModTime = mtime
	tw := tar.NewWriter(zw)
	dirs := map[string]bool{}
	for _, e := range entries {
		name := dir + "/" + e.name
		for d := filepath.ToSlash(filepath.Dir(name)); d != "." && !dirs[d]; d = filepath.ToSlash(filepath.Dir(d)) {
			dirs[d] = true
		}
	}
	var dirNames []string
	for d := range dirs {
		dirNames = append(dirNames, d)
	}
	sort.Strings(dirNames)
	for _, d := range dirNames {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: mtime, Uname: "root", Gname: "root", Format: tar.FormatPAX}); err != nil {
			return err
		}
	}
	for _, e := range entries {
		data, err := os.ReadFile(e.src)
		if err != nil {
			return err
		}
		m, err := mode(e.src)
		if err != nil {
			return err
		}
		h := &tar.Header{Typeflag: tar.TypeReg, Name: dir + "/" + e.name, Mode: m, Size: int64(len(data)), ModTime: mtime, Uname: "root", Gname: "root", Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

func writeZip(w io.Writer, dir string, entries []entry, mtime time.Time) error {
	zw := zip.NewWriter(w)
	for _, e := range entries {
		data, err := os.ReadFile(e.src)
		if err != nil {
			return err
		}
		m, err := mode(e.src)
		if err != nil {
			return err
		}
		h := &zip.FileHeader{Name: dir + "/" + e.name, Method: zip.Deflate, Modified: mtime}
		h.SetMode(os.FileMode(m))
		f, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		if _, err := f.Write(data); err != nil {
			return err
		}
	}
	return zw.Close()
}

func gzipFile(w io.Writer, src string, mtime time.Time) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	zw.ModTime = mtime
	if _, err := zw.Write(data); err != nil {
		return err
	}
	return zw.Close()
}

// writeSums writes "<sha256>  <base name>" per file, sorted by name, the
// format `sha256sum -c` reads.
func writeSums(w io.Writer, files []string) error {
	sort.Slice(files, func(i, j int) bool { return filepath.Base(files[i]) < filepath.Base(files[j]) })
	for _, p := range files {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		h := sha256.New()
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s  %s\n", hex.EncodeToString(h.Sum(nil)), filepath.Base(p)); err != nil {
			return err
		}
	}
	return nil
}
