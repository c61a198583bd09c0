package shell

import (
	"strings"
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
		"SSH_ASKPASS", "SUDO_ASKPASS":
		return true
	}
	return false
}
