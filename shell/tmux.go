package shell

import "strings"

// tmuxEffects: tmux runs a shell command given to the subcommands that
// start a program (new-session, new-window, split-window, respawn-pane,
// respawn-window, run-shell, if-shell, display-popup, pipe-pane): each
// word after the subcommand that is not an option is walked as a nested
// script (an option's value, a session's name, is walked too: a name is
// a harmless command). send-keys types into a pane's shell, which runs
// what it types: see tmuxKeys. Commands chained with ; or \; are
// not split: a later subcommand's words are walked the same way.
func tmuxEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Value, "-") {
		switch args[i].Value {
		case "-L", "-S", "-f", "-c", "-T":
			if args[i].Value == "-c" && i+1 < len(args) {
				// tmux -c COMMAND runs it with the default shell.
				w.nestedWord(args[i+1], &scope{dir: sc.dir}, plus(c.Via, c.Name))
			}
			i++
		}
		i++
	}
	if i >= len(args) {
		return
	}
	runs := false
	for _, a := range args[i:] {
		if a.Dynamic {
			if runs {
				w.nestedWord(a, &scope{dir: sc.dir}, plus(c.Via, c.Name))
			}
			continue
		}
		switch a.Value {
		case "new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp",
			"respawn-window", "respawnw", "run-shell", "run", "if-shell", "if", "display-popup", "popup", "pipe-pane", "pipep":
			runs = true
			continue
		case "send-keys", "send":
			w.tmuxKeys(c, sc, args[i:])
			return
		case ";", "\\;":
			runs = false
			continue
		}
		if runs && !strings.HasPrefix(a.Value, "-") {
			w.nestedWord(a, &scope{dir: sc.dir}, plus(c.Via, c.Name))
		}
	}
}

// tmuxKeys walks what tmux send-keys types into a pane's shell as a
// script: its words joined by spaces, Enter (C-m, KPEnter) a newline.
// A word known only at run time makes the script dynamic.
func (w *walker) tmuxKeys(c *Command, sc *scope, args []Word) {
	var b strings.Builder
	dyn := false
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !a.Dynamic && strings.HasPrefix(a.Value, "-") {
			if strings.ContainsAny(a.Value, "tNc") {
				i++ // -t PANE, -N COUNT, -c CLIENT
			}
			continue
		}
		switch {
		case a.Dynamic:
			dyn = true
			b.WriteString(a.Value)
		case a.Value == "Enter" || a.Value == "C-m" || a.Value == "KPEnter":
			b.WriteByte('\n')
			continue
		default:
			b.WriteString(a.Value)
		}
		b.WriteByte(' ')
	}
	w.nested(b.String(), dyn, &scope{dir: sc.dir}, plus(c.Via, c.Name))
}
