package shell

import (
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

// Programs that run a script later, where no hook sees it: what they will
// run is judged now, as a script the command runs (tmux, which runs one
// in another terminal, is in tmux.go).

var atSpec = Spec{Short: "q:f:mMlrdvt:cVbu:"}

// atRun: at and batch run the script of their standard input, or of -f
// FILE, later, in the current directory; -l, -r, -d and -c list, remove
// or print jobs.
func atRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	f := atSpec.parse(c.Args[1:], &w.mem)
	via := plus(c.Via, c.Name)
	if f.Has("l", "r", "d", "c", "V") {
		return
	}
	if file, ok := f.Value("f"); ok {
		w.scriptFile(file, in, sc, via, newShell)
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
	f := crontabSpec.parse(c.Args[1:], &w.mem)
	via := plus(c.Via, c.Name)
	if f.Has("l", "e", "r", "T") {
		return
	}
	if len(f.Operands) > 0 && (f.Operands[0].Dynamic || f.Operands[0].Value != "-") {
		w.scriptFile(f.Operands[0], in, sc, via, notShell)
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
		line = codetext.TrimBlank(line)
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
			rest = codetext.TrimBlank(rest[i:])
		}
		if rest != "" {
			b.WriteString(rest)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
