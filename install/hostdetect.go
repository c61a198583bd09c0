package install

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks"
)

// Presence says whether a host is on this machine ([Detect]).
type Presence struct {
	Host hooks.Host
	// Title is the host's name for people ("Claude Code").
	Title string
	// Present: the host's user configuration directory exists, or one of
	// its programs is on PATH.
	Present bool
	// Why is what was found ("~/.claude"), or what was looked for and
	// not found.
	Why string
}

// Detect reports, for each host of o.Adapters with a hook file (all of
// them when o.Hosts is nil, else those it names), whether the host is on
// this machine: its user configuration directory exists (o.ConfigRoots,
// else the host's HomeEnv variable, else ~/.claude and the like: see
// hostfacts.HookFile.ConfigDir), or one of its programs
// (hostfacts.HookFile.Programs) is on PATH, as o.Getenv reads it.
func Detect(o Options) ([]Presence, error) {
	names := o.Hosts
	if names == nil {
		names = hostsOf(o.adapters())
	}
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	home := o.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	var ps []Presence
	for _, n := range names {
		h, err := lookupHost(o.adapters(), n)
		if err != nil {
			return nil, usageError{err}
		}
		ps = append(ps, presence(h, cmp.Or(o.ConfigRoots[n], h.ConfigDir(home, getenv)), getenv("PATH")))
	}
	return ps, nil
}

// presence tells whether h is on this machine from its configuration
// directory dir and the PATH list path.
func presence(h *host, dir, path string) Presence {
	p := Presence{Host: h.name, Title: h.Title}
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		p.Present, p.Why = true, dir
		return p
	}
	for _, prog := range h.Programs {
		if found := lookPath(prog, path); found != "" {
			p.Present, p.Why = true, found
			return p
		}
	}
	p.Why = "no " + dir
	if len(h.Programs) > 0 {
		p.Why += ", no " + strings.Join(h.Programs, " or ") + " on PATH"
	}
	return p
}

// lookPath returns the path of the executable prog in the directories of
// the PATH list path, or "".
func lookPath(prog, path string) string {
	for _, d := range filepath.SplitList(path) {
		if d == "" || !filepath.IsAbs(d) {
			continue
		}
		p := filepath.Join(d, prog)
		if runtime.GOOS == "windows" {
			p += ".exe"
		}
		fi, err := os.Stat(p)
		if err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode().Perm()&0o111 != 0) {
			return p
		}
	}
	return ""
}

// presentHosts splits ps into the hosts present and a line naming the
// hosts skipped and why.
func presentHosts(ps []Presence) (present []hooks.Host, skipped []string) {
	for _, p := range ps {
		if p.Present {
			present = append(present, p.Host)
		} else {
			skipped = append(skipped, fmt.Sprintf("%s (%s)", p.Host, p.Why))
		}
	}
	return present, skipped
}

// parseConfigRoots reads --config-root values: HOST=DIR, or DIR alone
// when hosts names exactly one host.
func parseConfigRoots(vals []string, hosts []hooks.Host) (map[hooks.Host]string, error) {
	if len(vals) == 0 {
		return nil, nil
	}
	m := map[hooks.Host]string{}
	for _, v := range vals {
		h, dir, ok := strings.Cut(v, "=")
		if !ok {
			if len(hosts) != 1 {
				return nil, fmt.Errorf("--config-root %s: write HOST=DIR, or name one host with --hosts", v)
			}
			h, dir = string(hosts[0]), v
		}
		if dir == "" || h == "" {
			return nil, fmt.Errorf("--config-root %q: empty host or directory", v)
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		m[hooks.Host(h)] = abs
	}
	return m, nil
}

// detectHosts sets o.Hosts to the hosts on this machine, naming on w
// those it found and those it skipped and why; it returns 2, having said
// why, when there is none, else 0.
func (o *Options) detectHosts(w io.Writer) int {
	ps, err := Detect(*o)
	if err != nil {
		fmt.Fprintln(w, "install:", err)
		return 2
	}
	present, skipped := presentHosts(ps)
	if len(present) == 0 {
		fmt.Fprintf(w, "install: none of the hosts is on this machine: %s\nname them with --hosts (or --hosts all)\n", strings.Join(skipped, "; "))
		return 2
	}
	var found []string
	for _, p := range ps {
		if p.Present {
			found = append(found, fmt.Sprintf("%s (%s)", p.Host, p.Why))
		}
	}
	fmt.Fprintf(w, "note: hosts on this machine: %s\n", strings.Join(found, ", "))
	if len(skipped) > 0 {
		fmt.Fprintf(w, "note: skipped, not on this machine: %s; --hosts all or --hosts LIST to install them\n", strings.Join(skipped, "; "))
	}
	// A host with the user scope alone is left out of another scope's
	// default, with the reason, rather than failing the whole install.
	var kept []hooks.Host
	for _, name := range present {
		if h, err := lookupHost(o.adapters(), name); err == nil && h.UserOnly != "" && o.Scope != User {
			fmt.Fprintf(w, "note: %s skipped for the %s scope: %s\n", name, cmp.Or(o.Scope, Project), h.UserOnly)
			continue
		}
		kept = append(kept, name)
	}
	if len(kept) == 0 {
		fmt.Fprintln(w, "install: no host on this machine has this scope; name the scope with --scope")
		return 2
	}
	o.Hosts = kept
	return 0
}

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
