package advisor

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/bench/sandbox/sandboxtest"
)

// writeCerts writes a CA and a server certificate for 127.0.0.1 signed by it.
func writeCerts(t *testing.T) (dir string) {
	t.Helper()
	dir = t.TempDir()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "upgrade-advisor test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, _ := x509.ParseCertificate(caDER)
	srvKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	srvTmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	srvDER, err := x509.CreateCertificate(rand.Reader, srvTmpl, caCert, &srvKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(srvKey)
	for name, block := range map[string]*pem.Block{
		"ca.pem": {Type: "CERTIFICATE", Bytes: caDER}, "server.pem": {Type: "CERTIFICATE", Bytes: srvDER},
		"server-key.pem": {Type: "EC PRIVATE KEY", Bytes: keyDER},
	} {
		if err := os.WriteFile(filepath.Join(dir, name), pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestTLSConnectionVerifiesTheServer(t *testing.T) {
	certs := writeCerts(t)
	sb := sandboxtest.Start(t, sandbox.Options{Networking: true, ServerOptions: []string{
		"ssl_ca=" + filepath.Join(certs, "ca.pem"), "ssl_cert=" + filepath.Join(certs, "server.pem"),
		"ssl_key=" + filepath.Join(certs, "server-key.pem")}})
	for _, mode := range []string{"REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"} {
		t.Run(mode, func(t *testing.T) {
			o := ConnOptions{Host: "127.0.0.1", Port: sb.Port(), User: "root", Password: sb.Password(), TLS: TLSOptions{Mode: mode, CA: filepath.Join(certs, "ca.pem")}}
			db, _, err := Open(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var name, cipher string
			if err := db.QueryRow("SHOW SESSION STATUS LIKE 'Ssl_cipher'").Scan(&name, &cipher); err != nil || cipher == "" {
				t.Fatalf("the connection is not encrypted: %q %v", cipher, err)
			}
		})
	}
	t.Run("a CA that did not sign the server is refused", func(t *testing.T) {
		other := writeCerts(t)
		o := ConnOptions{Host: "127.0.0.1", Port: sb.Port(), User: "root", Password: sb.Password(), TLS: TLSOptions{Mode: "VERIFY_CA", CA: filepath.Join(other, "ca.pem")}}
		if db, _, err := Open(context.Background(), o); err == nil {
			db.Close()
			t.Fatal("connected with a CA that did not sign the server's certificate")
		}
	})
}
