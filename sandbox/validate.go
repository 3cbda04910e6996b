package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/upgrade-advisor/upgrade-advisor/rules/flavor"
)

// RefusedOption is a server option the binary refused, with its message.
type RefusedOption struct {
	Option  string // as given, "name=value"
	Message string // the binary's error line
}

var (
	badValue      = regexp.MustCompile(`Error while setting value '([^']*)' to '([^']+)'`)
	unknownOption = regexp.MustCompile(`unknown (?:variable|option) '(?:--)?([^'=]+)[^']*'`)
)

// ValidateOptions asks the server binary which of options ("name=value",
// as for Options.ServerOptions) it refuses, without starting a server:
// MySQL 8.0.16 and later with --validate-config, MariaDB and older MySQL
// with --help --verbose. Both stop at the first refused option, so each
// one found is taken out and the rest asked again.
func ValidateOptions(ctx context.Context, b *Binary, options []string) ([]RefusedOption, error) {
	var refused []RefusedOption
	left := append([]string(nil), options...)
	for range len(options) + 1 {
		out, failed, err := AskOptions(ctx, b, left)
		if err != nil || !failed {
			return refused, err
		}
		i, msg := refusedIndex(out, left)
		if i < 0 {
			return refused, fmt.Errorf("sandbox: %s refused the options but named none of them: %s", b.Path, lastLines(out, 5))
		}
		refused = append(refused, RefusedOption{Option: left[i], Message: msg})
		left = append(left[:i], left[i+1:]...)
	}
	return refused, nil
}

// AskOptions runs the binary's option check once, without starting a
// server, and returns what it printed; failed says it refused an option.
func AskOptions(ctx context.Context, b *Binary, options []string) (out string, failed bool, err error) {
	args := []string{"--no-defaults"}
	if d := b.ServerDir(); d != "" {
		args = append(args, "--basedir="+d)
	}
	if b.ShareDir != "" {
		args = append(args, "--lc-messages-dir="+b.ShareDir, "--character-sets-dir="+filepath.Join(b.ShareDir, "charsets"))
	}
	if !b.Flavor.ValidatesConfig() {
		args = append(args, "--help", "--verbose")
	} else {
		args = append(args, "--validate-config", "--secure-file-priv=")
	}
	for _, o := range options {
		args = append(args, "--"+strings.TrimPrefix(o, "--"))
	}
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	name, full := b.command(b.Path, args...)
	raw, runErr := exec.CommandContext(ctx, name, full...).CombinedOutput()
	var exit *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exit) || ctx.Err() != nil {
		return "", false, fmt.Errorf("sandbox: asking %s about its options: %w", b.Path, errors.Join(runErr, ctx.Err()))
	}
	return string(raw), runErr != nil, nil
}

// refusedIndex finds which option the output names, and its message.
func refusedIndex(out string, options []string) (int, string) {
	for _, re := range []*regexp.Regexp{badValue, unknownOption} {
		for _, line := range strings.Split(out, "\n") {
			m := re.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			name := optionKey(m[len(m)-1])
			for i, o := range options {
				if optionKey(o) == name {
					return i, strings.TrimSpace(line[strings.Index(line, m[0]):])
				}
			}
		}
	}
	return -1, ""
}

// optionKey is an option's name as the servers compare it: lower case,
// '-' as '_', without a leading "--" and the value.
func optionKey(o string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(o, "--"), "=")
	return flavor.OptionName(name)
}

// ValidationCommand says how ValidateOptions asks the binary, for a report.
func (b *Binary) ValidationCommand() string {
	if !b.Flavor.ValidatesConfig() {
		return b.Path + " --no-defaults --help --verbose --OPTION..."
	}
	return b.Path + " --no-defaults --validate-config --OPTION..."
}
