package guard

import (
	"path"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// moreEnvWrites is rule 3 on writes that name no .env file in the
// command's words (issue 38): what find hands to -exec as {} (find .
// -name .env -exec cp x {} \;), an awk output file named by -v (awk -v
// f=.env '{print > f}'), a file git writes (git bundle create .env,
// archive -o, diff --output), and options or code read from standard
// input or a pipe (curl -K /dev/stdin, sed -f /dev/stdin, ssh -F
// /dev/stdin, python3 /dev/stdin), which the guard cannot read.
func moreEnvWrites(s *shell.Script, at *place) (string, bool) {
	for _, c := range s.Commands {
		// findExecEnv asks for a command find runs, awkAssignEnv for awk
		// (gawk, mawk, nawk): most commands are neither, told here.
		if len(c.Via) == 0 {
		} else if r, deny := findExecEnv(s, c, at); deny {
			return r, true
		}
		if n := c.Name; len(n) < 3 || n[len(n)-1] != 'k' {
		} else if r, deny := awkAssignEnv(c); deny {
			return r, true
		}
		if r, deny := gitWritesEnv(c); deny {
			return r, true
		}
		if !c.HasEffect(shell.RunsCode) && !hiddenInputProgram(c.Name) {
			// hiddenInput's tests, inline: most commands are neither
		} else if r, deny := hiddenInput(c); deny {
			return r, true
		}
	}
	return "", false
}

// findExecEnv denies a write or delete of {} by a command find runs,
// when what find selects may be a .env file: its expression has no
// -name test, or one that matches .env or .env.local, or joins tests
// with -o, ! or parentheses.
func findExecEnv(s *shell.Script, c *shell.Command, at *place) (string, bool) {
	f := at.findRuns(s, c)
	if f == nil {
		return "", false
	}
	writes := false
	for _, e := range c.Effects {
		if (e.Kind == shell.Writes || e.Kind == shell.Deletes || e.Kind == shell.Unknown) && strings.Contains(e.Path.Value, "{}") {
			writes = true
		}
	}
	if !writes {
		return "", false
	}
	named := false
	for i, a := range f.Args[1:] {
		v := a.Value
		switch v {
		case "-o", "-or":
			// Each alternative must select by a name no .env file has:
			// find . -name '*.rej' -o -name '*.orig'.
			if !named {
				return reasonFindEnv(c, f), true
			}
			named = false
		case "!", "-not", "(", ")", ",":
			return reasonFindEnv(c, f), true
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex":
			if i+2 >= len(f.Args) {
				return reasonFindEnv(c, f), true
			}
			p := f.Args[i+2]
			if p.Dynamic || strings.HasPrefix(v, "-i") || strings.Contains(v, "regex") {
				return reasonFindEnv(c, f), true
			}
			pat := p.Value
			if v != "-name" {
				pat = path.Base(pat)
			}
			if mayMatchEnv(pat) {
				return reasonFindEnv(c, f), true
			}
			named = true
		}
	}
	if !named {
		return reasonFindEnv(c, f), true
	}
	return "", false
}

// mayMatchEnv reports whether the pattern of a find -name test matches
// .env, .env.local or .env.production, or is not a pattern (path.Match's
// error). A plain pattern, a prefix then *, or * then a suffix (-name
// '*.tmp'), is matched by its shape (namePat), without path.Match's
// trials of every split of the name and check of the whole pattern.
func mayMatchEnv(pat string) bool {
	np := compileNamePat(pat)
	for _, name := range [...]string{".env", ".env.local", ".env.production"} {
		if np.kind != 'm' {
			if np.matches(name) {
				return true
			}
		} else if ok, err := path.Match(pat, name); ok || err != nil {
			return true
		}
	}
	return false
}

func reasonFindEnv(c, f *shell.Command) string {
	return "guard: rule 3 (no write of a secrets file): `" + clip(c.String()) + "` writes each file `" + clip(f.String()) +
		"` finds, and those may be .env files; add -name with a pattern that matches no .env file, or name the files"
}

// hiddenInputProgram reports whether hiddenInput reads the options of a
// program named name (the programs of its switch).
func hiddenInputProgram(name string) bool {
	switch name {
	case "curl", "sed", "ssh", "scp", "sftp", "wget", "awk", "gawk", "mawk", "nawk":
		return true
	}
	return false
}

// awkAssignEnv denies awk given a .env file as the value of a variable
// (-v f=.env, an f=.env operand): its program may write to it.
func awkAssignEnv(c *shell.Command) (string, bool) {
	if c.Name != "awk" && c.Name != "gawk" && c.Name != "mawk" && c.Name != "nawk" {
		return "", false
	}
	for i, a := range c.Args[1:] {
		v := a.Value
		switch {
		case v == "-v" && i+2 < len(c.Args):
			v = c.Args[i+2].Value
		case strings.HasPrefix(v, "-v") && len(v) > 2:
			v = v[2:]
		case strings.HasPrefix(v, "--assign="):
			v = v[len("--assign="):]
		}
		if _, val, ok := strings.Cut(v, "="); ok && (IsEnvFile(val) || a.Dynamic && strings.Contains(strings.ToLower(val), ".env")) {
			return "guard: rule 3 (no write of a secrets file): `" + clip(c.String()) + "` gives awk " + val +
				", a .env file, as a variable its program may write to; leave secrets files to the user", true
		}
	}
	return "", false
}

// gitWritesEnv denies a git command that writes a .env file named as
// its output: bundle create FILE, archive -o/--output, diff, log, show
// and format-patch --output.
func gitWritesEnv(c *shell.Command) (string, bool) {
	if c.Name != "git" {
		return "", false // asked inline of every command
	}
	return gitWritesEnvOf(c)
}

// gitWritesEnvOf is gitWritesEnv of a git command.
func gitWritesEnvOf(c *shell.Command) (string, bool) {
	sub, ok := c.Subcommand(shell.Git)
	if !ok {
		return "", false
	}
	var out []shell.Word
	args := sub[1:]
	switch sub[0].Value {
	case "bundle":
		if len(args) > 1 && args[0].Value == "create" {
			for _, a := range args[1:] {
				if !a.MaybeOption() {
					out = append(out, a)
					break
				}
			}
		}
	}
	for i, a := range args {
		v := a.Value
		switch {
		case strings.HasPrefix(v, "--output="), strings.HasPrefix(v, "--output-directory="):
			_, val, _ := strings.Cut(v, "=")
			out = append(out, shell.Word{Value: val, Dynamic: a.Dynamic})
		case (v == "-o" || v == "--output") && i+1 < len(args):
			out = append(out, args[i+1])
		}
	}
	for _, o := range out {
		if name, ok := o.Name(); !ok && o.Dynamic || ok && IsEnvFile(name) {
			return reasonEnv(o.Value, "`"+clip(c.String())+"`"), true
		}
	}
	return "", false
}

// hiddenInput denies a program that reads its options or its code from
// standard input, a descriptor or a process substitution (curl -K -,
// sed -f /dev/stdin, ssh -F /dev/stdin, python3 /dev/stdin): what it
// will do, a .env write included, is not in the command.
//
// Only a command with code to run or one hiddenInputProgram names may.
func hiddenInput(c *shell.Command) (string, bool) {
	var opts []string
	switch c.Name {
	case "curl":
		opts = []string{"-K", "--config"}
	case "sed":
		opts = []string{"-f", "--file"}
	case "ssh", "scp", "sftp":
		opts = []string{"-F"}
	case "wget":
		opts = []string{"-i", "--input-file", "--config"}
	case "awk", "gawk", "mawk", "nawk":
		opts = []string{"-f", "--file"}
	}
	for i := 0; len(opts) > 0 && i+1 < len(c.Args); i++ {
		a := &c.Args[i+1]
		for _, o := range opts {
			val, ok := "", false
			switch {
			case a.Value == o && i+2 < len(c.Args):
				val, ok = c.Args[i+2].Value, c.Args[i+2].Dynamic || stdinish(c.Args[i+2].Value)
			case strings.HasPrefix(a.Value, o+"=") || len(o) == 2 && strings.HasPrefix(a.Value, o) && len(a.Value) > 2:
				val = strings.TrimPrefix(strings.TrimPrefix(a.Value, o), "=")
				ok = a.Dynamic || stdinish(val)
			case len(o) == 2 && strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.HasSuffix(a.Value, o[1:]) &&
				len(a.Value) > 2 && i+2 < len(c.Args):
				// A cluster ending in the option: sed -nf FILE.
				val, ok = c.Args[i+2].Value, c.Args[i+2].Dynamic || stdinish(c.Args[i+2].Value)
			}
			if ok {
				return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` reads its " + strings.TrimLeft(o, "-") +
					" from " + val + ", which the guard cannot read; put the options or the script in the command", true
			}
		}
	}
	for i := 0; c.HasEffect(shell.RunsCode) && i < len(c.Effects); i++ {
		if e := &c.Effects[i]; e.Kind == shell.RunsCode && e.Code().Value == "" && stdinish(e.Path.Value) && !envSetupText(e.Path.Value) {
			return "guard: rule 4 (nothing it cannot see): `" + clip(c.String()) + "` runs code it reads from " + e.Path.Value +
				", which the guard cannot read; put the code in the command", true
		}
	}
	return "", false
}

// stdinish reports whether p names standard input or another
// descriptor rather than a file.
func stdinish(p string) bool {
	return p == "-" || p == "/dev/stdin" || strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/self/fd/") ||
		strings.HasPrefix(p, "<(") || strings.HasPrefix(p, "/dev/tty")
}
