package sandbox

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// logTail returns the last n lines of the file at path ("" if unreadable).
// It reads at most the last 256 KiB.
func logTail(path string, n int) string {
	if n <= 0 {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	const max = 256 << 10
	if fi, err := f.Stat(); err == nil && fi.Size() > max {
		if _, err := f.Seek(-max, io.SeekEnd); err != nil {
			return ""
		}
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return ""
	}
	return lastLines(string(data), n)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// logSince returns what was appended to the file at path after offset.
func logSince(path string, offset int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return ""
	}
	data, _ := io.ReadAll(io.LimitReader(f, 4<<20))
	return string(data)
}

// errorWindow is what an error quotes from an initialisation log: n lines
// from the first [ERROR] line (mariadb-install-db follows the reason with a
// long generic text), or the last n lines when there is no [ERROR] line.
func errorWindow(path string, n int) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	for i, l := range lines {
		if strings.Contains(l, "[ERROR]") {
			if len(lines) > i+n {
				return strings.Join(lines[i:i+n], "\n") + fmt.Sprintf("\n... (%d more lines)", len(lines)-i-n)
			}
			return strings.Join(lines[i:], "\n")
		}
	}
	return lastLines(string(data), n)
}

// logExcerptFrom is what an error quotes from the server's error log,
// considering only what was written after offset (this start attempt): the
// last n lines, preceded by earlier [ERROR] lines if any.
func logExcerptFrom(path string, offset int64, n int) string {
	if _, err := os.Stat(path); err != nil {
		return "(no log: " + err.Error() + ")"
	}
	s := logSince(path, offset)
	if strings.TrimSpace(s) == "" {
		return "(nothing logged)"
	}
	tail := lastLines(s, n)
	var errs []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "[ERROR]") && !strings.Contains(tail, l) && len(errs) < 10 {
			errs = append(errs, l)
		}
	}
	if len(errs) == 0 {
		return tail
	}
	return strings.Join(errs, "\n") + "\n...\n" + tail
}

// fileSize is the size of the file at path (0 when it cannot be read):
// the offset a log's new lines start at.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// logLinesFrom returns the lines a log gained after offset.
func logLinesFrom(path string, offset int64) []string {
	data, err := os.ReadFile(path)
	if err != nil || int64(len(data)) < offset {
		return nil
	}
	var out []string
	for _, l := range strings.Split(strings.TrimRight(string(data[offset:]), "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
