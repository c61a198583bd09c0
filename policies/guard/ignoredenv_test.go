package guard

import "testing"

// TestIgnoredEnvIsWork: a .env file git ignores, as projects do, is not
// regenerable: a recursive delete of a folder that holds one is denied
// by rule 1 (issue 38; `rm -rf app` and `find . -name '.env*' -delete`
// deleted them under bash and passed), while ignored build output still
// passes.
func TestIgnoredEnvIsWork(t *testing.T) {
	root, write, git := repo(t)
	write(".gitignore", ".env\n.env.*\nbuild/\n")
	write("app/config.js", "x\n")
	write("cfg/settings.json", "{}\n")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "first")
	write("app/.env", "KEY=1\n")
	write("cfg/.env.local", "KEY=2\n")
	write("build/out.o", "x")
	judgeTable(t, root, []judgeCase{
		{`rm -rf app`, "app/.env"},
		{`rm -r cfg`, "cfg/.env.local"},
		{`find . -name '.env*' -delete`, "rule 1"},
		{`find cfg -delete`, "rule 1"},
		// Look-alikes: ignored output, committed files.
		{`rm -rf build`, ""},
		{`find . -name '*.o' -delete`, ""},
		{`rm -rf app/config.js`, ""},
	})
}
