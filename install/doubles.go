package install

import (
	"fmt"
	"github.com/agenthooks/hooks/install/internal/argsecrets"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"strings"

	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// A double is an entry of another hook built on this module on one of
// the file's events: a command that is not ours (another binary, another
// path or name of it) but passes this host's --host and the rest of a
// hook's own command line (hookcli.Parse accepts it), as the installer of
// any such hook writes it. The host runs both on every such event: every
// call is judged twice, and uninstalling one leaves the other.
type double struct {
	found
	event, command string
}

// doubles returns the entries of other hooks built on this module, in
// document order; with only set, those of the named events.
func (ed *editor) doubles(only map[string]bool) []double {
	var out []double
	for _, f := range ed.matching(only, ed.isDouble) {
		c := f.node.Get(ed.h.CommandKey)
		out = append(out, double{found: f, event: ed.hooks().Members[f.member].Key, command: c.Str})
	}
	return out
}

// isDouble reports whether n is another hook's entry ([double]).
func (ed *editor) isDouble(n *jsonc.Node) bool {
	c := n.Get(ed.h.CommandKey)
	if isHTTP(n) || c == nil || c.Kind != jsonc.String || ed.isOurs(n) || callsBinary(c.Str, ed.binary, ed.h) {
		return false
	}
	words, ok := shellwords.Split(c.Str)
	if !ok || len(words) < 3 {
		return false
	}
	args := words[1:]
	for i, w := range args {
		if w == "--" {
			args = args[:i]
			break
		}
	}
	a, err := hookcli.Parse(args)
	return err == nil && a.Host == ed.h.hostArg()
}

// doublesNote is the remark about other hooks built on this module that
// run on events this binary registers: each event runs both.
func doublesNote(ds []double, replaced bool) []string {
	var out []string
	byCommand := map[string][]string{}
	var order []string
	for _, d := range ds {
		if _, ok := byCommand[d.command]; !ok {
			order = append(order, d.command)
		}
		byCommand[d.command] = append(byCommand[d.command], d.event)
	}
	for _, c := range order {
		words, _ := shellwords.Split(c)
		_, secrets := argsecrets.All(words[1:])
		cmd := jsonc.Quote(argsecrets.Redact(c, secrets))
		evs := strings.Join(byCommand[c], ", ")
		if replaced {
			out = append(out, fmt.Sprintf("replaced another hook built on this module on %s: %s (--replace)", evs, cmd))
			continue
		}
		out = append(out, fmt.Sprintf("warning: another hook built on this module is registered on %s: %s; the host runs both on every such event (each call judged twice, and uninstalling one leaves the other): install --replace takes its entries over, or uninstall it with its own binary", evs, cmd))
	}
	return out
}
