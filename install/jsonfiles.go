package install

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/keyorder"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// emptyFile is what a missing file is edited from.
const emptyFile = "{}\n"

// outcome lists what an edit did, by native event.
type outcome struct {
	Added, Updated, Unchanged, Removed []string
	Notes                              []string
}

// installFile returns src (nil: a missing file) with one entry of ours per
// registration, everything else unchanged.
func (h *host) installFile(src []byte, binary string, regs []reg, failClosed bool, g gatewayOpts) ([]byte, outcome, error) {
	if h.Format == hostfacts.FormatTOML {
		return h.installTOML(src, binary, regs, failClosed, g)
	}
	var out outcome
	created := src == nil
	if created {
		src = []byte(emptyFile)
	}
	ed, err := h.open(src, binary, g)
	if err != nil {
		return nil, out, err
	}
	if g.replace {
		out.Notes = append(out.Notes, doublesNote(ed.doubles(nil), true)...)
		// The last first: a removal moves the entries after it.
		for ds := ed.doubles(nil); len(ds) > 0; ds = ed.doubles(nil) {
			if err := ed.apply(ed.removeEdit(ds[len(ds)-1].found, false)); err != nil {
				return nil, out, err
			}
		}
	}
	// Each entry records what existed before this run, so that all the
	// entries of a run share one key order and uninstall can undo the run
	// whatever order it removes them in.
	pre := make([]keyorder.State, len(regs))
	for i, r := range regs {
		pre[i] = ed.before(r.native)
	}
	if h.JSON.Version {
		switch v := ed.doc.Root.Get("version"); {
		case ed.doc.Root.Count("version") > 1:
			return nil, out, fmt.Errorf("%w: \"version\" appears twice", ErrNotJSON)
		case v == nil && !created && !h.versionState(false):
			// Copilot's entries cannot record that install added it, so
			// uninstall could not take it out again.
			return nil, out, fmt.Errorf("%w: no \"version\": 1, which %s needs; add it, or delete the file (install creates it)", ErrNotJSON, h.name)
		case v == nil:
			e, _ := jsonc.AppendEdit(ed.doc.Src, ed.doc.Root, ed.style, func(ind string) string {
				return jsonc.RenderMember("version", 1, ind, ed.style)
			})
			if err := ed.apply(e); err != nil {
				return nil, out, err
			}
			for i := range pre {
				pre[i].Version = true
			}
		case string(ed.doc.Src[v.Start:v.End]) != "1":
			out.Notes = append(out.Notes, fmt.Sprintf("\"version\" is %s; %s expects 1", ed.doc.Src[v.Start:v.End], ed.h.Title))
		}
	}
	for i, r := range regs {
		w, err := h.want(r, binary, failClosed, g)
		if err != nil {
			return nil, out, err
		}
		if err := ed.put(w, pre[i], &out); err != nil {
			return nil, out, err
		}
	}
	return ed.doc.Src, out, nil
}

// before returns the state of an entry for the native event added to the
// file as it is now.
func (ed *editor) before(native string) keyorder.State {
	var st keyorder.State
	c := ed.doc.Root
	switch hk := ed.hooks(); {
	case hk == nil:
		st.Level = 2
	case hk.Get(native) == nil:
		st.Level, c = 1, hk
	default:
		c = hk.Get(native)
	}
	_, st.Closed = jsonc.AppendEdit(ed.doc.Src, c, ed.style, func(string) string { return "" })
	return st
}

// put makes the file hold exactly one entry of ours for w's event; a new
// entry records st.
func (ed *editor) put(w want, st keyorder.State, out *outcome) error {
	fs := ed.ours(map[string]bool{w.native: true})
	if hk := ed.hooks(); hk != nil && hk.Count(w.native) > 1 {
		return fmt.Errorf("%w: %s appears twice", ErrNotJSON, ed.h.where(w.native))
	}
	// Keep the first entry of ours; drop duplicates, last first.
	for i := len(fs) - 1; i > 0; i-- {
		if err := ed.apply(ed.removeEdit(fs[i], false)); err != nil {
			return err
		}
	}
	if len(fs) > 0 {
		f := ed.ours(map[string]bool{w.native: true})[0]
		if len(fs) == 1 && ed.same(f, w) {
			out.Unchanged = append(out.Unchanged, w.native)
			return nil
		}
		out.Updated = append(out.Updated, w.native)
		if ed.soleInGroup(f) {
			ev := ed.hooks().Members[f.member].Value
			return ed.apply(jsonc.ReplaceEdit(ed.doc.Src, ev, f.group, ed.style, func(ind string) string {
				return jsonc.Render(ed.h.element(w, f.st), ind, ed.style)
			}))
		}
		if err := ed.apply(ed.removeEdit(f, false)); err != nil {
			return err
		}
	} else {
		out.Added = append(out.Added, w.native)
	}
	return ed.insert(w, st)
}

// insert appends an entry for w, recording st, in the innermost
// container that exists.
func (ed *editor) insert(w want, st keyorder.State) error {
	c, level := ed.doc.Root, 2
	if hk := ed.hooks(); hk != nil {
		c, level = hk, 1
		if ev := hk.Get(w.native); ev != nil {
			c, level = ev, 0
		}
	}
	elem := ed.h.element(w, st)
	e, _ := jsonc.AppendEdit(ed.doc.Src, c, ed.style, func(ind string) string {
		switch level {
		case 0:
			return jsonc.Render(elem, ind, ed.style)
		case 1:
			return jsonc.RenderMember(w.native, []any{elem}, ind, ed.style)
		}
		return jsonc.RenderMember("hooks", jsonc.Obj{{K: w.native, V: []any{elem}}}, ind, ed.style)
	})
	return ed.apply(e)
}

// removeEdit removes f: the handler, or its group when the group is ours,
// and, when uninstalling (undo), the containers install created for it.
func (ed *editor) removeEdit(f found, undo bool) jsonc.Edit {
	src, s := ed.doc.Src, ed.style
	root := ed.doc.Root
	hk := ed.hooks()
	ev := hk.Members[f.member].Value
	if !ed.soleInGroup(f) {
		return jsonc.RemoveEdit(src, ev.Elems[f.group].Get("hooks"), f.handler, s, false)
	}
	switch {
	case ev.Len() > 1 || !undo:
		return jsonc.RemoveEdit(src, ev, f.group, s, false)
	case f.st.Level == 0:
		return jsonc.RemoveEdit(src, ev, f.group, s, f.st.Closed)
	case hk.Len() > 1:
		return jsonc.RemoveEdit(src, hk, f.member, s, false)
	case f.st.Level == 1 || ed.h.JSON.TopLevel:
		return jsonc.RemoveEdit(src, hk, f.member, s, f.st.Closed)
	}
	return jsonc.RemoveEdit(src, root, root.Index("hooks"), s, f.st.Closed)
}

// uninstallFile returns src without our entries (only those of the named
// events when only is set), and without what install created for them.
func (h *host) uninstallFile(src []byte, binary string, only map[string]bool, g gatewayOpts) ([]byte, outcome, error) {
	if h.Format == hostfacts.FormatTOML {
		return h.uninstallTOML(src, binary, only)
	}
	var out outcome
	ed, err := h.open(src, binary, g)
	if err != nil {
		return nil, out, err
	}
	for {
		fs := ed.ours(only)
		if len(fs) == 0 {
			break
		}
		f := fs[len(fs)-1]
		out.Removed = append(out.Removed, ed.hooks().Members[f.member].Key)
		if err := ed.apply(ed.removeEdit(f, true)); err != nil {
			return nil, out, err
		}
		if f.st.Version && len(ed.ours(nil)) == 0 {
			root := ed.doc.Root
			if i := root.Index("version"); i >= 0 && string(ed.doc.Src[root.Members[i].Value.Start:root.Members[i].Value.End]) == "1" {
				if err := ed.apply(jsonc.RemoveEdit(ed.doc.Src, root, i, ed.style, f.st.Closed)); err != nil {
					return nil, out, err
				}
			}
		}
	}
	reverse(out.Removed)
	return ed.doc.Src, out, nil
}

func reverse(s []string) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// holdsNothing reports a file left with nothing but what installs write
// around their entries: "{}", or "hooks" holding only empty event
// arrays (what interleaved installs of several binaries leave), and
// Cursor's "version": 1. Uninstall removes such a file when install
// created it.
func (h *host) holdsNothing(src []byte) bool {
	if h.Format == hostfacts.FormatTOML {
		return strings.TrimSpace(string(src)) == ""
	}
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return false
	}
	for _, m := range d.Root.Members {
		switch {
		case h.JSON.TopLevel:
			if m.Value.Kind != jsonc.Array || m.Value.Len() > 0 {
				return false
			}
		case m.Key == "version" && h.JSON.Version && string(d.Src[m.Value.Start:m.Value.End]) == "1":
		case m.Key == "hooks" && m.Value.Kind == jsonc.Object:
			for _, ev := range m.Value.Members {
				if ev.Value.Kind != jsonc.Array || ev.Value.Len() > 0 {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// sameButEmptyHooks reports that a and b hold the same values, once
// empty event arrays in "hooks" (at the top level when the events are
// there), and a "hooks" left empty, are dropped.
func (h *host) sameButEmptyHooks(a, b []byte) bool {
	da, err := jsonc.Parse(a)
	if err != nil {
		return false
	}
	db, err := jsonc.Parse(b)
	if err != nil {
		return false
	}
	depth := 0
	if h.JSON.TopLevel {
		depth = 1 // the events are the top-level keys
	}
	return canon(da.Src, da.Root, depth) == canon(db.Src, db.Root, depth)
}

// canon renders n compactly; at depth 0 and 1 it drops empty arrays
// under "hooks" and an empty "hooks".
func canon(src []byte, n *jsonc.Node, depth int) string {
	var b strings.Builder
	switch n.Kind {
	case jsonc.Object:
		b.WriteByte('{')
		for _, m := range n.Members {
			if depth == 0 && m.Key == "hooks" && m.Value.Kind == jsonc.Object {
				inner := canon(src, m.Value, 1)
				if inner == "{}" {
					continue
				}
				b.WriteString(strconv.Quote(m.Key) + ":" + inner + ",")
				continue
			}
			if depth == 1 && m.Value.Kind == jsonc.Array && m.Value.Len() == 0 {
				continue
			}
			b.WriteString(strconv.Quote(m.Key) + ":" + canon(src, m.Value, 2) + ",")
		}
		b.WriteByte('}')
	case jsonc.Array:
		b.WriteByte('[')
		for _, e := range n.Elems {
			b.WriteString(canon(src, e, 2) + ",")
		}
		b.WriteByte(']')
	case jsonc.String:
		b.WriteString(strconv.Quote(n.Str))
	default:
		b.Write(src[n.Start:n.End])
	}
	return strings.Replace(b.String(), ",}", "}", 1)
}
