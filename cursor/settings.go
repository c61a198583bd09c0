package cursor

import "github.com/agenthooks/hooks"

// CheckEntries implements hooks.SettingsChecker: Cursor has no trust of
// its own per entry.
func (*Adapter) CheckEntries(c hooks.SettingsCheck) []hooks.Diagnosis { return nil }

// CheckSettings implements hooks.SettingsChecker: Cursor runs a project's
// hooks only in a trusted workspace, which a doctor cannot see.
func (*Adapter) CheckSettings(c hooks.SettingsCheck) []hooks.Diagnosis {
	if !c.Project() {
		return nil
	}
	return []hooks.Diagnosis{{Verdict: hooks.VerdictInfo, Msg: "Cursor runs project hooks only in a trusted workspace; doctor cannot check that"}}
}
