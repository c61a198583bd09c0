package install

import (
	"fmt"
	"slices"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/managedfile"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/statedir"
)

// Uninstall removes our entries, and only them, from each host's file for
// o.Scope, and the containers Install created for them, so that the file
// is byte for byte what it was before Install. A file Install created,
// left with nothing else in it, is removed, with the directories Install
// created for it when they are empty. Locking and all-or-nothing writes
// are as for [Install].
func Uninstall(o Options) ([]Change, error) {
	return edit(o, nil, func(h *host, scope Scope, p string, e env) ([]string, error) {
		if h.Format != hostfacts.FormatPlugins {
			return nil, nil
		}
		return h.pluginCopies(scope, e, o.Binary, p), nil
	}, func(h *host, scope Scope, p string, fst *statedir.File) (*Change, error) {
		if h.Format == hostfacts.FormatScripts {
			return planScriptUninstall(h, scope, p, o)
		}
		if h.Format == hostfacts.FormatPlugins {
			return planPluginUninstall(h, scope, p, o)
		}
		c, err := planUninstall(h, scope, p, o)
		if err != nil || c == nil {
			return c, err
		}
		if scope == Managed {
			if err := h.managedUninstall(c, o, fst.Original()); err != nil {
				return nil, err
			}
		}
		if c.Before != nil && c.Changed() {
			if created, _ := fst.Created(); created && h.holdsNothing(c.After) {
				c.After, c.Deleted = nil, true
			} else if orig := fst.Original(); orig != nil && string(orig) != string(c.After) && h.sameButEmptyHooks(orig, c.After) {
				// Other binaries' installs in between left empty event
				// arrays where the user had none: give back the user's
				// own text.
				c.After = orig
				c.Notes = append(c.Notes, "the file is back to the user's text saved before install")
			}
		}
		return c, nil
	})
}

// planUninstall computes the change Uninstall makes to one file; nil for
// a file that does not exist.
func planUninstall(h *host, scope Scope, p string, o Options) (*Change, error) {
	before, err := safefile.Read(p)
	if err != nil {
		return nil, err
	}
	if before == nil {
		return nil, nil
	}
	c := &Change{Host: h.name, Scope: scope, Path: p, Before: before}
	var out outcome
	var only map[string]bool
	if o.Events != nil {
		only = map[string]bool{}
		regs, _, _ := h.registrations(o.Events, &Options{Timeout: time.Second})
		for _, r := range regs {
			only[r.native] = true
		}
		// Every layout's entries: those of another layout than the
		// default are ours too.
		if lt, ok := h.adapter.(hostfacts.Layouter); ok {
			for _, l := range lt.Layouts() {
				for _, r := range l.Entries {
					if contains(o.Events, r.Unified) {
						only[r.Event] = true
					}
				}
			}
		}
	}
	c.After, out, err = h.uninstallFile(before, o.Binary, only, o.gateway())
	if err != nil {
		return nil, err
	}
	return h.finish(c, out, o), nil
}

// UninstallOrphans removes, from each host's file for o.Scope, the
// entries of hook binaries other than o.Binary that no longer exist
// (see the orphan notes of Install, Uninstall and Doctor): as Uninstall
// run by each of those binaries would. A per-binary file (Copilot CLI's)
// is found only for o.Binary's own name.
func UninstallOrphans(o Options) ([]Change, error) {
	hs, e, err := o.prepare()
	if err != nil {
		return nil, err
	}
	scope := o.Scope
	if scope == "" {
		scope = Project
	}
	var bins []string
	for _, h := range hs {
		p := h.path(scope, e)
		if p == "" {
			continue
		}
		if h.Format == hostfacts.FormatPlugins {
			for _, op := range h.pluginOrphans(scope, e, o.Binary) {
				if !slices.Contains(bins, op.binary) {
					bins = append(bins, op.binary)
				}
			}
			continue
		}
		src, err := safefile.Read(p)
		if err != nil || src == nil {
			continue
		}
		ed, err := h.open(src, o.Binary, o.gateway())
		if err != nil {
			continue
		}
		for _, b := range ed.orphans() {
			if !slices.Contains(bins, b) {
				bins = append(bins, b)
			}
		}
	}
	var all []Change
	for _, b := range bins {
		ob := o
		ob.Binary, ob.ProjectBinary, ob.PathBinary, ob.absoluteOnly = b, "", "", true
		cs, err := Uninstall(ob)
		for _, c := range cs {
			if c.Changed() {
				all = append(all, c)
			}
		}
		if err != nil {
			return all, err
		}
	}
	return all, nil
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
	if orig != nil && managedfile.IsTrue(orig, key) {
		c.Notes = append(c.Notes, fmt.Sprintf("%q is kept: it was in the file before install", key))
		return nil
	}
	after, removed, err := managedfile.RemoveTrue(c.After, key)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotJSON, err)
	}
	if removed {
		c.After = after
		c.Removed = append(c.Removed, key)
	}
	return nil
}
