package guard

import (
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// Rule 7 lets a command load a credential file into an environment
// without printing it (source .env && npm start, docker run --env-file
// .env app); envDumps denies the same command when it then prints that
// environment: `set -a; . .env; env`, `docker run --env-file .env alpine
// printenv`, `. .env; echo "$API_KEY"`, a trace (`set -x`, `bash -x`)
// that shows the file's assignments as they run, or inline code that
// reads the environment (`python3 -c 'import os; print(os.environ)'`).

// maxEnvNames bounds a credential file read for its variables' names;
// maxEnvFileNames the names kept from all the files a command loads.
const (
	maxEnvNames     = 64 << 10
	maxEnvFileNames = 4096
)

// envDumps returns rule 7's reason when a command of s, after one that
// loads a credential file, prints the environment or a variable the
// file sets.
func envDumps(s *shell.Script, at *place, extra []string) (string, bool) {
	load, file := -1, ""
	var names map[string]bool
	read := map[string]bool{}    // each file once, at most 16
	filters := at.dotenvLoads(s) // export $(grep -v '^#' .env | xargs) loads it too
	for i, c := range s.Commands {
		f, ok := loadsSecret(c, extra)
		if !ok && filters[c] {
			f, ok = filterReads(c, extra)
		}
		if ok {
			if load < 0 {
				load, file = i, f
			}
			if !read[f] && len(read) < 16 {
				read[f] = true
				names = envFileNames(at.dir, f, names)
			}
		}
	}
	if load < 0 {
		return "", false
	}
	for i, c := range s.Commands {
		if traces(c) || i >= load && dumpsEnv(c, names) {
			return reasonEnvDump(c.String(), file), true
		}
	}
	return "", false
}

// reasonEnvDump is rule 7's reason for cmd printing the environment file
// was loaded into.
func reasonEnvDump(cmd, file string) string {
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` prints the environment that " + file +
		", a credential file, was loaded into, so its secrets would reach the model; load it without printing " +
		"it (source .env && npm start), or ask the user"
}

// loadsSecret returns the credential file c loads into an environment:
// source or . of one, or one given to --env-file (docker, podman, node).
func loadsSecret(c *shell.Command, extra []string) (string, bool) {
	source := c.Name == "source" || c.Name == "."
	for i := 1; i < len(c.Args); i++ {
		a := c.Args[i].Value
		if !source && !envFileOpt(a) {
			continue // the cases below, in one test of the first bytes
		}
		if !source && a == "--env-file" && i+1 < len(c.Args) {
			// Its value, the next word.
			if f := c.Args[i+1].Value; IsSecretFile(f, extra) {
				return f, true
			}
			continue
		}
		f, ok := strings.CutPrefix(a, "--env-file=")
		switch {
		case ok:
		case source, c.Args[i-1].Value == "--env-file":
			f = a
		default:
			continue
		}
		if IsSecretFile(f, extra) {
			return f, true
		}
	}
	return "", false
}

// envFileOpt reports whether a starts with --env-file: the option, or
// the option and its value in one word.
func envFileOpt(a string) bool {
	return len(a) >= len("--env-file") && a[2] == 'e' && a[:len("--env-file")] == "--env-file"
}

// filterReads returns the credential file c, a filter of one that feeds
// an export (see dotenvLoads), reads.
func filterReads(c *shell.Command, extra []string) (string, bool) {
	for _, e := range c.Effects {
		if e.Kind == shell.Reads && !e.Path.Dynamic && IsSecretFile(e.Path.Value, extra) {
			return e.Path.Value, true
		}
	}
	return "", false
}

// envFileNames adds to names those of the variables the file sets (read
// from dir): none when it cannot be read, or past maxEnvFileNames names
// (each load of a command reads its file).
func envFileNames(dir, file string, names map[string]bool) map[string]bool {
	if dir == "" && !isAbs(file) || len(names) > maxEnvFileNames {
		return names
	}
	text, err := readfile.Regular(filepath.FromSlash(joinPath(dir, file)), maxEnvNames)
	if err != nil {
		return names
	}
	if names == nil {
		names = map[string]bool{}
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimPrefix(strings.TrimSpace(line), "export ")
		name, _, ok := strings.Cut(line, "=")
		if ok && name != "" && !strings.ContainsAny(name, " \t#$\"'") {
			names[name] = true
		}
	}
	return names
}

// dumpsEnv reports whether c prints the environment, a variable of
// names, or one named like a secret.
func dumpsEnv(c *shell.Command, names map[string]bool) bool {
	operands := func(skip string) int {
		n := 0
		for i := 1; i < len(c.Args); i++ {
			a := c.Args[i].Value
			switch {
			case strings.HasPrefix(a, "-") && strings.ContainsAny(a, skip) && !strings.HasPrefix(a, "--") || a == "--unset" || a == "--chdir":
				i++ // the option's argument
			case strings.HasPrefix(a, "-"), strings.Contains(a, "=") && c.Name == "env":
			default:
				n++
			}
		}
		return n
	}
	switch c.Name {
	case "printenv":
		return true
	case "env":
		return operands("uCS") == 0
	case "set", "export", "declare", "typeset", "readonly":
		if len(c.Args) == 1 {
			return true // set, export, declare alone list the variables
		}
		for _, a := range c.Args[1:] {
			if c.Name != "set" && strings.HasPrefix(a.Value, "-") && strings.ContainsAny(a.Value, "px") && operands("") == 0 ||
				strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "p") {
				return true // export -p, declare -x, declare -p KEY
			}
		}
	case "ps":
		for _, a := range c.Args[1:] {
			if !strings.HasPrefix(a.Value, "--") && strings.Contains(a.Value, "e") && !strings.HasPrefix(a.Value, "-") ||
				a.Value == "-E" || a.Value == "e" {
				return true // ps e, ps eww: each process's environment
			}
		}
	case "echo", "printf":
		for _, a := range c.Args[1:] {
			if a.Dynamic && mentionsSecretVar(a.Value, names) {
				return true
			}
		}
	}
	for _, e := range c.Effects {
		if e.Kind == shell.RunsCode && readsEnvInCode(e.Code().Value) ||
			strings.HasPrefix(e.Path.Value, "/proc/") && strings.HasSuffix(e.Path.Value, "/environ") {
			return true
		}
	}
	return false
}

// traces reports whether c turns on the shell's trace or verbose mode,
// which prints a sourced file's assignments as they run.
func traces(c *shell.Command) bool {
	switch c.Name {
	case "set", "bash", "sh", "dash", "zsh", "ksh":
	default:
		return false
	}
	for i := 1; i < len(c.Args); i++ {
		a := c.Args[i].Value
		if a == "-o" && i+1 < len(c.Args) && (c.Args[i+1].Value == "xtrace" || c.Args[i+1].Value == "verbose") {
			return true
		}
		if len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "xv") {
			return true
		}
		if a == "-c" || a == "--" || !strings.HasPrefix(a, "-") && c.Name != "set" {
			return false // a script or its arguments
		}
	}
	return false
}

// mentionsSecretVar reports whether the word w expands a variable of
// names, or one named like a secret (API_KEY, GITHUB_TOKEN, DB_PASSWORD).
func mentionsSecretVar(w string, names map[string]bool) bool {
	for i := strings.IndexByte(w, '$'); i >= 0; i = strings.IndexByte(w, '$') {
		w = strings.TrimPrefix(w[i+1:], "{")
		n := 0
		for n < len(w) && codetext.IsIdentByte(w[n]) && w[n] != '$' {
			n++
		}
		name := w[:n]
		if name == "" {
			continue
		}
		if names[name] {
			return true
		}
		up := strings.ToUpper(name)
		for _, k := range [...]string{"KEY", "TOKEN", "SECRET", "PASSW", "CREDENTIAL", "AUTH"} {
			if strings.Contains(up, k) {
				return true
			}
		}
	}
	return false
}

// readsEnvInCode reports whether inline code reads the environment
// (Python's os.environ and getenv, node's process.env, Ruby's ENV,
// Perl's %ENV, awk's ENVIRON, jq's env).
func readsEnvInCode(code string) bool {
	for _, k := range [...]string{"environ", "ENVIRON", "getenv", "process.env", "%ENV", "Deno.env", "$_ENV", "$_SERVER", "$ENV",
		"os.Environ", "System.getenv"} {
		if strings.Contains(code, k) {
			return true
		}
	}
	// Ruby's ENV and jq's env, as words.
	for _, w := range [...]string{"ENV", "env"} {
		for rest := code; ; {
			i := strings.Index(rest, w)
			if i < 0 {
				break
			}
			if (i == 0 || !codetext.IsIdentByte(rest[i-1]) && rest[i-1] != '-') && (i+len(w) == len(rest) || !codetext.IsIdentByte(rest[i+len(w)])) {
				return true
			}
			rest = rest[i+len(w):]
		}
	}
	return false
}
