package serverfetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ulikunitz/xz"
)

// suite is one suite of a Debian mirror, read and verified.
type suite struct {
	name, arch, mirror string
	keys               openpgp.EntityList
	f                  *fetcher
	signer             string // set by packages
}

// packages fetches the suite's InRelease, verifies its signature, fetches
// the main component's Packages index it lists and checks its SHA256 (an
// index already in work, as a bootstrap of the keys leaves it, is used when
// its SHA256 is the one the verified InRelease gives).
func (s *suite) packages(ctx context.Context, work string) (*index, error) {
	releaseURL := fmt.Sprintf("%s/dists/%s/InRelease", s.mirror, s.name)
	releasePath := filepath.Join(work, "InRelease")
	if err := s.f.get(ctx, releaseURL, releasePath, "", -1); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(releasePath)
	if err != nil {
		return nil, err
	}
	signed, signer, err := verifyRelease(data, s.keys, releaseURL)
	if err != nil {
		os.Remove(releasePath)
		return nil, err
	}
	s.signer = signer
	files := releaseSHA256(signed)
	if rel, entry, ok := packagesEntry(files, s.arch); ok {
		dest := filepath.Join(work, filepath.Base(rel))
		if sum, err := fileSHA256(dest); err != nil || sum != entry.sha256 {
			if err := s.f.get(ctx, fmt.Sprintf("%s/dists/%s/%s", s.mirror, s.name, rel), dest, entry.sha256, entry.size); err != nil {
				return nil, err
			}
		}
		return readIndexFile(dest)
	}
	return nil, fmt.Errorf("%w: %s lists no main/binary-%s/Packages.xz or .gz: the suite has no packages for this architecture",
		ErrNetwork, releaseURL, s.arch)
}

func readIndexFile(path string) (*index, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r io.Reader
	if filepath.Ext(path) == ".xz" {
		r, err = xz.NewReader(bytes.NewReader(data))
	} else {
		r, err = gzip.NewReader(bytes.NewReader(data))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return readPackages(r)
}

// unpack downloads each package (a download the cache kept from an
// interrupted fetch is used when its SHA256 matches) and unpacks it into tree.
func (s *suite) unpack(ctx context.Context, pkgs []pkg, downloads, tree string) error {
	if err := os.MkdirAll(tree, 0o755); err != nil {
		return spaceOr(err, tree)
	}
	for _, p := range pkgs {
		dest := filepath.Join(downloads, filepath.Base(p.filename))
		if sum, err := fileSHA256(dest); err != nil || sum != p.sha256 {
			if err := s.f.get(ctx, s.mirror+"/"+p.filename, dest, p.sha256, p.size); err != nil {
				return err
			}
		}
		if err := unpackDeb(dest, tree); err != nil {
			return err
		}
	}
	return nil
}

// packagesEntry is the main component's Packages index InRelease lists
// for arch, .xz preferred.
func packagesEntry(files map[string]indexEntry, arch string) (rel string, entry indexEntry, ok bool) {
	for _, name := range []string{"Packages.xz", "Packages.gz"} {
		rel = fmt.Sprintf("main/binary-%s/%s", arch, name)
		if entry, ok = files[rel]; ok {
			return rel, entry, true
		}
	}
	return "", indexEntry{}, false
}
