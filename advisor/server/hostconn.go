package server

import (
	"fmt"
	"net"
	"strconv"
	"strings"
)

// ForHost applies one hosts-file entry or endpoint to the shared connection settings:
// a DSN replaces them (flags still override its user and password), a
// host[:port] sets host and port.
func (base ConnOptions) ForHost(entry string) (ConnOptions, error) {
	o := base
	if strings.ContainsAny(entry, "@()/") {
		o.DSN, o.Host, o.Port, o.Socket = entry, "", 0, ""
		_, err := o.DriverConfig()
		return o, err
	}
	host, port := entry, 0
	if h, p, err := net.SplitHostPort(entry); err == nil {
		n, perr := strconv.Atoi(p)
		if perr != nil || n <= 0 || n > 65535 {
			return o, fmt.Errorf("bad port in %q", entry)
		}
		host, port = h, n
	}
	if host == "" {
		return o, fmt.Errorf("empty host in %q", entry)
	}
	o.Host, o.Port, o.Socket, o.DSN = host, port, "", ""
	return o, nil
}
