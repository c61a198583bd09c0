package copilot

import "github.com/agenthooks/hooks/hostfacts"

// CheckEntries implements hostfacts.SettingsChecker: Copilot CLI has no trust
// of its own per entry.
func (*Adapter) CheckEntries(c hostfacts.SettingsCheck) []hostfacts.Diagnosis { return nil }

// CheckSettings implements hostfacts.SettingsChecker: Copilot CLI loads a
// repository's hooks only in a trusted folder, and says nothing when it
// skips them.
func (*Adapter) CheckSettings(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	for _, e := range c.Entries {
		if e.Project {
			return []hostfacts.Diagnosis{{Verdict: hostfacts.VerdictWarn, Msg: "Copilot CLI loads " + e.File + " only in a trusted folder, and in copilot -p only with --trust-folder " +
				"or COPILOT_ALLOW_ALL=true (exactly \"true\"); otherwise it skips the file without a word. " +
				"Install with --scope user to have the hook everywhere"}}
		}
	}
	return nil
}
