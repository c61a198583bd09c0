package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
)

// trick is one tool call a model could send to get past a policy, as raw
// JSON arguments exactly as the model writes them (key order, duplicates,
// case and escapes kept). Its target is a directory it deletes, or a .env
// file it writes.
type trick struct {
	what string
	// args returns the raw arguments; dir is the target directory (for a
	// shell trick) and env the target .env file (for a write trick).
	args func(k argKeys, dir, env string) string
	// write is a write trick (Write, write_file), else a shell trick.
	write bool
	// refusedBy names the hosts that refuse the call on their own (Claude
	// Code validates a tool's input strictly: an unknown key or a wrong
	// type is an InputValidationError before any hook runs).
	refusedBy string
}

var tricks = []trick{
	// Kimi Code checks a tool's input against its schema (no other key,
	// no wrong type) and refuses any .env path in its Write tool, before
	// any hook runs: the shell tricks without extra keys and guard-shell's
	// .env write through the shell are what its guard run proves.
	{what: "a case variant Command after the real command (issue 12)", refusedBy: "claude,kimi",
		args: func(k argKeys, dir, _ string) string {
			return `{"` + k.command + `":"rm -rf ` + dir + `","description":"x","` + title(k.command) + `":"echo safe"}`
		}},
	{what: "a side field of the wrong type, DESCRIPTION:5 (issue 12)", refusedBy: "claude,kimi",
		args: func(k argKeys, dir, _ string) string {
			return `{"` + k.command + `":"rm -rf ` + dir + `","DESCRIPTION":5}`
		}},
	{what: "a .env write with CONTENT:5 (issue 12)", write: true, refusedBy: "claude,kimi",
		args: func(k argKeys, _, env string) string {
			return `{"` + k.path + `":` + quoteJSON(env) + `,"` + k.content + `":"TOKEN=x\n","` + strings.ToUpper(k.content) + `":5}`
		}},
	{what: "a duplicate command, the last one dangerous",
		args: func(k argKeys, dir, _ string) string {
			return `{"` + k.command + `":"echo safe","` + k.command + `":"rm -rf ` + dir + `"}`
		}},
	{what: "an escaped key comm\\u0061nd",
		args: func(k argKeys, dir, _ string) string { return `{"` + escapeKey(k.command) + `":"rm -rf ` + dir + `"}` }},
	{what: "a .env write behind a duplicate, escaped file_p\\u0061th", write: true, refusedBy: "kimi",
		args: func(k argKeys, _, env string) string {
			return `{"` + k.path + `":"notes.txt","` + k.content + `":"TOKEN=x\n","` + escapeKey(k.path) + `":` + quoteJSON(env) + `}`
		}},
}

// argKeys are the argument names of a host's shell and write tools.
type argKeys struct{ command, path, content string }

// trickTools returns the host's shell and write tools and their argument
// names.
func trickTools(host string) (shellTool, writeTool string, k argKeys) {
	k = argKeys{"command", "file_path", "content"}
	switch host {
	case "gemini", "qwen":
		return "run_shell_command", "write_file", k
	case "copilot":
		return "bash", "create", argKeys{"command", "path", "file_text"}
	case "droid":
		return "Execute", "Create", k
	case "kimi":
		return "Bash", "Write", argKeys{"command", "path", "content"}
	case "opencode":
		return "bash", "write", argKeys{"command", "filePath", "content"}
	case "cline":
		// run_commands takes one command as a string too (commandsOf).
		return "run_commands", "editor", argKeys{"commands", "path", "new_text"}
	case "auggie":
		// launch-process without wait runs the command in the background
		// (measured: it still takes effect before the run ends).
		return "launch-process", "save-file", argKeys{"command", "path", "file_content"}
	}
	return "Bash", "Write", k
}

// title upper-cases the first letter of key.
func title(key string) string { return strings.ToUpper(key[:1]) + key[1:] }

// escapeKey writes the last "a" of key as the JSON escape \u0061
// ("comm\u0061nd", "file_p\u0061th"): the same key once decoded.
func escapeKey(key string) string {
	i := strings.LastIndex(key, "a")
	return key[:i] + `\u0061` + key[i+1:]
}

// refusals is how each host that refuses a trick on its own says so to
// the model.
var refusals = map[string]string{"claude": "InputValidationError", "kimi": "<system>ERROR: Tool execution failed.</system>"}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// trickDir is the directory trick i tries to delete (relative to the
// project), trickEnv the .env file it tries to write. Gemini CLI refuses a
// .env inside the project on its own, and any path outside its workspace
// but its project temp directory, so its .env files are there.
func trickDir(i int) string { return "keepdir" + string(rune('0'+i)) }

func trickEnv(host string, r *harness.Run, i int) string {
	dir := filepath.Join(r.Project, "conf"+string(rune('0'+i)))
	if host == "gemini" {
		dir = filepath.Join(r.Home, ".gemini", "tmp", filepath.Base(r.Project), "conf"+string(rune('0'+i)))
	}
	return filepath.Join(dir, ".env")
}

// trickScript sends the tricks numbered in only in turn (nil: every
// trick).
func trickScript(host string, only []int) func(*harness.Run) fakemodel.Script {
	if only == nil {
		only = allTricks()
	}
	return func(r *harness.Run) fakemodel.Script {
		shellTool, writeTool, keys := trickTools(host)
		var s fakemodel.Script
		for _, i := range only {
			tool := shellTool
			if tricks[i].write {
				tool = writeTool
			}
			s = append(s, fakemodel.Call(tool, json.RawMessage(tricks[i].args(keys, trickDir(i), trickEnv(host, r, i)))))
		}
		return append(s, fakemodel.Say(firstAnswer))
	}
}

// allTricks numbers every trick.
func allTricks() []int {
	all := make([]int, len(tricks))
	for i := range all {
		all[i] = i
	}
	return all
}

// clineTrickRuns are the guard runs of the tricks on Cline: its only
// block of the editor is cancel, which aborts the run, so each run ends
// with its one write trick.
var clineTrickRuns = [][]int{{0, 1, 2}, {3, 4, 5}}

// prepareTricks creates the directories the tricks try to delete and the
// directories of the .env files they try to write.
func prepareTricks(host string) func(r *harness.Run) error {
	return func(r *harness.Run) error {
		for i := range tricks {
			if err := os.MkdirAll(filepath.Join(r.Project, trickDir(i)), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(r.Project, trickDir(i), "kept.txt"), []byte("kept\n"), 0o644); err != nil {
				return err
			}
			if err := os.MkdirAll(filepath.Dir(trickEnv(host, r, i)), 0o755); err != nil {
				return err
			}
		}
		return nil
	}
}

// trickDone reports whether trick i took effect in run o.
func (o *outcome) trickDone(i int) bool {
	if tricks[i].write {
		_, err := os.Stat(trickEnv(o.host.Name, o.res.Run, i))
		return err == nil
	}
	_, ok := o.file(filepath.Join(trickDir(i), "kept.txt"))
	return !ok
}

// testGuardTricks runs examples/guard, as users ship it, under the default
// fail-open policy against the tricks a model can play with a tool call's
// arguments: nothing may be deleted or written, and for every call that
// reaches the hook the model must be told the guard's reason. A control
// run without the hook must perform every trick the client does not
// refuse on its own (and show the client's refusal for the others), so
// that each deny is the guard's doing.
func testGuardTricks(t *testing.T, h *harness.Host) {
	if h.Name == "codex" {
		table.na(t, h.ID, "guard-tricks", "Codex builds the hook's tool_input itself from the model's exec_command call; examples/guard's testdata covers the shapes")
	}
	table.expectRows(t, h.ID, "guard-tricks")
	if h.Name == "cline" {
		table.checkNote(t, h.ID, "guard-tricks", "Cline's only block of its editor is cancel, which aborts the run: "+
			"the .env is not written and the run ends aborted (both checked), but the model is never told a reason (as in deny-write); "+
			"so each of two guard runs ends with one write trick")
	} else {
		table.check(t, h.ID, "guard-tricks")
	}
	spec := harness.Spec{Host: h, Prompt: "run the e2e tricks scenario", Quiet: true, Prepare: prepareTricks(h.Name), Script: trickScript(h.Name, nil)}

	control := runWith(t, spec, nil)
	for i, tr := range tricks {
		refused := strings.Contains(tr.refusedBy, h.Name)
		if got := control.trickDone(i); got == refused {
			t.Errorf("control run without the hook, %s: took effect %v, want %v (model saw %q)", tr.what, got, !refused, control.toolResult(t, i).Text)
		}
		if refused && !strings.Contains(control.toolResult(t, i).Text, refusals[h.Name]) {
			t.Errorf("control run, %s: no %s from the client: %q", tr.what, refusals[h.Name], control.toolResult(t, i).Text)
		}
	}
	if t.Failed() {
		t.Fatal("the control run does not show what the guard run would prove")
	}

	spec.Hook = []string{buildExample(t, "guard")}
	spec.Register = installerRegister(t, h, false)
	if h.ID == "copilot-pascal" {
		// The PascalCase form, which the installer does not write: the
		// host's own writer, `guard --host copilot` with no --event.
		spec.Hook, spec.Register = append(spec.Hook, "--host", "copilot"), nil
	}
	runs := [][]int{allTricks()}
	if h.Name == "cline" {
		runs = clineTrickRuns
	}
	for _, only := range runs {
		spec.Script = trickScript(h.Name, only)
		o := runRaw(t, spec, nil)
		for j, i := range only {
			tr := tricks[i]
			if o.trickDone(i) {
				t.Errorf("THE GUARD DID NOT BLOCK %s", tr.what)
			}
			if strings.Contains(tr.refusedBy, h.Name) {
				continue // refused by the client before any hook
			}
			if h.Name == "cline" && tr.write {
				// Cancel: the run ends at the write, the model is not
				// called again.
				if n := len(o.res.Main()); j != len(only)-1 || n != j+1 || !strings.Contains(string(o.res.Stdout), `"finishReason":"aborted"`) {
					t.Errorf("%s: the run was not aborted at the write: %d model requests, stdout %s", tr.what, n, clip(string(o.res.Stdout), 2000))
				}
				continue
			}
			if res := o.toolResult(t, j); !strings.Contains(res.Text, "guard:") {
				t.Errorf("%s: the model was not told the guard's reason; it saw %q", tr.what, res.Text)
			}
		}
	}
}
