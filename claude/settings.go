package claude

import (
	"path/filepath"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// CheckEntries implements hooks.SettingsChecker: Claude Code has no trust
// of its own per entry.
func (*Adapter) CheckEntries(c hooks.SettingsCheck) []hooks.Diagnosis { return nil }

// CheckSettings implements hooks.SettingsChecker: "disableAllHooks": true
// in any settings file (the user's, the project's, the local one, a
// managed one) turns every hook off, and "allowManagedHooksOnly" in a
// managed file every hook but the managed ones.
func (*Adapter) CheckSettings(c hooks.SettingsCheck) []hooks.Diagnosis {
	var ds []hooks.Diagnosis
	fail := func(msg string) { ds = append(ds, hooks.Diagnosis{Verdict: hooks.VerdictFail, Msg: msg}) }
	dir := filepath.Join(c.Dir, ".claude")
	files := []string{filepath.Join(dir, "settings.json"), filepath.Join(dir, "settings.local.json"), c.UserFile}
	for i, p := range append(files, managedSettings()...) {
		root, err := jsonc.Load(p, jsonc.JSON)
		if err != nil {
			ds = append(ds, hooks.CannotRead(p, err))
			continue
		}
		managed := i >= len(files)
		if v := root.Lookup("allowManagedHooksOnly"); managed && v != nil && v.Kind == jsonc.True {
			fail(p + ` sets "allowManagedHooksOnly": Claude Code runs only managed hooks`)
		}
		if v := root.Lookup("disableAllHooks"); v != nil && v.Kind == jsonc.True {
			fail(p + ` sets "disableAllHooks": true: Claude Code runs no hook`)
		}
	}
	return ds
}
