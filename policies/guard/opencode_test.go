package guard

import (
	"context"
	"encoding/json"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/opencode"
	"github.com/agenthooks/hooks/writes"
)

// TestOpenCodeWriteTools: a .env write through every file-changing tool
// of OpenCode and Kilo Code CLI (write, edit, apply_patch, and Kilo's
// background_process, which runs a shell command), in the
// spellings of e2e's guard-write-tools row, which ran each of them on the
// real clients (each took effect without a hook): writes.Of reports the
// file the client wrote, writes.Paths names it, and the guard denies the
// call with rule 3. A look-alike name, a file after the patch's first
// End Patch, an indented header and a Move to after the hunk, none of
// which the client writes, pass.
func TestOpenCodeWriteTools(t *testing.T) {
	const cwd = "/home/dev/project"
	patch := func(text string) map[string]any { return map[string]any{"patchText": text} }
	add := func(path string) map[string]any {
		return patch("*** Begin Patch\n*** Add File: " + path + "\n+TOKEN=x\n*** End Patch")
	}
	for _, c := range []struct {
		name, tool string
		args       map[string]any
		// file is the file the client writes (resolved), "" when the
		// call must pass.
		file string
	}{
		{"write relative", "write", map[string]any{"filePath": "w2/.env", "content": "x"}, cwd + "/w2/.env"},
		{"write ./", "write", map[string]any{"filePath": "./w3/.env", "content": "x"}, cwd + "/w3/.env"},
		{"write sub/..", "write", map[string]any{"filePath": "w4/sub/../.env", "content": "x"}, cwd + "/w4/.env"},
		{"write absolute", "write", map[string]any{"filePath": cwd + "/w5/.env", "content": "x"}, cwd + "/w5/.env"},
		{"write case variant", "write", map[string]any{"filePath": cwd + "/w6/.ENV", "content": "x"}, cwd + "/w6/.ENV"},
		{"write look-alike", "write", map[string]any{"filePath": cwd + "/w7/.\u0435nv", "content": "x"}, ""},
		{"edit creating", "edit", map[string]any{"filePath": "w8/.env", "oldString": "", "newString": "x"}, cwd + "/w8/.env"},
		{"edit sub/..", "edit", map[string]any{"filePath": "w9/sub/../.env", "oldString": "old", "newString": "new"}, cwd + "/w9/.env"},
		{"patch relative", "apply_patch", add("p1/.env"), cwd + "/p1/.env"},
		{"patch ./", "apply_patch", add("./p2/.env"), cwd + "/p2/.env"},
		{"patch sub/..", "apply_patch", add("p3/sub/../.env"), cwd + "/p3/.env"},
		{"patch absolute", "apply_patch", add(cwd + "/p4/.env"), cwd + "/p4/.env"},
		{"patch move onto .env", "apply_patch",
			patch("*** Begin Patch\n*** Update File: p5/a.txt\n*** Move to: p5/.env\n@@\n-old\n+TOKEN=x\n*** End Patch"), cwd + "/p5/.env"},
		{"patch move with no hunk", "apply_patch", patch("*** Begin Patch\n*** Update File: p6/a.txt\n*** Move to: p6/.env\n*** End Patch"), cwd + "/p6/.env"},
		{"patch .env last of three", "apply_patch",
			patch("*** Begin Patch\n*** Add File: p7/a.txt\n+a\n*** Add File: p7/b.txt\n+b\n*** Add File: p7/.env\n+TOKEN=x\n*** End Patch"), cwd + "/p7/.env"},
		{"patch CRLF", "apply_patch", patch("*** Begin Patch\r\n*** Add File: p8/.env\r\n+TOKEN=x\r\n*** End Patch\r\n"), cwd + "/p8/.env"},
		{"patch header with no space", "apply_patch", patch("*** Begin Patch\n*** Add File:p9/.env\n+TOKEN=x\n*** End Patch"), cwd + "/p9/.env"},
		{"patch path ending in U+FEFF", "apply_patch", add("p10/.env\ufeff"), cwd + "/p10/.env"},
		{"patch in a heredoc", "apply_patch", patch("cat <<'X'\n*** Begin Patch\n*** Add File: p11/.env\n+TOKEN=x\n*** End Patch\nX"), cwd + "/p11/.env"},
		{"patch with text around", "apply_patch",
			patch("Here is the patch:\n*** Begin Patch\n*** Add File: p12/a.txt\n+a\nstray line\n*** Add File: p12/.env\n+TOKEN=x\n*** End Patch"), cwd + "/p12/.env"},
		{"patch delete", "apply_patch", patch("*** Begin Patch\n*** Delete File: p13/.env\n*** End Patch"), cwd + "/p13/.env"},
		{"patch look-alike", "apply_patch", add("p14/.\u0435nv"), ""},
		{"patch case variant", "apply_patch", add("p15/.Env"), cwd + "/p15/.Env"},
		{"patch .env after the first End Patch", "apply_patch",
			patch("*** Begin Patch\n*** Add File: p16/a.txt\n+a\n*** End Patch\n*** Add File: p16/.env\n+TOKEN=x\n*** End Patch"), ""},
		{"patch indented header", "apply_patch", patch("*** Begin Patch\n*** Add File: p17/a.txt\n+a\n *** Add File: p17/.env\n+TOKEN=x\n*** End Patch"), ""},
		{"patch Move to after the hunk", "apply_patch", patch("*** Begin Patch\n*** Update File: p18/a.txt\n@@\n-old\n+new\n*** Move to: p18/.env\n*** End Patch"), ""},
		{"kilo background_process", "background_process", map[string]any{"action": "start", "command": "printf 'TOKEN=x\\n' > b1/.env"}, cwd + "/b1/.env"},
		{"kilo background_process workdir", "background_process", map[string]any{"action": "start", "command": "printf x > .env", "workdir": "b2"}, cwd + "/b2/.env"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args, _ := json.Marshal(c.args)
			payload, _ := json.Marshal(map[string]any{"opencode_hook": "tool.execute.before", "wire": 1, "directory": cwd, "worktree": cwd,
				"tool": c.tool, "session_id": "ses_1", "call_id": "call_1", "args": json.RawMessage(args)})
			ev, err := opencode.New().Parse(payload)
			if err != nil {
				t.Fatal(err)
			}
			tool := hooks.ToolOf(ev)
			if tool.InputErr != nil {
				t.Fatalf("InputErr %v", tool.InputErr)
			}
			ws, err := writes.Of(context.Background(), tool, cwd)
			if err != nil {
				t.Fatal(err)
			}
			var env []string
			for _, w := range ws {
				if IsEnvFile(w.Name) {
					env = append(env, w.Path)
				}
			}
			r := Judge(context.Background(), cwd, tool)
			if c.file == "" {
				if len(env) > 0 || r.Decision == hooks.DecisionDeny {
					t.Errorf("a call that writes no .env file: writes.Of %v, the guard answers %+v", env, r)
				}
				return
			}
			if !slices.Contains(env, c.file) {
				t.Errorf("writes.Of reports %+v, not %s", ws, c.file)
			}
			name := c.file[strings.LastIndexByte(c.file, '/')+1:]
			if !slices.ContainsFunc(writes.Paths(tool), func(p string) bool { return path.Base(p) == name }) {
				t.Errorf("writes.Paths %q names no %s", writes.Paths(tool), name)
			}
			// The reason names the file as resolved (a file tool's) or as
			// the command writes it (the shell's).
			if r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "rule 3") || !strings.Contains(r.Reason, name) {
				t.Errorf("the guard answers %+v", r)
			}
		})
	}
}
