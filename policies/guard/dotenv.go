package guard

import (
	"path"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// The dotenv idiom: export $(grep -v '^#' .env | xargs) loads a .env
// file into the shell. The names it sets are known only at run time, so
// rule 4 would deny it, and it reads a secrets file, so rule 7 would; but
// the names and values come from a file the model cannot write (rule 3)
// and go to export, which prints nothing. Such a load passes both rules
// when every command of the substitution only filters .env files: cat,
// grep, head, tail, sort, uniq, cut, a sed that runs and writes nothing,
// and xargs with no command (which echoes). Printing a variable it set
// afterwards is not seen, as after `source .env`.

// dynamicNames ends the text of the command package shell reports for a
// declaration whose names are known only at run time.
const dynamicNames = "(sets a variable whose name is known only at run time)"

// dotenvLoads is dotenvLoadsOf(s), found once a script (rules 4 and 7
// each ask).
func (at *place) dotenvLoads(s *shell.Script) map[*shell.Command]bool {
	if at.dotenvMemo == nil || at.dotenvMemo.s != s {
		at.dotenvMemo = &dotenvMemo{s: s, loads: dotenvLoadsOf(s)}
	}
	return at.dotenvMemo.loads
}

// dotenvMemo holds a script's dotenv loads (see place.dotenvLoads).
type dotenvMemo struct {
	s     *shell.Script
	loads map[*shell.Command]bool
}

// dotenvLoadsOf returns the commands of s that belong to a dotenv load:
// the declaration's unknown-names command and the filters of its
// substitution.
func dotenvLoadsOf(s *shell.Script) map[*shell.Command]bool {
	var loads map[*shell.Command]bool
	for i, c := range s.Commands {
		if !c.Dynamic || len(c.Args) != 1 || len(c.Via) == 0 || !strings.HasSuffix(c.Args[0].Value, dynamicNames) {
			continue
		}
		switch c.Via[len(c.Via)-1] {
		case "export", "declare", "typeset", "local", "readonly":
		default:
			continue
		}
		outer := c.Via[:len(c.Via)-1]
		first := i
		for first > 0 {
			p := s.Commands[first-1]
			if len(p.Via) != len(outer)+1 || !slices.Equal(p.Via[:len(outer)], outer) || p.Via[len(outer)] != "$(…)" {
				break
			}
			first--
		}
		if first == i || !envFilters(s.Commands[first:i]) {
			continue
		}
		if loads == nil {
			loads = map[*shell.Command]bool{}
		}
		for _, p := range s.Commands[first : i+1] {
			loads[p] = true
		}
	}
	return loads
}

// envFilters reports whether cmds only filter the text of .env files:
// at least one reads one, and none reads anything else, writes, deletes,
// or runs a command.
func envFilters(cmds []*shell.Command) bool {
	read := false
	for _, c := range cmds {
		switch c.Name {
		case "cat", "grep", "egrep", "head", "tail", "sort", "uniq", "cut", "sed":
		case "xargs":
			for _, a := range c.Args[1:] {
				if !strings.HasPrefix(a.Value, "-") || strings.ContainsAny(a.Value, "IiaE") || a.Dynamic {
					return false // a command, or a replacement string: it runs something
				}
			}
		default:
			return false
		}
		if !c.Known {
			return false
		}
		for _, a := range c.Args {
			if a.Dynamic {
				return false
			}
		}
		for _, e := range c.Effects {
			switch {
			case e.Kind == shell.Reads && !e.Path.Dynamic && IsEnvFile(path.Base(e.Path.Value)):
				read = true
			case e.Kind == shell.RunsCode && e.Lang() == "sed" && !e.Code().Dynamic:
				if _, runs := sedRuns(e.Code().Value); runs {
					return false
				}
			default:
				return false
			}
		}
	}
	return read
}

// envSetup reports whether c, a command known only at run time, is the
// setup code a tool of the environment prints for the shell to run:
// eval "$(ssh-agent -s)", eval "$(pyenv init -)", source <(kubectl
// completion bash). What such a tool prints is its installation's (a
// PATH, functions, completions), not the model's words; the tool itself
// is trusted as any program run by its name is. A tool that runs a
// project's own code to print it (direnv export runs .envrc) is not one.
func envSetup(c *shell.Command) bool {
	if len(c.Args) != 1 || len(c.Via) == 0 {
		return false
	}
	switch c.Via[len(c.Via)-1] {
	case "eval", "source", ".":
	default:
		return false
	}
	return envSetupText(c.Args[0].Value)
}

// envSetupText reports whether v, a command or process substitution
// ($(X), <(X), `X`), runs one of the tools envSetup trusts.
func envSetupText(v string) bool {
	var inner string
	switch {
	case strings.HasPrefix(v, "$(") && strings.HasSuffix(v, ")"):
		inner = v[2 : len(v)-1]
	case strings.HasPrefix(v, "<(") && strings.HasSuffix(v, ")"):
		inner = v[2 : len(v)-1]
	case len(v) > 1 && v[0] == '`' && v[len(v)-1] == '`':
		inner = v[1 : len(v)-1]
	default:
		return false
	}
	inner = strings.Join(strings.Fields(inner), " ")
	for _, dir := range [...]string{"/opt/homebrew/bin/", "/usr/local/bin/", "/home/linuxbrew/.linuxbrew/bin/", "/usr/bin/", "/bin/"} {
		inner = strings.TrimPrefix(inner, dir) // /opt/homebrew/bin/brew shellenv; not a folder the model may write
	}
	switch inner {
	case "ssh-agent", "ssh-agent -s", "pyenv init -", "pyenv init --path", "pyenv virtualenv-init -", "rbenv init -",
		"nodenv init -", "goenv init -", "jenv init -", "plenv init -", "brew shellenv", "conda shell.bash hook",
		"conda shell.zsh hook", "minikube docker-env", "direnv hook bash", "direnv hook zsh", "fnm env",
		"fnm env --use-on-cd", "starship init bash", "starship init zsh", "zoxide init bash", "zoxide init zsh",
		"mise activate bash", "mise activate zsh", "opam env", "kubectl completion bash", "kubectl completion zsh",
		"helm completion bash", "gh completion -s bash", "npm completion", "rustup completions bash",
		"docker completion bash", "dircolors", "dircolors -b", "keychain --eval", "luarocks path":
		return true
	}
	return false
}
