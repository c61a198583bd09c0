package install

import (
	"cmp"
	"fmt"
	"io"

	"github.com/agenthooks/hooks"
)

// leaveOut drops from an install the hosts that cannot take it, naming
// each on w with why, so that one command for a whole team
// (install --hosts all --binary-in-project bin/guard) writes every host
// that can take it: a host that reads no file of the scope
// ([hostfacts.HookFile.UserOnly]), and, for --binary-in-project, a host
// that gives a hook no way to find the project's directory. When no host
// is left it leaves the list alone, so that the install fails with the
// first host's own error.
func (o *Options) leaveOut(w io.Writer) {
	names := o.Hosts
	if names == nil {
		names = hostsOf(o.adapters())
	}
	scope := cmp.Or(o.Scope, Project)
	var kept []hooks.Host
	var notes []string
	for _, n := range names {
		h, err := lookupHost(o.adapters(), n)
		switch {
		case err != nil:
			// Install names the unknown host.
			kept = append(kept, n)
		case h.UserOnly != "" && scope != User && scope != Plugin:
			notes = append(notes, fmt.Sprintf("note: %s left out: it has no %s scope: %s", n, scope, h.UserOnly))
		case o.ProjectBinary != "" && h.ProjectDir == "":
			notes = append(notes, fmt.Sprintf("note: %s left out: %s gives a hook no way to find the project's directory, so --binary-in-project cannot reach %s; install it with --binary-on-path", n, h.Title, o.ProjectBinary))
		default:
			kept = append(kept, n)
		}
	}
	if len(kept) == 0 || len(notes) == 0 {
		return
	}
	for _, s := range notes {
		fmt.Fprintln(w, s)
	}
	o.Hosts = kept
}
