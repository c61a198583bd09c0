package shell

import (
	"slices"
	"strings"
)

// A TreeSearch is a search that walks folders and prints the lines that
// match (grep -r, rg, ag, ack): the files under Dirs whose text matches
// are shown, a credential file among them too (see [SearchOf]).
type TreeSearch struct {
	// Dirs are the folders (or files) searched; "." when none is given.
	Dirs []Word
	// Search is what is looked for; Known is false when it cannot be
	// read (a pattern from a file or known only at run time, -v, which
	// prints the lines that do not match, a preprocessor).
	Search Search
	Known  bool
	// Hidden reports that files and folders whose names start with a
	// dot are searched: always for grep, with -u, --hidden or -. for
	// rg, ag and ack, which skip them otherwise.
	Hidden bool
	// Exclude are the name patterns of files left out (--exclude=PAT,
	// rg -g '!PAT'), as given.
	Exclude []string
}

// SearchOf returns the tree search c runs: ok is false when c is no
// recursive search, or prints no line of the files it reads (-l, -L,
// -c, -q, --files). An archiver that writes an archive of folders to
// its standard output (tar cf - app) is one that prints them whole.
func SearchOf(c *Command) (TreeSearch, bool) {
	if !MaySearch(c.Name) {
		return TreeSearch{}, false // most commands: one switch, not archiveOut's and the tests below
	}
	name, args := c.Name, c.Args
	if name == "git" {
		if !slices.ContainsFunc(args[1:], func(a Word) bool { return holdsGrep(a.Value) }) {
			// No grep among its words, an alias's (-c alias.g=grep)
			// included: git status, git add (one pass, not git's parse).
			return TreeSearch{}, false
		}
		return gitGrep(c)
	}
	if t, ok := archiveOut(c); ok {
		return t, true
	}
	grep := name == "grep" || name == "egrep" || name == "fgrep" || name == "zgrep"
	if !grep && name != "rg" && name != "ag" && name != "ack" || len(args) == 0 {
		return TreeSearch{}, false
	}
	return treeSearch(name, args[1:], grep, c)
}

// MaySearch reports whether a command of program name may be one
// [SearchOf] returns: false for most, which SearchOf answers at once.
// A caller that asks it first spares the copy of a TreeSearch.
func MaySearch(name string) bool {
	switch name {
	case "git", "tar", "bsdtar", "gtar", "zip", "pax", "7z", "7za", "7zr", "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack":
		return true
	}
	return false
}

// holdsGrep is strings.Contains(w, "grep") without its set-up, which
// cost more than the test on git's short words (status, --short).
func holdsGrep(w string) bool {
	for i := 0; i+4 <= len(w); i++ {
		if w[i] == 'g' && w[i+1] == 'r' && w[i+2] == 'e' && w[i+3] == 'p' {
			return true
		}
	}
	return false
}

// gitGrep is [SearchOf] for git grep, which searches the files of the
// worktree (tracked ones, and untracked ones with --untracked or
// --no-index) under the folders named, from git -C's folder; a
// revision named is not a folder, and its tree is not searched here.
// Patterns joined with --and, --or, --not or parentheses are not read.
func gitGrep(c *Command) (TreeSearch, bool) {
	sub, ok := c.Subcommand(Spec{Short: "C:c:"})
	if !ok || len(sub) == 0 || sub[0].Dynamic || sub[0].Value != "grep" {
		return TreeSearch{}, false
	}
	g := (Spec{Short: "C:c:"}).Parse(c.Args[1 : len(c.Args)-len(sub)])
	t, ok := treeSearch("grep", sub[1:], false, nil)
	t.Hidden = true
	if !ok {
		return t, false
	}
	for _, a := range sub[1:] {
		switch a.Value {
		case "--and", "--or", "--not", "(", ")", "--all-match", "--name-only":
			if a.Value == "--name-only" {
				return TreeSearch{}, false
			}
			t.Known = false
		}
	}
	if d, ok := g.Value("C"); ok {
		t.Dirs = append([]Word(nil), t.Dirs...) // not the command's words, which they may share
		for i, x := range t.Dirs {
			if d.Dynamic {
				t.Dirs[i] = Word{Value: d.Value + "/" + x.Value, Dynamic: true}
			} else if !strings.HasPrefix(x.Value, "/") {
				t.Dirs[i] = Word{Value: strings.TrimSuffix(d.Value, "/") + "/" + x.Value, Dynamic: x.Dynamic}
			}
		}
	}
	return t, true
}

// treeSearch is [SearchOf] for the words args of search program name;
// grep reports one that searches folders only with -r or -R. When c,
// whose words after its name args are, was walked, its options are
// those the walk parsed.
func treeSearch(name string, args []Word, grep bool, c *Command) (TreeSearch, bool) {
	r := readerFor(name)
	var f Flags
	if c != nil && c.parsedBy == r.spec {
		f = *c.parsed
	} else {
		f = r.spec.Parse(args)
	}
	o := readSearchOpts(&f, r)
	if grep && !o.recursive || o.names || name == "ag" && o.agG {
		return TreeSearch{}, false
	}
	ops := f.Operands
	if !o.given && len(ops) > 0 {
		ops = ops[1:] // the pattern
	}
	t := TreeSearch{Dirs: ops, Hidden: grep || o.hidden}
	if len(t.Dirs) == 0 {
		t.Dirs = []Word{Static(".")}
	}
	t.Search, t.Known = searchWith(name, o, f, f.Operands)
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
