package shell

import (
	"errors"
	"strings"
	"testing"
)

func words(s ...string) []Word {
	var ws []Word
	for _, v := range s {
		ws = append(ws, Static(v))
	}
	return ws
}

// opts renders the options of f as "r f recursive=x".
func opts(f Flags) string {
	var b []string
	for _, o := range f.Options {
		if o.HasValue {
			b = append(b, o.Name+"="+o.Value.Value)
		} else {
			b = append(b, o.Name)
		}
	}
	return strings.Join(b, " ")
}

func TestSpecParse(t *testing.T) {
	cp := Spec{Short: "frS:t:T", Long: []string{"force", "recursive", "reflink=?", "remove-destination", "target-directory=", "suffix="}, Permute: true}
	for _, tc := range []struct {
		spec           Spec
		args           string
		opts, operands string
	}{
		{Rm, "-rf x", "r f", "x"},
		{Rm, "-r -f x", "r f", "x"},
		{Rm, "x -rf", "r f", "x"},
		{Rm, "--recursive --force x", "recursive force", "x"},
		{Rm, "--rec --fo x", "recursive force", "x"},
		{Rm, "--r --f x", "recursive force", "x"},
		{Rm, "--no x", "no-preserve-root", "x"},
		{Rm, "--interactive=never -r x", "interactive=never r", "x"},
		{Rm, "-- -rf", "", "-rf"},
		{Rm, "- -r", "r", "-"},
		{Rm, "-rfz x", "r f z", "x"},
		{Rm, "--bogus x", "bogus", "x"},
		{Spec{Short: "rf"}, "x -rf", "", "x -rf"}, // BSD: the first operand ends the options
		{cp, "-tdir a b", "t=dir", "a b"},
		{cp, "-t dir a b", "t=dir", "a b"},
		{cp, "-rt dir a", "r t=dir", "a"},
		{cp, "--target-directory dir a", "target-directory=dir", "a"},
		{cp, "--target=dir a", "target-directory=dir", "a"},
		{cp, "--re a b", "re", "a b"}, // ambiguous: reflink, remove-destination
		{cp, "--reflink a b", "reflink", "a b"},
		{cp, "--reflink=always a b", "reflink=always", "a b"},
		{cp, "a b -T", "T", "a b"},
		{Spec{Short: "i::e:"}, "-i.bak -e s/a/b/ f", "i=.bak e=s/a/b/", "f"},
		{Spec{Short: "i::e:"}, "-i -e s/a/b/ f", "i e=s/a/b/", "f"},
		{Spec{Short: "i::e:"}, "-ie s f", "i=e", "s f"},
	} {
		f := tc.spec.Parse(words(strings.Fields(tc.args)...))
		var ops []string
		for _, o := range f.Operands {
			ops = append(ops, o.Value)
		}
		if got := opts(f); got != tc.opts {
			t.Errorf("%q: options %q, want %q", tc.args, got, tc.opts)
		}
		if got := strings.Join(ops, " "); got != tc.operands {
			t.Errorf("%q: operands %q, want %q", tc.args, got, tc.operands)
		}
	}
}

func TestSpecParseDynamic(t *testing.T) {
	dyn := func(v, prefix string) Word { return MakeWord(v, true, prefix, "") }
	for _, tc := range []struct {
		args   []Word
		opts   string
		unsure int
		end    int
	}{
		{[]Word{dyn("$x", ""), Static("build")}, "", 1, 2},
		{[]Word{dyn("-r$x", "-r"), Static("build")}, "r", 1, 2},
		{[]Word{dyn("./$x", "./"), Static("-f")}, "f", 0, 2},
		{[]Word{Static("--"), dyn("$x", "")}, "", 0, 1},
	} {
		f := Rm.Parse(tc.args)
		if got := opts(f); got != tc.opts || len(f.Unsure) != tc.unsure {
			t.Errorf("%v: options %q, %d unsure; want %q, %d", tc.args, got, len(f.Unsure), tc.opts, tc.unsure)
		}
	}
	f := Spec{Short: "u:"}.Parse([]Word{Static("-u"), Static("x"), dyn("$c", ""), Static("y")})
	if f.End != 2 || len(f.Unsure) != 1 {
		t.Errorf("BSD parse with a dynamic operand: End %d, %d unsure; want 2, 1", f.End, len(f.Unsure))
	}
}

func TestFlagsHasValue(t *testing.T) {
	f := Rm.Parse(words("-r", "--interactive=once", "--interactive=never", "x"))
	if !f.Has("f", "r") || f.Has("f", "force") {
		t.Errorf("Has: %+v", f.Options)
	}
	if v, ok := f.Value("interactive"); !ok || v.Value != "never" {
		t.Errorf("Value(interactive) = %q, %v; want the last one, never", v.Value, ok)
	}
	if _, ok := f.Value("r"); ok {
		t.Errorf("Value(r) found a value for an option without one")
	}
}

func TestWordName(t *testing.T) {
	for _, tc := range []struct {
		w    Word
		name string
		ok   bool
	}{
		{Static(".env"), ".env", true},
		{Static("a/b/.env"), ".env", true},
		{Static("dir/"), "dir", true},
		{Static("/"), "/", true},
		{MakeWord("$d/.env", true, "", "/.env"), ".env", true},
		{Word{Value: "$f", Dynamic: true}, "", false},
		{MakeWord("x$f.txt", true, "x", ".txt"), "", false},
		{MakeWord("$d/", true, "", "/"), "", false},
	} {
		name, ok := tc.w.Name()
		if name != tc.name || ok != tc.ok {
			t.Errorf("%q.Name() = %q, %v; want %q, %v", tc.w.Value, name, ok, tc.name, tc.ok)
		}
	}
}

func TestMaybeOption(t *testing.T) {
	for _, tc := range []struct {
		w    Word
		want bool
	}{
		{Static("-f"), true},
		{Static("-"), false},
		{Static("f"), false},
		{Word{Value: "$x", Dynamic: true}, true},
		{MakeWord("-$x", true, "-", ""), true},
		{MakeWord("./$x", true, "./", ""), false},
	} {
		if got := tc.w.MaybeOption(); got != tc.want {
			t.Errorf("%q.MaybeOption() = %v, want %v", tc.w.Value, got, tc.want)
		}
	}
}

func TestANSIC(t *testing.T) {
	for in, want := range map[string]string{
		`\x72m`:    "rm",
		`\162\155`: "rm",
		`\u0072m`:  "rm",
		`a\tb`:     "a\tb",
		`\'`:       "'",
		`\cA`:      "\x01",
		`\q`:       `\q`,
		`\x`:       `\x`,
		`tail\`:    `tail\`,
	} {
		if got := ansiC(in); got != want {
			t.Errorf("ansiC(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTooDeep(t *testing.T) {
	// eval eval eval … ls: each eval runs the next one as a script.
	src := strings.Repeat("eval ", DefaultMaxNested+1) + "ls"
	if _, err := Parse(src); !errors.Is(err, ErrTooDeep) {
		t.Errorf("Parse of %d nested evals: %v, want ErrTooDeep", DefaultMaxNested+1, err)
	}
	if _, err := Parse(strings.Repeat("eval ", DefaultMaxNested-2) + "ls"); err != nil {
		t.Errorf("Parse of %d nested evals: %v", DefaultMaxNested-2, err)
	}
}

// TestParseSharesOperands: operands that follow each other are shared
// with the words parsed, never written through: an append to them, or
// to the options, leaves the words as they were; operands apart are
// copied in order.
func TestParseSharesOperands(t *testing.T) {
	spec := Spec{Short: "rfo:", Permute: true}
	for _, mem := range []*arena{nil, {}} {
		args := words("-rf", "a", "b", "-o", "x", "c", "--", "d")
		f := spec.parse(args[:7], mem)
		if got := strings.Join(wordValues(f.Operands), " "); got != "a b c" || opts(f) != "r f o=x" {
			t.Fatalf("operands %q, options %q", got, opts(f))
		}
		f = spec.parse(args, mem)
		if got := strings.Join(wordValues(f.Operands), " "); got != "a b c d" {
			t.Fatalf("operands %q", got)
		}
		g := spec.parse(args[1:3], mem)
		_ = append(g.Operands, Static("X"))
		h := spec.parse(args[1:], mem)
		_ = append(h.Options, Option{Name: "Y"})
		if args[3].Value != "-o" || args[4].Value != "x" || len(h.Options) != 1 {
			t.Fatalf("args written through: %v", wordValues(args))
		}
	}
}

func wordValues(ws []Word) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.Value)
	}
	return out
}
