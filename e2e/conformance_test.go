package e2e

import (
	"cmp"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/agenthooks/hooks/e2e/harness"
)

// rows are the behaviours of CONFORMANCE.md, in order.
var rows = []struct{ key, title string }{
	{"events", "Every event the client fires parses to the expected unified event and tool"},
	{"noopinion", "No opinion: every tool runs (shell, write, edit, read; Codex: shell, apply_patch)"},
	{"deny", "PreToolUse deny: the command does not run, the model is told our reason"},
	{"control", "Control run without the hook: the same command does run"},
	{"deny-write", "PreToolUse deny on a file write (Codex: apply_patch): the file is not written, the model is told our reason"},
	{"allow", "PreToolUse allow: the tool runs"},
	{"allow-bypass", "PreToolUse allow runs a tool the client would refuse on its own (with a control run)"},
	{"rewrite", "PreToolUse updated input: the rewritten command runs instead"},
	{"ctx-session", "SessionStart context reaches the model"},
	{"ctx-prompt", "UserPromptSubmit context reaches the model"},
	{"ctx-post", "PostToolUse context reaches the model"},
	{"post-deny", "PostToolUse deny: the model is told our reason"},
	{"prompt-deny", "UserPromptSubmit deny: the model is never called"},
	{"stop-once", "Stop deny continues the agent exactly once, with our reason"},
	{"stop-guard", "Loop guard: the second stop (already continuing) ends the agent"},
	{"fail-closed-panic", "Fail closed, handler panics: the tool is blocked"},
	{"fail-closed-malformed", "Fail closed, malformed stdin: the tool is blocked"},
	{"fail-open-panic", "Fail open, handler panics: the tool runs"},
	{"permreq-deny", "PermissionRequest deny (Claude Code: a Bash command not allowed, SDK mode, nobody else answering; Codex: an escalated command under exec --approve-for-me; Copilot CLI: a bash command and a .env create, asked even under --allow-all-tools, control first): the command does not run (Copilot CLI: nor the write), the model is told our reason"},
	{"permreq-allow", "PermissionRequest allow: the command runs, nobody else (SDK host, reviewer) is asked (Copilot CLI: -p without --allow-all-tools, which refuses it in a control run)"},
	{"permreq-plain", "PermissionRequest in plain -p (Claude Code 2.1.268 and later; a Bash command not allowed, no SDK host): a deny keeps it from running with our reason, an allow runs it"},
	{"skill-shell-deny", "A slash command's `!` shell line `rm -rf victim` (no PreToolUse fires for it), examples/guard registered by install.Install: on PreSkillShellCommand (Claude Code 2.1.332 and later) the guard's shell policy keeps it from running, the model is told the guard's reason (control: it runs without the guard)"},
	{"subagent-ctx", "SubagentStart context reaches the subagent"},
	{"subagent-stop", "SubagentStop deny continues the subagent once with our reason; the loop guard ends it the second time; the parent gets its final text (Qwen Code: with the agent call in the foreground and in the background, its default; both must pass)"},
	{"installer", "Registered by install.Install (project scope): the hooks run and a deny takes effect"},
	{"guard-binary", "examples/guard as users ship it (hookmain.Run), registered by install.Install: `rm -rf` does not run, the model is told the guard's reason; a plain command runs"},
	{"guard-tricks", "examples/guard as users ship it, fail-open, against a model's tricks sent as raw arguments (a case variant `Command` after the real command, a side field `DESCRIPTION:5`, a .env write with `CONTENT:5`, a duplicate `command`, an escaped key `comm\\u0061nd`, a duplicate escaped `file_p\\u0061th`; Copilot CLI: the same on its own argument names `path` and `file_text`): nothing is deleted or written, the model is told the guard's reason (control without the hook: every trick the client does not refuse on its own takes effect; Claude Code refuses the first three itself)"},
	{"guard-shell", "examples/guard on what a shell command hides, registered by install.Install: `bash -c 'rm -rf dir'` (Codex, which refuses that itself: `bash -c 'command rm -rf dir'`), `echo A=1 > sub/.env`, and `bash wipe.sh` after a call wrote wipe.sh holding `rm -rf dir2`, are denied (the directories survive, the file is never written, the model is told the guard's reasons); a control run without the hook does all three"},
	{"gofmt-binary", "examples/gofmt as users ship it, registered by install.Install: after writes of a formatted and an unformatted .go file (Codex: apply_patch, relative paths), the model is told only the unformatted one needs gofmt"},
	{"codex-trust", "Codex without the trust bypass: installed hooks run once trusted by the hashes install.Doctor prints (control: not before)"},
	{"fail-closed-typed", "Fail closed, typed handlers only: host-only events block nothing, the session runs"},
	{"gateway-deny", "Policy gateway registered by install --gateway (Claude Code: `type: \"http\"` hooks; the other clients: the bridge, examples/bridge; Copilot CLI's PascalCase column: the bridge's command under the PascalCase names, a form install does not write): a deny, the command does not run, the model is told the gateway's reason"},
	{"gateway-noopinion", "Policy gateway: no opinion, the command runs"},
	{"gateway-late", "Policy gateway, fail-closed, whose handler ignores its deadline: the gateway's fail-closed answer at the deadline takes effect, the command does not run, the model is told why"},
	{"gateway-binary", "examples/gateway as its own process, registered by install --gateway: `rm -rf` does not run, the model is told the gateway's reason, a plain command runs; its log holds the deny, never the token or the command; it stops cleanly on SIGTERM"},
	{"gateway-down-closed", "Policy gateway down, bridge with --fail-closed: the tool is blocked, the model is told why"},
	{"gateway-down-open", "Policy gateway down, bridge fail-open: the tool runs"},
	{"guard-install", "examples/guard built from the module and registered by install.Install (Copilot CLI: camelCase with --event; its PascalCase column: `guard --host copilot` under the PascalCase names): `rm -rf victim_dir` and a `.env` write are denied (the directory survives, the file is never written, the model is told the guard's reasons), `echo ok > ok.txt` runs; a control run without the hook does all three"},
	{"model-request", "PreModel request override (Gemini CLI BeforeModel): a token of the prompt is replaced in every request before the model receives it"},
	{"model-redact", "PostModel chunk replacement (Gemini CLI AfterModel): a secret in the model's answer is redacted in what the user is shown (the client's final output)"},
	{"model-tools", "PreToolSelection tool restriction (Gemini CLI BeforeToolSelection, mode NONE): every request carries it to the model's API (functionCallingConfig), the tools stay declared; the fake model honours it as the API does and the scripted shell call never runs"},
	{"model-answer", "PreModel answer in the model's place (Gemini CLI BeforeModel): the model is never called, the user is shown the hook's answer, the reason as a warning"},
	{"native-defer", "Host-only answers (hooks.Native, Claude Code): `claude.Defer()` on PreToolUse ends the -p run before the command runs, with no further model call; a deny with `claude.SuppressOutput()` still blocks with our reason; entries install writes with `--status-message` and `-- ARGS` run and their deny takes effect, in a file that also holds an `--async` SessionEnd entry (which in -p may not finish before the client exits: one run recorded it, another did not)"},
	{"plugin", "Registered by install.Install into a Claude Code plugin (`--scope plugin`: the plugin's hooks/hooks.json), loaded with `--plugin-dir`: a deny takes effect, the model is told our reason; no settings file holds the hook"},
	{"guard-outcomes", "examples/guard protects outcomes (issue 22), registered by install.Install, in a git repository with an uncommitted change: `rm -r dir` (no -f) and `git checkout -- .` are denied (the directory and the change survive, the model is told the guard's rule 1 and rule 2), `rm -rf node_modules` runs (Codex, which refuses rm -f style commands itself: `command rm -rf node_modules`); a control run without the hook does all three"},
	{"portable-command", "A command that works on every clone (issue 28): install.Install with ProjectBinary `bin/guard` (install --binary-in-project) into Alice's clone, a git repository holding the hook as bin/guard; the clone copied to Bob's at another path, with a space and a quote in it, and Alice's deleted: in Bob's clone the hooks run Bob's bin/guard (the deny takes effect, the model is told our reason, the hook fires on session start, the tool gate and stop) and no file holds a path of Alice's, Codex again started in a subdirectory of the clone (where a relative ./bin/guard, a control, never runs); the same with PathBinary `guard` (install --binary-on-path), the hook first on the client's PATH"},
	{"guard-write-tools", "examples/guard against a `.env` write through every file-changing tool of OpenCode and its forks (write, edit, apply_patch, the last offered to GPT models; Kilo Code CLI: also its background_process, which runs a shell command), in the spellings a model can choose (relative, `./`, `sub/../`, absolute, a case variant, an edit creating the file, a subagent's write (task; the subagent is told the reason), a patch that moves a file onto `.env`, with no hunk too, several files with `.env` last, CRLF, a header with no space, a path ending in U+FEFF, a heredoc wrapper, text around the patch, a delete): each is denied with the guard's rule 3; a look-alike `.\u0435nv`, a file after the patch's first End Patch, an indented Add File header and a Move to after the hunk (none of which the client writes) are let through; a run with a hook that has no opinion first does all of them"},
	{"guard-tamper", "examples/guard installed as a team ships it (install --binary-in-project bin/guard; Cline CLI, OpenCode and Kilo Code CLI, which refuse that: bin/guard by its absolute path; --log in the project), against a model that tries to switch it off in the session it guards (issue 35): after a denied `rm -rf victim_dir` (Codex: `command rm -rf`), `printf … > bin/guard`, `chmod -x bin/guard`, `mv bin/guard …`, the hook's lines deleted from the host's hook file by `sed -i`, `rm LOG && mkfifo LOG`, and the binary overwritten by the client's file tool (Codex: apply_patch; Claude Code and Qwen Code read it first, let through; `md5sum bin/guard` after it, let through) are each denied (nothing changes on disk, the model is told to ask the user to change the hook), and `rm -rf victim_dir` again is denied (the directory survives); a control run with the same files and a hook of no opinion (--observe) does every one"},
	{"guard-secrets", "Secrets never reach the model (issue 37), examples/guard registered by install.Install: `cat build.log`, whose output holds a GitLab token, and the client's read tool on config/deploy.yml, which holds an AWS secret key line (Codex: `cat`): no request the model server receives holds either secret, the model reads the rest of each output with the secret redacted (Claude Code: updatedToolOutput in Bash's and Read's shape; Gemini CLI, Codex, Copilot CLI: the post-tool block's reason in place of the result); a control run without the hook sends both to the model"},
}

// runOfRow names the run of TestClients that checks each row run on the
// clients with harness.Host.Runs: a row of a run they make and that left
// no cell is "not run", the others n/a.
var runOfRow = map[string]string{
	"events": "baseline", "noopinion": "baseline",
	"deny": "guard", "deny-write": "guard", "rewrite": "guard", "control": "control",
	"allow": "context", "ctx-session": "context", "ctx-prompt": "context", "ctx-post": "context",
	"post-deny": "context", "stop-once": "context", "stop-guard": "context",
	"fail-closed-panic": "fail-closed", "fail-closed-malformed": "fail-closed", "fail-open-panic": "fail-open",
	"fail-closed-typed": "fail-closed-typed", "guard-install": "guard-install",
	"installer": "installer", "guard-binary": "guard-binary", "guard-shell": "guard-shell", "prompt-deny": "prompt-deny",
	"gofmt-binary": "gofmt-binary", "codex-trust": "codex-trust", "guard-tricks": "guard-tricks",
	"gateway-deny": "gateway", "gateway-noopinion": "gateway", "gateway-late": "gateway-late",
	"gateway-binary": "gateway-binary", "gateway-down-closed": "gateway-down", "gateway-down-open": "gateway-down",
	"allow-bypass": "allow-bypass", "permreq-deny": "permission-request", "permreq-allow": "permission-request",
	"permreq-plain": "permission-request-plain", "skill-shell-deny": "skill-shell",
	"subagent-ctx": "subagent", "subagent-stop": "subagent", "guard-outcomes": "guard-outcomes",
	"portable-command": "portable-command",
	"model-request":    "model", "model-redact": "model", "model-tools": "model", "model-answer": "model",
	"native-defer": "native", "plugin": "plugin", "guard-write-tools": "guard-write-tools", "guard-tamper": "guard-tamper",
	"guard-secrets": "guard-secrets",
}

type cell struct{ status, note string }

// conformance collects the cells of CONFORMANCE.md as the tests run.
type conformance struct {
	mu    sync.Mutex
	cells map[string]map[string]cell // row -> host -> cell
}

var table = &conformance{cells: map[string]map[string]cell{}}

func (c *conformance) set(host, row string, v cell) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cells[row] == nil {
		c.cells[row] = map[string]cell{}
	}
	c.cells[row][host] = v
}

func (c *conformance) get(host, row string) (cell, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.cells[row][host]
	return v, ok
}

func (c *conformance) ran() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.cells) > 0
}

// check records row for host as pass or FAIL when t ends.
func (c *conformance) check(t *testing.T, host, row string) { c.checkNote(t, host, row, "") }

// checkNote is check for a pass that needs a note (what the client does
// differently from the row's words, and what was checked instead).
func (c *conformance) checkNote(t *testing.T, host, row, note string) {
	t.Cleanup(func() {
		switch {
		case t.Failed():
			c.set(host, row, cell{"FAIL", t.Name()})
		case t.Skipped():
		default:
			c.set(host, row, cell{"pass", note})
		}
	})
}

// na records row for host as not applicable and skips t.
func (c *conformance) na(t *testing.T, host, row, why string) {
	c.set(host, row, cell{"n/a", why})
	t.Skip(why)
}

// skip records row for host as not run, and why; the caller skips.
func (c *conformance) skip(host, row, why string) {
	c.set(host, row, cell{"not run", why})
}

// expectRows records the rows a run checks as FAIL when the run fails
// before checking them.
func (c *conformance) expectRows(t *testing.T, host string, keys ...string) {
	t.Cleanup(func() {
		for _, k := range keys {
			if _, ok := c.get(host, k); !ok && t.Failed() {
				c.set(host, k, cell{"FAIL", t.Name() + ": the run failed before this check"})
			}
		}
	})
}

var hostTitles = map[string]string{"claude": "Claude Code", "gemini": "Gemini CLI", "codex": "Codex",
	"copilot": "Copilot CLI", "qwen": "Qwen Code", "droid": "Factory Droid", "kimi": "Kimi Code",
	"cline": "Cline CLI", "opencode": "OpenCode", "pi": "Pi", "auggie": "Auggie"}

// columnTitles name the columns of a second registration form of one
// client.
var columnTitles = map[string]string{"copilot-pascal": "Copilot CLI (PascalCase)", "kilo": "Kilo Code CLI (OpenCode fork)"}

// render returns CONFORMANCE.md.
func (c *conformance) render(versions map[string]string) string {
	hosts := harness.Hosts()
	var b strings.Builder
	b.WriteString("# Conformance of the real clients\n\n")
	b.WriteString("Generated by the end-to-end suite (`go test ./e2e -update`, or `HOOKS_E2E_WRITE=1 go test ./e2e`); do not edit.\n")
	b.WriteString("Each cell is the outcome of the real client, run headless against a fake model server on 127.0.0.1 with\n")
	b.WriteString("the hook built from this repository registered in the client's own configuration; see e2e/doc.go.\n\n")
	b.WriteString("| behaviour |")
	for _, h := range hosts {
		fmt.Fprintf(&b, " %s %s |", cmp.Or(columnTitles[h.ID], hostTitles[h.Name]), versions[h.Package])
	}
	b.WriteString(" Cursor |\n|---|")
	for range hosts {
		b.WriteString("---|")
	}
	b.WriteString("---|\n")
	var notes []string
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s |", r.title)
		for _, h := range hosts {
			v, ok := c.get(h.ID, r.key)
			switch {
			case !ok:
				// Also a row of a run this client is not made for
				// (harness.Host.Runs): not proven there is "not run",
				// never "n/a", which says the host has no such thing.
				v = cell{"not run", ""}
			}
			s := v.status
			if v.note != "" {
				notes = append(notes, fmt.Sprintf("%s %s, %s: %s", cmp.Or(columnTitles[h.ID], hostTitles[h.Name]), versions[h.Package], r.key, v.note))
				s += fmt.Sprintf(" [%d]", len(notes))
			}
			fmt.Fprintf(&b, " %s |", s)
		}
		b.WriteString(" covered by captures |\n")
	}
	b.WriteString("\nCursor cannot run here; its adapter is checked against real captured payloads (cursor package tests).\n")
	if len(notes) > 0 {
		b.WriteString("\nNotes:\n\n")
		for i, n := range notes {
			fmt.Fprintf(&b, "%d. %s\n", i+1, n)
		}
	}
	return b.String()
}

// compare reports where the file at path differs from the table this run
// produced.
func (c *conformance) compare(path string) error {
	versions := map[string]string{}
	if clients != nil {
		versions = clients.Versions
	}
	want := c.render(versions)
	got, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if string(got) == want {
		return nil
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(want, "\n")
	for i := range max(len(gl), len(wl)) {
		g, w := "", ""
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			return fmt.Errorf("CONFORMANCE.md is not what this run produced (rewrite it with go test ./e2e -update); line %d is\n  %s\nbut the run produced\n  %s", i+1, g, w)
		}
	}
	return nil
}

func (c *conformance) write(path string) error {
	versions := map[string]string{}
	if clients != nil {
		versions = clients.Versions
	}
	return os.WriteFile(path, []byte(c.render(versions)), 0o644)
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// clientName is the column title of h and the installed version, as a
// note names the client ("OpenCode 1.18.33").
func clientName(h *harness.Host) string {
	name := cmp.Or(columnTitles[h.ID], hostTitles[h.Name])
	if h.ID == "kilo" {
		name = "Kilo Code CLI" // its column title says the fork
	}
	if clients == nil {
		return name
	}
	return name + " " + clients.Versions[h.Package]
}
