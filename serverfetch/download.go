package serverfetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// fetcher downloads files into a directory, each checked against the
// SHA256 it should have; what does not match is removed.
type fetcher struct {
	client     *http.Client
	progress   *progress
	mirrorHint string // how to point the tool elsewhere, for network errors
	bytes      int64  // downloaded so far
	files      int
}

// get downloads rawURL into dest (via dest+".part") and checks its size
// (when size >= 0) and SHA256 (when want != ""). A mismatch removes the
// file and returns ErrVerify.
func (f *fetcher) get(ctx context.Context, rawURL, dest, want string, size int64) error {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return spaceOr(err, dest)
	}
	part := dest + ".part"
	got, n, err := f.download(ctx, rawURL, part, size)
	if err != nil {
		os.Remove(part)
		return err
	}
	f.bytes += n
	f.files++
	if err := matches(rawURL, got, want, n, size); err != nil {
		os.Remove(part)
		return err
	}
	if err := os.Rename(part, dest); err != nil {
		os.Remove(part)
		return err
	}
	return nil
}

// matches compares a download's SHA256 and size with what the signed
// index says.
func matches(what, got, want string, n, size int64) error {
	if size >= 0 && n != size {
		return fmt.Errorf("%w: %s has %d bytes, the signed index says %d: the download was removed; "+
			"fetch again, or use another mirror ("+flagname.Mirror+") if it persists", ErrVerify, what, n, size)
	}
	if want != "" && !strings.EqualFold(got, want) {
		return fmt.Errorf("%w: %s has SHA256 %s, the signed index says %s: the download was removed; "+
			"fetch again, or use another mirror ("+flagname.Mirror+") if it persists", ErrVerify, what, got, want)
	}
	return nil
}

// download writes the body of rawURL to path, returning its SHA256.
func (f *fetcher) download(ctx context.Context, rawURL, path string, size int64) (sum string, n int64, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return "", 0, fmt.Errorf("%w: %s: %w", ErrNetwork, rawURL, err)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return "", 0, f.unreachable(rawURL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", 0, fmt.Errorf("%w: %s answered %s: %s", ErrNetwork, rawURL, resp.Status, f.mirrorHint)
	}
	if size < 0 {
		size = resp.ContentLength
	}
	out, err := os.Create(path)
	if err != nil {
		return "", 0, spaceOr(err, path)
	}
	h := sha256.New()
	bar := f.progress.start(filepath.Base(path[:len(path)-len(".part")]), size)
	n, err = io.Copy(io.MultiWriter(out, h, bar), resp.Body)
	bar.done()
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	switch {
	case ctx.Err() != nil:
		return "", n, ctx.Err()
	case err != nil && isWriteErr(err):
		return "", n, spaceOr(err, path)
	case err != nil:
		return "", n, f.unreachable(rawURL, err)
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// unreachable says which host failed and how to use another.
func (f *fetcher) unreachable(rawURL string, err error) error {
	host := rawURL
	if u, perr := url.Parse(rawURL); perr == nil {
		host = u.Host
	}
	return fmt.Errorf("%w: cannot download from %s (%w): check the network, or %s", ErrNetwork, host, err, f.mirrorHint)
}

func isWriteErr(err error) bool {
	var pe *os.PathError
	return errors.As(err, &pe)
}

// spaceOr turns a full file system into ErrNoSpace, saying where.
func spaceOr(err error, path string) error {
	if errors.Is(err, syscall.ENOSPC) {
		return fmt.Errorf("%w in %s: free some space there, or point %s at a larger file system", ErrNoSpace, filepath.Dir(path), EnvDir)
	}
	return err
}

// fileSHA256 is the SHA256 of a file's content, in hex.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
