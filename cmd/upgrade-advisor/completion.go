package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cpuguy83/go-md2man/v2/md2man"
	"github.com/urfave/cli/v2"

	"github.com/upgrade-advisor/upgrade-advisor/advisor/exitcode"
)

func manCommand() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the man page (generated from the command definitions)",
		Description: `EXAMPLES:
   upgrade-advisor man > /usr/local/share/man/man1/upgrade-advisor.1
   upgrade-advisor man | man -l -`,
		Action: func(c *cli.Context) error {
			if err := noArgs(c); err != nil {
				return err
			}
			page, err := manPage(c.App)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(c.App.Writer, page)
			return err
		},
	}
}

// manPage renders the command definitions as a section 1 man page. The
// definitions are plain text, written for --help, and the renderer reads
// them as Markdown: an underscore pair is italics (upgrade_advisor_<hex>
// printed "upgrade\fIadvisor\fP") and <hex> an HTML tag it drops. Their
// text is escaped first, outside the code blocks the page's template
// writes and the indented examples (taken literally).
func manPage(app *cli.App) (string, error) {
	md, err := app.ToMarkdown()
	if err != nil {
		return "", err
	}
	return string(md2man.Render([]byte("% " + app.Name + " 1\n\n" + escapeManText(md)))), nil
}

// escapeManText backslash-escapes the Markdown specials that plain text
// uses (_ < > and a backtick) in the lines Markdown reads as text.
func escapeManText(md string) string {
	lines := strings.Split(md, "\n")
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		if fenced || strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") {
			continue
		}
		lines[i] = manEscaper.Replace(l)
	}
	return strings.Join(lines, "\n")
}

var manEscaper = strings.NewReplacer("_", "\\_", "<", "\\<", ">", "\\>", "`", "\\`")

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script: bash or zsh",
		ArgsUsage: "bash|zsh",
		Description: `EXAMPLES:
   upgrade-advisor completion bash > /etc/bash_completion.d/upgrade-advisor
   source <(upgrade-advisor completion bash)
   upgrade-advisor completion zsh > "${fpath[1]}/_upgrade-advisor"`,
		Action: func(c *cli.Context) error {
			switch c.Args().First() {
			case "bash":
				_, err := fmt.Fprint(c.App.Writer, bashCompletion(c.App))
				return err
			case "zsh":
				_, err := fmt.Fprint(c.App.Writer, "#compdef upgrade-advisor\nautoload -U bashcompinit && bashcompinit\n"+bashCompletion(c.App))
				return err
			}
			return fmt.Errorf("%w: completion needs the shell: bash or zsh", exitcode.ErrUsage)
		},
	}
}

// bashCompletion builds a completion script from the command definitions:
// command names first, then each command's flags (and subcommands).
func bashCompletion(app *cli.App) string {
	var b strings.Builder
	b.WriteString("# bash completion for upgrade-advisor, generated from its command definitions\n")
	b.WriteString("_upgrade_advisor() {\n  local cur cmd\n  cur=\"${COMP_WORDS[COMP_CWORD]}\"\n  cmd=\"${COMP_WORDS[1]}\"\n")
	b.WriteString("  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=($(compgen -W \"" + strings.Join(commandNames(app.Commands), " ") + " --help --version\" -- \"$cur\"))\n    return\n  fi\n")
	b.WriteString("  case \"$cmd\" in\n")
	for _, c := range app.Commands {
		words := append(flagNames(c.Flags), commandNames(c.Subcommands)...)
		fmt.Fprintf(&b, "    %s) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")) ;;\n", c.Name, strings.Join(words, " "))
	}
	b.WriteString("  esac\n}\ncomplete -o default -F _upgrade_advisor upgrade-advisor\n")
	return b.String()
}

func commandNames(cmds []*cli.Command) []string {
	var out []string
	for _, c := range cmds {
		if !c.Hidden {
			out = append(out, c.Name)
		}
	}
	return out
}

func flagNames(flags []cli.Flag) []string {
	var out []string
	for _, f := range flags {
		if vf, ok := f.(cli.VisibleFlag); ok && !vf.IsVisible() {
			continue
		}
		for _, n := range f.Names() {
			if len(n) == 1 {
				out = append(out, "-"+n)
			} else {
				out = append(out, "--"+n)
			}
		}
	}
	sort.Strings(out)
	return append(out, "--help")
}
