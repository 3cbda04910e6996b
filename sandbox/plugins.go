package sandbox

import (
	"os"
	"path/filepath"
	"strings"
)

// pluginDirs are where a server's bundled plugins live, relative to its
// --basedir (or / for installed binaries).
var pluginDirs = []string{"lib/mysql/plugin", "lib/plugin", "lib64/mysql/plugin", "lib/mariadb/plugin", "lib64/mariadb/plugin"}

// bundledPlugins is the directory of bin's own plugins ("" if it has none).
func bundledPlugins(bin *Binary) string {
	base := bin.ServerDir()
	if base == "" {
		base = "/usr"
	}
	for _, d := range pluginDirs {
		p := filepath.Join(base, d)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return p
		}
	}
	return ""
}

// linkPlugins makes <dir>/plugin the server's plugin_dir: a directory of
// symbolic links to the server's bundled plugin libraries, that the server
// cannot write to. INSTALL PLUGIN and CREATE FUNCTION ... SONAME (for an
// account allowed them) can load the bundled plugins and nothing else: a
// library written with SELECT ... INTO DUMPFILE lands in secure_file_priv
// (<dir>/files), never here. Called again, it replaces the links (another
// binary on the same datadir).
func linkPlugins(bin *Binary, dir string) error {
	pd := filepath.Join(dir, pluginName)
	_ = os.Chmod(pd, 0o755)
	if err := os.RemoveAll(pd); err != nil {
		return err
	}
	if err := os.Mkdir(pd, 0o755); err != nil {
		return err
	}
	if src := bundledPlugins(bin); src != "" {
		entries, err := os.ReadDir(src)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".so") {
				continue
			}
			if err := os.Symlink(filepath.Join(src, e.Name()), filepath.Join(pd, e.Name())); err != nil {
				return err
			}
		}
	}
	return os.Chmod(pd, 0o555)
}
