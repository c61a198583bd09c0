package footing

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// program judges c by what its program takes from outside the command:
// a container's mounts (container), go's GOFLAGS (goEnv).
func (p *place) program(c *shell.Command) (string, bool) {
	switch c.Name {
	case "docker", "podman", "nerdctl":
		return p.container(c)
	case "go":
		return p.goEnv(c)
	case "npm", "pnpm", "yarn":
		return p.npmShell(c)
	}
	return "", false
}

// npmShell judges an npm (pnpm, yarn) command that runs package scripts
// by the shell it runs them with: script-shell given in the environment or in
// an .npmrc (the project's, from the command's folder or the package's up, the user's:
// npm config set, or a write in an earlier call). A program other than a
// shell there runs every script; no policy reads it. (Given in the
// command, package shell walks it as the command it is.)
func (p *place) npmShell(c *shell.Command) (string, bool) {
	runs := false
	starts := []string{p.dir}
	for _, ef := range c.Effects {
		if ef.Kind == shell.RunsCode && ef.Lang() == "npm-script" {
			runs = true
			if !ef.Path.Dynamic {
				starts = append(starts, filepath.Dir(p.abs(ef.Path.Value)))
			}
		}
	}
	es := p.Entries()
	if !runs || len(es) == 0 {
		return "", false
	}
	deny := func(v, from string) (string, bool) {
		return p.reason(es[0], es[0].Path, "`"+c.Name+"` (script-shell in "+from+" is "+v+": a program no policy reads runs each package script)"), true
	}
	for _, k := range []string{"npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL"} {
		if v := p.getenv(k); v != "" && !plainShell(v) {
			return deny(v, "the environment")
		}
	}
	files := []string{p.getenv("NPM_CONFIG_USERCONFIG"), p.getenv("npm_config_userconfig")}
	if p.Home != "" {
		files = append(files, filepath.Join(p.Home, ".npmrc"))
	}
	for _, start := range starts[:min(len(starts), 8)] {
		for d := start; d != "" && filepath.IsAbs(d); d = filepath.Dir(d) {
			files = append(files, filepath.Join(d, ".npmrc"))
			if filepath.Dir(d) == d || len(files) > 256 {
				break
			}
		}
	}
	for _, f := range files {
		if f == "" {
			continue
		}
		if v, ok := p.npmrcShell(f); ok {
			return deny(v, f)
		}
	}
	return "", false
}

// npmrcShell returns the first script-shell the npm configuration file
// f sets that is not a plain shell, if any; each file is read once a
// call (6,000 `npm run` read each folder's .npmrc up to / each, issue
// 38).
func (s *Set) npmrcShell(f string) (string, bool) {
	if a, ok := s.npmrc[f]; ok {
		return a.v, a.ok
	}
	if s.npmrc == nil {
		s.npmrc = map[string]npmrcAnswer{}
	}
	var a npmrcAnswer
	text, err := readfile.Regular(f, 1<<20)
	if err != nil && !readfile.Missing(err) {
		// A FIFO, a device or a file past the bound: what npm would
		// read there is not known.
		a = npmrcAnswer{"not known (" + err.Error() + ")", true}
	}
	if err == nil {
		for line := range strings.Lines(text) {
			k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
			// npm's ini reader takes a quoted key ("script-shell"=x ran x
			// under npm 11), and key[] for a list (npm config get shows
			// it; counted too).
			k = strings.TrimSuffix(strings.Trim(strings.TrimSpace(k), `"'`), "[]")
			if ok && k == "script-shell" {
				if v = strings.Trim(strings.TrimSpace(v), `"'`); !plainShell(v) {
					a = npmrcAnswer{v, true}
					break
				}
			}
		}
	}
	s.npmrc[f] = a
	return a.v, a.ok
}

// npmrcAnswer is npmrcShell's answer for one file.
type npmrcAnswer struct {
	v  string
	ok bool
}

// plainShell reports whether v names a shell that runs the script it is
// given (sh, bash, /bin/sh, …) rather than a program of its own.
func plainShell(v string) bool {
	switch v {
	case "sh", "bash", "zsh", "dash", "/bin/sh", "/bin/bash", "/usr/bin/bash", "/bin/zsh", "/usr/bin/zsh", "/bin/dash",
		"cmd", "cmd.exe", "powershell", "pwsh", "powershell.exe", "pwsh.exe":
		return true
	}
	return false
}

// goEnv judges go command c by the GOFLAGS it takes from outside the
// command: the environment, the user's go env file (go env -w, or a file
// the model wrote there in an earlier call: $GOENV, else
// $XDG_CONFIG_HOME/go/env or ~/.config/go/env) and the toolchain's
// go.env. A -o there names a file every build writes (judged by its
// path); an -exec or -toolexec runs a program on every build, which the
// footing cannot see. Package shell follows the GOFLAGS the command
// itself sets.
func (p *place) goEnv(c *shell.Command) (string, bool) {
	if len(c.Args) < 2 {
		return "", false
	}
	for _, src := range p.goFlagSources() {
		for _, f := range strings.Fields(src.flags) {
			name, val, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
			switch name {
			case "o":
				if e, ok := p.Touches(val, false); ok {
					return p.reason(e, e.Path, "`go` (GOFLAGS in "+src.from+" sets -o="+val+")"), true
				}
			case "exec", "toolexec", "overlay":
				if es := p.Entries(); len(es) > 0 {
					return p.reason(es[0], es[0].Path, "`go` (GOFLAGS in "+src.from+" sets -"+name+": a program or file no policy reads runs or builds)"), true
				}
			}
		}
	}
	return "", false
}

// goFlagSource is a GOFLAGS value and where it comes from.
type goFlagSource struct{ flags, from string }

// goFlagSources returns the GOFLAGS values a go command would read from
// the environment and go's env files (see goEnv), read once a Set.
func (p *place) goFlagSources() []goFlagSource {
	s := p.Set
	if s.goFlags != nil {
		return *s.goFlags
	}
	var out []goFlagSource
	if v := s.getenv("GOFLAGS"); v != "" {
		out = append(out, goFlagSource{v, "the environment"})
	}
	env := s.getenv("GOENV")
	if env == "" {
		cfg := s.getenv("XDG_CONFIG_HOME")
		if cfg == "" && s.Home != "" {
			cfg = filepath.Join(s.Home, ".config")
		}
		if cfg != "" {
			env = filepath.Join(cfg, "go", "env")
		}
	}
	files := []string{env}
	for _, d := range filepath.SplitList(s.getenv("PATH")) {
		// The toolchain's go.env, beside the bin folder of the go on PATH.
		if fi, err := os.Stat(filepath.Join(d, "go")); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			if real, err := filepath.EvalSymlinks(filepath.Join(d, "go")); err == nil {
				files = append(files, filepath.Join(filepath.Dir(filepath.Dir(real)), "go.env"))
			}
			break
		}
	}
	for _, f := range files {
		if f == "" || f == "off" {
			continue
		}
		text, err := readfile.Regular(f, 1<<20)
		if err != nil {
			continue
		}
		for line := range strings.Lines(text) {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "GOFLAGS="); ok {
				out = append(out, goFlagSource{strings.Trim(v, `"'`), f})
			}
		}
	}
	s.goFlags = &out
	return out
}
