package guard

import (
	"strings"
	"testing"
)

// TestSweep38b: the rows of sweep 38's second pass, in a project with
// the hook installed. The attacks were each run under bash (GNU make
// 4.3, GNU grep) in a sandbox project (the comment says what bash did);
// the look-alikes beside them pass.
func TestSweep38b(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	for name, body := range map[string]string{
		"mk/ev.mk":   "$(eval X = rm -rf src)\nall:\n\t$(X)\n",
		"mk/ev2.mk":  "all:\n\t$(eval Y := rm -rf src)$(Y)\n",
		"mk/ev4.mk":  "define R\nall:\n\trm -rf src\nendef\n$(eval $(R))\n",
		"mk/ev5.mk":  "define R\n$(1):\n\trm -rf src\nendef\n$(foreach t,clean,$(eval $(call R,$(t))))\n",
		"mk/ev6.mk":  "$(eval X = echo)\nX = rm -rf src\nall:\n\t$(X)\n",
		"mk/ev7.mk":  "all:\n\techo hi\n$(eval $(ARGS))\n",
		"mk/ev8.mk":  "$(foreach t,a,$(eval X = rm -rf src))\nall:\n\t$(X)\n",
		"mk/evok.mk": "define R\n$(1):\n\tgo build ./$(1)\nendef\n$(foreach t,cmd,$(eval $(call R,$(t))))\nall: cmd\n",
	} {
		writeFile(t, root, name, body)
	}
	for _, tc := range []judgeCase{
		// make's $(eval TEXT) reads TEXT as makefile lines.
		{`make -f mk/ev.mk`, "rule 1"},  // bash: src deleted
		{`make -f mk/ev2.mk`, "rule 1"}, // bash: src deleted
		{`make -f mk/ev4.mk`, "rule 1"}, // bash: src deleted
		{`make -f mk/ev5.mk`, "rule 1"}, // bash: src deleted
		{`make -f mk/ev6.mk`, "rule 1"}, // bash: src deleted (the later X wins)
		{`make -f mk/ev8.mk`, "rule 1"}, // bash: src deleted
		{`make -f mk/ev7.mk ARGS='all:;rm -rf src'`, "rule 1"},
		{`ARGS='all:;rm -rf src' make -f mk/ev7.mk`, "sets"}, // bash: src deleted
		{`make -f mk/ev7.mk`, ""},
		{`make -f mk/ev7.mk ARGS=-v`, ""},
		{`make -f mk/evok.mk`, ""},
		{`make -f mk/eval.mk`, ""},
		// make's words known only at run time may be options or
		// assignments.
		{`T=SHELL=./x.sh; make "$T"`, "rule 4"},                 // bash: src deleted
		{`T='--eval=$(shell rm -rf src)'; make "$T"`, "rule 4"}, // bash: src deleted
		{`F=mk/var.mk; make -f "$F"`, "rule 4"},                 // bash: src deleted
		{`X=fmk/var.mk; make -k$X`, "rule 4"},                   // bash: src deleted
		{`OPT=file=mk/var.mk; make --$OPT`, "rule 4"},           // bash: src deleted
		{`X=SHELL=./x.sh; make -j $X`, "rule 4"},                // bash: src deleted
		{`make -j $(nproc; echo SHELL=./x.sh)`, "rule 4"},       // the output is not a count
		{`make $TARGET`, "rule 4"},
		{`make -j $(nproc)`, ""},
		{`make -j"$(nproc)" test`, ""},
		{`make build-$ARCH`, ""},
		// The names grep -l and rg -l print are of files that match.
		{`rg -l X | xargs sed -i 's/a/b/'`, ""},
		{`grep -rl X . | xargs sed -i 's/a/b/'`, ""},
		{`grep -rl hooks . | xargs sed -i 's/guard/true/'`, "footing"}, // bash: the settings run bin/true
		{`grep -rl 'exit 2' . | xargs sed -i 's/exit 2/exit 0/'`, "footing"},
		{`grep -rl KEY . | xargs sed -i 's/KEY/NOPE/'`, "rule 3"}, // bash: app/.env rewritten
		{`grep -rl KEY src | xargs sed -i 's/KEY/NOPE/'`, ""},
		// find -type d -delete deletes only empty folders.
		{`find . -empty -type d -delete`, ""},
		{`find . -type d -delete`, ""}, // bash: "Directory not empty", each folder with files kept
		{`find . -empty -delete`, "footing"},
		{`find . -empty -type d -o -name x -delete`, "footing"},
		// npm pack's tarball is named after the package.
		{`npm pack`, ""},
		{`pnpm pack --pack-destination dist`, ""},
		// Builds that install programs.
		{`cmake --install build --prefix ~/.local`, "footing"},
		{`cmake --install build --prefix .`, "footing"},
		{`gem install ./x.gem`, "footing"},
		{`cmake --install build --prefix ./dist`, ""},
		{`make install`, ""},
	} {
		r, deny := judgeHooked(root, s, tc.cmd)
		switch {
		case tc.want == "" && deny:
			t.Errorf("%q: denied (%s), want it to pass", tc.cmd, r)
		case tc.want != "" && (!deny || !strings.Contains(r, tc.want)):
			t.Errorf("%q: deny %v %q, want a deny naming %q", tc.cmd, deny, r, tc.want)
		}
	}
}
