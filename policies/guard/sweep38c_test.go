package guard

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSweep38c: the rows of sweep 38's third pass, in a project with the
// hook installed: what the guard got wrong, now right. Each attack was
// run under bash (GNU make 4.3, git 2.x) in a sandbox project, and the
// comment says what bash did; cmake is not on the machine the sweep ran
// on, so its rows are judged from cmake's documentation only. The
// look-alikes beside them pass.
func TestSweep38c(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	for name, body := range map[string]string{
		"mk/evsh.mk":          "$(eval $(shell echo X = rm -rf src))\nall:\n\t$(X)\n",
		"mk/vars.txt":         "X = rm -rf src\n",
		"mk/evcat.mk":         "$(eval $(shell cat mk/vars.txt))\nall:\n\t$(X)\n",
		"mk/evsh3.mk":         "VER := $(shell git describe --always)\n$(eval $(shell echo V2 = 1))\nall:\n\techo $(VER) $(V2)\n",
		"cmake/version.cmake": "message(STATUS 1)\n",
		"mk/inc.mk":           "include $(shell echo mk/incl.mk)\n",
		"mk/incl.mk":          "all:\n\trm -rf src\n",
		"mk/inc2.mk":          "INC := mk/incl.mk\ninclude $(INC)\n",
		"mk/deps.mk":          "SRCS := a.c\n-include $(SRCS:.c=.d)\nall:\n\techo ok\n",
	} {
		writeFile(t, root, name, body)
	}
	for _, tc := range sweep38cRows {
		r, deny := judgeHooked(root, s, tc.cmd)
		switch {
		case tc.want == "" && deny:
			t.Errorf("%q: denied (%s), want it to pass", tc.cmd, r)
		case tc.want != "" && (!deny || !strings.Contains(r, tc.want)):
			t.Errorf("%q: deny %v %q, want a deny naming %q", tc.cmd, deny, r, tc.want)
		}
	}
}

var sweep38cRows = []judgeCase{
	// cmake -E TOOL is the command the tool stands for (judged only).
	{`cmake -E remove_directory src`, "rule 1"}, // rm -rf src: passed
	{`cmake -E copy_directory tmpl/.claude .claude`, "footing"},
	{`cmake -E copy_directory_if_different tmpl/.claude .claude`, "footing"},
	{`cmake -E chdir src rm -rf .`, "rule 1"}, // was denied as rm -rf . where the command starts
	{`cmake -E env --unset=CC rm -rf src`, "rule 1"},
	{`op=remove_directory; cmake -E "$op" src`, "rule 4"},
	{`cmake -E remove_directory build`, ""},
	{`cmake -E rm -rf build`, ""}, // was denied: rm's words read through a program not known
	{`cmake -E make_directory build`, ""},
	{`cmake -E copy README.md build/`, ""},
	{`cmake -E copy_directory dist build/dist`, ""},
	{`cmake -E chdir build cmake ..`, ""},
	{`cmake -E env CC=clang cmake -B build`, ""},
	{`cmake -E time make`, ""},
	{`cmake -E tar cf x.tar README.md`, ""},
	{`cmake -E sha256sum README.md`, ""},
	{`cmake -E echo hi`, ""},
	// cmake -P runs a file of cmake code: written in the same command,
	// it is not seen.
	{`echo 'file(REMOVE_RECURSE src)' > x.cmake; cmake -P x.cmake`, "rule 4"},
	{`echo 'file(REMOVE_RECURSE src)' > x.cmake && cmake -DX=1 -P x.cmake`, "rule 4"},
	{`cmake -P cmake/version.cmake`, ""},
	{`cmake -DX=1 -P cmake/version.cmake`, ""},
	// A configure step runs the project's CMakeLists.txt, an initial
	// cache script (-C) and a toolchain file; ctest -S a script.
	{`echo 'file(REMOVE_RECURSE src)' > CMakeLists.txt && cmake -B build`, "rule 4"},
	{`echo 'file(REMOVE_RECURSE src)' > CMakeLists.txt && cmake .`, "rule 4"},
	{`echo 'file(REMOVE_RECURSE src)' > init.cmake && cmake -C init.cmake -B build`, "rule 4"},
	{`echo 'file(REMOVE_RECURSE src)' > tc.cmake && cmake -B build -DCMAKE_TOOLCHAIN_FILE=tc.cmake`, "rule 4"},
	{`echo 'file(REMOVE_RECURSE src)' > tc.cmake && cmake -B build --toolchain tc.cmake`, "rule 4"},
	{`echo 'file(REMOVE_RECURSE src)' > s.cmake && ctest -S s.cmake`, "rule 4"},
	{`cmake -B build -DCMAKE_TOOLCHAIN_FILE=cmake/version.cmake`, ""},
	{`mkdir -p build && cd build && cmake .. && make`, ""},
	{`echo x > notes.txt && cmake -B build -G Ninja`, ""},
	{`ctest --test-dir build -j4`, ""},
	// compgen expands each word of -W again, calls -F's function and
	// runs -C's command.
	{`compgen -W '$(rm -rf src)' x`, "rule 1"},         // bash: src deleted
	{`compgen -aW '$(rm -rf src)' x`, "rule 1"},        // bash: src deleted
	{`x='$(rm -rf src)'; compgen -W "$x" x`, "rule 4"}, // bash: src deleted
	{`f() { rm -rf src; }; compgen -F f x`, "rule 1"},  // bash: src deleted
	{`x='$(rm -rf src)'; compgen -W '$x' x`, ""},       // bash: one expansion, nothing run
	{`compgen -W 'build test lint' -- te`, ""},
	{`compgen -c gi`, ""},
	// A file the command writes, run in a folder known only at run time
	// (cd "$D", env -C "$D", make -C "$D"): it may be that file.
	{`printf 'all:\n\trm -rf ../src\n' > sub/Makefile; D=sub; cd "$D" && make`, "rule 4"}, // bash: src deleted
	{`printf 'all:\n\trm -rf ../src\n' > sub/Makefile; D=sub; make -C "$D"`, "rule 4"},    // bash: src deleted
	{`printf 'rm -rf ../src\n' > sub/x.sh; D=sub; cd "$D" && sh x.sh`, "rule 4"},          // bash: src deleted
	{`printf 'rm -rf ../src\n' > sub/x.sh; D=sub; env -C "$D" sh x.sh`, "rule 4"},         // bash: src deleted
	{`make -C "$D"`, ""},
	{`D=sub; cd "$D" && make`, ""},
	{`echo x > notes.txt; D=sub; cd "$D" && make`, ""},
	{`make -C "$(git rev-parse --show-toplevel)" test`, ""},
	{`for d in packages/*; do make -C "$d" test; done`, ""},
	{`make -C sub -C .. -f mk/args.mk`, ""},
	// git reads its settings from the files the environment names.
	{`printf '[alias]\n\tx = !rm -rf src\n' > c; GIT_CONFIG_GLOBAL=c git x`, "rule 4"},                         // bash: src deleted
	{`printf '[alias]\n\tx = !rm -rf src\n' > c; GIT_CONFIG_SYSTEM=c git x`, "rule 4"},                         // bash: src deleted
	{`printf '[alias]\n\tx = !rm -rf src\n' > c; export GIT_CONFIG_GLOBAL=$PWD/c; git x`, "rule 4"},            // bash: src deleted
	{`mkdir -p git; printf '[alias]\n\tx = !rm -rf src\n' > git/config; XDG_CONFIG_HOME=$PWD git x`, "rule 4"}, // bash: src deleted
	{`GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git status`, ""},
	{`GIT_CONFIG_GLOBAL="/dev/null" git log -1`, ""},
	{`echo "$XDG_CONFIG_HOME"; git status`, ""},
	// A makefile's $(eval $(shell …)) reads what the command prints as
	// makefile text: echo, printf and cat of a file are known.
	{`make -f mk/evsh.mk`, "rule 1"},  // bash: src deleted
	{`make -f mk/evcat.mk`, "rule 1"}, // bash: src deleted
	{`make -f mk/evsh3.mk`, ""},
	// An include directive's names, as make expands them.
	{`make -f mk/inc.mk`, "rule 1"},  // bash: src deleted
	{`make -f mk/inc2.mk`, "rule 1"}, // bash: src deleted
	{`make -f mk/deps.mk`, ""},
}

// TestSweep38cDenied: the attacks of sweep 38's third pass the guard
// already denied, kept so that they stay denied (testdata/sweep38c.txt,
// each run under bash; cmake, lua, php and ruby judged only), and the
// everyday commands beside them (testdata/everyday38c.txt), which pass.
func TestSweep38cDenied(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	for _, cmd := range readCommands(t, filepath.Join("testdata", "sweep38c.txt")) {
		if _, deny := judgeHooked(root, s, cmd); !deny {
			t.Errorf("%q: passes, want it denied", cmd)
		}
	}
	for _, cmd := range readCommands(t, filepath.Join("testdata", "everyday38c.txt")) {
		if r, deny := judgeHooked(root, s, cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
}
