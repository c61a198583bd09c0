// Package shim is what the hosts share whose hook runs under a
// JavaScript shim this module writes (OpenCode's plugin, Pi's
// extension): the shim spawns the hook with the event on stdin and reads
// one answer, {"decision":"block","reason":…}, the call's new input or
// context, or exit code 2 with a reason on stderr. The host packages keep
// their wire names ([Host]) and what differs; this package serializes
// ([Serialize]), reads an answer as the shim does ([Read], [Check]) and
// bakes a configuration into the shim's file ([Bake], [ConfigOf]), so
// that the hosts stay standalone and the shared wire is written once.
package shim

// A Host is one host's names for the shared wire.
type Host struct {
	// Name prefixes errors: "opencode".
	Name string
	// Shim is what the shim is called in messages: "plugin", "extension".
	Shim string
	// Title is the shim in a doctor's line: "the OpenCode plugin".
	Title string
	// Before and After are the native events around a tool's run, the
	// only ones whose answer the shim acts on.
	Before, After string
	// InputKey is the answer's member that replaces the call's input on
	// Before: "args", "input".
	InputKey string
	// BadInput is the reader's words for a new input that is not a JSON
	// object: "the hook's args are not a JSON object".
	BadInput string
	// CwdKey is the payload's member that holds the folder the hook runs
	// in: "directory", "cwd".
	CwdKey string
}
