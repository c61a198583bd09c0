package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks/internal/jsonc"
)

// Managed is the host's managed (system) settings file, which an
// administrator writes for every user of the machine and which wins over
// the user's and the project's ([hostfacts.Managed]: Claude Code's
// /etc/claude-code/managed-settings.json, Gemini CLI's
// /etc/gemini-cli/settings.json). A host with none is refused by name.
const Managed Scope = "managed"

// managedPath is h's managed file on this system, under e.systemRoot when
// it is set; "" when the host reads none here.
func (h *host) managedPath(e env) string {
	p := h.Managed.Path(e.goos, e.getenv)
	if p == "" || e.systemRoot == "" {
		return p
	}
	// A test's stand-in for the file system's root: the path below it,
	// without a volume name ("C:").
	rel := strings.TrimPrefix(filepath.ToSlash(p), filepath.VolumeName(p))
	if len(rel) > 1 && rel[1] == ':' {
		rel = rel[2:]
	}
	return filepath.Join(e.systemRoot, filepath.FromSlash(rel))
}

// checkManaged vets the options of the managed scope before anything is
// read: the command must name the binary by its absolute path (a
// project's copy, or a name PATH finds, is the user's to change), and
// ManagedOnly goes with the managed scope only.
func (o *Options) checkManaged() error {
	if o.Scope != Managed {
		if o.ManagedOnly {
			return errors.New("--managed-hooks-only goes with --scope managed")
		}
		return nil
	}
	if o.portable() {
		return errors.New("--scope managed names the binary by its absolute path: --binary-in-project and --binary-on-path name a file the user can replace")
	}
	return nil
}

// noManaged is the error for host h, which reads no managed file on this
// system.
func (h *host) noManaged(goos string) error {
	why := h.Managed.None
	if why == "" {
		why = "no managed settings file is known for it"
		if h.Managed.Has() {
			why = "it reads none on " + goos
		}
	}
	return fmt.Errorf("%s has no managed scope: %s (leave it out of --hosts, or give it --scope user)", h.name, why)
}

// managedInstall finishes c, the change install makes to h's managed
// file: with o.ManagedOnly, the host's switch that runs managed hooks only
// is set to true; the notes say what else the host needs, and warn about
// a binary that someone other than root may replace.
func (h *host) managedInstall(c *Change, o Options) error {
	key := h.Managed.OnlyManaged
	switch {
	case o.ManagedOnly && key == "":
		c.Notes = append(c.Notes, h.Title+" has no switch that runs managed hooks only: the user's and the project's hooks run too")
	case o.ManagedOnly:
		after, err := setTrue(c.After, key)
		if err != nil {
			return err
		}
		c.After = after
	case key != "":
		c.Notes = append(c.Notes, fmt.Sprintf("the user's and the project's hooks still run beside these (%q is not set; --managed-hooks-only sets it)", key))
	}
	if h.Managed.Needs != "" {
		c.Notes = append(c.Notes, h.Managed.Needs)
	}
	if n := replaceable(o.Binary); n != "" {
		c.Notes = append(c.Notes, n)
	}
	return nil
}

// managedUninstall takes out of c, the change uninstall makes to h's
// managed file, the switch ManagedOnly set, unless it was in the file
// before install first wrote it (orig, the state folder's copy; nil when
// none was kept).
func (h *host) managedUninstall(c *Change, o Options, orig []byte) error {
	key := h.Managed.OnlyManaged
	if !o.ManagedOnly || key == "" || c.After == nil {
		return nil
	}
	if orig != nil && isTrue(orig, key) {
		c.Notes = append(c.Notes, fmt.Sprintf("%q is kept: it was in the file before install", key))
		return nil
	}
	after, removed, err := removeTrue(c.After, key)
	if err != nil {
		return err
	}
	if removed {
		c.After = after
		c.Removed = append(c.Removed, key)
	}
	return nil
}

// setTrue sets the top-level key of the JSON object src to true, leaving
// every other byte as it is.
func setTrue(src []byte, key string) ([]byte, error) {
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return nil, fmt.Errorf("%w: cannot set %q", ErrNotJSON, key)
	}
	if d.Root.Count(key) > 1 {
		return nil, fmt.Errorf("%w: %q appears twice", ErrNotJSON, key)
	}
	st := jsonc.StyleOf(d)
	render := func(ind string) string { return jsonc.RenderMember(key, true, ind, st) }
	i := d.Root.Index(key)
	switch {
	case i < 0:
		e, _ := jsonc.AppendEdit(d.Src, d.Root, st, render)
		return jsonc.Apply(d.Src, e), nil
	case d.Root.Members[i].Value.Kind == jsonc.True:
		return src, nil
	}
	return jsonc.Apply(d.Src, jsonc.ReplaceEdit(d.Src, d.Root, i, st, render)), nil
}

// removeTrue removes the top-level key of src when it is true, and
// reports whether it did.
func removeTrue(src []byte, key string) ([]byte, bool, error) {
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return nil, false, fmt.Errorf("%w: cannot remove %q", ErrNotJSON, key)
	}
	i := d.Root.Index(key)
	if i < 0 || d.Root.Count(key) > 1 || d.Root.Members[i].Value.Kind != jsonc.True {
		return src, false, nil
	}
	return jsonc.Apply(d.Src, jsonc.RemoveEdit(d.Src, d.Root, i, jsonc.StyleOf(d), false)), true, nil
}

// isTrue reports that the top-level key of the JSON object src is true.
func isTrue(src []byte, key string) bool {
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return false
	}
	v := d.Root.Get(key)
	return v != nil && v.Kind == jsonc.True
}

// replaceable says, for a managed file's binary, who beside its owner
// could replace it: anyone the permission bits of it or its folder let
// write ("" for none, or on a system without such bits). Whoever can
// replace the binary decides every call the managed hook judges.
func replaceable(binary string) string {
	for _, p := range []string{binary, filepath.Dir(binary)} {
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		if who := writers(fi); who != "" {
			return fmt.Sprintf("%s is writable by %s: whoever can replace the binary decides what the managed hook allows; keep it in a folder only root can write (/usr/local/bin)", p, who)
		}
	}
	return ""
}

// writers names who, beside the file's owner, its permission bits let
// write it ("" for none, and always on Windows, whose bits say nothing of
// it).
func writers(fi os.FileInfo) string {
	switch m := fi.Mode().Perm(); {
	case runtime.GOOS == "windows":
	case m&0o002 != 0:
		return "everyone"
	case m&0o020 != 0:
		return "its group"
	}
	return ""
}

// managedFacts reports, for doctor, whether h honours a managed scope,
// and whether its managed file is there and holds entries of ours (the
// entries themselves are checked as every scope's are). It returns
// whether the file holds entries of ours.
func (d *doctor) managedFacts(h *host) (ours bool) {
	if d.o.Scope != "" && d.o.Scope != Managed {
		return false
	}
	m := h.Managed
	p := h.path(Managed, d.e)
	if p == "" {
		l := Info
		if d.o.Scope == Managed && d.o.Hosts != nil {
			l = Fail
		}
		d.add(h.name, Managed, "", "", l, "%v", h.noManaged(d.e.goos))
		return false
	}
	state := "absent"
	if src, err := readFile(p); err == nil && src != nil {
		state = "present, with no entry of ours"
		if ed, err := h.open(src, d.o.Binary, d.o.gateway()); err == nil && len(ed.ours(nil)) > 0 {
			state, ours = "present, with entries of ours", true
		}
		if m.OnlyManaged != "" && isTrue(src, m.OnlyManaged) {
			state += fmt.Sprintf("; %q is set: only managed hooks run", m.OnlyManaged)
		}
	}
	msg := fmt.Sprintf("honours a managed scope: the file is %s (%s)", state, m.Evidence)
	if m.Needs != "" {
		msg += "; " + m.Needs
	}
	d.add(h.name, Managed, p, "", Info, "%s", msg)
	return ours
}
