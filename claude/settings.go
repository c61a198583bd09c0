package claude

import (
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// CheckEntries implements hostfacts.SettingsChecker: Claude Code has no trust
// of its own per entry.
func (*Adapter) CheckEntries(c hostfacts.SettingsCheck) []hostfacts.Diagnosis { return nil }

// CheckSettings implements hostfacts.SettingsChecker: "disableAllHooks": true
// in any settings file (the user's, the project's, the local one, a
// managed one) turns every hook off, and "allowManagedHooksOnly" in a
// managed file every hook but the managed ones.
func (*Adapter) CheckSettings(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	var ds []hostfacts.Diagnosis
	fail := func(msg string) { ds = append(ds, hostfacts.Diagnosis{Verdict: hostfacts.VerdictFail, Msg: msg}) }
	dir := filepath.Join(c.Dir, ".claude")
	files := []string{filepath.Join(dir, "settings.json"), filepath.Join(dir, "settings.local.json"), c.UserFile}
	for i, p := range append(files, managedFiles()...) {
		root, err := jsonc.Load(p, jsonc.JSON)
		if err != nil {
			ds = append(ds, hostfacts.CannotRead(p, err))
			continue
		}
		managed := i >= len(files)
		if v := root.Lookup("allowManagedHooksOnly"); managed && v != nil && v.Kind == jsonc.True && !allManaged(c.Entries) {
			fail(p + ` sets "allowManagedHooksOnly": Claude Code runs only managed hooks, not these`)
		}
		if v := root.Lookup("disableAllHooks"); v != nil && v.Kind == jsonc.True {
			fail(p + ` sets "disableAllHooks": true: Claude Code runs no hook`)
		}
	}
	return ds
}

// allManaged reports that every entry found is in a managed file, whose
// hooks allowManagedHooksOnly leaves running.
func allManaged(es []hostfacts.HookEntry) bool {
	for _, e := range es {
		if !e.Managed {
			return false
		}
	}
	return true
}

// managedFiles are the managed settings files on every system, and the
// drop-ins of this one's managed-settings.d (a drop-in's disableAllHooks
// turns the hooks off as the file's does).
func managedFiles() []string {
	m := managedSettings()
	files := m.Paths(nil)
	if dir := m.DropInDir(m.Path(runtime.GOOS, nil)); dir != "" {
		if names, err := filepath.Glob(filepath.Join(dir, "*.json")); err == nil {
			for _, n := range names {
				if !strings.HasPrefix(filepath.Base(n), ".") {
					files = append(files, n)
				}
			}
		}
	}
	return files
}
