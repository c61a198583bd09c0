package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// assign checks an assignment to a variable whose value some program
// runs as a command (GIT_SSH_COMMAND, PAGER, EDITOR, …).
func (w *walker) assign(name string, v Word, sc *scope, via []string) {
	w.arithValue(name, v, sc, via)
	if isPromptVar(name) {
		// Expanded like a double-quoted word each time the prompt or
		// trace shows: its substitutions run.
		w.expandValue(v, sc, plus(via, name+"="))
		return
	}
	if !isCommandVar(name) {
		return
	}
	w.nested(strings.TrimLeft(v.Value, "|!"), v.Dynamic, sc, append(via[:len(via):len(via)], name+"="))
}

// isPromptVar reports whether s is a variable bash expands as a prompt:
// PS0, PS1 and PS2 in an interactive shell, PS4 for each command traced
// under set -x, PS3 for select.
func isPromptVar(s string) bool {
	switch s {
	case "PS0", "PS1", "PS2", "PS3", "PS4":
		return true
	}
	return false
}

// expandValue walks the substitutions in v's text, which bash expands as
// a double-quoted word.
func (w *walker) expandValue(v Word, sc *scope, via []string) {
	if !strings.ContainsAny(v.Value, "$`") {
		return
	}
	if v.Dynamic {
		w.unknown(v.Value, via)
		return
	}
	sub := *sc
	w.nested("echo "+v.Value, false, &sub, via)
}

// arithValue walks the code in the value of a variable that bash runs
// when the value is evaluated as arithmetic ($((x)), [[ x -eq 0 ]],
// declare -i, let, an array index, …): a subscript a[…] in it is
// expanded, so x='a[$(rm -rf d)]' runs rm when x is. A dynamic value is
// not known to hold none: it is checked where arithmetic reads it.
func (w *walker) arithValue(name string, v Word, sc *scope, via []string) {
	if v.Dynamic || !strings.Contains(v.Value, "[") || !strings.ContainsAny(v.Value, "$`") {
		return
	}
	sub := *sc
	w.nested("echo "+v.Value, false, &sub, plus(via, name+"= (arithmetic)"))
}

// isCommandVar reports whether s is an environment variable whose value
// programs run as a shell command.
func isCommandVar(s string) bool {
	switch s {
	case "GIT_SSH_COMMAND", "GIT_PAGER", "PAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "GIT_SEQUENCE_EDITOR",
		"GIT_EXTERNAL_DIFF", "PROMPT_COMMAND", "MANPAGER", "LESSOPEN", "LESSCLOSE", "GIT_ASKPASS",
		"SSH_ASKPASS", "SUDO_ASKPASS", "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL",
		// Programs git, rsync and fc run by name, with arguments of
		// their own: run as a command all the same.
		"GIT_SSH", "GIT_PROXY_COMMAND", "RSYNC_RSH", "FCEDIT":
		return true
	}
	return false
}

// maxStartup bounds the start-up files a script names in BASH_ENV or ENV
// that are kept; past it one more is kept as known only at run time.
const maxStartup = 8

// startupVar records a value the script gives BASH_ENV or ENV other than
// as the prefix of a shell's command (export BASH_ENV=s.sh, read ENV,
// printf -v BASH_ENV …): each shell run after may first run that file
// (see startupFiles). An assignment to a variable the environment
// exports changes it for every program run after, exported or not here.
// A value of NODE_OPTIONS, prefix or not, is kept for node (see
// nodeOptions); past maxStartup values a script is past what this
// package follows there too, and node is an unknown command.
func (w *walker) startupVar(name string, v Word) {
	if !startupName(name) {
		return
	}
	if name == "NODE_OPTIONS" {
		w.nodeOptionsVar(v)
		return
	}
	if name == "GOFLAGS" || name == "GOENV" {
		w.goFlagsVar(name, v)
		return
	}
	if name == "PYTEST_ADDOPTS" {
		w.pytestOptsVar(v)
		return
	}
	if name != "BASH_ENV" && name != "ENV" {
		return
	}
	if len(w.startup) >= maxStartup {
		v = Word{Value: "$" + name, Dynamic: true}
		if w.startup[len(w.startup)-1].Equal(v) {
			return
		}
	}
	w.startup = append(w.startup, v)
}

// startupName reports whether startupVar records a value of the
// variable name.
func startupName(name string) bool {
	return name == "NODE_OPTIONS" || name == "BASH_ENV" || name == "ENV" || name == "GOFLAGS" || name == "GOENV" ||
		name == "PYTEST_ADDOPTS"
}

// startupFiles records, on shell c, the start-up files the script named
// in BASH_ENV or ENV before (startupVar): a file is code the shell runs
// ([RunsCode] with its Path), the standard input a script read from it,
// and a name known only at run time an unknown command.
func (w *walker) startupFiles(c *Command, sc *scope, in stdin) {
	for _, p := range w.prefixEnv {
		// Given as the prefix of a command (BASH_ENV=s.sh bash -c …):
		// a standard input it names was walked there (call).
		w.runsCode(c, sc, "sh", Word{}, p)
	}
	for _, p := range w.startup {
		w.scriptFile(p, in, sc, plus(plus(c.Via, c.Name), "BASH_ENV"), newShell)
		if !p.Dynamic && !isStdinPath(p.Value) && !strings.HasPrefix(p.Value, "/dev/fd/") && !strings.HasPrefix(p.Value, "/proc/") {
			w.runsCode(c, sc, "sh", Word{}, p)
		}
	}
}

// nakedAssign walks the words ws of a declaration's operand x that the
// parser did not read as an assignment: a builtin (export, declare,
// local, readonly, typeset) still assigns NAME=VALUE once the word is
// expanded. A name spelled out at the start of x (export "PATH=$PATH:x")
// is assigned as the parser's assignments are. A name bash knows only
// once the word is expanded (export "$(echo GIT_EDITOR)=…", export
// GIT_"EDITOR"=…, export $(cat vars)), and a name reference (declare -n
// r=GIT_EDITOR, whose assignments set the variable it names), set a
// variable this package does not follow: each is a dynamic command.
func (w *walker) nakedAssign(variant string, x *syntax.Word, ws []Word, sc *scope, via []string) {
	for _, v := range ws {
		if !v.Dynamic && len(v.Value) > 1 && (v.Value[0] == '-' || v.Value[0] == '+') {
			if v.Value[0] == '-' && variant != "export" && strings.Contains(v.Value, "n") {
				w.unknown(variant+" "+v.Value+" (a name reference: what its assignments set is not followed)", plus(via, variant))
				return
			}
			continue
		}
		if variant == "nameref" {
			w.unknown(variant+" "+v.Value+" (a name reference: what its assignments set is not followed)", plus(via, variant))
			return
		}
		text := v.Value
		if v.Dynamic {
			text = v.Prefix()
		}
		name, rest, ok := strings.Cut(text, "=")
		switch {
		case !v.Dynamic && !ok:
			continue // export NAME: no value
		case !ok || !isName(name) || !spelledName(x, name):
			w.unknown(variant+" "+v.Value+" (sets a variable whose name is known only at run time)", plus(via, variant))
			return
		}
		val := Static(rest)
		if v.Dynamic {
			val = MakeWord(v.Value[len(name)+1:], true, rest, v.Suffix())
		}
		w.assign(name, val, sc, via)
		w.setVar(sc, name, val.Dynamic)
		w.startupVar(name, val)
	}
}

// spelledName reports whether word x starts with name= in one piece of
// its source (a literal, or the first literal in quotes): the text of
// the script names the variable as the parser's assignments do.
func spelledName(x *syntax.Word, name string) bool {
	if len(x.Parts) == 0 {
		return false
	}
	lit := ""
	switch p := x.Parts[0].(type) {
	case *syntax.Lit:
		lit = p.Value
	case *syntax.SglQuoted:
		lit = p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) > 0 {
			if l, ok := p.Parts[0].(*syntax.Lit); ok {
				lit = l.Value
			}
		}
	}
	return strings.HasPrefix(lit, name+"=")
}

// nodeOptionsVar keeps, from a value the script gives NODE_OPTIONS, the
// modules it preloads (-r, --require, --import, --loader) that are
// files, read once here: a value known only at run time (other than
// "$NODE_OPTIONS …", which extends what the environment gave) is kept
// as a dynamic word, and past maxStartup words one more dynamic word
// stands for the rest.
func (w *walker) nodeOptionsVar(v Word) {
	add := func(x Word) {
		switch {
		case len(w.nodeOpts) < maxStartup:
			w.nodeOpts = append(w.nodeOpts, x)
		case len(w.nodeOpts) == maxStartup:
			w.nodeOpts = append(w.nodeOpts, Word{Value: "$NODE_OPTIONS (set too often to follow)", Dynamic: true})
		}
	}
	if v.Dynamic && (v.Value == "$NODE_OPTIONS"+v.Suffix() || v.Value == "${NODE_OPTIONS}"+v.Suffix()) {
		v = Static(v.Suffix())
	}
	if v.Dynamic {
		add(Word{Value: "$NODE_OPTIONS (" + v.Value + ")", Dynamic: true})
		return
	}
	f := nodeSpec.parse(wordsOf(v.Value), &w.mem)
	for _, o := range f.Options {
		switch o.Name {
		case "r", "require", "import", "loader", "experimental-loader":
			if o.HasValue && nodeFile(o.Value) {
				add(o.Value)
			}
		}
	}
}

// nodeOptions records, on node c, the modules NODE_OPTIONS values the
// script set preload (see nodeOptionsVar): a file is code node runs
// first, in Path; a value known only at run time is an unknown command.
func (w *walker) nodeOptions(c *Command, sc *scope) {
	for _, v := range w.nodeOpts {
		if v.Dynamic {
			w.unknown(c.String()+" ("+v.Value+", known only at run time)", plus(c.Via, c.Name))
			return
		}
		w.runsCode(c, sc, "node", Word{}, v)
	}
}

// wordsOf splits s at spaces and tabs into static words, as node splits
// NODE_OPTIONS (quotes aside).
func wordsOf(s string) []Word {
	var out []Word
	for _, f := range strings.Fields(s) {
		out = append(out, Static(f))
	}
	return out
}
