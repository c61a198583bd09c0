package install

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/agenthooks/hooks/install/internal/hookscript"
	"github.com/agenthooks/hooks/install/internal/safefile"
)

// A host whose hook file is [hostfacts.FormatScripts] (Cline CLI) has
// no file of entries: each event is an executable file named after it in
// the hook directory. Install writes one such file per event, a script
// that execs the binary's command; it never overwrites a file of the
// same name that is not its own script for this binary (the host runs
// one file per name: install refuses, and says how to go on). Uninstall
// removes a file only when it is byte for byte the script install writes
// for this binary (with any of its flags); doctor reports each one.

// scriptCommand returns the command of a script install wrote, and
// whether src is one: exactly hookscript.Render(command) for a command of ours for
// binary.
func (h *host) scriptCommand(src []byte, binary string) (string, bool) {
	cmd, ok := hookscript.Command(src)
	if !ok || !h.ownCommand(cmd, binary) {
		return "", false
	}
	return cmd, true
}

// scriptEvents are the native events whose hook file install, uninstall
// and doctor look at: every event of the host's capability matrix.
func (h *host) scriptEvents() []string {
	var out []string
	for _, c := range h.adapter.Capabilities() {
		out = append(out, c.Native)
	}
	return out
}

// planScriptInstall computes the change Install makes to the hook file p
// of one event (nil when the event is not registered).
func planScriptInstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	native := filepath.Base(p)
	regs, notes, err := h.registrations(o.Events, &o)
	if err != nil {
		return nil, err
	}
	var r *reg
	for i := range regs {
		if regs[i].native == native {
			r = &regs[i]
		}
	}
	if r == nil {
		return nil, nil
	}
	before, err := safefile.Read(p)
	if err != nil {
		return nil, err
	}
	want := hookscript.Render(h.command(o.Binary, native, o.FailClosed, r.limit, o.gateway()))
	c := &Change{Host: h.name, Scope: scope, Path: p, Before: before, After: want, Notes: notes, exec: true}
	switch _, ours := h.scriptCommand(before, o.Binary); {
	case before == nil:
		c.Added = []string{native}
	case !ours:
		what := "it is not a script install wrote"
		if callsBinary(string(before), o.Binary, h) {
			what = "it runs this binary, but is not exactly the script install writes (customised)"
		}
		return nil, fmt.Errorf("%s already has a hook file for %s that is not ours (%s): %s runs one file per event name, "+
			"so install does not overwrite it; remove or rename it, or call the binary from it yourself, then run install again",
			h.Title, native, what, h.Title)
	case string(before) == string(want):
		c.Unchanged = []string{native}
	default:
		c.Updated = []string{native}
	}
	if runtime.GOOS != "windows" && before != nil {
		if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o111 == 0 {
			c.Notes = append(c.Notes, fmt.Sprintf("%s is not executable, and %s does not run it; chmod +x it", p, h.Title))
		}
	}
	return c, nil
}

// planScriptUninstall computes the change Uninstall makes to the hook
// file p of one event: its removal, when it is our script for the binary.
func planScriptUninstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	native := filepath.Base(p)
	if o.Events != nil {
		regs, _, _ := h.registrations(o.Events, &Options{Timeout: time.Second})
		found := false
		for _, r := range regs {
			found = found || r.native == native
		}
		if !found {
			return nil, nil
		}
	}
	before, err := safefile.Read(p)
	if err != nil || before == nil {
		return nil, err
	}
	if _, ours := h.scriptCommand(before, o.Binary); !ours {
		if callsBinary(string(before), o.Binary, h) {
			return &Change{Host: h.name, Scope: scope, Path: p, Before: before, After: before,
				Notes: []string{fmt.Sprintf("the hook file for %s runs this binary but is not exactly the script install writes (customised): left alone", native)}}, nil
		}
		return nil, nil
	}
	return &Change{Host: h.name, Scope: scope, Path: p, Before: before, Deleted: true, Removed: []string{native}}, nil
}

// checkScripts is doctor's check of a scripts host's hook files of scope
// s; it returns how many are ours.
func (d *doctor) checkScripts(h *host, s Scope) int {
	dir := h.path(s, d.e)
	if dir == "" {
		return 0
	}
	n := 0
	var events []string
	for _, native := range h.scriptEvents() {
		p := filepath.Join(dir, native)
		src, err := safefile.Read(p)
		if err != nil {
			d.add(h.name, s, p, native, Fail, "cannot read: %v", err)
			continue
		}
		if src == nil {
			continue
		}
		cmd, ours := h.scriptCommand(src, d.o.Binary)
		if !ours {
			if callsBinary(string(src), d.o.Binary, h) {
				d.add(h.name, s, p, native, Warn, "a hook file that runs this binary but is not exactly the script install writes (customised): left alone")
			}
			continue
		}
		n++
		events = append(events, native)
		if fi, err := os.Stat(p); err == nil && runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
			d.add(h.name, s, p, native, Fail, "the hook file is not executable: %s does not run it; chmod +x it or run install again", h.Title)
		}
		d.checkCommand(h, s, p, native, cmd, DefaultTimeout, false)
	}
	if n > 0 {
		d.add(h.name, s, dir, "", OK, "%d hook files: %s", n, strings.Join(events, ", "))
	}
	return n
}
