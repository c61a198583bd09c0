package hostfacts

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// A Verdict grades what a host makes of a hook, for a doctor: of an
// answer ([CheckAnswer]) or of the host's settings ([SettingsChecker]).
type Verdict int

// The verdicts, from harmless to blocking.
const (
	// VerdictInfo is a remark: something the doctor cannot check, or
	// did not.
	VerdictInfo Verdict = iota
	// VerdictOK: the host acts as the hook means it to.
	VerdictOK
	// VerdictWarn: the host acts, but perhaps not as meant (plain text it
	// ignores, a block with no reason shown).
	VerdictWarn
	// VerdictFail: the host ignores the answer, fails the hook or does not
	// run it.
	VerdictFail
)

// String returns "info", "ok", "warn" or "fail".
func (v Verdict) String() string {
	switch v {
	case VerdictInfo:
		return "info"
	case VerdictOK:
		return "ok"
	case VerdictWarn:
		return "warn"
	case VerdictFail:
		return "fail"
	}
	return "Verdict(" + strconv.Itoa(int(v)) + ")"
}

// SettingsChecker is implemented by adapters whose host has settings,
// outside the hook entries, that decide whether they run: a switch that
// turns hooks off, a trusted-folder list, a trust the user grants each
// entry. A doctor calls CheckEntries once for each hook file that holds
// entries of the binary, then CheckSettings once for the host, and
// reports what they return. The adapter reads the host's files itself,
// and reports one it cannot read with [CannotRead]; the doctor writes
// nothing.
type SettingsChecker interface {
	// CheckEntries checks the entries of c.Binary found in the hook file
	// c.Entries[0].File (all entries share it).
	CheckEntries(c SettingsCheck) []Diagnosis
	// CheckSettings checks the host as a whole, c.Entries being every
	// entry found.
	CheckSettings(c SettingsCheck) []Diagnosis
}

// SettingsCheck is what a doctor tells a [SettingsChecker].
type SettingsCheck struct {
	// Dir is the project's directory and Home the user's home directory,
	// both absolute.
	Dir, Home string
	// Getenv reads the environment the host would run in.
	Getenv func(string) string
	// Binary is the hook binary's absolute path.
	Binary string
	// UserFile is the path of the user's hook file ([HookFile]).
	UserFile string
	// Entries are the entries of Binary found.
	Entries []HookEntry
}

// Project reports whether an entry was found in a project's file (not the
// user's), where trust rules about folders apply.
func (c SettingsCheck) Project() bool {
	for _, e := range c.Entries {
		if e.Project {
			return true
		}
	}
	return false
}

// HookEntry is one hook entry found in a hook file, as written.
type HookEntry struct {
	// File is the hook file's path; Project says it is a project's file
	// (or the managed file, whose hooks Gemini CLI also runs in trusted
	// folders only), Managed that it is the host's managed file
	// ([HookFile].Managed).
	File             string
	Project, Managed bool
	// Event is the native event it is registered under.
	Event string
	// Group and Index place it: the Index-th entry of the Group-th
	// matcher group of Event; in a flat file, Group is its place in
	// Event's list and Index is -1.
	Group, Index int
	// Matcher is the group's matcher as written, nil when there is none.
	Matcher json.RawMessage
	// Entry is the entry's JSON object as written.
	Entry json.RawMessage
}

// Diagnosis is one finding of a [SettingsChecker].
type Diagnosis struct {
	Verdict Verdict
	// File is the hook file it is about (or the settings file, for
	// [CannotRead]), and Event the entry's native event; both "" for the
	// host as a whole.
	File, Event string
	// Msg says what was found and what to do, for people; it may hold
	// several lines.
	Msg string
}

// CannotRead is the finding about a settings file that exists but could
// not be read or parsed: a [SettingsChecker] reports it rather than take
// the file for one that sets nothing, since what it cannot read may be
// what turns the hooks off.
func CannotRead(file string, err error) Diagnosis {
	return Diagnosis{Verdict: VerdictWarn, File: file, Msg: fmt.Sprintf("cannot read %s: %v; its settings were not checked", file, err)}
}
