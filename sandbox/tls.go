package sandbox

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"time"
)

// Names of the server's own TLS certificate and key in the sandbox.
const (
	tlsCertName = "server-cert.pem"
	tlsKeyName  = "server-key.pem"
)

// makesOwnCertificate reports whether the server, given no certificate,
// makes one at every start: MariaDB 11.4 and later generate a self-signed
// RSA certificate, which costs a second or more of a start on a busy
// machine. MySQL makes its certificates once, at initialisation (they come
// with the cached datadir).
func makesOwnCertificate(b *Binary) bool {
	return b.Flavor.IsMariaDB() && b.Flavor.Version.AtLeast(11, 4, 0)
}

// certificateArgs name the sandbox's certificate for a server that would
// otherwise make one (see makesOwnCertificate).
func certificateArgs(b *Binary, dir string) []string {
	if !makesOwnCertificate(b) {
		return nil
	}
	return []string{"--ssl-cert=" + filepath.Join(dir, tlsCertName), "--ssl-key=" + filepath.Join(dir, tlsKeyName)}
}

// writeCertificate gives the sandbox a self-signed ECDSA certificate of
// its own for the server (TLS stays on, as the server's default has it),
// readable by the account it runs as; a fresh key takes microseconds.
func writeCertificate(dir string, acct runAs) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "upgrade-advisor sandbox"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().AddDate(10, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return err
	}
	files := map[string]*pem.Block{
		tlsCertName: {Type: "CERTIFICATE", Bytes: der},
		tlsKeyName:  {Type: "PRIVATE KEY", Bytes: keyDER},
	}
	for name, block := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, pem.EncodeToMemory(block), 0o600); err != nil {
			return err
		}
		if err := acct.own(p); err != nil {
			return err
		}
	}
	return nil
}
