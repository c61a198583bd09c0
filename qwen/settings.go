package qwen

import (
	"fmt"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// CheckEntries implements hostfacts.SettingsChecker: Qwen Code has no trust
// of its own per entry.
func (*Adapter) CheckEntries(c hostfacts.SettingsCheck) []hostfacts.Diagnosis { return nil }

// CheckSettings implements hostfacts.SettingsChecker: with folder trust on,
// Qwen Code drops a project's hooks silently in a folder it does not
// trust, and its trust list is not one a doctor can read.
func (*Adapter) CheckSettings(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	file := projectFile(c)
	if file == "" {
		return nil
	}
	var ds []hostfacts.Diagnosis
	on := ""
	v, err := jsonc.Setting(c.UserFile, jsonc.Comments, "security", "folderTrust", "enabled")
	if err != nil {
		ds = append(ds, hostfacts.CannotRead(c.UserFile, err))
	}
	if v != nil && v.Kind == jsonc.True {
		on = " (" + c.UserFile + " turns folder trust on)"
	}
	return append(ds, hostfacts.Diagnosis{Verdict: hostfacts.VerdictWarn, Msg: fmt.Sprintf("Qwen Code drops the hooks of %s silently when folder trust is on and the folder is not trusted%s; "+
		"doctor cannot read its trust list: trust the folder in qwen, or install with --scope user", file, on)})
}

// projectFile is the project's file among the entries', or "".
func projectFile(c hostfacts.SettingsCheck) string {
	for _, e := range c.Entries {
		if e.Project {
			return e.File
		}
	}
	return ""
}
