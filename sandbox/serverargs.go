package sandbox

import (
	"path/filepath"
	"strconv"
)

// serverArgs are the server's arguments; --no-defaults must come first. With
// a password, --init-file sets it before the server accepts connections.
// Every file the server writes is inside the sandbox directory: datadir,
// tmpdir, logs (error, general, slow), secure_file_priv; its plugin_dir is
// the sandbox's read-only directory of links to its bundled plugins; the
// event scheduler is off (an option in extra turns it on). A quick sandbox
// adds quickArgs; extra comes last, so that it wins.
func serverArgs(b *Binary, dir string, port int, password, quick bool, extra []string) []string {
	args := []string{"--no-defaults"}
	if b.Basedir != "" {
		args = append(args, "--basedir="+b.ServerDir())
	}
	args = append(args,
		"--datadir="+filepath.Join(dir, dataName),
		"--socket="+filepath.Join(dir, socketName),
		"--pid-file="+filepath.Join(dir, pidName),
		"--log-error="+filepath.Join(dir, errorLogName),
		// Not /tmp: a starting server deletes the #sql* files in its tmpdir,
		// including those of other servers sharing it.
		"--tmpdir="+filepath.Join(dir, tmpName),
		"--general-log-file="+filepath.Join(dir, generalLogName),
		"--slow-query-log-file="+filepath.Join(dir, slowLogName),
		"--plugin-dir="+filepath.Join(dir, pluginName),
		"--event-scheduler=OFF",
	)
	if port > 0 {
		args = append(args, "--port="+strconv.Itoa(port), "--bind-address=127.0.0.1")
	} else {
		args = append(args, "--skip-networking")
	}
	if b.Flavor.HasXPlugin() {
		// The X plugin would listen on 33060 and /tmp/mysqlx.sock: two
		// sandboxes (or a sandbox and a real server) would collide.
		args = append(args, "--loose-mysqlx=OFF")
	}
	if password {
		args = append(args, "--init-file="+filepath.Join(dir, passwordSQL))
	}
	args = append(args, certificateArgs(b, dir)...)
	args = append(args, buildArgs(b, dir)...)
	if quick {
		args = append(args, quickArgs(b)...)
	}
	return append(args, extra...)
}

// extraArgs are extra with, on a copied datadir, replication kept from
// starting: a copy of a replica's datadir would connect to its primary.
func (s *Sandbox) extraArgs(extra []string) []string {
	if !s.fromDatadir {
		return extra
	}
	return append([]string{"--skip-slave-start"}, extra...)
}
