package install

import (
	"path/filepath"

	"github.com/agenthooks/hooks/install/internal/commandscan"
	"github.com/agenthooks/hooks/install/internal/projectroot"
)

// A host may run shell lines of its command files while it expands a
// command, before any hook sees them ([hostfacts.Commands]: OpenCode's
// !`command`). A policy that denies a shell command does not cover
// those, so doctor names each such line of the command files the host
// reads, as a warning: the files are the user's, and doctor changes
// nothing.

// commandFolder is a folder a host reads command files from; deep: with
// its subfolders.
type commandFolder struct {
	path string
	deep bool
}

// commandFolders returns the folders h reads command files from for
// scope s, each once.
func (h *host) commandFolders(s Scope, e env) []commandFolder {
	c := h.Commands
	var confs, flat []string
	switch s {
	case Project:
		for _, d := range projectroot.Dirs(e.dir, e.home) {
			for _, x := range h.PluginModule.Loads.Project {
				confs = append(confs, filepath.Join(d, x))
			}
		}
		for _, x := range c.Project {
			flat = append(flat, filepath.Join(e.dir, filepath.FromSlash(x)))
		}
	case User:
		if p := h.path(s, e); p != "" {
			confs = append(confs, filepath.Dir(filepath.Dir(p)))
		}
		for _, x := range h.PluginModule.Loads.Home {
			confs = append(confs, filepath.Join(e.home, x))
		}
		if v := h.PluginModule.Loads.Env; v != "" {
			if d := e.getenv(v); d != "" && filepath.IsAbs(d) {
				confs = append(confs, d)
			}
		}
		for _, x := range c.Home {
			flat = append(flat, filepath.Join(e.home, filepath.FromSlash(x)))
		}
	}
	var out []commandFolder
	seen := map[string]bool{}
	add := func(p string, deep bool) {
		if !seen[p] {
			seen[p] = true
			out = append(out, commandFolder{p, deep})
		}
	}
	for _, d := range confs {
		for _, f := range c.Folders {
			add(filepath.Join(d, f), true)
		}
	}
	for _, d := range flat {
		add(d, false)
	}
	return out
}

// checkCommands is doctor's check of h's command files for scope s: a
// warning on each file that holds what [hostfacts.Commands].Scan finds,
// naming its lines, and on each file or folder it cannot read.
func (d *doctor) checkCommands(h *host, s Scope) {
	if h.Commands.Scan == nil {
		return
	}
	for _, f := range h.commandFolders(s, d.e) {
		w := &commandscan.Walk{Ext: h.Commands.Ext, Scan: h.Commands.Scan, Title: h.Title,
			Warn: func(p, format string, args ...any) { d.add(h.name, s, p, "", Warn, format, args...) }}
		w.Folder(f.path, f.deep)
		if w.Skipped > 0 {
			d.add(h.name, s, f.path, "", Warn, "more command files than doctor reads (%d files, %d bytes per folder): %d not checked; %s runs the shell lines of those too: review them",
				commandscan.MaxFiles, commandscan.MaxBytes, w.Skipped, h.Title)
		}
	}
}
