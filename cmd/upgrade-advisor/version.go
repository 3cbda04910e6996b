package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/flagname"
	"github.com/upgrade-advisor/upgrade-advisor/advisor/report"
)

// The build's identity. scripts/release.sh stamps all three with
//
//	-ldflags "-X main.version=1.2.3 -X main.commit=<sha> -X main.date=<RFC 3339>"
//
// An unstamped build keeps devVersion, and init takes what the Go toolchain
// recorded instead: the module version of a `go install ...@v1.2.3`, the
// commit and its time of a build in a checkout (vcs.revision, vcs.time).
var (
	version = devVersion
	commit  string
	date    string
)

// devVersion is the version of a build nobody stamped: the next release, -dev.
const devVersion = "0.1.0-dev"

// buildModified is set when the checkout had uncommitted changes (vcs.modified).
var buildModified bool

func init() {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	if version == devVersion && isReleaseVersion(info.Main.Version) {
		version = strings.TrimPrefix(info.Main.Version, "v")
	}
	if commit != "" {
		return
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.time":
			if date == "" {
				date = s.Value
			}
		case "vcs.modified":
			buildModified = s.Value == "true"
		}
	}
}

// isReleaseVersion reports whether a module version from the build info
// names a release: not "(devel)", not a pseudo-version of an untagged commit.
func isReleaseVersion(v string) bool {
	if v == "" || v == "(devel)" || strings.Contains(v, "+dirty") {
		return false
	}
	// Pseudo-versions: vX.Y.Z-yyyymmddhhmmss-abcdefabcdef (or with a pre-release before it).
	parts := strings.Split(v, "-")
	return len(parts) < 3 || len(parts[len(parts)-1]) != 12
}

// buildInfo is what `version` prints; its JSON names are stable.
type buildInfo struct {
	Version             string `json:"version"`
	Dev                 bool   `json:"dev"`
	Commit              string `json:"commit"`
	Modified            bool   `json:"modified,omitempty"`
	Date                string `json:"date"`
	GoVersion           string `json:"go_version"`
	Platform            string `json:"platform"`
	ReportSchemaVersion int    `json:"report_schema_version"`
}

func currentBuild() buildInfo {
	return buildInfo{
		Version: version, Dev: strings.HasSuffix(version, "-dev"),
		Commit: commit, Modified: buildModified, Date: date,
		GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH,
		ReportSchemaVersion: report.SchemaVersion,
	}
}

// writeText prints the build as `version` and `--version` show it.
func (b buildInfo) writeText(w io.Writer) error {
	head := "upgrade-advisor " + b.Version
	if b.Dev {
		head += " (development build, not a release)"
	}
	commit := b.Commit
	switch {
	case commit == "":
		commit = "unknown (built without version control information)"
	case b.Modified:
		commit += " (with uncommitted changes)"
	}
	built := b.Date
	if built == "" {
		built = "unknown"
	}
	_, err := fmt.Fprintf(w, "%s\ncommit:  %s\nbuilt:   %s\ngo:      %s %s\nreports: JSON schema_version %d\n",
		head, commit, built, b.GoVersion, b.Platform, b.ReportSchemaVersion)
	return err
}

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the version, the commit, the build date and the Go version",
		Description: `EXAMPLES:
   upgrade-advisor version
   upgrade-advisor version --format json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: flagname.Bare(flagname.Format), Aliases: []string{"o"}, Value: "text", Usage: "text or json"},
		},
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			b := currentBuild()
			switch c.String("format") {
			case "text":
				return b.writeText(c.App.Writer)
			case "json":
				enc := json.NewEncoder(c.App.Writer)
				enc.SetIndent("", "  ")
				return enc.Encode(b)
			}
			return fmt.Errorf("%w: version --format %q: use text or json", exitcode.ErrUsage, c.String("format"))
		},
	}
}

// printVersion is the app's --version: the same text as `version`.
func printVersion(c *cli.Context) { _ = currentBuild().writeText(c.App.Writer) }
