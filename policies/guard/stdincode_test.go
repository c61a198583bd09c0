package guard

import (
	"testing"
)

// TestStdinAndOptionCode: code a program reads from its standard input,
// or takes from an option and runs with file names after it, is judged
// as the code it is (issue 38). Each attack was run under bash 5.2 in a
// scratch directory (the comment says what bash did); the look-alikes
// pass.
func TestStdinAndOptionCode(t *testing.T) {
	root := project(t)
	judgeTable(t, root, []judgeCase{
		// eval's commands read eval's standard input.
		{`eval bash <<<'echo k > .env'`, "rule 3"}, // bash: .env written
		{`eval 'sh -s' <<'EOF'
echo k > .env
EOF`, "rule 3"},
		{`eval cat <<<'echo k > .env'`, ""}, // cat prints it
		// A git shell alias reads git's standard input.
		{`git -c alias.x='!bash' x <<<'echo k > .env'`, "rule 3"}, // bash: .env written
		{`git -c alias.x='!cat' x <<<'echo k > .env'`, ""},
		// find -exec's command reads find's standard input; -ok's the null
		// device (bash: the here-string was not run).
		{`find . -maxdepth 0 -exec bash \; <<<'echo k > .env'`, "rule 3"}, // bash: .env written
		{`find . -maxdepth 0 -execdir sh \; <<<'echo k > .env'`, "rule 3"},
		{`find . -maxdepth 0 -ok bash \; <<<'echo k > .env'`, ""},
		{`find . -name '*.go' -exec cat {} + <<<'echo k > .env'`, ""},
		// xargs -a FILE leaves the command xargs's standard input.
		{`xargs -a /dev/null bash <<<'echo k > .env'`, "rule 4"}, // bash: .env written (the words, none here, are not known)
		{`xargs bash <<<'echo k > .env'`, "rule 3"},              // the words are bash's arguments: a script file "echo", given .env
		// A program file that is the standard input: its here-string is the code.
		{`python3 /dev/stdin <<<'import os; os.system("touch x")'`, "rule 5"}, // bash: x made
		{`python3 /dev/fd/0 <<<'import shutil; shutil.rmtree("src")'`, "rule 5"},
		{`ruby /proc/self/fd/0 <<<'system("touch x")'`, "rule 5"},
		{`node /dev/stdin <<<'require("child_process").execSync("touch x")'`, "rule 5"},
		{`python3 /dev/stdin <<<'print(1)'`, ""},
		{"make -f /dev/stdin <<< $'all:\\n\\techo k > .env'", "rule 3"}, // bash: .env written; the recipe is read
		{"printf 'all:\\n\\techo k > .env\\n' | make -f /dev/fd/0", "rule 4"},
		{`bash /dev/stdin <<<'echo hi'`, ""},
		// A program file read from another descriptor (bash: src deleted).
		{`python3 /dev/fd/3 3<<<'import shutil; shutil.rmtree("src")'`, "rule 4"},
		{`exec 3<<<'import shutil; shutil.rmtree("src")'; python3 /dev/fd/3`, "rule 4"},
		{`tclsh /dev/fd/3 3<<<'exec rm -rf src'`, "rule 4"},
		{`perl /dev/fd/3 3<<<'system "rm -rf src"'`, "rule 4"},
		{`python3 /dev/fd/0 <<<'print(1)'`, ""},
		{`diff /dev/fd/3 /dev/fd/4 3<a 4<b`, ""},
		{`python3 - <<<'print(sum(range(10)))'`, ""},
		// A program from an option, run with the files' names after it.
		{`git grep -O'rm -rf' TODO`, "rule 1"}, // bash: git ran rm -rf on the matching files
		{`git grep --open-files-in-pager=rm TODO`, "rule 1"},
		{`rg --pre rm TODO .`, "rule 1"}, // ripgrep runs rm FILE for each file searched
		{`rg --pre=rm TODO`, "rule 1"},
		{`diff --diff-program=rm a b`, "rule 1"},
		{`git grep -O TODO`, ""}, // the pager
		{`git grep -n -e TODO -- src`, ""},
		{`rg --pre zcat --pre-glob '*.gz' TODO`, ""},
		{`rg --pre cat TODO`, ""},
	})
}
