package qwen

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// CheckEntries implements hooks.SettingsChecker: Qwen Code has no trust
// of its own per entry.
func (*Adapter) CheckEntries(c hooks.SettingsCheck) []hooks.Diagnosis { return nil }

// CheckSettings implements hooks.SettingsChecker: with folder trust on,
// Qwen Code drops a project's hooks silently in a folder it does not
// trust, and its trust list is not one a doctor can read.
func (*Adapter) CheckSettings(c hooks.SettingsCheck) []hooks.Diagnosis {
	file := projectFile(c)
	if file == "" {
		return nil
	}
	var ds []hooks.Diagnosis
	on := ""
	v, err := jsonc.Setting(c.UserFile, jsonc.Comments, "security", "folderTrust", "enabled")
	if err != nil {
		ds = append(ds, hooks.CannotRead(c.UserFile, err))
	}
	if v != nil && v.Kind == jsonc.True {
		on = " (" + c.UserFile + " turns folder trust on)"
	}
	return append(ds, hooks.Diagnosis{Verdict: hooks.VerdictWarn, Msg: fmt.Sprintf("Qwen Code drops the hooks of %s silently when folder trust is on and the folder is not trusted%s; "+
		"doctor cannot read its trust list: trust the folder in qwen, or install with --scope user", file, on)})
}

// projectFile is the project's file among the entries', or "".
func projectFile(c hooks.SettingsCheck) string {
	for _, e := range c.Entries {
		if e.Project {
			return e.File
		}
	}
	return ""
}
