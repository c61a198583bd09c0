package shell_test

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestSweep38cEffects: cmake -E TOOL walked as the command it stands for,
// cmake -P's code file, compgen's -W, -F and -C, and make's folders.
func TestSweep38cEffects(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // a command the script runs, its words joined, and the path of an effect of it after " :"
	}{
		{`cmake -E remove_directory src`, "rm -rf -- src :src"},
		{`cmake -E rm -rf src`, "rm -rf src :src"},
		{`cmake -E copy_directory a b`, "cp -rT -- a b :b"},
		{`cmake -E rename a b`, "mv -T -- a b :b"},
		{`cmake -E create_symlink /dev/null .claude/settings.json`, "ln -sfT -- /dev/null .claude/settings.json :.claude/settings.json"},
		{`cmake -E touch .env`, "touch -- .env :.env"},
		{`cmake -E chdir src rm -rf .`, "rm -rf . :src"},
		{`cmake -E env --unset=A B=1 rm -rf src`, "rm -rf src :src"},
		{`cmake -E time rm -rf src`, "rm -rf src :src"},
		{`cmake -P x.cmake`, "cmake -P x.cmake :x.cmake"},
		{`cmake -S src -B build`, "cmake -S src -B build :src/CMakeLists.txt"},
		{`cmake -B build -D CMAKE_TOOLCHAIN_FILE:FILEPATH=tc.cmake`, "cmake -B build -D CMAKE_TOOLCHAIN_FILE:FILEPATH=tc.cmake :tc.cmake"},
		{`cmake -C init.cmake ..`, "cmake -C init.cmake .. :init.cmake"},
		{`ctest -S s.cmake,dash`, "ctest -S s.cmake,dash :s.cmake"},
		{`compgen -W '$(rm -rf src)' x`, "rm -rf src :src"},
		{`f() { rm -rf src; }; compgen -F f x`, "rm -rf src :src"},
		{`make -C sub -C ../other`, "make -C sub -C ../other :other/Makefile"},
	} {
		s, err := shell.Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		words, path, _ := strings.Cut(tc.want, " :")
		found := false
		for _, c := range s.Commands {
			if c.String() != words {
				continue
			}
			for _, e := range c.Effects {
				if e.Path.Value == path {
					found = true
				}
			}
		}
		if !found {
			var got []string
			for _, c := range s.Commands {
				for _, e := range c.Effects {
					got = append(got, c.String()+" :"+e.Path.Value)
				}
			}
			t.Errorf("%s: no %q in %q", tc.src, tc.want, got)
		}
	}
	// What cmake -E runs is that tool's: a tool known only at run time
	// is a dynamic command; one not known leaves cmake an unknown program.
	for src, dynamic := range map[string]bool{`cmake -E "$op" src`: true, `cmake -E echo hi`: false, `x='$(a)'; compgen -W "$x" y`: true} {
		s, err := shell.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, c := range s.Commands {
			got = got || c.Dynamic
		}
		if got != dynamic {
			t.Errorf("%s: a dynamic command %v, want %v", src, got, dynamic)
		}
	}
}
