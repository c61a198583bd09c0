package shell

import (
	"context"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSearchOfAsBefore: SearchOf gives what it gave before it read the
// options the walk parsed and built its Search without text, for the
// search commands of a corpus of every option grep, rg and ag take, with
// patterns static, quoted, odd and known only at run time, alone, after
// xargs, in git grep, in pipelines and command substitutions.
func TestSearchOfAsBefore(t *testing.T) {
	// The archivers that write to the standard output too (archiveOut):
	// SearchOf looks past its first switch only for the names it holds.
	names := []string{"grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "git grep", "xargs grep", "sudo rg",
		"tar cf -", "bsdtar -cf -", "gtar -cf -", "zip -r -", "pax -w", "7z a -so x.7z", "7za a -so x", "7zr a -so x",
		"git -c alias.g=grep g", "git status"}
	opts := []string{"", "-r", "-R", "-rn", "-rl", "-rL", "-c", "-q", "-v", "-i", "-y", "-S", "-F", "-E", "-P", "-z", "-u",
		"--hidden", "-.", "--files", "-g '!*.env'", "--glob=x", "--exclude=.env", "--exclude-dir", "-e TODO", "-e \"$x\"",
		"--regexp=a", "-f pats", "--file=p", "--pre cat", "-w", "-x", "--null-data", "-rin", "-rFe", "--", "-riE", "-C 3",
		"--include=*.go", "--recursive", "-ri --fixed-strings", "-e a -e 'b c'", "-g", "--ignore-case", "-rE -e x"}
	pats := []string{"TODO", "'a b'", "\"$x\"", "'\\\"q'", "'é\\x'", "$'\\n'", "-x", "''", "'a\nb'", "KEY="}
	dirs := []string{"", ".", "src app", "\"$d\"", "~/.ssh", "-- .", "*.env"}
	r := rand.New(rand.NewSource(38))
	// The walk uses the room of a command's options again for the next
	// command's, unless it kept them: these failed so once.
	corpus := []string{"(cd web && npm run build 2>&1 | tail -5)\ngrep -rn \"TODO\" --include=*.go . | head -20\n",
		"tail -5 x; grep -rn TODO . | head -20", "grep -rin x . && head -c 5 -n 2 y"}
	for _, n := range names {
		for _, o := range opts {
			for _, p := range pats {
				corpus = append(corpus, n+" "+o+" "+p+" "+dirs[r.Intn(len(dirs))])
			}
		}
	}
	for range 3000 {
		n := names[r.Intn(len(names))]
		src := n + " " + opts[r.Intn(len(opts))] + " " + opts[r.Intn(len(opts))] + " " + pats[r.Intn(len(pats))] + " " +
			dirs[r.Intn(len(dirs))] + " " + opts[r.Intn(len(opts))]
		switch r.Intn(5) {
		case 1:
			src = "ls | " + src + " | head -20 -q"
		case 2:
			src = "cat $(" + src + ")"
		case 3:
			src = "for f in a b; do " + src + "; done"
		case 4:
			src = src + "\ntail -n 5 -c 7 x; sort -k 2 -t , y; xargs -n 1 rm -rf < z"
		}
		corpus = append(corpus, src)
	}
	searches, bad := 0, 0
	for i, src := range corpus {
		s, err := (&Parser{}).Parse(context.Background(), src)
		if err != nil {
			continue
		}
		for _, c := range s.Commands {
			got, gok := SearchOf(c)
			want, wok := searchOfSlow(c)
			if gok {
				searches++
			}
			if gok != wok || !cmp.Equal(got, want) {
				t.Errorf("%d %q: %q: SearchOf %+v %v, before %+v %v", i, src, c.String(), got, gok, want, wok)
				if bad++; bad > 20 {
					t.FailNow()
				}
			}
		}
	}
	if searches < 2000 {
		t.Errorf("%d searches, want at least 2,000", searches)
	}
}

// TestFlagsAsParsed: a command's options the walk kept are what
// Command.Flags parsed before it kept them, for rm and the search
// programs, and a spec equal in its words but not the same is parsed.
func TestFlagsAsParsed(t *testing.T) {
	words := []string{"-r", "-f", "-rf", "-R", "--recursive", "--force", "--", "-i", "--no-preserve-root", "\"$x\"", "$o",
		"*.tmp", "dist", "'-r'", "-", "--rec", "-e", "TODO", "-l", "."}
	r := rand.New(rand.NewSource(38))
	n := 0
	for range 4000 {
		src := []string{"rm", "grep", "rg", "ag", "sudo rm", "xargs rm", "command rm", "egrep", "tail -5 x; rm",
			"(cd web && npm run build 2>&1 | tail -5)\nrm"}[r.Intn(10)]
		for range 1 + r.Intn(5) {
			src += " " + words[r.Intn(len(words))]
		}
		if r.Intn(2) == 0 {
			src += "; head -20 -v f; tail -5 -q g; grep -c -v -i x y"
		}
		s, err := (&Parser{}).Parse(context.Background(), src)
		if err != nil {
			continue
		}
		for _, c := range s.Commands {
			for _, spec := range []*Spec{&Rm, &grepSpec, &rgSpec, agReader.spec} {
				got := c.Flags(*spec)
				want := spec.Parse(c.Args[1:])
				if c.parsedBy == spec {
					n++
				}
				if !cmp.Equal(got, want, cmp.AllowUnexported(Word{})) {
					t.Fatalf("%q: %q: Flags %+v, parsed %+v", src, c.String(), got, want)
				}
			}
			if c.parsedBy != nil && c.Name == "rm" {
				other := Spec{Short: Rm.Short, Long: append([]string(nil), Rm.Long...), Permute: Rm.Permute}
				if sameSpec(c.parsedBy, &other) {
					t.Fatalf("a copy of rm's spec is the same spec")
				}
			}
		}
	}
	if n < 3000 {
		t.Errorf("%d commands with their options kept, want at least 3,000", n)
	}
}

// TestSubcommandAsBefore: Subcommand finds what its parse found before
// it took a first word that is no option at once, for every spec passed
// to it, over words static, dynamic, quoted and of options.
func TestSubcommandAsBefore(t *testing.T) {
	words := []string{"status", "-C", "dir", "-c", "k=v", "--no-pager", "--git-dir=x", "--", "-", "\"$x\"", "$s", "'-p'",
		"-p", "--exec-path", "run", "-w", "x", "\"\"", "a=b", "x$s", "\"st${u}\"", "--registry", "u", "*.go", "~/x", "-Cdir", "--work-tree", "y"}
	specs := []Spec{Git, Npm, {}, {Short: "C:"}, {Short: "C:c:"}, {Long: []string{"debug=", "exec-path=?"}}, {Short: "ab:", Permute: true}}
	r := rand.New(rand.NewSource(38))
	n := 0
	for range 20000 {
		src := []string{"git", "npm", "docker", "x", "cargo"}[r.Intn(5)]
		for range r.Intn(5) {
			src += " " + words[r.Intn(len(words))]
		}
		s, err := (&Parser{}).Parse(context.Background(), src)
		if err != nil || len(s.Commands) == 0 {
			continue
		}
		c := s.Commands[0]
		for _, spec := range specs {
			got, gok := c.Subcommand(spec)
			want, wok := subcommandSlow(c, spec)
			if gok {
				n++
			}
			if gok != wok || !cmp.Equal(got, want, cmp.AllowUnexported(Word{})) || cap(got) != cap(want) {
				t.Fatalf("%q spec %v: %q %v, before %q %v", src, spec, got, gok, want, wok)
			}
		}
	}
	if n < 20000 {
		t.Errorf("%d subcommands found, want at least 20,000", n)
	}
}

// subcommandSlow is Command.Subcommand as it was.
func subcommandSlow(c *Command, spec Spec) ([]Word, bool) {
	if len(c.Args) < 2 {
		return nil, false
	}
	spec.Permute = false
	args := c.Args[1:]
	f := spec.Parse(args)
	if len(f.Unsure) > 0 || f.End >= len(args) || args[f.End].Dynamic {
		return nil, false
	}
	return args[f.End:], true
}

// searchOfSlow is SearchOf as it was (treeSearch parsing the options
// again, its search read back from text).
func searchOfSlow(c *Command) (TreeSearch, bool) {
	name := c.Name
	args := c.Args
	if name == "git" {
		return gitGrep(c)
	}
	if t, ok := archiveOut(c); ok {
		return t, true
	}
	grep := name == "grep" || name == "egrep" || name == "fgrep" || name == "zgrep"
	if !grep && name != "rg" && name != "ag" && name != "ack" || len(args) == 0 {
		return TreeSearch{}, false
	}
	return treeSearchSlow(name, args[1:], grep)
}

// treeSearchSlow is treeSearch as it was.
func treeSearchSlow(name string, args []Word, grep bool) (TreeSearch, bool) {
	r := readerFor(name)
	f := r.spec.Parse(args)
	if grep && !f.Has("r", "R", "recursive", "dereference-recursive") ||
		f.Has("l", "L", "files-with-matches", "files-without-match", "files", "c", "count", "q", "quiet", "silent", "count-matches") ||
		name == "ag" && f.Has("g") {
		return TreeSearch{}, false
	}
	ops := f.Operands
	if !f.Has(r.given...) && len(ops) > 0 {
		ops = ops[1:] // the pattern
	}
	t := TreeSearch{Dirs: ops, Hidden: grep || f.Has("u", "unrestricted", "hidden", ".")}
	if len(t.Dirs) == 0 {
		t.Dirs = []Word{Static(".")}
	}
	text := searchTextSlow(name, f, f.Operands, r)
	t.Search, t.Known = MakeWord("(output of "+text+")", true, "", "").Search()
	for _, o := range f.Options {
		switch o.Name {
		case "exclude", "exclude-dir":
			t.Exclude = append(t.Exclude, o.Value.Value)
		case "g", "glob", "iglob":
			if p, ok := strings.CutPrefix(o.Value.Value, "!"); ok && name == "rg" {
				t.Exclude = append(t.Exclude, p)
			}
		}
	}
	return t, true
}

// searchTextSlow is searchText as it was.
func searchTextSlow(name string, f Flags, ops []Word, r *reader) string {
	if name != "grep" && name != "egrep" && name != "fgrep" && name != "rg" ||
		f.Has("v", "invert-match", "L", "files-without-match", "f", "file", "files", "pre", "z", "search-zip",
			"null-data", "multiline-dotall") {
		return name
	}
	syntax := "basic"
	switch {
	case name == "rg" && f.Has("F", "fixed-strings") || name == "fgrep" || name != "rg" && f.Has("F", "fixed-strings"):
		syntax = "fixed"
	case f.Has("P", "perl-regexp", "pcre2"):
		syntax = "perl"
	case name == "rg" || name == "egrep" || f.Has("E", "extended-regexp"):
		syntax = "extended"
	}
	if f.Has("i", "y", "ignore-case") || name == "rg" && f.Has("S", "smart-case") {
		syntax += "/i"
	}
	var pats []Word
	if f.Has(r.given...) {
		for _, o := range f.Options {
			if o.Name == "e" || o.Name == "regexp" {
				pats = append(pats, o.Value)
			}
		}
	} else if len(ops) > 0 {
		pats = ops[:1]
	}
	var b strings.Builder
	b.WriteString(name + " matching " + syntax)
	for _, p := range pats {
		if p.Dynamic {
			return name
		}
		b.WriteString(" " + strconv.Quote(p.Value))
	}
	if len(pats) == 0 {
		return name
	}
	return b.String()
}
