package shell

import (
	"encoding/json"
	"slices"
	"strings"
)

// More task runners read from disk (issue 38), as package.json scripts
// are (npmfile.go): deno task NAME runs a task of deno.json (or, when
// it has none of that name, a package.json script), and composer runs
// the scripts of composer.json. With [Parser.Files] set, the file is
// read and the commands walked as a script file's.

// maxTaskCalls bounds the tasks or scripts one command runs, the ones
// they call counted.
const maxTaskCalls = 256

// denoTask walks deno task NAME (the words after task, options first)
// from the deno.json or deno.jsonc of the directory it runs in: the
// task's command and those of the tasks it depends on. A --config, a
// --cwd or a --recursive run is not read.
func (w *walker) denoTask(c *Command, sc *scope, f Flags, rest []Word) {
	for _, n := range []string{"deno.json", "deno.jsonc"} {
		w.runsCode(c, sc, "deno-task", Word{}, Static(n))
	}
	i := slices.IndexFunc(rest, func(a Word) bool { return a.Dynamic || !strings.HasPrefix(a.Value, "-") })
	if i < 0 || rest[i].Dynamic || f.Has("config", "cwd") || w.err != nil || sc.dir.Dynamic {
		return // deno task alone lists the tasks
	}
	for _, a := range rest[:i] {
		if a.Value != "-q" && a.Value != "--quiet" {
			return // --cwd, --config, -r, --filter: not read
		}
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return
	}
	for _, n := range []string{"deno.json", "deno.jsonc"} {
		p := joinDir(sc.dir, Static(n))
		type config struct {
			Tasks map[string]json.RawMessage
			bad   bool // the file does not parse
		}
		cfg, ok := fileMemo(w, "deno.json", p.Value, func(text string) (config, bool) {
			var cfg config
			cfg.bad = json.Unmarshal([]byte(stripJSONComments(text)), &cfg) != nil
			return cfg, true
		})
		if !ok {
			continue // there is none
		}
		if cfg.bad {
			return // deno stops: the file does not parse
		}
		tasks := cfg.Tasks
		if _, ok := tasks[rest[i].Value]; !ok {
			break // a package.json script of that name, below
		}
		seen := map[string]bool{}
		var visit func(name string)
		visit = func(name string) {
			if seen[name] || len(seen) >= maxTaskCalls {
				return
			}
			seen[name] = true
			var task struct {
				Command      string   `json:"command"`
				Dependencies []string `json:"dependencies"`
			}
			raw := tasks[name]
			if json.Unmarshal(raw, &task.Command) != nil && json.Unmarshal(raw, &task) != nil {
				return
			}
			for _, d := range task.Dependencies {
				visit(d)
			}
			if task.Command != "" {
				w.walkFile(task.Command, p, &scope{dir: sc.dir}, plus(c.Via, c.Name))
			}
		}
		visit(rest[i].Value)
		return
	}
	w.runsCode(c, sc, "npm-script", Word{}, Static("package.json"))
	w.packageScripts(c, sc, "run", rest[i:])
}

// stripJSONComments returns JSON with comments (deno.jsonc) without its
// // and /* */ comments and trailing commas' comments, strings kept.
func stripJSONComments(s string) string {
	if !strings.Contains(s, "/") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(s))
			b.WriteString(s[i:j])
			i = j - 1
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += end + 3
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// composerEvents returns the scripts composer's own command sub runs
// (its other names made one): nil for a command that runs none, ok
// false for one that is no command of composer's (a script's name).
func composerEvents(sub string) (events []string, ok bool) {
	switch sub {
	case "install", "i":
		return []string{"pre-install-cmd", "post-install-cmd", "pre-autoload-dump", "post-autoload-dump"}, true
	case "update", "u", "upgrade", "require", "r", "remove", "rm":
		return []string{"pre-update-cmd", "post-update-cmd", "pre-autoload-dump", "post-autoload-dump"}, true
	case "dump-autoload", "dumpautoload":
		return []string{"pre-autoload-dump", "post-autoload-dump"}, true
	case "about", "archive", "audit", "browse", "home", "bump", "check-platform-reqs", "clear-cache", "clearcache",
		"cc", "config", "create-project", "depends", "why", "diagnose", "exec", "fund", "global", "help", "init",
		"licenses", "list", "outdated", "prohibits", "why-not", "reinstall", "search", "self-update", "selfupdate",
		"show", "info", "suggests", "status", "validate":
		return nil, true
	}
	return nil, false
}

// composerEffects: composer run-script NAME (run NAME) and composer NAME
// for a script of composer.json run that script; install, update,
// require, remove and dump-autoload run the scripts of their events
// (not with --no-scripts). The scripts are read from the composer.json
// of the directory it runs in (or of -d DIR). Other commands are not
// known.
func composerEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "d:hqVnv", Permute: true, Long: []string{"working-dir=", "no-scripts", "no-plugins",
		"no-cache", "no-interaction", "quiet", "verbose", "ansi", "no-ansi", "profile", "help", "version", "dev",
		"no-dev", "dry-run", "timeout=", "list", "prefer-dist", "prefer-source", "optimize-autoloader", "o",
		"classmap-authoritative", "apcu-autoloader", "ignore-platform-reqs", "ignore-platform-req=", "no-progress",
		"with-all-dependencies", "with-dependencies", "W", "w", "no-update", "no-install", "no-audit", "lock"}})
	if len(f.Operands) == 0 || f.Operands[0].Dynamic {
		c.Known = false
		return
	}
	at := sc
	if d, ok := f.Value("d"); ok {
		at = &scope{dir: joinDir(sc.dir, d)}
	} else if d, ok := f.Value("working-dir"); ok {
		at = &scope{dir: joinDir(sc.dir, d)}
	}
	sub := f.Operands[0].Value
	var names []string
	if sub == "run-script" || sub == "run" {
		if len(f.Operands) < 2 || f.Operands[1].Dynamic || f.Has("list") {
			return
		}
		names = []string{f.Operands[1].Value}
	} else if events, ok := composerEvents(sub); !ok {
		names = []string{sub} // a script of composer.json, run as a command
	} else if events == nil || f.Has("no-scripts", "dry-run") {
		c.Known = false
		return
	} else {
		names = events
	}
	p := joinDir(at.dir, Static("composer.json"))
	w.runsCode(c, at, "composer-script", Word{}, Static("composer.json"))
	if w.err != nil || at.dir.Dynamic {
		return
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return
	}
	scripts, ok := fileMemo(w, "composer.json", p.Value, func(text string) (map[string]json.RawMessage, bool) {
		var pkg struct {
			Scripts map[string]json.RawMessage `json:"scripts"`
		}
		err := json.Unmarshal([]byte(text), &pkg)
		return pkg.Scripts, err == nil // composer stops: the file does not parse
	})
	if !ok {
		return
	}
	seen := map[string]bool{}
	var visit func(name string)
	visit = func(name string) {
		if seen[name] || len(seen) >= maxTaskCalls {
			return
		}
		seen[name] = true
		var list []string
		raw := scripts[name]
		if var1 := ""; json.Unmarshal(raw, &var1) == nil {
			list = []string{var1}
		} else if json.Unmarshal(raw, &list) != nil {
			return
		}
		for _, s := range list {
			s = strings.TrimSpace(s)
			switch {
			case strings.HasPrefix(s, "@php "), strings.HasPrefix(s, "@composer "):
				s = s[1:]
			case strings.HasPrefix(s, "@putenv "):
				continue
			case strings.HasPrefix(s, "@"):
				visit(strings.Fields(s[1:] + " ")[0])
				continue
			case !strings.ContainsAny(s, " \t") && strings.Contains(s, "::"):
				continue // a PHP callback: the project's own code
			}
			w.walkFile(s, p, &scope{dir: at.dir}, plus(c.Via, c.Name))
		}
	}
	for _, n := range names {
		visit(n)
	}
}
