package footing

import "github.com/agenthooks/hooks/shell"

// mayChange reports whether the script does anything that could change
// the footing (a write, a delete, a mode change, inline code, a link, a
// git command, the binary itself), so that a command that does none
// costs no footing.
func (p *place) mayChange(sc *shell.Script) bool {
	if len(sc.Writes) > 0 {
		return true
	}
	for _, c := range sc.Commands {
		if c.Dynamic {
			return true // what it runs is judged by namesInCode
		}
		switch c.Name {
		case "ln", "link", "git", "docker", "podman", "nerdctl", p.Name, "kill", "pkill", "killall", "skill", "snice":
			return true
		case "go":
			if len(c.Args) > 1 && c.Args[1].Value == "run" {
				return true
			}
		}
		for _, ef := range c.Effects {
			if ef.Meta || ef.Kind == shell.RunsCode {
				return true
			}
		}
	}
	return false
}
