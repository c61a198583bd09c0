package shell

import "strings"

// isGitCommandKey reports whether git runs the value of setting key as a
// shell command (an alias does when its value starts with "!").
func isGitCommandKey(key string) bool {
	key = strings.ToLower(key)
	switch key {
	case "core.pager", "core.editor", "core.sshcommand", "core.askpass", "core.fsmonitor", "core.hookspath",
		"sequence.editor", "diff.external", "gpg.program", "credential.helper", "interactive.difffilter",
		"uploadpack.packobjectshook", "ssh.variant":
		return true
	}
	section, rest, _ := strings.Cut(key, ".")
	last := rest[strings.LastIndexByte(rest, '.')+1:]
	switch section {
	case "alias", "pager":
		return rest != ""
	case "credential":
		return last == "helper"
	case "gpg":
		return last == "program"
	case "filter":
		return last == "clean" || last == "smudge" || last == "process"
	case "diff":
		return last == "textconv" || last == "command"
	case "merge":
		return last == "driver"
	case "remote":
		// remote.NAME.uploadpack and receivepack: the program git runs
		// on the other side, which for a local remote is this machine.
		return last == "uploadpack" || last == "receivepack"
	case "difftool", "mergetool", "man", "browser":
		return last == "cmd" || last == "path"
	case "submodule":
		return last == "update" // !COMMAND
	case "sendemail":
		return last == "smtpserver" || last == "tocmd" || last == "cccmd" || last == "headercmd"
	case "core":
		return last == "gitproxy"
	}
	return false
}

// gitGlobals is what git's global options say: the directory of -C and
// --work-tree, the settings of -c and --config-env, and the options
// themselves (to repeat before an expanded alias).
type gitGlobals struct {
	dir      Word
	settings []gitSetting
	words    []Word
}

// A gitSetting is one -c KEY=VALUE or --config-env KEY=ENVVAR; a
// --config-env value is known only at run time.
type gitSetting struct {
	key   string
	val   Word
	whole Word // the option's word(s), for repeating it
	env   bool
}

// gitParse splits git's words into its global options and its
// subcommand with its arguments; ok is false when there is no
// subcommand or a dynamic word hides where it starts.
func gitParse(c *Command) (g gitGlobals, sub []Word, ok bool) {
	sub, ok = c.Subcommand(Git)
	end := len(c.Args)
	if ok {
		end = len(c.Args) - len(sub)
	}
	g.words = c.Args[1:end]
	f := Git.Parse(g.words)
	for _, o := range f.Options {
		switch o.Name {
		case "C":
			g.dir = joinDir(g.dir, o.Value)
		case "work-tree":
			g.dir = o.Value
		case "c", "config-env":
			k, v, eq := strings.Cut(o.Value.Value, "=")
			if !eq && !o.Value.Dynamic {
				v = "true" // -c KEY alone sets a boolean to true
			}
			val := MakeWord(v, o.Value.Dynamic, v, v)
			if o.Value.Dynamic {
				_, pv, _ := strings.Cut(o.Value.Prefix(), "=") // "" without =
				val.setParts(pv, o.Value.Suffix())
			}
			if o.Name == "config-env" {
				val = Word{Value: "$" + v, Dynamic: true}
			}
			g.settings = append(g.settings, gitSetting{key: strings.ToLower(k), val: val, whole: o.Value, env: o.Name == "config-env"})
		}
	}
	return g, sub, ok
}

// setting returns the last value given to key (lower case) on the
// command line.
func (g *gitGlobals) setting(key string) (Word, bool) {
	for i := len(g.settings) - 1; i >= 0; i-- {
		if g.settings[i].key == key {
			return g.settings[i].val, true
		}
	}
	return Word{}, false
}

// isGitFalse reports whether s is a false value of a git boolean.
func isGitFalse(s string) bool {
	switch strings.ToLower(s) {
	case "false", "no", "off", "0", "":
		return true
	}
	return false
}

// gitSetting walks the value of a git setting that git runs as a shell
// command (an alias starting with "!"). A shell alias reads git's
// standard input, in (git -c alias.x='!bash' x <<< 'CODE' runs CODE).
func (w *walker) gitSetting(key string, val Word, sc *scope, via []string, in stdin) {
	if !isGitCommandKey(key) {
		return
	}
	if strings.HasPrefix(key, "alias.") && !strings.HasPrefix(val.Value, "!") && !(val.Dynamic && val.Prefix() == "") {
		return
	}
	val.setValue(strings.TrimPrefix(val.Value, "!"))
	val = val.withPre(strings.TrimPrefix(val.Prefix(), "!"))
	sub := *sc
	if strings.HasPrefix(key, "alias.") {
		w.scriptIn = in
	}
	w.nestedWord(val, &sub, via)
	w.scriptIn = stdin{}
}

// gitAlias walks `git ALIAS ARGS` where ALIAS was defined on the command
// line as a git command (not "!"): git splits the value into words and
// runs `git WORDS ARGS` with the same global options. The expansion is a
// command of its own, run via git.
func (w *walker) gitAlias(c *Command, g gitGlobals, name string, v Word, args []Word, sc *scope, in stdin, via []string) {
	if v.Dynamic {
		w.unknown("git "+name+" (alias: "+v.Value+")", via)
		return
	}
	// Git splits the value with its own quoting rules, not the shell's:
	// a value with characters the two read differently is not expanded.
	var s *Script
	var err error
	if !strings.ContainsAny(v.Value, "<>|;&`$(){}\\\n#*?[~") {
		s, err = Parse(v.Value)
	}
	if s == nil || err != nil || len(s.Commands) != 1 || s.Commands[0].Via != nil || s.Commands[0].Dynamic {
		w.unknown("git "+name+" (alias: "+v.Value+")", via)
		return
	}
	words := []Word{c.Args[0]}
	// The global options, without the definition of this alias (git
	// does not expand an alias within itself).
	for i := 0; i < len(g.words); i++ {
		x := g.words[i]
		if !x.Dynamic && (x.Value == "-c" || x.Value == "--config-env") && i+1 < len(g.words) {
			k, _, _ := strings.Cut(g.words[i+1].Value, "=")
			if strings.EqualFold(k, "alias."+name) {
				i++
				continue
			}
		}
		if !x.Dynamic && strings.HasPrefix(x.Value, "--config-env=") {
			k, _, _ := strings.Cut(strings.TrimPrefix(x.Value, "--config-env="), "=")
			if strings.EqualFold(k, "alias."+name) {
				continue
			}
		}
		words = append(words, x)
	}
	words = append(words, s.Commands[0].Args...)
	words = append(words, args...)
	// Each expansion repeats the global options, parsed again: a chain
	// of aliases costs them once a link, counted as bytes reparsed (with
	// what parsing a word costs besides its bytes).
	for _, x := range words {
		w.reparsed += len(x.Value) + wordCost
	}
	if w.reparsed > w.lim.MaxReparsed {
		w.fail(&LimitError{Limit: "reparsed", Max: w.lim.MaxReparsed})
		return
	}
	w.run(words, sc, via, in, false)
}

// extWords splits the command of a git ext:: URL into its words: spaces
// separate them, "% " is a space, "%%" a percent sign, %s and %S the
// service's name (git-upload-pack).
func extWords(s string) []Word {
	var out []Word
	var b strings.Builder
	dyn := false
	flush := func() {
		if b.Len() > 0 || dyn {
			if dyn {
				out = append(out, Word{Value: b.String(), Dynamic: true})
			} else {
				out = append(out, Static(b.String()))
			}
		}
		b.Reset()
		dyn = false
	}
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == ' ':
			flush()
		case ch == '%' && i+1 < len(s):
			i++
			switch s[i] {
			case 's', 'S':
				b.WriteString("git-upload-pack")
			case ' ', '%':
				b.WriteByte(s[i])
			default:
				b.WriteString("%" + string(s[i]))
				dyn = true
			}
		default:
			b.WriteByte(ch)
		}
	}
	flush()
	return out
}
