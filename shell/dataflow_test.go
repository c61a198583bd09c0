package shell

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A hiddenCase is a script and what Parse must find in it.
type hiddenCase struct {
	src    string
	attack bool   // it runs touch pwned under bash
	want   string // the summary of its commands, when set
}

// hiddenCases are scripts that run `touch pwned` through standard input,
// descriptors or code hidden in data (attack: true), and look-alikes
// that run nothing hidden. Parse must report touch pwned for each attack
// (possibly as a dynamic command) and not for the others; want, when
// set, is the whole summary of commands.
var hiddenCases = []hiddenCase{
	// Standard input into compound commands, functions, stages.
	{`{ bash; } <<< 'touch pwned'`, true, `bash; bash>touch pwned`},
	{`echo 'touch pwned' | (sh)`, true, `echo touch pwned; sh; sh>touch pwned`},
	{`f(){ bash; }; f <<< 'touch pwned'`, true, ``},
	{`bash -c bash <<< 'touch pwned'`, true, `bash -c bash; bash>bash; bash>bash>touch pwned`},
	{`bash 3<<<'touch pwned' <&3`, true, `bash; bash>touch pwned`},
	{`exec {fd}<<<'touch pwned'; bash <&$fd`, true, `exec; bash; bash>touch pwned`},
	{`exec 3<<<'touch pwned'; bash <&3`, true, `exec; bash; bash>touch pwned`},
	{`bash < <(echo touch pwned)`, true, `<(…)>echo touch pwned; bash; bash>touch pwned`},
	{`BASH_ENV=/dev/stdin bash -c : <<< 'touch pwned'`, true, `BASH_ENV=>touch pwned; bash -c :; bash>:`},
	// BASH_ENV set other than as the shell's prefix (issue 38).
	{`export BASH_ENV=/dev/stdin; bash -c : <<< 'touch pwned'`, true, ``},
	{`BASH_ENV=/dev/stdin; export BASH_ENV; bash -c : <<< 'touch pwned'`, true, ``},
	{`declare -x BASH_ENV=/dev/stdin; bash -c : <<< 'touch pwned'`, true, ``},
	{`read BASH_ENV <<< /dev/stdin; export BASH_ENV; bash -c : <<< 'touch pwned'`, true, ``},
	{`printf -v BASH_ENV /dev/stdin; export BASH_ENV; bash -c : <<< 'touch pwned'`, true, ``},
	{`export BASH_ENV=/dev/stdin; env bash -c : <<< 'touch pwned'`, true, ``},
	{`export BASH_ENV=/dev/stdin; cat <<< 'touch pwned'`, false, ``},
	// Data read into an integer variable is evaluated as arithmetic.
	{`declare -i y; read y <<< 'a[$(touch pwned)]'`, true, ``},
	{`declare -i y; printf -v y '%s' 'a[$(touch pwned)]'`, true, ``},
	{`declare -i y; mapfile y <<< 'a[$(touch pwned)]'`, true, ``},
	{`read -r x <<< 'a[$(touch pwned)]'; declare -i y; read y <<< "$x"`, true, ``},
	{`declare -i n; n=3; read -r line <<< x; printf -v s '%s' "$line"`, false, ``},
	// A variable set by a name the parser does not read as one (issue
	// 38): PS4 is expanded, its $(…) run, for each command set -x traces.
	{`export P"S4"='$(touch pwned)'; set -x; :`, true, ``},
	{`export "$(echo PS4)=\$(touch pwned)"; set -x; :`, true, ``},
	{`export 'PS4=$(touch pwned)'; set -x; :`, true, ``},
	{`declare -n r=PS4; r='$(touch pwned)'; set -x; :`, true, ``},
	{`read -r PS4 <<< '$(touch pwned)'; set -x; :`, true, ``},
	{`printf -v "$(echo PS4)" '$(touch pwned)'; set -x; :`, true, ``},
	{`v=PS4; read -r "$v" <<< '$(touch pwned)'; set -x; :`, true, ``},
	{`export "PATH=$PATH:/opt/bin"; export -n X; declare -a a=(1); read -r line <<< x; set -x; :`, false, ``},
	{`bash -s -- a <<< 'touch pwned'`, true, `bash -s -- a; bash>touch pwned`},
	{`printf '%s\n' 'touch pwned' | bash`, true, `printf %s\n touch pwned; bash; bash>touch pwned`},
	{`printf 'touch pwned' | bash`, true, `printf touch pwned; bash; bash>touch pwned`},
	{`echo -n 'touch pwned' | bash`, true, `echo -n touch pwned; bash; bash>touch pwned`},
	{`exec <<< 'touch pwned'; bash`, true, `exec; bash; bash>touch pwned`},
	{`if true; then bash; fi <<< 'touch pwned'`, true, `true; bash; bash>touch pwned`},
	{`while read -r l; do bash; done <<< 'x'`, false, `read -r l; bash; bash>x`},
	{`for i in 1; do sh; done <<< 'touch pwned'`, true, `sh; sh>touch pwned`},
	{`case x in x) bash;; esac <<< 'touch pwned'`, true, `bash; bash>touch pwned`},
	{`echo 'touch pwned' | { cat >/dev/null; }`, false, `echo touch pwned; cat`},
	{`echo 'touch pwned' | cat`, false, `echo touch pwned; cat`},
	{`echo "$x" | bash`, false, `echo {$x}; bash; ?bash>{(script from a pipe)}`},
	{`bash <&7`, false, `bash; ?bash>{(script from a pipe)}`},
	{`cat x | { read a; bash; }`, false, `cat x; read a; bash; ?bash>{(script from a pipe)}`},
	{`echo -e 'touch pwned' | bash`, true, `echo -e touch pwned; bash; ?bash>{(script from a pipe)}`},
	{`printf "%b" 'touch pwned' | bash`, true, `printf %b touch pwned; bash; ?bash>{(script from a pipe)}`},
	{`bash 3<<<'touch pwned'`, false, `bash`},
	{`{ exec 3<<<'touch pwned'; }; bash <&3`, true, ``},
	{"bash <<E; ls\ntouch pwned\nE", true, `bash; bash>touch pwned; ls`},
	{`sh -c 'sh' <<< 'touch pwned'`, true, `sh -c sh; sh>sh; sh>sh>touch pwned`},
	{`ENV=/dev/stdin sh -i -c : <<< 'touch pwned'`, false, ``},
	// More shells, descriptors and producers.
	{`dash <<< 'touch pwned'`, true, `dash; dash>touch pwned`},
	{`sh -s <<< 'touch pwned'`, true, `sh -s; sh>touch pwned`},
	{`echo 'touch pwned' | dash`, true, `echo touch pwned; dash; dash>touch pwned`},
	{`{ sh; } < <(echo touch pwned)`, true, ``},
	{`(bash) <<< 'touch pwned'`, true, `bash; bash>touch pwned`},
	{`bash -c 'cat | bash' <<< 'touch pwned'`, true, ``},
	{`exec 0<<<'touch pwned'; sh`, true, `exec; sh; sh>touch pwned`},
	{`exec 5<<<'touch pwned'; sh 0<&5`, true, `exec; sh; sh>touch pwned`},
	{`bash 0<<<'touch pwned'`, true, `bash; bash>touch pwned`},
	{`f(){ sh; }; echo 'touch pwned' | f`, true, ``},
	{`f(){ cat | sh; }; f <<< 'touch pwned'`, true, ``},
	{`eval "$(echo touch pwned)"`, true, ``},
	{`eval 'touch pwned'`, true, `eval touch pwned; eval>touch pwned`},
	{`printf 'touch pwned\n' | bash`, true, `printf touch pwned\n; bash; ?bash>{(script from a pipe)}`},
	{`echo touch pwned | xargs -I{} sh -c '{}'`, true, ``},
	{"shopt -s expand_aliases\nalias x='touch pwned'\nx", true, ``},
	{`bash -c "$(printf 'touch pwned')"`, true, ``},
	{`source /dev/stdin <<< 'touch pwned'`, true, `source /dev/stdin; source>touch pwned`},
	{`. <(echo touch pwned)`, true, ``},
	{`bash /dev/stdin <<< 'touch pwned'`, true, `bash /dev/stdin; bash>touch pwned`},
	{`sh -c 'sh -s' <<< 'touch pwned'`, true, `sh -c sh -s; sh>sh -s; sh>sh>touch pwned`},
	{`echo 'touch pwned' | { read -r l; eval "$l"; }`, true, ``},
	// Look-alikes: data that is not run.
	{"cat <<'EOF' > f\ntouch pwned\nEOF", false, `cat`},
	{`echo 'touch pwned' > script.sh`, false, `echo touch pwned`},
	{`grep -r 'bash <<<' .`, false, `grep -r bash <<< .`},
	{`x='touch pwned'; echo "$x"`, false, `echo {$x}`},
	{`PS1='$ '`, false, ``},
	{`[ -n "$x" ] && echo y`, false, `[ -n {$x} ]; echo y`},
	{`[ "$(id -u)" = 0 ]`, false, `$(…)>id -u; [ {$(id -u)} = 0 ]`},
	{`echo hi | tee out`, false, `echo hi; tee out`},
	{`printf '%s' x | wc -c`, false, `printf %s x; wc -c`},
	{`bash -c 'echo hi' <<< 'touch pwned'`, false, `bash -c echo hi; bash>echo hi`},
	{`sh script.sh <<< 'touch pwned'`, false, `sh script.sh`},
	{`alias`, false, `alias`},
	{`unalias -a; ls`, false, `unalias -a; ls`},
	{`hash -r; ls`, false, `hash -r; ls`},
	{`read -r x; echo "$x"`, false, `read -r x; echo {$x}`},
	{`for f in *.go; do gofmt -l "$f"; done`, false, `gofmt -l {*.go}`}, // quoted: one match of the glob
	// Aliases and hash.
	{"shopt -s expand_aliases\nalias x=touch\nx pwned", true, ``},
	{`hash -p /usr/bin/touch x; x pwned`, true, ``},
	{"alias ll='ls -l'\nll", false, "alias ll=ls -l; alias>ls -l; ll; alias ll>ls -l"},
	{"sh -c 'alias x=touch\nx pwned'", true, ``},
	{`alias x="$y"; x pwned`, false, `alias {x=$y}; ?alias>{$y}; x pwned; ?alias x>{x pwned}`},
	// Arithmetic on values with subscripts.
	{`x='a[$(touch pwned)]'; echo $((x))`, true, ``},
	{`x='a[$(touch pwned)]'; [[ $x -eq 0 ]]`, true, ``},
	{`x='a[$(touch pwned)]'; declare -i y=x`, true, ``},
	{`x='a[$(touch pwned)]'; let y=x`, true, ``},
	{`x='a[$(touch pwned)]'; test -v "$x"`, true, ``},
	{`x='a[$(touch pwned)]'; printf -v "$x" 1`, true, ``},
	{`x='a[$(touch pwned)]'; read "$x" <<< 1`, true, ``},
	{`x='a[1]'; echo $((x))`, false, `echo {$((x))}`},
	{`x='$(touch pwned)'; echo "$x"`, false, `echo {$x}`},
	// Prompts and callbacks.
	{`PS4='$(touch pwned)'; set -x; ls`, true, ``},
	{`PS4='+ '; set -x; ls`, false, `set -x; ls`},
	{`mapfile -C 'touch pwned' -c 1 arr <<< a`, true, ``},
	{`mapfile -t arr <<< a`, false, `mapfile -t arr`},
	{`trap 'touch pwned' EXIT`, true, `trap touch pwned EXIT; trap>touch pwned`},
	// [ and dynamic directories.
	{`[ -f go.mod ] && go test ./...`, false, `[ -f go.mod ]; go test ./...`},
	{`[ -d x ] || mkdir x`, false, `[ -d x ]; mkdir x`},
	{`~/go/bin/gopls version`, false, `[gopls]{~/go/bin/gopls} version`},
	{`"$(go env GOPATH)"/bin/golangci-lint run`, false, `$(…)>go env GOPATH; [golangci-lint]{$(go env GOPATH)/bin/golangci-lint} run`},
	{`"$HOME"/bin/touch pwned`, true, `[touch]{$HOME/bin/touch} pwned`},
	{`$HOME/bin/rm -rf d`, false, `?[rm]{$HOME/bin/rm} -rf d`},
	{`/bin/r[m] x`, false, `?{/bin/r[m]} x`},
}

func TestHidden(t *testing.T) {
	for _, tc := range hiddenCases {
		s, err := Parse(tc.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		cmds, _ := summary(s)
		if tc.want != "" && cmds != tc.want {
			t.Errorf("Parse(%q) commands:\n got %s\nwant %s", tc.src, cmds, tc.want)
		}
		if tc.attack && !reportsTouch(s) {
			t.Errorf("Parse(%q) misses the attack: %s", tc.src, cmds)
		}
	}
}

// TestHiddenRunsUnderBash proves that the attacks really run: each runs
// under bash in a scratch directory and must create the file pwned.
func TestHiddenRunsUnderBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	n := 0
	for _, tc := range hiddenCases {
		if !tc.attack || strings.Contains(tc.src, "go ") {
			continue
		}
		dir := t.TempDir()
		cmd := exec.Command(bash, "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		os.MkdirAll(filepath.Join(dir, "bin"), 0o755)
		os.Symlink("/usr/bin/touch", filepath.Join(dir, "bin", "touch"))
		cmd.Run()
		if _, err := os.Stat(filepath.Join(dir, "pwned")); err != nil {
			t.Errorf("under bash, %q did not create pwned", tc.src)
		}
		n++
	}
	if n < 30 {
		t.Errorf("only %d attacks run", n)
	}
}

// reportsTouch reports whether s has a command touch pwned, or a dynamic
// command.
func reportsTouch(s *Script) bool {
	for _, c := range s.Commands {
		if c.Dynamic || c.Name == "touch" && len(c.Args) > 1 && c.Args[1].Value == "pwned" {
			return true
		}
	}
	return false
}

// arithContexts are the places where bash reads a variable's value as
// arithmetic, each run under bash 5.2 with x='a[$(touch pwned)]' to
// check that it runs touch.
var arithContexts = []string{
	`echo ${!x}`,
	`z=(1 2); echo ${z[x]}`,
	`z=(1 2); echo ${z:x}`,
	`a[$x]=1`,
	`a[x]=1`,
	`declare -a a; a[$x]=1`,
	`echo $((x))`,
	`echo $(( $x ))`,
	`[[ $x -eq 0 ]]`,
	`[[ x -eq 0 ]]`,
	`[[ 0 -lt x ]]`,
	`declare -i y; y=$x`,
	`declare -i y=$x`,
	`read "a[$x]" <<< 1`,
	`printf -v "a[$x]" 1`,
	`test -v "a[$x]"`,
	`[ -v "a[$x]" ]`,
	`for ((i=x;i<0;i++)); do :; done`,
	`let y=x`,
	`((y=x))`,
	`case 1 in $((x))) ;; esac`,
	`f() { local -i y=$x; }; f`,
}

// arithCases builds, for each context, the attack with a static value
// (walked where it is assigned), the attack with a value read at run time
// (a dynamic command), and a harmless look-alike with x=1.
func arithCases() []hiddenCase {
	var out []hiddenCase
	for _, c := range arithContexts {
		out = append(out,
			hiddenCase{`x='a[$(touch pwned)]'; ` + c, true, ``},
			hiddenCase{`read -r x <<< 'a[$(touch pwned)]'; ` + c, true, ``},
			hiddenCase{`x=1; ` + c, false, ``})
	}
	return out
}

func TestArithContexts(t *testing.T) {
	for _, tc := range arithCases() {
		s, err := Parse(tc.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		cmds, _ := summary(s)
		if tc.attack && !reportsTouch(s) {
			t.Errorf("Parse(%q) misses the attack: %s", tc.src, cmds)
		}
		if !tc.attack {
			for _, c := range s.Commands {
				if c.Dynamic || c.Name == "touch" {
					t.Errorf("Parse(%q): a false alarm: %s", tc.src, cmds)
				}
			}
		}
	}
}

func TestArithContextsRunUnderBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, tc := range arithCases() {
		dir := t.TempDir()
		cmd := exec.Command(bash, "-c", tc.src)
		cmd.Dir = dir
		cmd.Run()
		_, err := os.Stat(filepath.Join(dir, "pwned"))
		if ran := err == nil; ran != tc.attack {
			t.Errorf("under bash, %q: ran touch %v, want %v", tc.src, ran, tc.attack)
		}
	}
}
