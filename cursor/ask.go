package cursor

import (
	"strconv"
	"strings"

	"github.com/agenthooks/hooks"
)

// AskBehaviour is what a Cursor build does with a hook's permission "ask".
type AskBehaviour uint8

// The behaviours of ask (protocols/cursor.md §8 holds the evidence).
const (
	// AskUnknown: nothing is known of this build (the CLI's date builds,
	// IDE builds nobody probed, a missing cursor_version).
	AskUnknown AskBehaviour = iota
	// AskPrompts: the user is asked, as the hook meant.
	AskPrompts
	// AskAsDeny: the call is blocked outright, nobody is asked.
	AskAsDeny
	// AskAsAllow: the call runs, nobody is asked.
	AskAsAllow
)

// String returns "unknown", "prompts", "deny" or "allow".
func (b AskBehaviour) String() string {
	switch b {
	case AskPrompts:
		return "prompts"
	case AskAsDeny:
		return "deny"
	case AskAsAllow:
		return "allow"
	}
	return "unknown"
}

// AskOn returns what the Cursor build version (cursor_version, see
// [Version]) does with permission "ask" on the native event, and the
// evidence for it:
//
//   - preToolUse, on every build: ask is accepted but not enforced
//     (documented); subagentStart: treated as deny (documented).
//   - beforeShellExecution and beforeMCPExecution, IDE builds before
//     2.4.21: the user is asked (documented: allow|deny|ask; peer: the
//     agent-hooks-bridge passes ask to these builds, "broken in 2.4.21"
//     in the forum).
//   - 2.4.21 up to 3.0: ask as deny (forum and peer reports).
//   - 3.9.16: ask as deny, measured (testdata/captures/cursor
//     cursor-run4-logs.jsonl: the ASK-PROBE command was blocked, with a
//     postToolUseFailure; no prompt).
//   - 3.20.21: ask as allow (a peer's probe, "under one verified
//     configuration").
//   - any other build, and the CLI's date builds (2026.07.23-…): unknown.
func AskOn(version, native string) (AskBehaviour, string) {
	switch native {
	case EventPreToolUse:
		return AskUnknown, "documented: accepted by the schema but not enforced on preToolUse"
	case EventSubagentStart:
		return AskAsDeny, "documented: treated as deny on subagentStart"
	case EventBeforeShellExecution, EventBeforeMCPExecution:
	default:
		return AskUnknown, "Cursor has no ask on " + native
	}
	v, ok := ideVersion(version)
	switch {
	case !ok:
		return AskUnknown, "no evidence for build " + strconv.Quote(version)
	case v == [3]int{3, 9, 16}:
		return AskAsDeny, "measured: 3.9.16 blocked an ask without a prompt (captures cursor-run4-logs.jsonl)"
	case v == [3]int{3, 20, 21}:
		return AskAsAllow, "peer probe: 3.20.21 ran the call"
	case less(v, [3]int{2, 4, 21}):
		return AskPrompts, "documented and peer: builds before 2.4.21 ask the user"
	case less(v, [3]int{3, 0, 0}):
		return AskAsDeny, "forum and peer: 2.4.21 to 2.x treat ask as deny"
	}
	return AskUnknown, "conflicting reports for 3.x builds (3.9.16 deny, 3.20.21 allow)"
}

// TakesAsk implements hooks.AskTaker: an ask is sent as is to a build
// that prompts ([AskOn]); to any other, hooks.Fit sends
// Handlers.AskFallback.
func (*Adapter) TakesAsk(ev hooks.Event) bool {
	b, _ := AskOn(Version(ev), ev.Common().NativeEvent)
	return b == AskPrompts
}

// ideVersion reads an IDE build "3.9.16" or "2.7.0-pre.78.patch.0" as
// major, minor, patch. The CLI's date builds ("2026.07.23-e383d2b") and
// anything else are not IDE versions.
func ideVersion(s string) ([3]int, bool) {
	var v [3]int
	core, _, _ := strings.Cut(s, "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return v, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || len(p) > 4 || (len(p) > 1 && p[0] == '0') {
			return v, false
		}
		v[i] = n
	}
	if v[0] >= 1000 {
		return v, false // a CLI date build
	}
	return v, true
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
