package shell

import "strings"

// LineSearchOf returns what grep (egrep, fgrep) c looks for in the files
// it reads, when all it prints of a file is tied to lines that match one
// of its patterns (the lines, with context lines around them, or the
// file's name or count): a file no line of which matches shows nothing
// of its text. ok is false for any other command (rg, whose
// configuration file may add options, included), for a grep whose
// patterns are not all known, and for one whose output is not tied to
// matches (-v, -L, -f FILE, -z). Which files c reads is not looked at:
// a name known only at run time may be an option (a file named -v),
// which the caller must rule out.
func LineSearchOf(c *Command) (Search, bool) {
	switch c.Name {
	case "grep", "egrep", "fgrep":
	default:
		return Search{}, false
	}
	r := readerFor(c.Name)
	var f Flags
	if c.parsed != nil && c.parsedBy == r.spec {
		f = *c.parsed
	} else {
		f = r.spec.Parse(c.Args[1:])
	}
	for _, u := range f.Unsure {
		if u.Prefix() == "" {
			// A word known only at run time in option position: the
			// caller rules out names that could be options; any other
			// dynamic word ($OPTS) may be one.
			if !nameWord(u) {
				return Search{}, false
			}
		}
	}
	return searchWith(c.Name, readSearchOpts(&f, r), f, f.Operands)
}

// namesList reports whether dynamic word w stands for the names xargs
// appends (see inputNames), which may be several words.
func namesList(w Word) bool {
	v := w.Value
	return w.Dynamic && (strings.Contains(v, "(output of ") || strings.Contains(v, "(names ") ||
		strings.Contains(v, "(lines of ") || strings.Contains(v, "(entries of ") || v == "(input)")
}

// nameWord reports whether dynamic word w stands for names a program
// prints or a file holds (see inputNames): "(output of …)", "(names …)",
// "(lines of …)", "(entries of …)". A variable ($OPTS) may be any word.
func nameWord(w Word) bool {
	return len(w.Value) > 1 && w.Value[0] == '('
}
