package footing

import (
	"regexp"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// signals judges a command that sends signals to processes it chooses by
// name, pattern or owner (pkill, killall, skill, snice, and kill of the
// process IDs pidof or pgrep print): one that may choose the hook's own
// process lets a job the model leaves running stop each hook as the host
// starts it (SIGSTOP, which the host waits out to its timeout) or kill
// it, and the host then goes on as if no hook had answered. A pattern
// is matched as the tool matches it, against the hook's process name
// (its binary's name, at most 15 bytes) or, with -f, its command line.
func (p *place) signals(sc *shell.Script, c *shell.Command) (string, bool) {
	switch c.Name {
	case "pkill", "pgrep", "killall", "skill", "snice", "pidof":
	case "kill":
		// kill of IDs found at run time, in a command that names the
		// hook (ps aux | grep guard | awk '{print $2}' | xargs kill).
		if p.Name != "" && strings.Contains(strings.ToLower(p.src), p.Name) &&
			(c.Dynamic || slices.ContainsFunc(c.Args[1:], func(a shell.Word) bool { return a.Dynamic })) {
			return "footing: this would stop the hook that guards this session: `" + c.String() + "` signals processes found when it runs, " +
				"in a command that names the hook, and a hook stopped or killed as it runs is no answer to the host; ask the user to stop the hook", true
		}
		return "", false
	default:
		return "", false
	}
	if c.Name == "pgrep" || c.Name == "pidof" {
		// Listing is harmless; a kill of what it lists is not.
		if !sendsSignals(sc) {
			return "", false
		}
	}
	if why := p.choosesHook(c); why != "" {
		return "footing: this would stop the hook that guards this session: `" + c.String() + "` " + why +
			", and a hook stopped or killed as it runs is no answer to the host; ask the user to stop the hook", true
	}
	return "", false
}

// sendsSignals reports whether the script runs a command that sends
// signals to processes: kill (or xargs kill), pkill, killall, skill.
func sendsSignals(sc *shell.Script) bool {
	for _, c := range sc.Commands {
		switch c.Name {
		case "kill", "pkill", "killall", "skill", "snice":
			return true
		}
	}
	return false
}

// choosesHook returns why c's choice of processes may take the hook's,
// or "".
func (p *place) choosesHook(c *shell.Command) string {
	full, exact, fold, inverse, byRegex := false, false, false, false, c.Name != "killall" && c.Name != "pidof"
	var pats []string
	owner := ""
	valued, owners := "gGPstuUFdrq", "gGPstuUF"
	if c.Name == "killall" {
		valued, owners = "suoynZ", "uoyn"
		byRegex = false
	}
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Dynamic {
			return "chooses processes by a word known only when it runs"
		}
		switch {
		case v == "--":
			pats = append(pats, words(args[i+1:])...)
			i = len(args)
		case strings.HasPrefix(v, "--"):
			name, _, hasVal := strings.Cut(v[2:], "=")
			switch name {
			case "full":
				full = true
			case "exact":
				exact = true
			case "ignore-case":
				fold = true
			case "inverse":
				inverse = true
			case "regexp":
				byRegex = true
			case "user", "euid", "uid", "group", "pgroup", "parent", "session", "terminal", "pidfile", "ns", "cgroup",
				"process-group", "older-than", "younger-than":
				owner = v
				if !hasVal {
					i++
				}
			case "signal", "nslist", "runstates", "context", "queue":
				if !hasVal {
					i++
				}
			}
		case len(v) > 1 && v[0] == '-' && (v[1] >= '0' && v[1] <= '9' || v[1] >= 'A' && v[1] <= 'Z' && c.Name != "pidof"):
			// -9, -STOP: the signal (killall's -I and -Z are options)
			if c.Name == "killall" && (v == "-I" || v == "-Z") {
				fold = fold || v == "-I"
				if v == "-Z" {
					i++
				}
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				f := v[j]
				if strings.IndexByte(valued, f) >= 0 {
					if strings.IndexByte(owners, f) >= 0 {
						owner = "-" + string(f)
					}
					if j == len(v)-1 {
						i++
					}
					break
				}
				switch f {
				case 'f':
					full = true
				case 'x':
					exact = true
				case 'i':
					fold = fold || c.Name != "killall"
				case 'v':
					inverse = inverse || c.Name != "killall"
				case 'r':
					byRegex = true
				case 'e':
					exact = exact || c.Name == "killall"
				case 'I':
					fold = true
				}
			}
		default:
			pats = append(pats, v)
		}
	}
	if owner != "" {
		return "chooses processes by " + owner + ", which may be the hook's"
	}
	if inverse {
		return "chooses every process its pattern does not match"
	}
	for _, pat := range pats {
		if p.matchesHook(pat, full, exact, fold, byRegex) {
			return "chooses processes by " + pat + ", which matches the hook's"
		}
	}
	return ""
}

// matchesHook reports whether pattern pat chooses the hook's process:
// as an extended regular expression (pkill, killall -r) or a name
// (killall, pidof), against its name or (full) its command line.
func (p *place) matchesHook(pat string, full, exact, fold, byRegex bool) bool {
	name := p.Name
	if len(name) > 15 {
		name = name[:15]
	}
	subjects := []string{name}
	if full || !byRegex {
		for _, x := range [...]string{p.env.Executable, p.env.Arg0} {
			if x != "" {
				subjects = append(subjects, x, x+" --host claude")
			}
		}
	}
	if !byRegex {
		for _, s := range subjects {
			if pat == s || strings.EqualFold(pat, s) && fold || len(pat) >= 15 && len(name) == 15 && strings.HasPrefix(pat, name) && !exact {
				return true
			}
		}
		return false
	}
	if exact {
		pat = "^(?:" + pat + ")$"
	}
	if fold {
		pat = "(?i)" + pat
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return true // a pattern Go cannot read may match
	}
	for _, s := range subjects {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}
