package server

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"os"
	"strings"

	"github.com/go-sql-driver/mysql"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// TLSOptions are the mysql client's --ssl-* options.
type TLSOptions struct {
	Mode string // DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY ("" = driver default: no TLS)
	CA   string
	Cert string
	Key  string
}

// applyTo sets the TLS configuration of one connection's driver config.
// A custom configuration is set in cfg.TLS itself, never registered under
// a driver-wide name: with --hosts several connections are made at once,
// and each must verify its own server's name (VERIFY_IDENTITY).
func (t TLSOptions) applyTo(cfg *mysql.Config) error {
	mode := strings.ToUpper(strings.TrimSpace(t.Mode))
	if mode == "" && (t.CA != "" || t.Cert != "") {
		mode = "VERIFY_CA"
		if t.CA == "" {
			mode = "REQUIRED"
		}
	}
	switch mode {
	case "":
		return nil
	case "DISABLED":
		cfg.TLS, cfg.TLSConfig = nil, "false"
		return nil
	case "PREFERRED":
		if t.CA == "" && t.Cert == "" {
			cfg.TLS, cfg.TLSConfig = nil, "preferred"
			return nil
		}
	case "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY":
	default:
		return fmt.Errorf("%w: unknown "+flagname.SSLMode+" %q: use DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY", exitcode.ErrUsage, t.Mode)
	}
	tc, err := t.tlsConfig(mode, hostOnly(cfg.Addr))
	if err != nil {
		return err
	}
	cfg.TLS, cfg.TLSConfig = tc, ""
	cfg.AllowFallbackToPlaintext = mode == "PREFERRED"
	return nil
}

func (t TLSOptions) tlsConfig(mode, serverName string) (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: serverName}
	// REQUIRED encrypts without checking the certificate, as the mysql client does.
	cfg.InsecureSkipVerify = mode == "REQUIRED" || mode == "PREFERRED" || mode == "VERIFY_CA"
	if t.CA != "" {
		pem, err := os.ReadFile(t.CA)
		if err != nil {
			return nil, fmt.Errorf("reading "+flagname.SSLCA+": %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf(flagname.SSLCA+" %s holds no PEM certificate", t.CA)
		}
		cfg.RootCAs = pool
		if mode == "VERIFY_CA" {
			cfg.VerifyPeerCertificate = verifyChainOnly(pool)
		}
	} else if mode == "VERIFY_CA" || mode == "VERIFY_IDENTITY" {
		return nil, fmt.Errorf("%w: "+flagname.SSLMode+" %s needs "+flagname.SSLCA, exitcode.ErrUsage, mode)
	}
	if (t.Cert == "") != (t.Key == "") {
		return nil, fmt.Errorf("%w: "+flagname.SSLCert+" and "+flagname.SSLKey+" go together", exitcode.ErrUsage)
	}
	if t.Cert != "" {
		pair, err := tls.LoadX509KeyPair(t.Cert, t.Key)
		if err != nil {
			return nil, fmt.Errorf("loading "+flagname.SSLCert+"/"+flagname.SSLKey+": %w", err)
		}
		cfg.Certificates = []tls.Certificate{pair}
	}
	return cfg, nil
}

// verifyChainOnly checks the server certificate against the CA without
// checking the host name (VERIFY_CA).
func verifyChainOnly(pool *x509.CertPool) func([][]byte, [][]*x509.Certificate) error {
	return func(raw [][]byte, _ [][]*x509.Certificate) error {
		if len(raw) == 0 {
			return fmt.Errorf("the server sent no certificate")
		}
		certs := make([]*x509.Certificate, len(raw))
		for i, r := range raw {
			c, err := x509.ParseCertificate(r)
			if err != nil {
				return err
			}
			certs[i] = c
		}
		inter := x509.NewCertPool()
		for _, c := range certs[1:] {
			inter.AddCert(c)
		}
		_, err := certs[0].Verify(x509.VerifyOptions{Roots: pool, Intermediates: inter})
		return err
	}
}
