package guard

import (
	"slices"
	"strings"
)

// The ways a script may set a variable, read from its text for
// varreads.go: what each sets it to, or that it is not followed.

// builtNames reports whether a command of s may set a variable whose
// name is known only at run time, or is not written in the text: eval,
// source, a command whose name is dynamic, a setter given a dynamic word
// (read "$n", declare "$n=…", printf -v "$n"), a nameref (declare -n),
// or set and a function (the positional parameters).
func (m *varMemo) builtNames() bool {
	if m.built != 0 {
		return m.built == 2
	}
	m.built = 1
	for _, c := range m.s.Commands {
		dyn := c.Dynamic
		switch c.Name {
		case "eval", "source", ".", "coproc", "alias", "trap":
			dyn = true
		case "printf":
			for i := 1; i+1 < len(c.Args); i++ {
				dyn = dyn || c.Args[i].Value == "-v" && c.Args[i+1].Dynamic
			}
		case "read", "mapfile", "readarray", "getopts", "unset":
			for _, a := range c.Args[1:] {
				dyn = dyn || a.Dynamic
			}
		case "declare", "typeset", "local", "export", "readonly":
			for _, a := range c.Args[1:] {
				v := a.Value
				eq := strings.IndexByte(v, '=')
				dyn = dyn || a.Dynamic && (eq < 0 || strings.ContainsAny(v[:eq], "$`")) ||
					strings.HasPrefix(v, "-") && strings.ContainsRune(v, 'n') && c.Name != "export"
			}
		}
		if dyn {
			m.built = 2
			return true
		}
	}
	return false
}

// maxVarValues bounds the values of a variable that are followed (each
// is tried in the paths that expand it, on the disk too); past it the
// variable's values are not known.
const maxVarValues = 64

// maxSetTos bounds the mentions of variables setTo reads a script (each
// reads its statement, up to maxStatement bytes before it); past it a
// variable's values are not known.
const maxSetTos = 4096

// maxStatement bounds how far setTo looks back for the start of an
// assignment's statement; farther, the value is not known.
const maxStatement = 4 << 10

// mentions returns where the runs of identifier bytes of the script's
// text that are name start: found by a pass over the text for the
// variable (its text is short for most scripts) while what values has
// read stays within varBudget; past it, from an index of every run made
// in one pass, so that a script of thousands of variables is read once.
func (m *varMemo) mentions(name string) []int {
	src := m.src
	if m.index == nil && m.read+len(src) <= varBudget(len(src), 0) {
		m.read += len(src)
		var at []int
		identRuns(src, func(j, end int) {
			if src[j:end] == name {
				at = append(at, j)
			}
		})
		return at
	}
	if m.index == nil {
		m.index = map[string][]int{}
		identRuns(src, func(j, end int) { m.index[src[j:end]] = append(m.index[src[j:end]], j) })
	}
	return m.index[name]
}

// identRuns calls f with where each run of identifier bytes (isIdent)
// of src starts and ends, in order.
func identRuns(src string, f func(start, end int)) {
	for j := 0; j < len(src); {
		if !isIdent(src[j]) {
			j++
			continue
		}
		end := j + 1
		for end < len(src) && isIdent(src[end]) {
			end++
		}
		f(j, end)
		j = end
	}
}

// values returns what the script may set variable name to.
func (m *varMemo) values(name string) varVals {
	if v, ok := m.vals[name]; ok {
		return v
	}
	v := varVals{known: true}
	src := m.src
	if name[0] >= '0' && name[0] <= '9' || name == "@" || name == "*" {
		// Positional parameters: none in a command the hook judges,
		// unless set -- or a function's call gives them.
		v.set = strings.Contains(src, "set ") || strings.Contains(src, "()") || strings.Contains(src, "function ")
		v.known = !v.set
		m.vals[name] = v
		return v
	}
	if m.attachedName(name) {
		v.set, v.known = true, false // printf -vf, read -af: the name after an option's letter
	}
	for _, k := range m.mentions(name) {
		end := k + len(name)
		if k > 0 && strings.IndexByte("$-./", src[k-1]) >= 0 {
			continue
		}
		if k > 1 && src[k-2:k] == "${" {
			// ${NAME} or ${NAME:-x} reads; ${NAME:=x} and ${NAME=x} set.
			if end < len(src) && (src[end] == '=' || strings.HasPrefix(src[end:], ":=")) {
				v.set, v.known = true, false
			}
			continue
		}
		v.set = true
		if !v.known {
			continue
		}
		if m.setTos++; m.setTos > maxSetTos {
			v.known = false // past the bound of assignments read a script
			continue
		}
		val, ok := m.setTo(k, end)
		if !ok {
			v.known = false
			continue
		}
		if val != "" && !slices.Contains(v.vals, val) {
			if len(v.vals) == maxVarValues {
				v.known = false // each value is tried in each path: bounded
				continue
			}
			v.vals = append(v.vals, val) // at most maxVarValues: a scan of them is bounded
		}
	}
	m.vals[name] = v
	return v
}

// setTo returns what the mention src[k:end] of a variable's name sets it
// to: the text of a plain assignment, "$NAME" for a way the rule's other
// readers judge (see above), "" for a mention that sets nothing (export
// NAME); false when it is none of these.
func (m *varMemo) setTo(k, end int) (string, bool) {
	src, name := m.src, m.src[k:end]
	start := k == 0 || strings.IndexByte(" \t\n;&|({", src[k-1]) >= 0
	if !start {
		return "", false
	}
	from := max(0, k-maxStatement) // the look back, bounded
	if end == len(src) || src[end] != '=' {
		// for NAME in $(…); … | while read NAME; export NAME
		before := src[from:k]
		if i := strings.LastIndexAny(before, ";&|\n"); i >= 0 {
			before = before[i+1:]
		} else if from > 0 {
			return "", false // a statement longer than the look back
		}
		f := strings.Fields(before)
		if len(f) == 1 && f[0] == "for" && strings.HasPrefix(src[end:], " in ") {
			if strings.HasPrefix(src[end:], " in $(") && forItemsEnd(src[end+len(" in "):]) {
				return "$" + name, true // a program's names: variableNames's
			}
			return forItems(src[end+len(" in "):])
		}
		if len(f) > 0 && (f[0] == "export" || f[0] == "readonly" || f[0] == "declare" || f[0] == "typeset" || f[0] == "local") &&
			(end == len(src) || strings.IndexByte(" \t\n;&|)", src[end]) >= 0) && noValues(f[1:]) {
			return "", true // declared, not set: export NAME
		}
		if m.whileRead(k, f) {
			return "$" + name, true
		}
		return "", false
	}
	// NAME=VALUE, alone or after declare, local, export, typeset,
	// readonly (with no option but -x or -r), do, then, else, or other
	// assignments.
	i := strings.LastIndexAny(src[from:k], ";&|\n({")
	if i < 0 && from > 0 || !plainBefore(strings.Fields(src[from+i+1:k])) {
		return "", false
	}
	val, ok := plainValue(src[end+1:])
	if !ok && mktempAssign(src[end:]) {
		return "$" + name, true // a fresh name of mktemp's
	}
	if x, ok := echoValue(src[end+1:]); ok {
		return x, true // f=$(echo app/.env): the words it prints
	}
	if x := substProgram(strings.TrimPrefix(src[end+1:], `"`)); !ok && x != "" && x != "echo" && x != "printf" {
		return "$" + name, true // the names a program prints: variableNames's
	}
	return val, ok
}

// plainBefore reports whether the words fs, before an assignment in its
// statement, leave it a plain one: keywords, declare and its kin with -x
// or -r, other assignments.
func plainBefore(fs []string) bool {
	for i, w := range fs {
		switch w {
		case "do", "then", "else", "!":
		case "export", "readonly", "declare", "typeset", "local":
			return noValues(fs[i+1:])
		default:
			if eq := strings.IndexByte(w, '='); eq <= 0 || !isVarName(w[:eq]) {
				return false
			}
		}
	}
	return true
}

// echoValue returns what $(echo WORDS) or $(printf WORDS) at the start
// of s, an assignment's value, prints when its words are written out
// with no escape nor format (a backslash, a %: unknown).
func echoValue(s string) (string, bool) {
	s = strings.TrimPrefix(s, `"`)
	t := substText(s)
	if !strings.HasPrefix(s, "$(") || strings.ContainsAny(t, "$`\\%(<>|&;") {
		return "", false
	}
	f := strings.Fields(strings.NewReplacer(`"`, "", "'", "").Replace(t))
	if len(f) < 2 || f[0] != "echo" && f[0] != "printf" {
		return "", false
	}
	if f[1] == "-n" || f[1] == "-e" {
		f = f[1:]
	}
	return strings.Join(f[1:], " "), true
}

// noValues reports whether the words fs, before a name on a declare,
// export, local, typeset or readonly, are -x, -r or names.
func noValues(fs []string) bool {
	for _, w := range fs {
		if eq := strings.IndexByte(w, '='); eq > 0 {
			w = w[:eq]
		}
		if w != "-x" && w != "-r" && w != "-rx" && w != "-xr" && !isVarName(w) {
			return false
		}
	}
	return true
}

// forItemsEnd reports whether the items of a for loop at the start of s
// are one command substitution: $(…); or $(…)\n.
func forItemsEnd(s string) bool {
	t := substText(s)
	if t == "" || strings.ContainsAny(t, "$`(") {
		return false
	}
	rest := strings.TrimLeft(s[len("$(")+len(t)+1:], " \t")
	return strings.HasPrefix(rest, ";") || strings.HasPrefix(rest, "\n")
}

// forItems returns the items of a for loop at the start of s, a value
// of its variable (one that holds several: the values expand from the
// script's text again), when each is written out or a variable's plain
// expansion, with globs.
func forItems(s string) (string, bool) {
	end := strings.IndexAny(s, ";\n")
	if end < 0 {
		return "", false
	}
	items := strings.Fields(strings.ReplaceAll(s[:end], `"`, ""))
	if len(items) != 1 {
		return "", false // several: one value each, not followed here
	}
	it := items[0]
	if strings.ContainsAny(it, "`\\'(){}<>~") || strings.Contains(it, "$(") {
		return "", false
	}
	return it, true
}

// whileRead reports whether the mention at src[k] is the last name of
// the read of a while loop (… | while IFS= read -r NAME; do, while read
// NAME; do … done < list): the names a program or a file of names gives,
// which namesMadeUp and listedReads judge; not in a script with a here
// document or string (done <<< app/.env), whose text they do not read.
// fs are the words of its statement before it.
func (m *varMemo) whileRead(k int, fs []string) bool {
	src := m.src
	if len(fs) < 2 || fs[0] != "while" {
		return false
	}
	if m.hereDoc == 0 { // the text is scanned once, not once a mention
		m.hereDoc = 1
		if strings.Contains(src, "<<") {
			m.hereDoc = 2
		}
	}
	if m.hereDoc == 2 {
		return false
	}
	rest := strings.TrimLeft(src[k:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
	if !strings.HasPrefix(strings.TrimLeft(rest, " \t"), ";") {
		return false
	}
	read := false
	for _, w := range fs[1:] {
		switch {
		case w == "IFS=" && !read:
		case w == "read" && !read:
			read = true
		case read && (w == "-r" || isVarName(w)):
		default:
			return false
		}
	}
	return read
}

// plainValue returns the value of an assignment whose text after = starts
// s: written-out text up to the end of the word, its quotes removed;
// false when it may expand (a $, a backquote, a backslash, a glob, a
// tilde, an array, a brace) or does not end plainly.
func plainValue(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '\t', '\n', ';', '&', '|', ')':
			return b.String(), true
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return "", false
			}
			q := s[i+1 : i+1+j]
			if c == '"' && strings.ContainsAny(q, "$`\\") || strings.ContainsAny(q, "*?['\"") {
				// A quote within quotes: a nested shell's text may
				// join them otherwise (sh -c 'f=app/.e'"nv"'; cat $f').
				return "", false
			}
			b.WriteString(q)
			i += 1 + j
		case '$', '`', '\\', '~', '(', '{', '<', '>':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// attachedName reports whether a command of the script that sets a variable by
// the name it is given has name attached to an option (printf -vf,
// read -af: each printed app/.env's KEY=1 under bash, f set).
func (m *varMemo) attachedName(name string) bool {
	if m.attached == nil {
		m.attached = []string{} // found once a script
		for _, c := range m.s.Commands {
			switch c.Name {
			case "printf", "read", "mapfile", "readarray", "declare", "typeset", "local", "export", "readonly", "getopts":
			default:
				continue
			}
			for _, a := range c.Args[1:] {
				if v := a.Value; len(v) > 2 && v[0] == '-' {
					m.attached = append(m.attached, v)
				}
			}
		}
	}
	if len(m.attached) > maxAttached {
		return true // past the bound: any name may be one
	}
	for _, v := range m.attached {
		if strings.HasSuffix(v, name) {
			return true
		}
	}
	return false
}

// maxAttached bounds the setters' options attachedName holds each name
// to; past it, any name may be one of theirs.
const maxAttached = 64
