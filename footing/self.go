package footing

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// self judges a command that runs the hook binary itself (by path, by
// name through PATH, or through `go run`): its install, uninstall and
// --observe change the registrations, so the model may not run them.
// doctor, report, version and help stay allowed.
func (p *place) self(c *shell.Command) (string, bool) {
	if len(c.Args) < 2 {
		return "", false
	}
	args := c.Args[1:]
	switch {
	case p.Name != "" && c.Name == p.Name:
	case c.Name == "go" && c.Args[1].Value == "run":
		args = c.Args[2:]
	default:
		return "", false
	}
	first := true
	for _, a := range args {
		v := strings.ToLower(a.Value)
		if a.Dynamic {
			if c.Name == "go" {
				continue
			}
			return p.selfReason(c, "an argument known only when the command runs"), true
		}
		if v == "--observe" || v == "-observe" || strings.HasPrefix(v, "--observe=") || strings.HasPrefix(v, "-observe=") {
			return p.selfReason(c, "--observe"), true
		}
		if (first || c.Name == "go") && (v == "install" || v == "uninstall") {
			return p.selfReason(c, v), true
		}
		if !strings.HasPrefix(v, "-") {
			first = false
		}
	}
	return "", false
}

// selfReason is the reason to deny running the binary's subcommand sub.
func (p *place) selfReason(c *shell.Command, sub string) string {
	return "footing: this would change the hook that guards this session: `" + c.String() + "` runs the hook's own " + sub +
		", which rewrites its registrations; the hook's registrations are the user's to change: ask the user to change the hook"
}

// links judges ln, link and cp -s or -l: a link to a footing file, or to
// a folder that holds one ("$PWD/bin", "$PWD"), lets a later write
// through the link change it (ln -s "$PWD/bin" /tmp/l && rm /tmp/l/guard).
func (p *place) links(c *shell.Command) (string, bool) {
	if !c.MakesLinks() {
		return "", false
	}
	for _, a := range c.Args[1:] {
		if a.MaybeOption() && !a.Dynamic {
			continue
		}
		v := a.Value
		if a.Dynamic {
			if v = p.hostPath(v); v == "" {
				continue // known only at run time: the write through it is judged by its own name
			}
		}
		if e, ok := p.Touches(v, true); ok {
			return p.reason(e, p.abs(v), c.Name+" (a link to it, or to a folder that holds it, lets a later write change it)"), true
		}
	}
	return "", false
}
