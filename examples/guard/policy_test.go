package main

import (
	"testing"

	"github.com/agenthooks/hooks/hookstest"
)

// TestPolicy checks the guard's rules on every host with hookstest: each
// scenario is rendered into the native payloads of Claude Code, Cursor,
// Gemini CLI and Codex, answered by the guard as the binary answers it,
// and judged by what each host would do with the answer.
func TestPolicy(t *testing.T) {
	h := policy()

	// Recursive forced deletes are denied everywhere, with the guard's
	// reason reaching the model, and nothing is dropped for any host.
	for _, cmd := range []string{"rm -rf /", "rm -fr build", "sudo rm -r -f /var/log", "cd out && rm --recursive --force .",
		// Spellings the shell accepts, as issue 13 tried them on the real clients.
		`bash -c 'rm -rf build'`, `eval 'rm -rf build'`, `"rm" -rf build`, `\rm -rf build`, `rm --recur --forc build`,
		`rm</dev/null -rf build`, `rm "-rf" build`, `command rm -rf dir`, `find . -name dir -exec rm -rf {} +`} {
		res := hookstest.Run(t, h, hookstest.Shell(cmd))
		res.DeniedWithReason(t, "`rm -rf` is not allowed")
		res.NoWarnings(t)
	}
	hookstest.Run(t, h, hookstest.Shell("rm -rf /").AsPermissionRequest()).DeniedWithReason(t, "`rm -rf` is not allowed")

	// Commands the guard cannot check are denied on every host.
	for _, cmd := range []string{`rm${IFS}-rf${IFS}build`, `x=rm; $x -rf build`, `cat x | sh`} {
		res := hookstest.Run(t, h, hookstest.Shell(cmd))
		res.DeniedWithReason(t, "known only at run time")
		res.NoWarnings(t)
	}
	hookstest.Run(t, h, hookstest.Shell("rm -rf build; (")).DeniedWithReason(t, "does not parse")

	// Shell writes to a .env file, and Cursor's Delete of one.
	for _, s := range []hookstest.Scenario{
		hookstest.Shell("echo A=1 > .env"),
		hookstest.Shell("echo A=1 > sub/.env"),
		hookstest.Shell("cat > .env.local <<'EOF'\nA=1\nEOF"),
		hookstest.Shell("sed -i s/1/2/ .ENV"),
		hookstest.Shell("cp x .env"),
		hookstest.Shell("tee .env < x"),
		hookstest.Delete(".env"),
		hookstest.Delete("/home/dev/project/config/.env.production"),
	} {
		res := hookstest.Run(t, h, s)
		res.DeniedWithReason(t, "is a .env file")
		res.NoWarnings(t)
	}

	// Writes to a .env file are denied however the host writes files:
	// Claude's Write and Edit, Cursor's Write, Gemini's write_file and
	// replace, Codex's apply_patch (as the tool or a shell heredoc),
	// including a patch that moves another file to .env.
	for _, s := range []hookstest.Scenario{
		hookstest.Write("config/.env", "API_KEY=x\n"),
		hookstest.Write("/home/dev/project/.env", "API_KEY=x\n"),
		hookstest.Edit(".env", "DEBUG=0", "DEBUG=1"),
		hookstest.PatchMove("config/example.env", "config/.env"),
		hookstest.Write(".env", "x").AsPermissionRequest(),
	} {
		res := hookstest.Run(t, h, s)
		res.DeniedWithReason(t, "is a .env file")
		res.NoWarnings(t)
	}

	// Everything else is left to the host, as if the guard were not there.
	for _, s := range []hookstest.Scenario{
		hookstest.Shell("rm build/out.o"),
		hookstest.Shell("ls -rf"),
		hookstest.Shell("git commit -m 'stop using rm -rf'"),
		hookstest.Shell("echo rm -rf build # rm -rf"),
		hookstest.Shell("rm -r build"),
		hookstest.Shell("rm -f out.o"),
		hookstest.Shell("cat .env && grep KEY .env"),
		hookstest.Shell("echo A= > .env.example"),
		hookstest.Delete("notes.txt"),
		hookstest.Write("config/.env.example", "API_KEY=\n"),
		hookstest.Edit("main.go", "foo()", "bar()"),
		hookstest.PatchMove("notes.txt", "docs/notes.txt"),
		hookstest.Read(".env"),
		hookstest.Prompt("clean the build directory"),
		hookstest.Stop(),
		hookstest.PostWrite(".env"),
	} {
		res := hookstest.Run(t, h, s)
		res.NoOpinion(t)
		res.NoWarnings(t)
	}
}

// TestPolicyBinary runs the same rules against the built guard, the
// program that ships.
func TestPolicyBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the guard; run without -short")
	}
	bin := hookstest.Build(t, ".")
	hookstest.RunBinary(t, bin, hookstest.Shell("rm -rf /")).DeniedWithReason(t, "`rm -rf` is not allowed")
	hookstest.RunBinary(t, bin, hookstest.PatchMove("config/example.env", "config/.env")).DeniedWithReason(t, "is a .env file")
	hookstest.RunBinary(t, bin, hookstest.Write("README.md", "hello\n")).NoOpinion(t)
}
