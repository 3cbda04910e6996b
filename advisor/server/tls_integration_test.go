package server

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox/sandboxtest"
	"github.com/upgrade-advisor/upgrade-advisor/stmt"
)

// writeCerts writes a CA and a server certificate for 127.0.0.1 signed by it.
func writeCerts(t *testing.T) (dir string) {
	t.Helper()
	ca := newTestCA(t)
	ca.writeServerCert(t, "server", "127.0.0.1")
	return ca.dir
}

// testCA is a throwaway certificate authority whose files live in dir.
type testCA struct {
	dir  string
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
}

// newTestCA writes ca.pem into a new temporary directory.
func newTestCA(t *testing.T) testCA {
	t.Helper()
	// Readable by all: a sandbox started by root runs as an unprivileged
	// account, which reads the certificates it is given.
	ca := testCA{dir: sandboxtest.ShortTempDir(t)}
	ca.key, _ = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "upgrade-advisor test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &ca.key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	ca.cert, _ = x509.ParseCertificate(der)
	writePEM(t, filepath.Join(ca.dir, "ca.pem"), "CERTIFICATE", der)
	return ca
}

// writeServerCert writes NAME.pem and NAME-key.pem: a server certificate
// for the IP address ip, signed by the CA.
func (ca testCA) writeServerCert(t *testing.T, name, ip string) {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{SerialNumber: serial, Subject: pkix.Name{CommonName: ip},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.ParseIP(ip)},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(key)
	writePEM(t, filepath.Join(ca.dir, name+".pem"), "CERTIFICATE", der)
	writePEM(t, filepath.Join(ca.dir, name+"-key.pem"), "EC PRIVATE KEY", keyDER)
}

// serverOptions are the sandbox options that make it serve NAME.pem.
func (ca testCA) serverOptions(name string) []string {
	return []string{"ssl_ca=" + filepath.Join(ca.dir, "ca.pem"), "ssl_cert=" + filepath.Join(ca.dir, name+".pem"),
		"ssl_key=" + filepath.Join(ca.dir, name+"-key.pem")}
}

func writePEM(t *testing.T, path, typ string, der []byte) {
	t.Helper()
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestTLSConnectionVerifiesTheServer(t *testing.T) {
	sandboxtest.EachServer(t, tlsConnectionVerifiesTheServer)
}

func tlsConnectionVerifiesTheServer(t *testing.T, srv sandboxtest.Server) {
	certs := writeCerts(t)
	sb := srv.Start(t, sandbox.Options{Networking: true, ServerOptions: []string{
		"ssl_ca=" + filepath.Join(certs, "ca.pem"), "ssl_cert=" + filepath.Join(certs, "server.pem"),
		"ssl_key=" + filepath.Join(certs, "server-key.pem")}})
	for _, mode := range []string{"REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"} {
		t.Run(mode, func(t *testing.T) {
			o := ConnOptions{Host: "127.0.0.1", Port: sb.Port(), User: "root", Password: sb.Password(), TLS: TLSOptions{Mode: mode, CA: filepath.Join(certs, "ca.pem")}}
			db, _, err := openDB(context.Background(), o, &liveGuard{})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var name, cipher string
			if err := db.QueryRow(stmt.Tag+"SHOW SESSION STATUS LIKE 'Ssl_cipher'").Scan(&name, &cipher); err != nil || cipher == "" {
				t.Fatalf("the connection is not encrypted: %q %v", cipher, err)
			}
		})
	}
	t.Run("a CA that did not sign the server is refused", func(t *testing.T) {
		other := writeCerts(t)
		o := ConnOptions{Host: "127.0.0.1", Port: sb.Port(), User: "root", Password: sb.Password(), TLS: TLSOptions{Mode: "VERIFY_CA", CA: filepath.Join(other, "ca.pem")}}
		if db, _, err := openDB(context.Background(), o, &liveGuard{}); err == nil {
			db.Close()
			t.Fatal("connected with a CA that did not sign the server's certificate")
		}
	})
}

// TestTLSVerifiesEachHostAgainstItsOwnName connects to two TLS servers at
// once under VERIFY_IDENTITY, each known by its own address and holding a
// certificate for that address only (same CA): every connection must be
// checked against the name of the host it dials, as with --hosts. The
// sandboxes listen on 127.0.0.1; a plain TCP forwarder on 127.0.0.2 and
// 127.0.0.3 gives each its own address (the TLS handshake is the servers').
func TestTLSVerifiesEachHostAgainstItsOwnName(t *testing.T) {
	ca := newTestCA(t)
	addrs := []string{"127.0.0.2", "127.0.0.3"}
	ports, serverPorts := map[string]int{}, map[string]int{}
	passwords := map[string]string{}
	for _, ip := range addrs {
		ca.writeServerCert(t, ip, ip)
		sb := sandboxtest.Start(t, sandbox.Options{Networking: true, ServerOptions: ca.serverOptions(ip)})
		serverPorts[ip] = sb.Port()
		passwords[ip] = sb.Password()
		ports[ip] = forward(t, ip, sb.Port())
	}
	const perHost = 8
	errs := make(chan error, perHost*len(addrs))
	var wg sync.WaitGroup
	for i := 0; i < perHost; i++ {
		for _, ip := range addrs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- connectTLS(ip, ports[ip], passwords[ip], ca, "VERIFY_IDENTITY")
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	t.Run("a host whose certificate names another address is refused", func(t *testing.T) {
		// 127.0.0.3 forwarded to the server holding the certificate of 127.0.0.2.
		wrong := forward(t, "127.0.0.3", serverPorts["127.0.0.2"])
		if err := connectTLS("127.0.0.3", wrong, passwords["127.0.0.2"], ca, "VERIFY_IDENTITY"); err == nil {
			t.Fatal("VERIFY_IDENTITY accepted a certificate for 127.0.0.2 on 127.0.0.3")
		}
		if err := connectTLS("127.0.0.3", wrong, passwords["127.0.0.2"], ca, "VERIFY_CA"); err != nil {
			t.Fatalf("VERIFY_CA checks the CA only, yet refused: %v", err)
		}
	})
}

// connectTLS opens a connection to ip:port under mode and checks that it is
// encrypted.
func connectTLS(ip string, port int, password string, ca testCA, mode string) error {
	o := ConnOptions{Host: ip, Port: port, User: "root", Password: password, TLS: TLSOptions{Mode: mode, CA: filepath.Join(ca.dir, "ca.pem")}}
	db, _, err := openDB(context.Background(), o, &liveGuard{})
	if err != nil {
		return fmt.Errorf("%s:%d: %w", ip, port, err)
	}
	defer db.Close()
	var name, cipher string
	if err := db.QueryRow(stmt.Tag+"SHOW SESSION STATUS LIKE 'Ssl_cipher'").Scan(&name, &cipher); err != nil || cipher == "" {
		return fmt.Errorf("%s:%d: the connection is not encrypted: %q %v", ip, port, cipher, err)
	}
	return nil
}

// forward listens on ip (a free port) and copies every connection both ways
// to 127.0.0.1:port until the test ends; it returns the port it listens on.
func forward(t *testing.T, ip string, port int) int {
	t.Helper()
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatalf("listening on %s (a loopback address Linux routes to lo): %v", ip, err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer in.Close()
				out, err := net.Dial("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
				if err != nil {
					return
				}
				defer out.Close()
				go io.Copy(out, in)
				io.Copy(in, out)
			}()
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port
}
