package guard

import (
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// A findSel is what a find command selects, when its expression is a
// plain conjunction that rule 1 can read: its starting points and the
// -name patterns every selected entry matches.
type findSel struct {
	starts []shell.Word
	names  []string
	alts   bool // the expression has alternatives (-o): an entry matches one of the names, not all
}

// findSelects reads f's expression: starting points, then only -name P,
// -type, -maxdepth, -mindepth, the tests that only narrow what is
// selected (-mtime N, -size N, -newer F, -empty, …), -prune, -print,
// -print0 and actions (-delete, or -exec/-execdir … {} + or ;), joined by
// the implicit -a, in alternatives joined by -o. Anything else (!,
// parentheses, -L, a dynamic word, -path, …) and ok is false: what it
// selects is not read. The names of an alternative are those before its
// first action: find . -delete -name '*.log' deletes every file, and ok
// is false when an alternative has no -name before its action, or none.
func findSelects(f *shell.Command) (sel findSel, ok bool) {
	args := f.Args[1:]
	i := 0
	for i < len(args) && !args[i].Dynamic && (args[i].Value == "-P" || args[i].Value == "-H") {
		i++
	}
	for i < len(args) && !args[i].Dynamic && !strings.HasPrefix(args[i].Value, "-") && args[i].Value != "(" && args[i].Value != "!" {
		sel.starts = append(sel.starts, args[i])
		i++
	}
	if len(sel.starts) == 0 {
		sel.starts = []shell.Word{shell.Static(".")}
	}
	acted, cur := false, 0 // in the current alternative: an action seen; its names
	for i < len(args) {
		a := args[i]
		if a.Dynamic {
			return sel, false
		}
		switch a.Value {
		case "-o", "-or":
			if cur == 0 {
				return sel, false
			}
			acted, cur, sel.alts = false, 0, true
			i++
		case "-name":
			if i+1 >= len(args) || args[i+1].Dynamic {
				return sel, false
			}
			if !acted {
				sel.names = append(sel.names, args[i+1].Value)
				cur++
			}
			i += 2
		case "-type", "-maxdepth", "-mindepth", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-newer",
			"-user", "-group", "-uid", "-gid", "-perm", "-links":
			if i+1 >= len(args) || args[i+1].Dynamic {
				return sel, false
			}
			i += 2
		case "-prune", "-print", "-print0", "-depth", "-xdev", "-mount", "-empty", "-readable", "-writable", "-executable",
			"-nouser", "-nogroup":
			i++
		case "-delete":
			if cur == 0 {
				return sel, false
			}
			acted = true
			i++
		case "-exec", "-execdir", "-ok", "-okdir":
			if cur == 0 {
				return sel, false
			}
			acted = true
			j := i + 1
			for j < len(args) && (args[j].Dynamic || args[j].Value != ";" && args[j].Value != "+") {
				j++
			}
			if j >= len(args) {
				return sel, false
			}
			i = j + 1
		default:
			return sel, false
		}
	}
	return sel, cur > 0
}

// findRuns returns the find command that runs c through -exec (c.Via
// ends in "find"), or whose names xargs gives c (c.Via ends in "xargs",
// and an argument is find's {}: package shell words the names find pipes
// into xargs as -exec's): the last find before c in s at the level above
// it. The finds are found once a script (the last find of each level,
// as the script goes): a pass over the script for each command took
// 3,000 `find -name xN | xargs rm -f` to 160 s with the footing's own
// scan (issue 38).
//
// It is a test of c.Via small enough to be inlined where it is asked of
// every command (most are run by no other program); findRunsVia asks the
// others.
func (at *place) findRuns(s *shell.Script, c *shell.Command) *shell.Command {
	if len(c.Via) == 0 {
		return nil
	}
	return at.findRunsVia(s, c)
}

// findRunsVia is findRuns of a command run by another program.
func (at *place) findRunsVia(s *shell.Script, c *shell.Command) *shell.Command {
	switch c.Via[len(c.Via)-1] {
	case "find":
	case "xargs":
		if !slices.ContainsFunc(c.Args, func(a shell.Word) bool { return a.Dynamic && strings.Contains(a.Value, "{}") }) {
			return nil
		}
	default:
		return nil
	}
	if at.findMemo == nil || at.findMemo.s != s {
		m := &findMemo{s: s, runs: map[*shell.Command]*shell.Command{}}
		last := map[string]*shell.Command{} // the last find at each level (its Via)
		for _, x := range s.Commands {
			if len(x.Via) > 0 {
				if f := last[strings.Join(x.Via[:len(x.Via)-1], "\x00")]; f != nil {
					m.runs[x] = f
				}
			}
			if x.Name == "find" {
				last[strings.Join(x.Via, "\x00")] = x
			}
		}
		at.findMemo = m
	}
	return at.findMemo.runs[c]
}

// findMemo holds, for each command of a script, the last find before it
// at the level above it.
type findMemo struct {
	s    *shell.Script
	runs map[*shell.Command]*shell.Command
}

// findDeletes is rule 1 on a find that selects entries by name: a
// recursive delete of what it selects ({} of -exec rm -rf, or -delete)
// deletes entries named by its -name patterns under its starting points.
// It passes when one pattern is the name of a build directory on the
// list, or when the worktree's state says that no entry matching the
// patterns holds work; decided is false when neither can tell.
//
// tree reports that each selected entry is deleted with its tree (rm -rf
// {}), not alone (-delete removes a directory only when empty).
func (at *place) findDeletes(f *shell.Command, tree bool) (reason string, deny, decided bool) {
	sel, ok := findSelects(f)
	if !ok {
		return "", false, false
	}
	for _, st := range sel.starts {
		if st.Dynamic || rawDeny(st.Value) {
			return "", false, false
		}
	}
	for _, n := range sel.names {
		if !sel.alts && !strings.ContainsAny(n, "*?[\\") && (slices.Contains(scratchNames, n) || at.cfg != nil && slices.Contains(at.cfg.Scratch, n)) {
			// Every entry it selects is named n: a build directory
			// wherever it is found, as rule 1's list has it.
			for _, st := range sel.starts {
				if why, ok := at.scratch(shell.Static(cleanPath(st.Value) + "/" + n)); !ok {
					return reasonTree(f, shell.Static(st.Value+"/…/"+n), why), true, true
				}
			}
			return "", false, true
		}
	}
	if at.wt == nil || at.dir == "" || !isAbs(at.dir) {
		return "", false, false
	}
	top := at.wt.top(at.dir)
	if top == "" {
		return "", false, false
	}
	for _, st := range sel.starts {
		rel, ok := findRel(at.dir, top, st.Value)
		if !ok {
			return "", false, false
		}
		for _, n := range sel.names {
			l := at.wt.findStatus(top, ":(glob)"+rel+"**/"+n)
			if tree && l.known && l.work == 0 {
				l = at.wt.findStatus(top, ":(glob)"+rel+"**/"+n+"/**")
			}
			if !l.known {
				return "", false, false
			}
			if l.work > 0 {
				return "guard: rule 1 (no recursive delete of anything not scratch): `" + f.String() + "` deletes what matches " + n +
					" under " + st.Value + ", which includes work git has no copy of (untracked, changed since the last commit, or an ignored .env file), such as " +
					l.first + "; commit or stash it first, delete the files you mean by name, or ask the user", true, true
			}
		}
	}
	return "", false, true
}

// rawDeny reports a starting point rawTarget would deny: through .. or
// ending in a slash.
func rawDeny(v string) bool {
	return slices.Contains(strings.Split(v, "/"), "..") || len(v) > 1 && strings.HasSuffix(v, "/")
}

// selected reports whether v, a path of a command find runs (or xargs
// runs with find's names), is an entry find selects: {}, after the
// directory the command runs in, if any.
func selected(v string) bool {
	return v == "{}" || strings.HasSuffix(v, "/{}")
}
