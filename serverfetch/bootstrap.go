package serverfetch

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// keyringCache is the bootstrapped keyring, in the servers' cache (a hidden
// name: not a root).
const keyringCache = ".keyring/debian-archive-keyring.gpg"

// keyringPackage is the archive's package of its own signing keys.
const keyringPackage = "debian-archive-keyring"

// archiveKeys are the keys a suite's InRelease is checked against: the
// --keyring file, else the system's keyring, else the keyring bootstrapped
// from the archive (see bootstrapKeys).
func (o Options) archiveKeys(ctx context.Context, suiteName, work string, f *fetcher) (openpgp.EntityList, error) {
	if o.Keyring != "" {
		return readKeyring(o.Keyring)
	}
	if _, err := os.Stat(systemKeyring); err == nil {
		return readKeyring(systemKeyring)
	}
	return bootstrapKeys(ctx, o, suiteName, work, f)
}

// bootstrapKeys returns the archive's keys when the system has none: those
// of the cache's keyring when they verify the suite's InRelease, otherwise
// those the suite's own keyring package holds whose fingerprints the tool
// carries (keysFromArchive), added to the cache's keyring. It downloads
// into work, the fetch's: the keyring package is removed, the Packages
// index (verified) is left for the fetch to use.
func bootstrapKeys(ctx context.Context, o Options, suiteName, work string, f *fetcher) (openpgp.EntityList, error) {
	releaseURL := fmt.Sprintf("%s/dists/%s/InRelease", o.Mirror, suiteName)
	releasePath := filepath.Join(work, "InRelease")
	if err := f.get(ctx, releaseURL, releasePath, "", -1); err != nil {
		return nil, err
	}
	release, err := os.ReadFile(releasePath)
	if err != nil {
		return nil, err
	}
	cachePath := filepath.Join(o.Dir, keyringCache)
	cached, _ := carriedKeysOf(cachePath)
	if len(cached) > 0 {
		if _, _, err := verifyRelease(release, cached, releaseURL); err == nil {
			return cached, nil
		}
	}
	keys, err := keysFromArchive(ctx, o, suiteName, release, work, f)
	if err != nil {
		return nil, err
	}
	keys = mergeKeys(cached, keys)
	if err := saveKeyring(cachePath, keys); err != nil {
		return nil, err
	}
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, "no %s here: %d archive keys taken from the suite's %s, each one the tool carries, kept in %s\n",
			systemKeyring, len(keys), keyringPackage, cachePath)
	}
	return keys, nil
}

// keysFromArchive takes the keys from the suite's keyring package, trusting
// nothing before it verifies: InRelease (not yet verified) names the
// Packages index's SHA256, the index the package's; the package's keyring
// files give the keys whose primary fingerprint is carried; then InRelease
// must verify with those keys, the index match the verified InRelease and
// the package the verified index. Any step failing is ErrVerify.
func keysFromArchive(ctx context.Context, o Options, suiteName string, release []byte, work string, f *fetcher) (openpgp.EntityList, error) {
	releaseURL := fmt.Sprintf("%s/dists/%s/InRelease", o.Mirror, suiteName)
	block, _ := clearsign.Decode(release)
	if block == nil {
		return nil, fmt.Errorf("%w: %s is not a signed InRelease file", ErrVerify, releaseURL)
	}
	rel, entry, ok := packagesEntry(releaseSHA256(block.Plaintext), o.Arch)
	if !ok {
		return nil, fmt.Errorf("%w: %s lists no main/binary-%s/Packages.xz or .gz: the suite has no packages for this architecture",
			ErrNetwork, releaseURL, o.Arch)
	}
	indexPath := filepath.Join(work, path.Base(rel))
	indexURL := fmt.Sprintf("%s/dists/%s/%s", o.Mirror, suiteName, rel)
	if err := f.get(ctx, indexURL, indexPath, entry.sha256, entry.size); err != nil {
		return nil, err
	}
	ix, err := readIndexFile(indexPath)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrVerify, err)
	}
	p, ok := ix.pkgs[keyringPackage]
	if !ok {
		return nil, fmt.Errorf("%w: the suite %s has no %s package to take the archive's keys from: "+
			"give "+flagname.Keyring+" a file of Debian's archive keys", ErrVerify, suiteName, keyringPackage)
	}
	pkgDir := filepath.Join(work, keyringPackage)
	defer os.RemoveAll(pkgDir)
	debPath := filepath.Join(pkgDir, path.Base(p.filename))
	debURL := o.Mirror + "/" + p.filename
	if err := f.get(ctx, debURL, debPath, p.sha256, p.size); err != nil {
		return nil, err
	}
	tree := filepath.Join(pkgDir, "tree")
	if err := unpackDeb(debPath, tree); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrVerify, err)
	}
	keys := carriedKeysIn(tree)
	if len(keys) == 0 {
		return nil, fmt.Errorf("%w: %s %s holds none of the archive keys the tool carries: "+
			"install Debian's archive keys (apt-get install debian-archive-keyring) or give "+flagname.Keyring+" a file of them",
			ErrVerify, keyringPackage, p.version)
	}
	signed, _, err := verifyRelease(release, keys, releaseURL)
	if err != nil {
		return nil, err
	}
	if err := verifiedChain(signed, rel, indexPath, indexURL, debPath, debURL, p); err != nil {
		os.Remove(indexPath)
		return nil, err
	}
	return keys, nil
}

// verifiedChain checks, once InRelease is verified, that the index is the
// one it lists and the keyring package the one the index lists.
func verifiedChain(signed []byte, rel, indexPath, indexURL, debPath, debURL string, p pkg) error {
	entry, ok := releaseSHA256(signed)[rel]
	if !ok {
		return fmt.Errorf("%w: the signed InRelease does not list %s", ErrVerify, rel)
	}
	for _, c := range []struct {
		file, what, sha256 string
		size               int64
	}{{indexPath, indexURL, entry.sha256, entry.size}, {debPath, debURL, p.sha256, p.size}} {
		got, err := fileSHA256(c.file)
		if err != nil {
			return err
		}
		st, err := os.Stat(c.file)
		if err != nil {
			return err
		}
		if err := matches(c.what, got, c.sha256, st.Size(), c.size); err != nil {
			return err
		}
	}
	return nil
}

// carriedKeysIn reads the keyring files a keyring package installs
// (usr/share/keyrings/*.gpg, etc/apt/trusted.gpg.d/*.gpg and *.asc) and
// keeps the keys whose primary fingerprint the tool carries. A file that
// does not parse gives no keys.
func carriedKeysIn(tree string) openpgp.EntityList {
	var keys openpgp.EntityList
	for _, pattern := range []string{"usr/share/keyrings/*.gpg", "etc/apt/trusted.gpg.d/*.gpg", "etc/apt/trusted.gpg.d/*.asc"} {
		files, _ := filepath.Glob(filepath.Join(tree, pattern))
		for _, file := range files {
			found, err := carriedKeysOf(file)
			if err == nil {
				keys = mergeKeys(keys, found)
			}
		}
	}
	return keys
}

// carriedKeysOf reads a keyring file's keys whose primary fingerprint the
// tool carries.
func carriedKeysOf(file string) (openpgp.EntityList, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	all, err := parseKeyring(data)
	if err != nil {
		return nil, err
	}
	var keys openpgp.EntityList
	for _, e := range all {
		if slices.Contains(carriedFingerprints, fingerprint(e)) {
			keys = append(keys, e)
		}
	}
	return keys, nil
}

func fingerprint(e *openpgp.Entity) string {
	return strings.ToUpper(hex.EncodeToString(e.PrimaryKey.Fingerprint))
}

// mergeKeys adds to keys those of more it does not have (by fingerprint).
func mergeKeys(keys, more openpgp.EntityList) openpgp.EntityList {
	out := slices.Clone(keys)
	for _, e := range more {
		if !slices.ContainsFunc(out, func(k *openpgp.Entity) bool { return fingerprint(k) == fingerprint(e) }) {
			out = append(out, e)
		}
	}
	return out
}

// saveKeyring writes the keys' public parts to path (binary, as Debian's
// keyring files are), replacing it whole.
func saveKeyring(path string, keys openpgp.EntityList) error {
	var buf bytes.Buffer
	for _, e := range keys {
		if err := e.Serialize(&buf); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return spaceOr(err, path)
	}
	part := path + ".part"
	if err := os.WriteFile(part, buf.Bytes(), 0o644); err != nil {
		os.Remove(part)
		return spaceOr(err, path)
	}
	return os.Rename(part, path)
}
