package install

import (
	"errors"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/agenthooks/hooks/internal/jsonc"
)

// orphans returns the hook binaries, other than ed's, that entries of
// the file run as install writes them (an entry of ours for that binary)
// but that no longer exist: a binary moved or deleted without uninstall.
// Their entries fail at every event (exit 127; Gemini CLI then blocks
// every call), and the binary cannot uninstall itself.
func (ed *editor) orphans() []string {
	hk := ed.hooks()
	if hk == nil {
		return nil
	}
	var bins []string
	check := func(n *jsonc.Node) {
		c := n.Get(ed.h.CommandKey)
		if n.Kind != jsonc.Object || c == nil || c.Kind != jsonc.String || ed.isOurs(n) {
			return
		}
		words, ok := shellwords.Split(c.Str)
		if !ok || len(words) == 0 || shellwords.SamePath(words[0], ed.binary) || slices.Contains(bins, words[0]) {
			return
		}
		bin := words[0]
		if !filepath.IsAbs(bin) && !shellwords.WindowsPath(bin) {
			return
		}
		if _, err := os.Stat(bin); !errors.Is(err, fs.ErrNotExist) {
			return
		}
		other := *ed
		other.binary = bin
		if other.isOurs(n) {
			bins = append(bins, bin)
		}
	}
	for _, m := range hk.Members {
		if m.Value.Kind != jsonc.Array {
			continue
		}
		for _, g := range m.Value.Elems {
			if ed.h.Flat || g.Kind != jsonc.Object {
				check(g)
				continue
			}
			if hs := g.Get("hooks"); hs != nil && hs.Kind == jsonc.Array {
				for _, x := range hs.Elems {
					check(x)
				}
			}
		}
	}
	return bins
}

// orphanNote is the remark about the entries of a binary that no longer
// exists.
func orphanNote(h *host, bin string) string {
	effect := "they fail at every event"
	if h.ErrorBlocks {
		effect = "they fail at every event, and " + h.Title + " blocks every call they match"
	}
	return "entries of " + bin + ", which no longer exists (moved or deleted without uninstall): " + effect + "; uninstall --orphans removes them"
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
		if h.PluginModule != "" {
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
