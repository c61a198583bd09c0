package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a read whose path expands a variable the script itself sets
// (issue 38): `f=app/.env; cat "$f"`, `f=.env; cat app/$f`, `f=app/.e;
// f+=nv; cat "$f"`, `read f <<< app/.env; cat "$f"`, `printf -v f %s
// app/.env; cat "$f"` and `set -- app/.env; cat "$1"` each printed
// app/.env's KEY=1 under bash, and were let through: package shell's
// walk does not follow the values of variables. Each way the script may
// set such a variable is read from its text (as rule 3's readVars reads
// it): a plain assignment of written-out text (NAME=README.md, with
// declare, local, export, typeset or readonly before it), mktemp's fresh
// names (tempVar, mktempAssign), or a way the rule's other readers judge
// (NAME=$(…), for NAME in $(…), … | while read NAME: variableNames and
// listedReads). Put in the path, each value must name no credential
// file; any other way (+=, read, printf -v, mapfile, ${NAME:=…},
// arrays, a nameref, eval, source, a text the reader does not parse)
// may give any value, and the read is denied unless the path's last
// part is written out and can be no credential file's. A variable the
// script never sets ($HOME, $LOG_FILE) is the environment's, as before.

// varMemo holds the values found for a script's variables.
type varMemo struct {
	s     *shell.Script
	src   string
	built int8 // 0 not asked, 1 no, 2 yes: a command may set a variable whose name is built at run time
	vals  map[string]varVals
	reads map[string]varVerdict // varRead's answer by path (and whether an upload)
}

// varVerdict is varRead's answer for a path: the credential file it
// may name, or the variable whose values are not known ("": none).
type varVerdict struct {
	file, unknown string
}

// varVals is what a script may set a variable to.
type varVals struct {
	set   bool     // the script names it other than as a plain read
	known bool     // every value is vals (or left to the other readers: kept as $NAME)
	vals  []string // the values written out
}

// varsOf returns at's varMemo for s.
func (at *place) varsOf(s *shell.Script) *varMemo {
	if m := at.varMemo; m != nil && m.s == s && m.src == at.src {
		return m
	}
	at.varMemo = &varMemo{s: s, src: at.src, vals: map[string]varVals{}, reads: map[string]varVerdict{}}
	return at.varMemo
}

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

// values returns what the script may set variable name to.
func (m *varMemo) values(name string) varVals {
	if v, ok := m.vals[name]; ok {
		return v
	}
	v := varVals{known: true}
	src := m.src
	seen := map[string]bool{}
	if name[0] >= '0' && name[0] <= '9' || name == "@" || name == "*" {
		// Positional parameters: none in a command the hook judges,
		// unless set -- or a function's call gives them.
		v.set = strings.Contains(src, "set ") || strings.Contains(src, "()") || strings.Contains(src, "function ")
		v.known = !v.set
		m.vals[name] = v
		return v
	}
	for j := 0; j < len(src); {
		if !isIdent(src[j]) {
			j++
			continue
		}
		end := j + 1
		for end < len(src) && isIdent(src[end]) {
			end++
		}
		k := j
		j = end
		if src[k:end] != name || k > 0 && strings.IndexByte("$-./", src[k-1]) >= 0 {
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
		val, ok := m.setTo(k, end)
		if !ok {
			v.known = false
			continue
		}
		if val != "" && !seen[val] {
			seen[val] = true
			v.vals = append(v.vals, val)
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
	if end == len(src) || src[end] != '=' {
		// for NAME in $(…); … | while read NAME; export NAME
		before := src[:k]
		if i := strings.LastIndexAny(before, ";&|\n"); i >= 0 {
			before = before[i+1:]
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
		if whileRead(src, k, f) {
			return "$" + name, true
		}
		return "", false
	}
	// NAME=VALUE, alone or after declare, local, export, typeset,
	// readonly (with no option but -x or -r), do, then, else, or other
	// assignments.
	if !plainBefore(strings.Fields(src[strings.LastIndexAny(src[:k], ";&|\n({")+1 : k])) {
		return "", false
	}
	val, ok := plainValue(src[end+1:])
	if !ok && mktempAssign(src[end:]) {
		return "$" + name, true // a fresh name of mktemp's
	}
	if !ok && (strings.HasPrefix(src[end+1:], "$(") || strings.HasPrefix(src[end+1:], `"$(`)) {
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
func whileRead(src string, k int, fs []string) bool {
	if len(fs) < 2 || fs[0] != "while" || strings.Contains(src, "<<") {
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
			if c == '"' && strings.ContainsAny(q, "$`\\") || strings.ContainsAny(q, "*?[") {
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

// varRefs calls f with the name of each variable word v expands ($NAME,
// ${NAME…}, $1, $@), and whether it is a plain one ($NAME, ${NAME}).
func varRefs(v string, f func(name string, plain bool)) {
	for i := 0; i < len(v)-1; i++ {
		if v[i] != '$' {
			continue
		}
		rest, braced := v[i+1:], false
		if rest[0] == '{' {
			rest, braced = rest[1:], true
		}
		n := 0
		for n < len(rest) && isIdent(rest[n]) {
			n++
		}
		if n == 0 && rest != "" && (rest[0] == '@' || rest[0] == '*') {
			n = 1
		}
		if n == 0 {
			continue
		}
		if rest[0] >= '0' && rest[0] <= '9' && !braced {
			n = 1
		}
		f(rest[:n], !braced || n < len(rest) && rest[n] == '}')
	}
}

// varRead judges read path p (with the command's text cmd, for the
// reason): the reason to deny it, when it expands a variable the script
// may set to a credential file's path (see above). upload is whether
// p is a word a command sends or reads whatever it is (a read path, an
// input, @FILE): a value the reader does not know then denies; else
// only a known value that names a credential file does.
func (at *place) varRead(s *shell.Script, cmd string, p shell.Word, upload bool, extra []string) (string, bool) {
	m := at.varsOf(s)
	v := p.Value
	key := v
	if upload {
		key += "\x00"
	}
	a, ok := m.reads[key]
	if !ok {
		a = at.varVerdict(m, v, upload, extra)
		m.reads[key] = a
	}
	if a.file != "" {
		return reasonVarRead(cmd, v, a.file), true
	}
	if a.unknown == "" {
		return "", false
	}
	unknown := a.unknown
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` reads " + v + ", and the script sets $" + unknown +
		" in a way the guard does not follow (+=, read, printf -v, a default, an array, eval…), so it may name a " +
		"credential file, whose content would reach the model; set it to a written-out path (" + unknown + "=README.md)", true
}

// varVerdict is varRead's answer for path v.
func (at *place) varVerdict(m *varMemo, v string, upload bool, extra []string) varVerdict {
	combos, unknown := m.expand(v)
	for _, c := range combos {
		if f, ok := secretInWord(c, extra); ok {
			return varVerdict{file: f}
		}
		if c == v || strings.ContainsAny(c, "$`") {
			continue
		}
		if f, ok := at.secretGlob(shell.Word{Value: c, Dynamic: true}, extra); ok {
			return varVerdict{file: f}
		}
		if f, ok := at.readThrough(shell.Word{Value: c}, extra); ok && !strings.ContainsAny(c, "*?[") {
			return varVerdict{file: f + " (a link)"}
		}
	}
	if unknown == "" || !upload {
		return varVerdict{}
	}
	if base, ok := writtenBase(v); ok && !nameMayBeSecret(base, extra) {
		return varVerdict{}
	}
	return varVerdict{unknown: unknown}
}

// expand returns the words v may be, each variable the script sets
// replaced by each of its values (a value may itself expand one: for f
// in "$dir"/*.go), and the first variable whose values are not known
// ("" when all are).
func (m *varMemo) expand(v string) (combos []string, unknown string) {
	combos = []string{v}
	for depth := 0; depth < 3; depth++ {
		var next []string
		changed := false
		for _, c := range combos {
			name, vals := "", []string(nil)
			varRefs(c, func(n string, plain bool) {
				if name != "" || n == unknown {
					return
				}
				vv := m.values(n)
				if !vv.set && !m.builtNames() {
					return // the environment's
				}
				if !vv.set || !vv.known || !plain || len(combos) > 1 && len(vv.vals)*len(combos) > 64 {
					if unknown == "" {
						unknown = n
					}
					return
				}
				for _, x := range vv.vals {
					if x != "$"+n {
						name, vals = n, vv.vals
						return
					}
				}
			})
			if name == "" {
				next = append(next, c)
				continue
			}
			changed = true
			for _, x := range vals {
				next = append(next, replaceVar(c, name, x))
			}
		}
		combos = next
		if !changed {
			break
		}
	}
	return combos, unknown
}

// replaceVar returns word w with each plain expansion of variable name
// ($name, ${name}) replaced by val.
func replaceVar(w, name, val string) string {
	w = strings.ReplaceAll(w, "${"+name+"}", val)
	var b strings.Builder
	for {
		i := strings.Index(w, "$"+name)
		if i < 0 {
			b.WriteString(w)
			return b.String()
		}
		end := i + 1 + len(name)
		if end < len(w) && isIdent(w[end]) {
			b.WriteString(w[:end])
		} else {
			b.WriteString(w[:i])
			b.WriteString(val)
		}
		w = w[end:]
	}
}

// reasonVarRead is rule 7's reason for cmd reading path p, a variable
// the script sets to file, a credential file's path.
func reasonVarRead(cmd, p, file string) string {
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` reads " + p + ", which the script sets to " + file +
		", a credential file, whose content would reach the model or leave the machine; ask the user"
}
