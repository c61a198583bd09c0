package guard

import (
	"context"
	"path"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// commandOptions is rule 4 on programs that take the program they run
// from an option or from the environment, where package shell does not
// read it (issue 38): su -s PROGRAM (su runs it in place of a shell),
// make -E/--eval (Makefile text, whose $(shell …) runs), zip
// --unzip-command and rg --pre (a command run on each file, judged here
// as the command it is), and tar or git given options or settings in the
// environment (TAR_OPTIONS, GIT_CONFIG_COUNT/KEY/VALUE,
// GIT_CONFIG_PARAMETERS), which may name a command.
func commandOptions(s *shell.Script, at *place) (string, bool) {
	cannot := func(c *shell.Command, what string) (string, bool) {
		return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` " + what + ", which the guard cannot check; " +
			"run the command itself", true
	}
	// The environment settings are looked for in the script's text once
	// (the first tar or git denies when they are there), not once a
	// command: a script of many git commands would cost its length each.
	tarDone, gitDone := false, false
	for _, c := range s.Commands {
		args := c.Args
		switch c.Name {
		case "su", "runuser":
			for i := 1; i < len(args); i++ {
				v := args[i].Value
				sh := ""
				switch {
				case (v == "-s" || v == "--shell") && i+1 < len(args):
					sh = args[i+1].Value
					if args[i+1].Dynamic {
						sh = "$"
					}
				case strings.HasPrefix(v, "--shell="):
					sh = v[len("--shell="):]
				case strings.HasPrefix(v, "-s") && len(v) > 2 && !strings.HasPrefix(v, "--"):
					sh = v[2:]
				}
				if sh != "" && !isShell(sh) {
					return cannot(c, "runs "+sh+" in place of a shell")
				}
			}
		case "make", "gmake":
			for _, a := range args[1:] {
				if v := a.Value; v == "-E" || v == "--eval" || strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "-E") && len(v) > 2 {
					return cannot(c, "evaluates Makefile text given on its command line (its $(shell …) runs)")
				}
			}
		case "zip", "rg", "ripgrep":
			opt := "--unzip-command"
			if c.Name != "zip" {
				opt = "--pre"
			}
			for i := 1; i < len(args); i++ {
				v, cmd := args[i].Value, ""
				switch {
				case v == opt && i+1 < len(args):
					if args[i+1].Dynamic {
						return cannot(c, "runs a command known only at run time ("+opt+")")
					}
					cmd = args[i+1].Value
				case strings.HasPrefix(v, opt+"="):
					if args[i].Dynamic {
						return cannot(c, "runs a command known only at run time ("+opt+")")
					}
					cmd = v[len(opt)+1:]
				}
				if cmd == "" {
					continue
				}
				ctx := context.Background()
				if at.wt != nil {
					ctx = at.wt.ctx
				}
				script := cmd + " FILE" // run with the file it works on
				sub := *at
				sub.src = script
				if r, deny := judgeShell(ctx, script, &sub); deny {
					return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` runs `" + clip(cmd) + "` on each file, which the guard denies: " + r, true
				}
			}
		case "tar", "gtar", "bsdtar":
			if !tarDone && strings.Contains(at.src, "TAR_OPTIONS") {
				return cannot(c, "takes options from TAR_OPTIONS, set in the same command (--to-command, --use-compress-program and --info-script run commands)")
			}
			tarDone = true // looked for: not there
		case "git":
			if !gitDone && strings.Contains(at.src, "GIT_CONFIG_") && (strings.Contains(at.src, "GIT_CONFIG_COUNT") || strings.Contains(at.src, "GIT_CONFIG_PARAMETERS") || strings.Contains(at.src, "GIT_CONFIG_KEY_")) {
				return cannot(c, "takes settings from GIT_CONFIG_* in the environment, set in the same command (an alias or a hook setting runs a command)")
			}
			if !gitDone {
				if v, ok := gitConfigFileVar(at.src); ok {
					return cannot(c, "reads its settings from the file "+v+" names, set in the same command (an alias or a hook setting there runs a command)")
				}
			}
			gitDone = true // looked for: not there
		}
	}
	return "", false
}

// gitConfigFileVar returns the variable of the environment naming a file
// git reads its settings from (GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM,
// XDG_CONFIG_HOME for its git/config, HOME for its .gitconfig) that the
// script src sets, other than to /dev/null (which turns the file off).
func gitConfigFileVar(src string) (string, bool) {
	if !strings.Contains(src, "HOME") && !strings.Contains(src, "_CONFIG_") {
		return "", false // each name holds one or the other: two scans, not four
	}
	for _, name := range [...]string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "XDG_CONFIG_HOME", "HOME"} {
		for rest := src; ; {
			i := strings.Index(rest, name)
			if i < 0 {
				break
			}
			before, after := rest[:i], rest[i+len(name):]
			rest = after
			if strings.HasSuffix(before, "$") || strings.HasSuffix(before, "{") || strings.HasPrefix(after, "_") ||
				before != "" && identByte[before[len(before)-1]] {
				continue // read ($NAME, ${NAME}), or a longer name (GNUPGHOME, XDG_CONFIG_HOME for HOME)
			}
			if v, ok := strings.CutPrefix(after, "="); ok && devNullValue(v) {
				continue
			}
			return name, true
		}
	}
	return "", false
}

// devNullValue reports whether the assigned text v starts with the
// word /dev/null, plain or quoted, and nothing more.
func devNullValue(v string) bool {
	for _, w := range [...]string{"/dev/null", `"/dev/null"`, "'/dev/null'"} {
		if rest, ok := strings.CutPrefix(v, w); ok {
			return rest == "" || strings.ContainsRune(" \t\n;&|)", rune(rest[0]))
		}
	}
	return false
}

// isShell reports whether p names a login shell (or one that refuses a
// login): what su -s is for.
func isShell(p string) bool {
	switch path.Base(p) {
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "fish", "tcsh", "csh", "nologin", "false", "true":
		return true
	}
	return false
}
