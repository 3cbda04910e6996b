package serverfetch

import (
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
)

// Options say where a fetch puts its roots and where it gets them.
type Options struct {
	Dir    string // the cache (default DefaultDir)
	Mirror string // Debian mirror, http(s) URL of the archive's top (default DefaultMirror)
	// Keyring is an OpenPGP keyring with the archive's keys; by default
	// DebianKeyring when the system has it, otherwise the keys bootstrapped
	// from the archive and checked against the fingerprints the tool carries.
	Keyring string
	Arch    string // Debian architecture (default: this machine's)
	// Progress receives a line per download (nil: quiet); Live redraws
	// each download's line with its rate and time left, for a terminal.
	Progress io.Writer
	Live     bool
	Client   *http.Client // default: http.DefaultClient
}

// withDefaults fills what was not given.
func (o Options) withDefaults() Options {
	if o.Dir == "" {
		o.Dir = DefaultDir()
	}
	if o.Mirror == "" {
		o.Mirror = DefaultMirror()
	}
	o.Mirror = strings.TrimRight(o.Mirror, "/")
	if o.Arch == "" {
		o.Arch = runtime.GOARCH
	}
	if o.Client == nil {
		o.Client = http.DefaultClient
	}
	return o
}

// fetcher is the HTTP side of a fetch: the client, its progress lines.
func (o Options) fetcher() *fetcher {
	f := &fetcher{client: o.Client,
		mirrorHint: fmt.Sprintf("point the tool at a mirror it can reach with "+flagname.Mirror+" URL or %s=URL", EnvMirror)}
	if o.Progress != nil {
		f.progress = &progress{w: o.Progress, live: o.Live, now: time.Now}
	}
	return f
}
