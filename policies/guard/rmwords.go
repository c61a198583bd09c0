package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 1 on a recursive delete's own words: rm's options and operands,
// find's starting points, before the paths they name are judged.

// rmOptions is rule 1 on rm's own words: a recursive rm whose operand
// goes through .. or ends in a slash (see [rawTarget]), and an rm whose
// options cannot be told (a word that may expand to -r when it runs).
func rmOptions(s *shell.Script, c *shell.Command, at *place) (string, bool) {
	f := c.Flags(shell.Rm)
	if f.Has("r", "R", "recursive") {
		for _, o := range f.Operands {
			if r, deny := rawTarget(s, c, o, at); deny {
				return r, true
			}
		}
	}
	for _, u := range f.Unsure {
		if _, known := at.resolved(u); !known && !neverOption(u) {
			return "guard: rule 1 (no recursive delete of anything not scratch): cannot tell the options of `" + c.String() + "`: " +
				"`" + u.String() + "` may expand to one, such as -r; put -- before the files", true
		}
	}
	return "", false
}

// findStarts is rule 1 on find's own words when it deletes: -L or
// -follow (find then deletes through symbolic links), and its starting
// points (see [rawTarget]).
func findStarts(s *shell.Script, c *shell.Command, at *place) (string, bool) {
	args := c.Args[1:]
	for _, a := range args {
		if !a.Dynamic && (a.Value == "-L" || a.Value == "-follow") {
			return "guard: rule 1 (no recursive delete of anything not scratch): `" + c.String() + "` follows symbolic links " +
				"while it deletes, so it may delete what they point to; drop " + a.Value, true
		}
	}
	for len(args) > 0 && !args[0].Dynamic && (args[0].Value == "-H" || args[0].Value == "-P") {
		args = args[1:]
	}
	for _, a := range args {
		if a.MaybeOption() || a.Value == "(" || a.Value == "!" {
			break
		}
		if r, deny := rawTarget(s, c, a, at); deny {
			return r, true
		}
	}
	return "", false
}

// rawTarget denies the target p of a recursive delete by c as written,
// before package shell cleans it: through a .. element (the kernel
// resolves a symbolic link before the .., so /tmp/link/../x may be
// anywhere), or with a trailing slash (rm -r link/ and find link/
// delete what the link points to).
func rawTarget(s *shell.Script, c *shell.Command, p shell.Word, at *place) (string, bool) {
	v := p.Value
	if p.Dynamic {
		r, ok := at.resolved(p)
		if !ok {
			return "", false // not scratch anyway
		}
		if strings.HasSuffix(v, "/") && len(r) > 1 {
			return "guard: rule 1 (no recursive delete of anything not scratch): `" + c.String() + "`: " + v + " ends in a slash, " +
				"so a symbolic link of that name is followed and what it points to is deleted; drop the slash", true
		}
		return "", false
	}
	for e := range strings.SplitSeq(v, "/") {
		if e == ".." {
			return "guard: rule 1 (no recursive delete of anything not scratch): `" + c.String() + "` deletes a tree through " +
				"`..` in " + v + ", which a symbolic link on the way would take elsewhere; spell the path out without ..", true
		}
	}
	if len(v) > 1 && strings.HasSuffix(v, "/") && !at.realDir(s, c, v) {
		return "guard: rule 1 (no recursive delete of anything not scratch): `" + c.String() + "`: " + v + " ends in a slash, " +
			"so a symbolic link of that name is followed and what it points to is deleted; drop the slash", true
	}
	return "", false
}

// neverOption reports whether w, a dynamic word in option position, can
// only expand to words that are not options of rm: a glob (no parameter
// or command substitution, which may split into several words) whose
// static end holds a character no option of rm has (`*.o`: a match such
// as -r.o is an invalid option, and rm stops before deleting anything).
func neverOption(w shell.Word) bool {
	if strings.ContainsAny(w.Value, "$`(") || strings.HasPrefix(w.Value, "~") {
		return false
	}
	return strings.IndexFunc(w.Suffix(), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '=')
	}) >= 0
}
