package cursor

import "github.com/agenthooks/hooks/hostfacts"

// CheckEntries implements hostfacts.SettingsChecker: Cursor has no trust of
// its own per entry.
func (*Adapter) CheckEntries(c hostfacts.SettingsCheck) []hostfacts.Diagnosis { return nil }

// CheckSettings implements hostfacts.SettingsChecker: Cursor runs a project's
// hooks only in a trusted workspace, which a doctor cannot see.
func (*Adapter) CheckSettings(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	if !c.Project() {
		return nil
	}
	return []hostfacts.Diagnosis{{Verdict: hostfacts.VerdictInfo, Msg: "Cursor runs project hooks only in a trusted workspace; doctor cannot check that"}}
}
