package serverfetch

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ProtonMail/go-crypto/openpgp"
	"github.com/ProtonMail/go-crypto/openpgp/clearsign"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// indexEntry is one file InRelease lists: its SHA256 and size.
type indexEntry struct {
	sha256 string
	size   int64
}

// readKeyring reads an OpenPGP keyring file (binary, as Debian ships it, or
// ASCII-armored).
func readKeyring(path string) (openpgp.EntityList, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: reading the archive keys: %w: install Debian's archive keys "+
			"(apt-get install debian-archive-keyring) or give "+flagname.Keyring+" a file of them", ErrVerify, err)
	}
	keys, err := parseKeyring(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not an OpenPGP keyring: %w: give "+flagname.Keyring+" a file of Debian's archive keys", ErrVerify, path, err)
	}
	return keys, nil
}

// parseKeyring reads the keys of a keyring file's content.
func parseKeyring(data []byte) (openpgp.EntityList, error) {
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("-----BEGIN PGP")) {
		return openpgp.ReadArmoredKeyRing(bytes.NewReader(data))
	}
	return openpgp.ReadKeyRing(bytes.NewReader(data))
}

// verifyRelease checks InRelease's signature against the keyring and
// returns the signed text and who signed it. Nothing unsigned is returned:
// text before or after the signed block is dropped.
func verifyRelease(data []byte, keys openpgp.EntityList, what string) (signed []byte, signer string, err error) {
	block, _ := clearsign.Decode(data)
	if block == nil {
		return nil, "", fmt.Errorf("%w: %s is not a signed InRelease file", ErrVerify, what)
	}
	entity, err := block.VerifySignature(keys, nil)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %s: its signature does not verify with the archive keys: %w", ErrVerify, what, err)
	}
	for name := range entity.Identities {
		signer = name
		break
	}
	return block.Plaintext, signer, nil
}

// releaseSHA256 reads the SHA256 section of a Release file: path -> entry.
func releaseSHA256(release []byte) map[string]indexEntry {
	files := map[string]indexEntry{}
	in := false
	sc := bufio.NewScanner(bytes.NewReader(release))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, " ") {
			in = strings.TrimSpace(line) == "SHA256:"
			continue
		}
		if !in {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		size, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		files[f[2]] = indexEntry{sha256: f[0], size: size}
	}
	return files
}
