package guard

import (
	"slices"
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
// declare, local, export, typeset or readonly before it, or $(echo
// WORDS)), mktemp's fresh names (mktempAssign), or a way the rule's
// other readers judge (NAME=$(prog …), for NAME in $(…), while read
// NAME … < FILE or after a pipe: variableNames and listedReads). Put in the path, each value must name no credential
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
	// read is what values has read of the script's text for its
	// variables, a pass each (see varBudget); index, once made, holds
	// where each run of identifier bytes starts (see mentions); setTos
	// counts the mentions read as assignments (see maxSetTos).
	read   int
	index  map[string][]int
	setTos int
	// attached are the options of the script's setters that may hold a
	// variable's name after their letter (see attachedName).
	attached []string
	hereDoc  int8 // 0 not asked, 1 no, 2 yes: the text holds << (see whileRead)
}

// varBudget bounds what mentions reads of a script of n bytes (and c
// commands) in passes, one a variable, before it indexes the whole text
// once: a few passes cost less than the index on a short script, and a
// script of thousands of variables is not read once each.
func varBudget(n, c int) int {
	return 8*(n+c) + 64<<10
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

// varRead judges read path p of command c (nil: $(<p); redirected: p
// is its input): the reason to deny it, when it expands a variable the
// script may set to a credential file's path (see above). upload is
// whether p is a word a command sends or reads whatever it is (a read
// path, an input, @FILE): a value the reader does not know then denies;
// else only a known value that names a credential file does. The
// command's text is made only for a reason.
func (at *place) varRead(s *shell.Script, c *shell.Command, redirected bool, p shell.Word, upload bool, extra []string) (string, bool) {
	m := at.varsOf(s)
	v := p.Value
	cmd := func() string {
		switch {
		case c == nil:
			return "$(<" + v + ")"
		case redirected:
			return c.String() + " < " + v
		}
		return c.String()
	}
	if strings.Contains(v, "${!") {
		// ${!n}: the variable n names, any of the script's.
		return reasonVarUnknown(cmd(), v, "!"), true
	}
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
		return reasonVarRead(cmd(), v, a.file), true
	}
	if a.unknown == "" {
		return "", false
	}
	return reasonVarUnknown(cmd(), v, a.unknown), true
}

// reasonVarUnknown is rule 7's reason for cmd reading path p, which
// expands variable name, set in a way the guard does not follow.
func reasonVarUnknown(cmd, p, name string) string {
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` reads " + p + ", and the script sets $" + name +
		" in a way the guard does not follow (+=, read, printf -v, a default, an array, eval…), so it may name a " +
		"credential file, whose content would reach the model; set it to a written-out path (" + name + "=README.md)"
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
	if strings.Contains(v, "${") {
		combos, unknown = m.defaults(v)
	}
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

// defaults returns the words v may be when it holds ${NAME:-WORD},
// ${NAME-WORD}, ${NAME:=WORD} or ${NAME=WORD}: v itself, and v with each
// replaced by its WORD (quotes removed), which bash gives when NAME is
// unset or empty (cat "${x:-app/.env}" printed app/.env). A WORD that
// expands, or another operator on a variable the script sets, is a
// variable not followed.
func (m *varMemo) defaults(v string) (combos []string, unknown string) {
	combos = []string{v}
	for i := strings.Index(v, "${"); i >= 0; {
		rest := v[i+2:]
		n := 0
		for n < len(rest) && isIdent(rest[n]) {
			n++
		}
		end := strings.IndexByte(rest, '}')
		if n > 0 && end > n {
			op := rest[n:end]
			word := strings.TrimLeft(op, ":")
			if word != "" && (word[0] == '-' || word[0] == '=') {
				word = strings.NewReplacer(`"`, "", "'", "").Replace(word[1:])
				if strings.ContainsAny(word, "$`\\{") {
					unknown = rest[:n]
				} else {
					combos = append(combos, strings.Replace(v, v[i:i+2+end+1], word, 1))
				}
			}
		}
		j := strings.Index(v[i+2:], "${")
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return combos, unknown
}

// varSearch is varRead for a tree search's folders (d=app; grep -r KEY
// "$d" printed app/.env's KEY=1): the search with each folder that
// expands a variable the script sets to written-out values replaced by
// them, judged by searchShows.
func (at *place) varSearch(s *shell.Script, c *shell.Command, t shell.TreeSearch, extra []string) (string, bool) {
	var dirs []shell.Word
	if !slices.ContainsFunc(t.Dirs, func(d shell.Word) bool { return d.Dynamic }) {
		return "", false // most searches
	}
	m := at.varsOf(s)
	for _, d := range t.Dirs {
		if !d.Dynamic || strings.IndexByte(d.Value, '$') < 0 {
			continue
		}
		combos, _ := m.expand(d.Value)
		for _, c := range combos {
			if c != d.Value && !strings.ContainsAny(c, "$`") {
				dirs = append(dirs, shell.Word{Value: c, Dynamic: strings.ContainsAny(c, "*?[")})
			}
		}
	}
	if len(dirs) == 0 {
		return "", false
	}
	t.Dirs = dirs
	if f, wide, ok := at.searchShows(t, extra); ok {
		if wide {
			return reasonWideSearch(c.String(), f), true
		}
		return reasonSecretRead(c.String()+" (searching "+f+")", f), true
	}
	return "", false
}

// varInputs is varRead for the files $(<FILE) reads (f=app/.env; echo
// "$(<"$f")" printed KEY=1): package shell gives no command for them.
func (at *place) varInputs(s *shell.Script, extra []string) (string, bool) {
	src := at.src
	for i := strings.Index(src, "$(<"); i >= 0; {
		w := strings.TrimLeft(src[i+3:], " \t")
		end := strings.IndexByte(w, ')')
		if end < 0 {
			break
		}
		w = strings.NewReplacer(`"`, "", "'", "").Replace(strings.TrimSpace(w[:end]))
		if strings.IndexByte(w, '$') >= 0 {
			if r, ok := at.varRead(s, nil, false, shell.Word{Value: w, Dynamic: true}, true, extra); ok {
				return r, true
			}
		}
		j := strings.Index(src[i+3:], "$(<")
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return "", false
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

// reasonVarRead is rule 7's reason for cmd reading path p, which may
// be file, a credential file's path (a value the script sets, a default).
func reasonVarRead(cmd, p, file string) string {
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` reads " + p + ", which may be " + file +
		", a credential file, whose content would reach the model or leave the machine; ask the user"
}

// readInputs appends to files the file a read takes its lines from,
// in: itself when written out, else each path the script may set the
// variables it expands to (g=list; while read f; … done < "$g"); false
// when one is not followed.
func (at *place) readInputs(s *shell.Script, in shell.Word, files []string) ([]string, bool) {
	if !in.Dynamic {
		return append(files, in.Value), true
	}
	if strings.IndexByte(in.Value, '$') < 0 || strings.HasPrefix(in.Value, "(") {
		return files, true // a program's output (< <(git ls-files)): namesMadeUp's
	}
	combos, unknown := at.varsOf(s).expand(in.Value)
	for _, c := range combos {
		if c == in.Value || unknown != "" || strings.ContainsAny(c, "$`*?[") {
			return files, false
		}
		files = append(files, c)
	}
	return files, true
}
