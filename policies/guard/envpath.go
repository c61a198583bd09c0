package guard

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/tempvar"
	"github.com/agenthooks/hooks/shell"
)

// Paths that are dynamic in the command's text but known to the hook,
// which runs beside the command as the same user: the home folder (~,
// $HOME), the temporary folder ($TMPDIR, ${TMPDIR:-/tmp}), and a
// variable that holds a new temporary file or folder of mktemp's
// (d=$(mktemp -d); …; rm -rf "$d"). Each counts only when the command
// never sets that variable itself.

// resolved returns the dynamic path p with its leading home, temporary
// folder or mktemp variable replaced by the path it names, and whether
// it could be: the rest of p must be static, without "..".
func (at *place) resolved(p shell.Word) (string, bool) {
	v := p.Value
	lead, rest := "", ""
	switch {
	case v == "~" || strings.HasPrefix(v, "~/"):
		lead, rest = "HOME", v[1:]
	case strings.HasPrefix(v, topLevel):
		lead, rest = topLevel, v[len(topLevel):]
	default:
		name, r, ok := leadingVar(v)
		if !ok {
			return "", false
		}
		lead, rest = name, r
	}
	if rest != "" && rest[0] != '/' || strings.ContainsAny(rest, "$`*?[{\\") || slashDotDot(rest) {
		return "", false
	}
	var base string
	m := at.envMemo()
	switch lead {
	case "HOME":
		if !m.homeOK {
			return "", false
		}
		base = os.Getenv("HOME")
	case "TMPDIR", "TMPDIR:-/tmp":
		if !m.tmpOK {
			return "", false
		}
		base = os.Getenv("TMPDIR")
		if base == "" {
			if lead == "TMPDIR" {
				return "", false // $TMPDIR unset is empty: /foo
			}
			base = "/tmp"
		}
	case topLevel:
		if !at.sameTop() {
			return "", false
		}
		base = at.wt.top(at.dir)
	default:
		if !at.tempVar(lead) {
			return "", false
		}
		base = "/tmp/tmp.XXXXXXXXXX" // a new one of mktemp's (its default template), under the temporary folder
	}
	if !strings.HasPrefix(base, "/") {
		return "", false
	}
	return path.Clean(base + rest), true
}

// leadingVar splits v, a word that starts with $NAME, ${NAME} or
// ${TMPDIR:-/tmp}, into NAME (or "TMPDIR:-/tmp") and the rest.
func leadingVar(v string) (name, rest string, ok bool) {
	if r, ok := strings.CutPrefix(v, "${TMPDIR:-/tmp}"); ok {
		return "TMPDIR:-/tmp", r, true
	}
	braced := strings.HasPrefix(v, "${")
	i := 1
	if braced {
		i = 2
	} else if !strings.HasPrefix(v, "$") {
		return "", "", false
	}
	j := i
	for j < len(v) && tempvar.IsIdent(v[j]) {
		j++
	}
	if j == i {
		return "", "", false
	}
	name, rest = v[i:j], v[j:]
	if braced {
		r, ok := strings.CutPrefix(rest, "}")
		if !ok {
			return "", "", false
		}
		rest = r
	}
	return name, rest, true
}

// slashDotDot reports whether path p has a ".." element.
func slashDotDot(p string) bool {
	for p != "" {
		e, rest, _ := strings.Cut(p, "/")
		if e == ".." {
			return true
		}
		p = rest
	}
	return false
}

// tempVar reports whether name holds a new temporary file or folder of
// mktemp's in the command (see package tempvar).
func (at *place) tempVar(name string) bool {
	if at.script == nil {
		return false
	}
	m := at.envMemo()
	if !m.tempsRead {
		m.tempsRead = true
		if strings.Contains(at.src, "mktemp") {
			if vars, own := tempvar.Temps(at.script, at.src); own {
				m.temps = vars
			}
		}
	}
	for _, v := range m.temps {
		if v == name {
			return true
		}
	}
	return false
}

// envMemo is what resolved reads of a command's text, read once a text
// (a long script has many paths to resolve).
type envMemo struct {
	src           string
	homeOK, tmpOK bool // the text sets no HOME, no TMPDIR
	tempsRead     bool
	temps         []string
}

// envMemo returns at's memo for its text.
func (at *place) envMemo() *envMemo {
	if at.memo == nil || at.memo.src != at.src {
		at.memo = &envMemo{src: at.src, homeOK: tempvar.OnlyExpanded(at.src, "HOME"), tmpOK: tempvar.OnlyExpanded(at.src, "TMPDIR")}
	}
	return at.memo
}

// knownName is knownName, or a path of the home or temporary folder or
// of mktemp's (see resolved) whose file name is not a .env file's.
func (at *place) knownName(s *shell.Script, p shell.Word, by string) bool {
	if knownName(s, at, p, by) {
		return true
	}
	r, ok := at.resolved(p)
	return ok && !IsEnvFile(path.Base(r))
}

// globInTemp reports whether p is a glob whose matches are all inside a
// temporary folder, and not all of one: rm -rf /tmp/build-*, not rm -rf
// /tmp/* (a glob matches within one path
// element; bash does not match "." or ".." with one, and rm refuses
// them).
func (at *place) globInTemp(p shell.Word) bool {
	v := p.Value
	if strings.ContainsAny(v, "$`~{") || !strings.ContainsAny(v, "*?[") || slashDotDot(v) {
		return false
	}
	i := strings.IndexAny(v, "*?[")
	if strings.Contains(v[i:], "/") {
		return false // /tmp/x/*/sub, /tmp/build-*/: a match may be a link, followed
	}
	dir := v[:strings.LastIndexByte(v[:i], '/')+1]
	if dir == "" {
		return false
	}
	d := joinPath(at.dir, dir)
	if root := cleanPath(at.root); root != "" && (root == d || within(d, root) != "" || within(root, d) != "") {
		return false // it may match the project, or be in it: the lists decide
	}
	named := i > strings.LastIndexByte(v[:i], '/')+1 // the glob's element starts with fixed text: build-*
	for _, t := range tempDirs {
		if d == t && named || within(t, d) != "" {
			return true // not /tmp/*: every other user's and program's files
		}
	}
	return false
}

// realDir reports whether v, an operand of c written with a trailing
// slash (rm -rf build/), names a folder of the worktree that is not a
// symbolic link, and that nothing in the command writes before (see cutAfter: rm -rf build/ && mkdir build writes after): the
// slash then changes nothing, and the path is judged as build.
func (at *place) realDir(s *shell.Script, c *shell.Command, v string) bool {
	if at.dir == "" || !isAbs(at.dir) || at.cfg != nil && at.cfg.Away || s == nil {
		return false
	}
	want := path.Clean(v)
	for _, e := range c.Effects {
		p := e.Path.Value
		if e.Kind != shell.Deletes || e.Path.Dynamic || p != want && !strings.HasSuffix(p, "/"+want) {
			continue
		}
		nw, _ := cutAfter(s, c, at)
		for _, w := range s.Writes[:nw] {
			if !w.Delete && w.MayBe(p) {
				return false // ln -sfn ~/work build; rm -rf build/
			}
		}
		fi, err := os.Lstat(filepath.FromSlash(joinPath(at.dir, p)))
		// Nothing there is no folder: a link a job of an earlier call
		// makes may be there when rm runs.
		return err == nil && fi.IsDir()
	}
	return false
}

// topLevel is the command substitution that prints the worktree's
// top-level folder (cd "$(git rev-parse --show-toplevel)").
const topLevel = "$(git rev-parse --show-toplevel)"

// sameTop reports whether each $(git rev-parse --show-toplevel) of the
// command prints the top-level folder of the worktree the command starts
// in: no other cd comes before, and nothing sets git's environment.
func (at *place) sameTop() bool {
	if at.script == nil || at.wt == nil || strings.Contains(at.src, "GIT_") {
		return false
	}
	for _, c := range at.script.Commands {
		switch c.Name {
		case "cd", "pushd", "popd":
			if len(c.Args) != 2 || !strings.HasPrefix(c.Args[1].Value, topLevel) {
				return false
			}
		}
	}
	return true
}

// resolvedFile is resolved for package shell's Parser.Resolve: the home
// or temporary folder a script file's path starts with (mktemp's
// variables are not: the script is not parsed yet).
func (at *place) resolvedFile(p shell.Word) (string, bool) {
	if at.cfg != nil && at.cfg.Away {
		return "", false
	}
	return at.resolved(p)
}
