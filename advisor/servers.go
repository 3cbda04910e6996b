package advisor

import (
	"context"

	"github.com/upgrade-advisor/upgrade-advisor/sandbox"
	"github.com/upgrade-advisor/upgrade-advisor/serverfetch"
)

// The servers command's operations on the servers' cache (serverfetch),
// and the sandbox command's on sandboxes (sandbox), as the command line
// calls them.

// The servers' cache: what a fetch is asked and gives, an entry, a tarball.
type (
	FetchOptions = serverfetch.Options
	FetchResult  = serverfetch.Result
	ServerEntry  = serverfetch.Entry
	Tarball      = serverfetch.Tarball
)

// Where the servers come from and go, as --help names them.
const (
	EnvServersDir = serverfetch.EnvDir
	EnvMirror     = serverfetch.EnvMirror
	DebianKeyring = serverfetch.DebianKeyring
)

// KnownServers lists the versions the tool fetches by name.
func KnownServers() string { return serverfetch.KnownNames() }

// ServersDir is the servers' cache.
func ServersDir() string { return serverfetch.DefaultDir() }

// FetchServer gives the root of a server by name: the cache's, or fetched.
func FetchServer(ctx context.Context, name string, o FetchOptions) (FetchResult, error) {
	return serverfetch.Fetch(ctx, name, o)
}

// FetchTarball unpacks a vendor's tarball into the cache, its SHA256 checked.
func FetchTarball(ctx context.Context, t Tarball, o FetchOptions) (FetchResult, error) {
	return serverfetch.FetchTarball(ctx, t, o)
}

// ListServers lists the cache's servers.
func ListServers() ([]ServerEntry, error) { return serverfetch.List(ServersDir()) }

// RemoveServer removes a server from the cache.
func RemoveServer(name string) error { return serverfetch.Remove(ServersDir(), name) }

// ServerPath is the root of a server the cache holds.
func ServerPath(name string) (string, error) { return serverfetch.Path(ServersDir(), name) }

// Sandboxes: a throwaway server's options, the server binary of a root,
// a sandbox, and the sandbox cache's entries.
type (
	SandboxOptions   = sandbox.Options
	ServerBinary     = sandbox.Binary
	Sandbox          = sandbox.Sandbox
	SandboxCacheItem = sandbox.CacheItem
)

// EnvSandboxCache names the sandbox cache's directory.
const EnvSandboxCache = sandbox.EnvCacheDir

// StartSandbox starts a sandbox that outlives the command (sandbox start).
func StartSandbox(ctx context.Context, o SandboxOptions) (*Sandbox, error) {
	return sandbox.Start(ctx, o)
}

// DetectServer finds the server binary of a root ("": the installed one).
func DetectServer(ctx context.Context, basedir string) (*ServerBinary, error) {
	return sandbox.Detect(ctx, basedir)
}

// LoadSandbox attaches to a sandbox by its directory.
func LoadSandbox(dir string) (*Sandbox, error) { return sandbox.Load(dir) }

// ListSandboxes lists the sandboxes under parent ("": the default place).
func ListSandboxes(parent string) ([]*Sandbox, error) { return sandbox.List(parent) }

// ListSandboxCache lists what the sandbox cache holds.
func ListSandboxCache(dir string) ([]SandboxCacheItem, error) { return sandbox.ListCache(dir) }

// ClearSandboxCache empties the sandbox cache, saying what it removed.
func ClearSandboxCache(dir string) ([]SandboxCacheItem, error) { return sandbox.ClearCache(dir) }
