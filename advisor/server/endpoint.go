package server

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
)

// Endpoint is one side of a comparison: an existing server, or a throwaway
// sandbox started for the run.
type Endpoint struct {
	Spec    string
	Conn    ConnOptions
	Sandbox *sandbox.Options // nil for an existing server
}

// ParseEndpoint reads a --source/--target value:
//
//	sandbox:                                   installed binaries, defaults
//	sandbox:?innodb_file_per_table=0&innodb_stats_persistent=0
//	sandbox:/opt/mysql-5.6.51?innodb_file_per_table=0   a tarball's basedir
//	user:pass@tcp(db1:3306)/ or host[:port]    an existing server
//
// base carries the shared connection settings (user, password, TLS).
func ParseEndpoint(spec string, base ConnOptions, extraOptions []string) (Endpoint, error) {
	e := Endpoint{Spec: spec}
	rest, isSandbox := strings.CutPrefix(spec, "sandbox:")
	if !isSandbox && spec != "sandbox" {
		if len(extraOptions) > 0 {
			return e, fmt.Errorf("%w: server options (%s) apply only to sandbox: endpoints", exitcode.ErrUsage, strings.Join(extraOptions, ", "))
		}
		conn, err := base.ForHost(spec)
		if err != nil {
			return e, fmt.Errorf("%w: %q: %w", exitcode.ErrUsage, redactDSN(spec), err)
		}
		e.Conn = conn
		return e, nil
	}
	basedir, query, _ := strings.Cut(rest, "?")
	opts := &sandbox.Options{Basedir: basedir}
	if query != "" {
		values, err := url.ParseQuery(query)
		if err != nil {
			return e, fmt.Errorf("%w: sandbox options in %q: %w (write key=value&key=value)", exitcode.ErrUsage, spec, err)
		}
		for _, k := range slices.Sorted(maps.Keys(values)) {
			for _, v := range values[k] {
				opts.ServerOptions = append(opts.ServerOptions, k+"="+v)
			}
		}
	}
	opts.ServerOptions = append(opts.ServerOptions, extraOptions...)
	for _, o := range opts.ServerOptions {
		if _, err := sandbox.ValidateServerOption(o); err != nil {
			return e, fmt.Errorf("%w: %w", exitcode.ErrUsage, err)
		}
	}
	e.Sandbox = opts
	return e, nil
}

// Label names the endpoint in reports (never with a password).
func (e Endpoint) Label() string {
	if e.Sandbox == nil {
		return redactDSN(e.Spec)
	}
	label := "sandbox"
	if e.Sandbox.Basedir != "" {
		label += " " + e.Sandbox.Basedir
	}
	if len(e.Sandbox.ServerOptions) > 0 {
		label += " (" + strings.Join(e.Sandbox.ServerOptions, ", ") + ")"
	}
	return label
}
