package shell

import "strings"

// Programs that run a script later, or in another terminal, where no hook
// sees it: what they will run is judged now, as a script the command runs.

var atSpec = Spec{Short: "q:f:mMlrdvt:cVbu:"}

// atRun: at and batch run the script of their standard input, or of -f
// FILE, later, in the current directory; -l, -r, -d and -c list, remove
// or print jobs.
func atRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	f := atSpec.Parse(c.Args[1:])
	via := plus(c.Via, c.Name)
	if f.Has("l", "r", "d", "c", "V") {
		return
	}
	if file, ok := f.Value("f"); ok {
		w.scriptFile(file, in, sc, via)
		return
	}
	w.stdinScript(in, sc, via)
}

var crontabSpec = Spec{Short: "u:lerisT"}

// crontabRun: crontab FILE (or - and none: the standard input) installs
// a table whose lines each run a command later: the command part of each
// line (after the five time fields, or an @ word) is the script. A table
// piped in is an unknown command; one in a plain file is not read. -l,
// -e, -r and -T list, edit, remove or check.
func crontabRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	f := crontabSpec.Parse(c.Args[1:])
	via := plus(c.Via, c.Name)
	if f.Has("l", "e", "r", "T") {
		return
	}
	if len(f.Operands) > 0 && (f.Operands[0].Dynamic || f.Operands[0].Value != "-") {
		w.scriptFile(f.Operands[0], in, sc, via)
		return
	}
	w.resolve(&in)
	switch {
	case in.doc != nil && !in.doc.Dynamic:
		sub := *sc
		w.nested(cronCommands(in.doc.Value), false, &sub, via)
	case in.doc != nil:
		w.unknown(in.doc.Value, via) // a table made at run time: its text is all there is
	case in.piped:
		w.unknown("(crontab from a pipe)", via)
	}
}

// cronCommands returns the command part of each line of a crontab, one
// a line: blank lines, comments and variable settings are left out.
func cronCommands(table string) string {
	var b strings.Builder
	for _, line := range strings.Split(table, "\n") {
		line = strings.TrimLeft(line, " \t")
		if line == "" || line[0] == '#' {
			continue
		}
		fields := 5
		if line[0] == '@' {
			fields = 1
		} else if i := strings.IndexAny(line, " \t="); i > 0 && line[i] == '=' {
			continue // NAME=VALUE
		}
		rest := line
		for range fields {
			i := strings.IndexAny(rest, " \t")
			if i < 0 {
				rest = ""
				break
			}
			rest = strings.TrimLeft(rest[i:], " \t")
		}
		if rest != "" {
			b.WriteString(rest)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// tmuxRun: tmux runs a shell command given to new-session, new-window,
// split-window, respawn-pane, respawn-window, run-shell or display-popup
// (its last words), types the keys of send-keys into a shell, and runs
// the shell command of its global -c. Other commands run nothing.
func tmuxRun(w *walker, c *Command, sc *scope, _ stdin, _ bool) {
	args := c.Args[1:]
	via := plus(c.Via, c.Name)
	g := Spec{Short: "2CDluvNL:S:f:c:T:"}.Parse(args)
	if len(g.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	if s, ok := g.Value("c"); ok {
		w.nestedWord(s, &scope{dir: sc.dir}, via)
	}
	rest := args[g.End:]
	if len(rest) == 0 {
		return
	}
	if rest[0].Dynamic {
		w.unknown(c.String(), via)
		return
	}
	var spec Spec
	switch rest[0].Value {
	case "new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp",
		"respawn-window", "respawnw", "display-popup", "popup":
		spec = Spec{Short: "AbBdDEfhIkPvXZc:e:F:l:n:s:t:x:y:w:H:S:T:b:d:h:p:"}
	case "run-shell", "run":
		spec = Spec{Short: "bCEd:c:t:"}
	case "send-keys", "send":
		spec = Spec{Short: "FHKlMRXc:N:t:"}
	default:
		return
	}
	f := spec.Parse(rest[1:])
	if len(f.Unsure) > 0 {
		w.unknown(c.String(), via)
		return
	}
	words := rest[1+f.End:]
	if spec.Short[0] == 'F' && !f.Has("l") {
		// send-keys: the words are keys typed into a shell, a key name
		// (Enter, C-m, Space, …) its key.
		var b strings.Builder
		dyn := false
		for _, k := range words {
			dyn = dyn || k.Dynamic
			b.WriteString(tmuxKey(k.Value))
		}
		w.nested(b.String(), dyn, &scope{dir: sc.dir}, via)
		return
	}
	joinedScript(w, words, sc, via)
}

// tmuxKey is what tmux send-keys types for the word k: a newline for
// Enter, C-m, C-j and KPEnter, a blank for Space, a tab for Tab, nothing
// for another key name (C-c, Escape, Up, …), else k itself.
func tmuxKey(k string) string {
	switch k {
	case "Enter", "C-m", "C-j", "KPEnter", "^M", "^J":
		return "\n"
	case "Space":
		return " "
	case "Tab", "C-i":
		return "\t"
	}
	if len(k) > 2 && (k[0] == 'C' || k[0] == 'M' || k[0] == 'S') && k[1] == '-' {
		return ""
	}
	switch k {
	case "Escape", "BSpace", "BTab", "Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown", "PgUp",
		"PgDn", "NPage", "PPage", "IC", "DC", "Insert", "Delete":
		return ""
	}
	return k
}
