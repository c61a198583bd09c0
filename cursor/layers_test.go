package cursor

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// toolNames are the tool names a gate registration must cover: the
// captured ones, peer-reported ones and one Cursor may add.
var toolNames = []string{"Shell", "Read", "Write", "StrReplace", "Delete", "Grep", "Task", "MCP:browser_navigate",
	"MCP:Shell", "ShellOutput", "ReadLints", "Reader", "ApplyPatch"}

// specificTarget returns the native gate event that judges tool name
// without a matcher on SpecificLayer.
func specificTarget(name string) string {
	switch {
	case name == ToolShell:
		return EventBeforeShellExecution
	case name == ToolRead:
		return EventBeforeReadFile
	case strings.HasPrefix(name, MCPPrefix):
		return EventBeforeMCPExecution
	}
	return ""
}

// excluded is what OtherToolsMatcher must not match, in Go syntax (Go's
// regexp has no lookahead; TestOtherToolsMatcherInJS checks the real one).
var excluded = regexp.MustCompile(`^(Shell|Read)$|^MCP:`)

func TestEachToolJudgedOnce(t *testing.T) {
	for _, layer := range []Layer{SpecificLayer, ToolUseLayer} {
		regs := Registrations(layer)
		for _, name := range toolNames {
			judges := 0
			for _, r := range regs {
				if r.Unified != hooks.PreToolUse {
					continue
				}
				switch {
				case r.Event == EventPreToolUse && r.Matcher == "":
					judges++
				case r.Event == EventPreToolUse && r.Matcher == OtherToolsMatcher:
					if !excluded.MatchString(name) {
						judges++
					}
				case r.Event == EventPreToolUse:
					t.Errorf("layer %d: unexpected preToolUse matcher %q", layer, r.Matcher)
				case r.Event == specificTarget(name):
					judges++
				}
			}
			if judges != 1 {
				t.Errorf("layer %d: tool %q is judged by %d registrations", layer, name, judges)
			}
		}
	}
}

func TestRegistrationsMatchMatrix(t *testing.T) {
	for _, layer := range []Layer{SpecificLayer, ToolUseLayer} {
		seen := map[hooks.EventName]bool{}
		for _, r := range Registrations(layer) {
			found := false
			for _, c := range New().Capabilities() {
				if c.Native == r.Event {
					found = true
					if c.Event != r.Unified {
						t.Errorf("%s: registration says %s, matrix %s", r.Event, r.Unified, c.Event)
					}
				}
			}
			if !found {
				t.Errorf("%s: not in the matrix", r.Event)
			}
			switch r.Event {
			case EventAfterShellExecution, EventAfterMCPExecution, EventAfterFileEdit:
				t.Errorf("%s duplicates postToolUse", r.Event)
			}
			if r.Unified != hooks.PreToolUse && seen[r.Unified] {
				t.Errorf("layer %d: %s registered twice", layer, r.Unified)
			}
			seen[r.Unified] = true
		}
		for _, ev := range []hooks.EventName{hooks.SessionStart, hooks.SessionEnd, hooks.UserPromptSubmit, hooks.PreToolUse,
			hooks.PostToolUse, hooks.PostToolUseFailure, hooks.Stop, hooks.SubagentStart, hooks.SubagentStop, hooks.PreCompact} {
			if !seen[ev] {
				t.Errorf("layer %d: no registration delivers %s", layer, ev)
			}
		}
	}
	if got, want := RecommendedEvents(), Registrations(SpecificLayer); len(got) != len(want) || got[3] != want[3] {
		t.Errorf("RecommendedEvents is not SpecificLayer")
	}
}

// TestOtherToolsMatcherInJS runs the matcher through JavaScript's RegExp,
// which is what Cursor uses, when node is installed.
func TestOtherToolsMatcherInJS(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed; TestEachToolJudgedOnce checks the intent")
	}
	script := `const r = new RegExp(process.argv[1]); for (const n of process.argv.slice(2)) console.log(n + "=" + r.test(n));`
	out, err := exec.Command(node, append([]string{"-e", script, OtherToolsMatcher}, toolNames...)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(out))
	if len(lines) != len(toolNames) {
		t.Fatalf("node output %q", out)
	}
	for i, name := range toolNames {
		want := name + "=" + map[bool]string{true: "true", false: "false"}[!excluded.MatchString(name)]
		if lines[i] != want {
			t.Errorf("JS matcher: %s, want %s", lines[i], want)
		}
	}
}
