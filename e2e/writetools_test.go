package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/e2e/fakemodel"
	"github.com/agenthooks/hooks/e2e/harness"
	"github.com/agenthooks/hooks/e2e/scenario"
)

// A writeCase is one call of a file-changing tool of OpenCode (and Kilo
// Code CLI) through which a model may write a .env file, in one of the
// spellings a model can choose. Each case works in a directory of its own
// (dir, relative to the project), so that a run tells which call wrote
// what.
type writeCase struct {
	dir, what string
	// patch: the case uses apply_patch, offered to GPT models only
	// (instead of write and edit).
	patch bool
	// host, when set, is the only host ID with the case's tool.
	host string
	// sub, when set, is the script of a subagent the call starts: the
	// subagent makes the write, and is told the guard's reason, not the
	// parent.
	sub func(abs string) fakemodel.Step
	// call returns the tool call; abs is the case's directory, absolute.
	call func(abs string) fakemodel.Step
	// files are the case's files before the call (relative to dir).
	files map[string]string
	// effect is the file (relative to dir) the call creates, or with
	// gone the one it removes, or with want the one it changes to hold
	// want, when the client runs it.
	effect, want string
	gone         bool
	// never is a file (relative to dir) the call names but the client
	// must not write.
	never string
	// allowed: the guard must let the call run (not a .env file).
	allowed bool
}

// writeCases are the calls of the guard-write-tools row. The first call
// of each mode writes neutral files: its payloads are the captures in
// testdata/captures/opencode (and kilo).
var writeCases = []writeCase{
	{dir: "w0", what: "write notes.txt (capture)", allowed: true, effect: "notes.txt",
		call: func(abs string) fakemodel.Step {
			return fakemodel.Call("write", map[string]any{"filePath": filepath.Join(abs, "notes.txt"), "content": "alpha\n"})
		}},
	{dir: "w1", what: "edit notes.txt (capture)", allowed: true, effect: "notes.txt", want: "beta\n", files: map[string]string{"notes.txt": "alpha\n"},
		call: func(abs string) fakemodel.Step {
			return fakemodel.Call("edit", map[string]any{"filePath": filepath.Join(abs, "notes.txt"), "oldString": "alpha", "newString": "beta"})
		}},
	{dir: "w2", what: "write, relative path", effect: ".env",
		call: func(string) fakemodel.Step {
			return fakemodel.Call("write", map[string]any{"filePath": "w2/.env", "content": "TOKEN=x\n"})
		}},
	{dir: "w3", what: "write, ./ path", effect: ".env",
		call: func(string) fakemodel.Step {
			return fakemodel.Call("write", map[string]any{"filePath": "./w3/.env", "content": "TOKEN=x\n"})
		}},
	{dir: "w4", what: "write, sub/../.env", effect: ".env",
		call: func(string) fakemodel.Step {
			return fakemodel.Call("write", map[string]any{"filePath": "w4/sub/../.env", "content": "TOKEN=x\n"})
		}},
	{dir: "w5", what: "write, absolute path", effect: ".env",
		call: func(abs string) fakemodel.Step {
			return fakemodel.Call("write", map[string]any{"filePath": filepath.Join(abs, ".env"), "content": "TOKEN=x\n"})
		}},
	{dir: "w6", what: "write, case variant .ENV (denied: the same file on a case-insensitive file system)", effect: ".ENV",
		call: func(abs string) fakemodel.Step {
			return fakemodel.Call("write", map[string]any{"filePath": filepath.Join(abs, ".ENV"), "content": "TOKEN=x\n"})
		}},
	{dir: "w7", what: "write, look-alike .\u0435nv (Cyrillic e: another file, allowed)", effect: ".\u0435nv", allowed: true,
		call: func(abs string) fakemodel.Step {
			return fakemodel.Call("write", map[string]any{"filePath": filepath.Join(abs, ".\u0435nv"), "content": "TOKEN=x\n"})
		}},
	{dir: "w8", what: "edit creating .env (empty oldString), relative path", effect: ".env",
		call: func(string) fakemodel.Step {
			return fakemodel.Call("edit", map[string]any{"filePath": "w8/.env", "oldString": "", "newString": "TOKEN=x\n"})
		}},
	{dir: "w9", what: "edit of an existing .env, sub/../ path", effect: ".env", want: "TOKEN=new\n", files: map[string]string{".env": "TOKEN=old\n"},
		call: func(string) fakemodel.Step {
			return fakemodel.Call("edit", map[string]any{"filePath": "w9/sub/../.env", "oldString": "old", "newString": "new"})
		}},
	{dir: "b1", what: "Kilo's background_process start, a command writing .env", host: "kilo", effect: ".env",
		call: func(string) fakemodel.Step {
			return fakemodel.Call("background_process", map[string]any{"action": "start", "command": "printf 'TOKEN=x\\n' > b1/.env", "description": "e2e"})
		}},
	{dir: "b2", what: "Kilo's background_process start in workdir b2, a command writing .env", host: "kilo", effect: ".env",
		call: func(string) fakemodel.Step {
			return fakemodel.Call("background_process", map[string]any{"action": "start", "command": "printf 'TOKEN=x\\n' > .env", "workdir": "b2", "description": "e2e"})
		}},
	{dir: "t1", what: "a subagent (task) writing .env", effect: ".env",
		call: func(string) fakemodel.Step {
			return fakemodel.Call("task", map[string]any{"description": "e2e subagent", "prompt": "E2E_SUBAGENT_WRITE write the file", "subagent_type": "general"})
		},
		sub: func(abs string) fakemodel.Step {
			return fakemodel.Subagent("E2E_SUBAGENT_WRITE",
				fakemodel.Call("write", map[string]any{"filePath": filepath.Join(abs, ".env"), "content": "TOKEN=x\n"}), fakemodel.Say("subagent done"))
		}},

	{dir: "p0", what: "apply_patch adding, updating, moving and deleting neutral files (capture)", patch: true, allowed: true,
		effect: "moved.txt", files: map[string]string{"a.txt": "old\n", "b.txt": "one\n", "gone.txt": "x\n"},
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Add File: p0/new.txt\n+hello\n*** Update File: p0/a.txt\n@@\n-old\n+new\n" +
				"*** Update File: p0/b.txt\n*** Move to: p0/moved.txt\n@@\n-one\n+two\n*** Delete File: p0/gone.txt\n*** End Patch")
		}},
	{dir: "p1", what: "apply_patch Add File, relative path", patch: true, effect: ".env",
		call: func(string) fakemodel.Step { return patchCall(addPatch("p1/.env")) }},
	{dir: "p2", what: "apply_patch Add File, ./ path", patch: true, effect: ".env",
		call: func(string) fakemodel.Step { return patchCall(addPatch("./p2/.env")) }},
	{dir: "p3", what: "apply_patch Add File, sub/../.env", patch: true, effect: ".env",
		call: func(string) fakemodel.Step { return patchCall(addPatch("p3/sub/../.env")) }},
	{dir: "p4", what: "apply_patch Add File, absolute path", patch: true, effect: ".env",
		call: func(abs string) fakemodel.Step { return patchCall(addPatch(filepath.Join(abs, ".env"))) }},
	{dir: "p5", what: "apply_patch Update File a.txt with Move to: .env", patch: true, effect: ".env", files: map[string]string{"a.txt": "old\n"},
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Update File: p5/a.txt\n*** Move to: p5/.env\n@@\n-old\n+TOKEN=x\n*** End Patch")
		}},
	{dir: "p6", what: "apply_patch Move to: .env with no hunk", patch: true, effect: ".env", files: map[string]string{"a.txt": "TOKEN=x\n"},
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Update File: p6/a.txt\n*** Move to: p6/.env\n*** End Patch")
		}},
	{dir: "p7", what: "apply_patch of three files, the last .env", patch: true, effect: ".env",
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Add File: p7/a.txt\n+a\n*** Add File: p7/b.txt\n+b\n*** Add File: p7/.env\n+TOKEN=x\n*** End Patch")
		}},
	{dir: "p8", what: "apply_patch with CRLF line ends", patch: true, effect: ".env",
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\r\n*** Add File: p8/.env\r\n+TOKEN=x\r\n*** End Patch\r\n")
		}},
	{dir: "p9", what: "apply_patch header with no space: *** Add File:p9/.env", patch: true, effect: ".env",
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Add File:p9/.env\n+TOKEN=x\n*** End Patch")
		}},
	{dir: "p10", what: "apply_patch path ending in U+FEFF (JavaScript's trim drops it, Go's TrimSpace does not)", patch: true, effect: ".env",
		call: func(string) fakemodel.Step { return patchCall(addPatch("p10/.env\ufeff")) }},
	{dir: "p11", what: "apply_patch wrapped in cat <<'X' … X", patch: true, effect: ".env",
		call: func(string) fakemodel.Step { return patchCall("cat <<'X'\n" + addPatch("p11/.env") + "\nX") }},
	{dir: "p12", what: "apply_patch with text before Begin and a stray line between files", patch: true, effect: ".env",
		call: func(string) fakemodel.Step {
			return patchCall("Here is the patch:\n*** Begin Patch\n*** Add File: p12/a.txt\n+a\nstray line\n*** Add File: p12/.env\n+TOKEN=x\n*** End Patch")
		}},
	{dir: "p13", what: "apply_patch Delete File: .env", patch: true, effect: ".env", gone: true, files: map[string]string{".env": "TOKEN=x\n"},
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Delete File: p13/.env\n*** End Patch")
		}},
	{dir: "p14", what: "apply_patch look-alike .\u0435nv (allowed)", patch: true, effect: ".\u0435nv", allowed: true,
		call: func(string) fakemodel.Step { return patchCall(addPatch("p14/.\u0435nv")) }},
	{dir: "p15", what: "apply_patch case variant .Env (denied)", patch: true, effect: ".Env",
		call: func(string) fakemodel.Step { return patchCall(addPatch("p15/.Env")) }},
	{dir: "p16", what: "apply_patch with an Add File of .env after the first End Patch (not applied: allowed)", patch: true, effect: "a.txt", never: ".env", allowed: true,
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Add File: p16/a.txt\n+a\n*** End Patch\n*** Add File: p16/.env\n+TOKEN=x\n*** End Patch")
		}},
	{dir: "p17", what: "apply_patch with an indented Add File of .env (no header: a line of the file before, not written)", patch: true,
		effect: "a.txt", want: "a\nTOKEN=x\n", never: ".env", allowed: true,
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Add File: p17/a.txt\n+a\n *** Add File: p17/.env\n+TOKEN=x\n*** End Patch")
		}},
	{dir: "p18", what: "apply_patch with Move to: .env after the hunk (no move: the file is updated in place)", patch: true,
		effect: "a.txt", want: "new\n", never: ".env", allowed: true, files: map[string]string{"a.txt": "old\n"},
		call: func(string) fakemodel.Step {
			return patchCall("*** Begin Patch\n*** Update File: p18/a.txt\n@@\n-old\n+new\n*** Move to: p18/.env\n*** End Patch")
		}},
}

func patchCall(text string) fakemodel.Step {
	return fakemodel.Call("apply_patch", map[string]any{"patchText": text})
}

func addPatch(path string) string {
	return "*** Begin Patch\n*** Add File: " + path + "\n+TOKEN=x\n*** End Patch"
}

// casesOf returns the cases of one mode on host: apply_patch, or write
// and edit.
func casesOf(host string, patch bool) []writeCase {
	var out []writeCase
	for _, c := range writeCases {
		if c.patch == patch && (c.host == "" || c.host == host) {
			out = append(out, c)
		}
	}
	return out
}

// writeToolsSpec is the run of one mode's cases. A GPT model (its id
// holds "gpt-") is offered apply_patch instead of write and edit: the
// patch mode names its model so.
func writeToolsSpec(h *harness.Host, cases []writeCase, patch bool) harness.Spec {
	return harness.Spec{Host: h, Prompt: "run the e2e write tools scenario", Quiet: true,
		Prepare: func(r *harness.Run) error {
			for _, c := range cases {
				for name, body := range c.files {
					p := filepath.Join(r.Project, c.dir, name)
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						return err
					}
					if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
						return err
					}
				}
				if err := os.MkdirAll(filepath.Join(r.Project, c.dir), 0o755); err != nil {
					return err
				}
			}
			if patch {
				return gptModel(r)
			}
			return nil
		},
		Script: func(r *harness.Run) fakemodel.Script {
			var s fakemodel.Script
			for _, c := range cases {
				s = append(s, c.call(filepath.Join(r.Project, c.dir)))
				if c.sub != nil {
					s = append(s, c.sub(filepath.Join(r.Project, c.dir)))
				}
			}
			return append(s, fakemodel.Say(firstAnswer))
		},
	}
}

// gptModel renames the fake model of the run's configuration file
// gpt-5-fake.
func gptModel(r *harness.Run) error {
	paths, _ := filepath.Glob(filepath.Join(r.Home, ".config", "*", "*.json"))
	for _, p := range paths {
		if b := filepath.Base(p); b != "opencode.json" && b != "kilo.json" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var cfg map[string]any
		if err := json.Unmarshal(data, &cfg); err != nil {
			return err
		}
		cfg["model"] = "fake/gpt-5-fake"
		fake := cfg["provider"].(map[string]any)["fake"].(map[string]any)
		fake["models"] = map[string]any{"gpt-5-fake": map[string]any{"name": "Fake GPT", "tool_call": true}}
		if data, err = json.MarshalIndent(cfg, "", "  "); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// done reports whether case c took effect in run o.
func (o *outcome) done(c writeCase) bool {
	got, ok := o.file(filepath.Join(c.dir, c.effect))
	if c.want != "" {
		return got == c.want
	}
	return ok != c.gone
}

// testGuardWriteTools runs examples/guard against a .env write through
// every file-changing tool of OpenCode and Kilo Code CLI (write, edit,
// apply_patch), in the spellings a model can choose. A run with a hook
// that has no opinion comes first: every call must take effect there (so
// that each deny is the guard's doing), and its payloads are recorded.
func testGuardWriteTools(t *testing.T, h *harness.Host) {
	switch h.Name {
	case "opencode":
	case "cline":
		table.na(t, h.ID, "guard-write-tools", "the file tools of OpenCode and its forks; Cline's editor is in guard-tricks "+
			"(.env writes denied) and deny-write; "+clinePatchGate(t, h))
	default:
		table.na(t, h.ID, "guard-write-tools", "the file tools of OpenCode and its forks; the other clients' write tools are in guard-tricks and guard-install")
	}
	table.expectRows(t, h.ID, "guard-write-tools")
	table.check(t, h.ID, "guard-write-tools")
	for _, patch := range []bool{false, true} {
		mode := "write-edit"
		if patch {
			mode = "apply_patch"
		}
		t.Run(mode, func(t *testing.T) {
			cases := casesOf(h.ID, patch)
			spec := writeToolsSpec(h, cases, patch)
			control := runWith(t, spec, &scenario.Scenario{})
			for i, c := range cases {
				if !control.done(c) {
					t.Errorf("run without an opinion, %s: no effect on %s (model saw %q)", c.what, c.effect, control.toolResult(t, i).Text)
				}
				if _, ok := control.file(filepath.Join(c.dir, c.never)); c.never != "" && ok {
					t.Errorf("run without an opinion, %s: %s was written", c.what, c.never)
				}
			}
			checkFileTools(t, control, patch)
			recordWriteCaptures(t, control, cases)
			if t.Failed() {
				t.Fatal("the run without an opinion does not show what the guard run would prove")
			}
			spec.Hook = []string{buildExample(t, "guard"), "--host", "opencode"}
			o := runRaw(t, spec, nil)
			for i, c := range cases {
				res := o.toolResult(t, i)
				if c.allowed {
					if !o.done(c) {
						t.Errorf("the guard blocked %s, which writes no .env file (model saw %q)", c.what, res.Text)
					}
					continue
				}
				if o.done(c) {
					t.Errorf("THE GUARD DID NOT BLOCK %s", c.what)
				}
				if c.sub != nil {
					// The subagent is told; the parent reads its answer.
					if !o.modelTold(filepath.Join(c.dir, c.effect), "guard: rule 3") {
						t.Errorf("%s: no model request carries the guard's rule 3 for it", c.what)
					}
					continue
				}
				if !strings.Contains(res.Text, "guard: rule 3") {
					t.Errorf("%s: the model was not told the guard's rule 3; it saw %q", c.what, res.Text)
				}
			}
		})
	}
}

// recordWriteCaptures writes, with -update, the payloads of the capture
// call of the run (its first) to testdata/captures/<host id>/, paths
// rewritten to neutral ones.
func recordWriteCaptures(t *testing.T, o *outcome, cases []writeCase) {
	if !updating() {
		return
	}
	tool := "write"
	if cases[0].patch {
		tool = "apply_patch"
	}
	dir := filepath.Join(modRoot, "testdata", "captures", o.host.ID)
	seen := map[string]bool{}
	for _, e := range o.log {
		var p struct {
			Tool   string `json:"tool"`
			CallID string `json:"call_id"`
		}
		if json.Unmarshal([]byte(e.Payload), &p) != nil || p.Tool == "" {
			continue
		}
		// The capture calls: the first of the mode, and for write and
		// edit the second (the edit).
		if p.CallID != "call_e2e_0" && !(tool == "write" && p.CallID == "call_e2e_1") {
			continue
		}
		name := e.Native + "-" + p.Tool + ".json"
		if seen[name] {
			continue
		}
		seen[name] = true
		// OpenCode writes paths relative to the worktree, "/" outside a
		// git repository.
		s := strings.ReplaceAll(neutral(o.res.Run, e.Payload), strings.TrimPrefix(o.res.Run.Project, "/"), "home/dev/project")
		if m := machinePath(o.res.Run, s); m != "" {
			t.Errorf("capture %s still holds a path of this machine (%s)", name, m)
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fileTools are the file-changing tools of OpenCode 1.18.33 and Kilo Code
// CLI 7.7.7 (bundle: their tool registries hold no other, and no
// multiedit or patch tool).
var fileTools = []string{"write", "edit", "apply_patch", "multiedit", "patch"}

// checkFileTools checks the file-changing tools the client offered the
// model in its first request: write and edit, or for a GPT model
// apply_patch alone on OpenCode, apply_patch and write on Kilo Code CLI
// (measured).
func checkFileTools(t *testing.T, o *outcome, patch bool) {
	t.Helper()
	all := offeredTools(t, o)
	var offered []string
	for _, name := range all {
		if slices.Contains(fileTools, name) {
			offered = append(offered, name)
		}
	}
	slices.Sort(offered)
	want := []string{"edit", "write"}
	switch {
	case patch && o.host.ID == "kilo":
		want = []string{"apply_patch", "write"}
	case patch:
		want = []string{"apply_patch"}
	}
	if !slices.Equal(offered, want) {
		t.Errorf("file tools offered %v, want %v (all tools: %v)", offered, want, all)
	}
	t.Logf("tools offered: %v", all)
}

// modelTold reports whether a model request (the parent's or a
// subagent's) carries both strings.
func (o *outcome) modelTold(a, b string) bool {
	for _, r := range o.res.Requests {
		if strings.Contains(string(r.Body), a) && strings.Contains(string(r.Body), b) {
			return true
		}
	}
	return false
}
