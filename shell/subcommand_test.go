package shell

import (
	"errors"
	"strings"
	"testing"
)

func TestSubcommand(t *testing.T) {
	for _, tc := range []struct {
		src  string
		spec Spec
		want string // the subcommand and its words, or "-" for none
	}{
		{`git reset --hard`, Git, "reset --hard"},
		{`git -C dir -c k=v reset --hard`, Git, "reset --hard"},
		{`git -C dir -C sub status`, Git, "status"},
		{`git --git-dir=x --work-tree y push -f`, Git, "push -f"},
		{`git --git-dir x push`, Git, "push"},
		{`git --config-env alias.x=V x`, Git, "x"},
		{`git --config-env=alias.x=V x a`, Git, "x a"},
		{`git --no-pager -p log -1`, Git, "log -1"},
		{`git --namespace=n --bare fetch`, Git, "fetch"},
		{`git --exec-path=/x status`, Git, "status"},
		{`git --exec-path`, Git, "-"},
		{`git --list-cmds=main`, Git, "-"},
		{`git -c`, Git, "-"},
		{`git`, Git, "-"},
		{`git $X push --force`, Git, "-"},
		{`git -C "$D" push`, Git, "push"},
		{`git "$SUB" --force`, Git, "-"},
		{`npm --registry https://r publish`, Npm, "publish"},
		{`npm -w pkg publish --tag beta`, Npm, "publish --tag beta"},
		{`npm publish`, Npm, "publish"},
		{`pnpm --filter app publish`, Npm, "publish"},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.src, err)
		}
		sub, ok := s.Commands[0].Subcommand(tc.spec)
		got := "-"
		if ok {
			var ws []string
			for _, w := range sub {
				ws = append(ws, w.Value)
			}
			got = strings.Join(ws, " ")
		}
		if got != tc.want {
			t.Errorf("%q: Subcommand = %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestEffectWrites checks that the effects reach Script.Writes with
// Delete, Recursive and Maybe.
func TestEffectWrites(t *testing.T) {
	for _, tc := range []struct {
		src, want string
	}{
		{`rm -r build`, "build delete recursive"},
		{`rm build.txt`, "build.txt delete"},
		{`find node_modules -delete`, "node_modules delete recursive"},
		{`rsync -a --delete src/ dst/`, "dst; dst/…; dst delete recursive"},
		{`git clean -fdx`, ". delete recursive"},
		{`tar --remove-files -cf a.tar d`, "a.tar; d delete recursive"},
		{`zip -rm a.zip d`, "a.zip; d delete recursive"},
		{`zip -m a.zip d`, "a.zip; d delete"},
		{`find . -exec rm {} +`, "{} delete recursive"},
		{`mytool .env`, ".env maybe"},
		{`chmod 600 .env`, ""},
		{`cat .env`, ""},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.src, err)
		}
		var ws []string
		for _, w := range s.Writes {
			x := w.Path.Value
			if w.Delete {
				x += " delete"
			}
			if w.Recursive {
				x += " recursive"
			}
			if w.Maybe {
				x += " maybe"
			}
			ws = append(ws, x)
		}
		if got := strings.Join(ws, "; "); got != tc.want {
			t.Errorf("%q: writes %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestKnown checks Known: programs in the tables, wrappers, git's own
// subcommands; not an unlisted program, a git alias defined elsewhere or
// a dynamic name.
func TestKnown(t *testing.T) {
	for src, want := range map[string]bool{
		`cat x`: true, `rm x`: true, `sudo ls`: true, `echo hi`: true, `git status`: true,
		`python3 -c 1`: true, `go test ./...`: true, `npm publish`: true, `cargo build`: true,
		`mytool x`: false, `git lg`: false, `$X y`: false, `go frobnicate`: false, `uv pip install x`: false,
		`deno frobnicate`: false, `npm frobnicate`: false,
	} {
		s, err := Parse(src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		if got := s.Commands[0].Known; got != want {
			t.Errorf("%q: Known = %v, want %v", src, got, want)
		}
	}
}

// TestNestedCommands checks commands that the effect model adds: a git
// alias expanded to the git command it stands for, commands found in an
// unknown program's words (a dynamic name included, its standard input
// passed on), and no walk twice of a word already walked.
func TestNestedCommands(t *testing.T) {
	for _, tc := range []struct {
		src, cmds string
	}{
		{`git -c alias.x='reset --hard' x`, `git -c alias.x=reset --hard x; git>git reset --hard`},
		{`git -c alias.x='reset --hard' -C sub x HEAD~1`, `git -c alias.x=reset --hard -C sub x HEAD~1; git>git -C sub reset --hard HEAD~1`},
		{`git -c alias.p='push --force' -c alias.q=p q`, `git -c alias.p=push --force -c alias.q=p q; git>git -c alias.p=push --force p; git>git>git push --force`},
		{`git -c alias.x='log | sh' x`, `git -c alias.x=log | sh x; ?git>{git x (alias: log | sh)}`},
		{`$SUDO rm -rf build`, `?{$SUDO} rm -rf build; $SUDO>rm -rf build`},
		{`mywrap bash <<< 'rm -rf d'`, `mywrap bash; mywrap>bash; mywrap>bash>rm -rf d`},
		{`cat script | mywrap sh`, `cat script; mywrap sh; mywrap>sh; ?mywrap>sh>{(script from a pipe)}`},
		{`mywrap sudo sudo rm -rf d`, `mywrap sudo sudo rm -rf d; mywrap>sudo sudo rm -rf d; mywrap>sudo>sudo rm -rf d; mywrap>sudo>sudo>rm -rf d`},
		{`mywrap cat x rm y`, `mywrap cat x rm y; mywrap>rm y`},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.src, err)
		}
		if got, _ := summary(s); got != tc.cmds {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.cmds)
		}
	}
}

// TestEffectsLimit checks that a script past maxEffects cannot be
// checked, rather than costing unbounded memory.
func TestEffectsLimit(t *testing.T) {
	_, err := Parse("mywrap " + strings.Repeat("x ", maxEffects+1))
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != "effects" || !errors.Is(err, ErrLimit) {
		t.Fatalf("err = %v, want a LimitError on effects", err)
	}
	if _, err := Parse("mywrap " + strings.Repeat("x ", maxEffects-10)); err != nil {
		t.Fatalf("just under the limit: %v", err)
	}
}
