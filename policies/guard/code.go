package guard

import (
	"context"
	"regexp"
	"strings"
	"sync"

	"github.com/agenthooks/hooks/shell"
)

// inlineCode is rule 5: inline code in another language (python -c,
// perl -e, node -e, ruby -e, an awk program, a sed script, …) that names
// an API of that language that deletes files or runs programs, or a
// protected path (a .env file, .git). A heuristic: see the README.
func inlineCode(s *shell.Script, at *place) (string, bool) {
	lastLang, lastSyn, lastOK := "\x00", codeSyntax{}, false
	for _, c := range s.Commands {
		if !c.HasEffect(shell.RunsCode) {
			continue // most commands run no foreign code
		}
		for _, e := range c.Effects {
			if e.Kind != shell.RunsCode {
				continue
			}
			lang := e.Lang()
			if lang == "" {
				lang = "inline"
			}
			if e.Code().Dynamic {
				return "guard: rule 4 (nothing it cannot see): the " + lang + " code `" + c.String() + "` runs is known only at run time; " +
					"spell the code out", true
			}
			code := e.Code().Value
			switch e.Lang() {
			case "awk":
				ctx := context.Background()
				if at != nil && at.wt != nil {
					ctx = at.wt.ctx
				}
				if at != nil {
					rest, r, deny, ok := judgeAwk(ctx, code, at)
					if deny {
						return r, true
					}
					if ok {
						code = rest
					}
				}
			case "python":
				code = benignShutil(benignPython(benignImport(code)))
			}
			if what, bad := dangerousCode(e.Lang(), code); bad {
				return "guard: rule 5 (inline code): the " + lang + " code `" + clip(c.String()) + "` runs names " + what + ", which deletes files, runs " +
					"programs or reaches a protected path; use a shell command the guard can read (rm, git, …) instead, " +
					"with a scratch path, or ask the user", true
			}
			if lastLang != e.Lang() {
				lastLang = e.Lang()
				lastSyn, lastOK = codeLang(lastLang) // its calls, made once for a run of one language's code
			}
			if syn, ok := lastSyn, lastOK; ok && at != nil && at.src != "" {
				// What its calls certainly do, as for a code file run:
				// open('app/.e'+'nv','w') writes app/.env (rule 3).
				if cmds, _ := codeCommands(e.Code().Value, syn, &at.idents); len(cmds) > 0 {
					if r, deny := judgeCodeCommands(at.context(), s, c, e, cmds, "its inline code", at); deny {
						return r, true
					}
				}
			}
		}
	}
	return "", false
}

// clip shortens s for a reason.
func clip(s string) string {
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}

// codeAPIs are (built when first used: a hook starts on every tool
// call), by language, the names in inline code that delete files
// or run programs. Each is matched as a word (not inside a longer
// identifier), ignoring case in the languages of foldCase; a language not
// listed is matched against all of them.
var codeAPIs = lazy[map[string][]string]{make: func() map[string][]string {
	return map[string][]string{
		"python": {"rmtree", "remove", "removedirs", "unlink", "rmdir", "system", "subprocess", "popen", "Popen",
			"exec", "execv", "execvp", "execl", "execlp", "execle", "execlpe", "execve", "execvpe", "spawn", "spawnv",
			"spawnl", "spawnlp", "spawnle", "spawnlpe", "spawnvp", "spawnve", "spawnvpe", "posix_spawn", "posix_spawnp",
			"startfile", "fork", "forkpty", "eval", "__import__", "importlib", "pty", "truncate", "shutil", "ctypes",
			"getattr", "kill", "runpy", "run_path", "run_module", "execfile", "pipepager", "pipe_pager", "tempfilepager",
			"interact", "pdb", "remove_tree", "dir_util", "__dict__", "vars", "__builtins__"},
		"node": {"rm", "rmSync", "rmdir", "rmdirSync", "unlink", "unlinkSync", "child_process", "exec", "execSync",
			"execFile", "execFileSync", "spawn", "spawnSync", "fork", "eval", "Function", "binding", "dlopen",
			"truncate", "truncateSync", "Deno", "Bun"},
		"perl": {"unlink", "rmtree", "remove_tree", "rmdir", "system", "exec", "qx", "readpipe", "eval", "fork", "open",
			"truncate", "syscall", "File::Path"},
		"ruby": {"FileUtils", "rm_rf", "rm_r", "rm", "remove_dir", "remove_entry", "delete", "unlink", "rmdir", "system",
			"exec", "spawn", "popen", "Open3", "eval", "instance_eval", "send", "public_send", "fork", "syscall", "truncate",
			"Kernel"},
		"php": {"unlink", "rmdir", "system", "exec", "shell_exec", "passthru", "popen", "proc_open", "pcntl_exec", "eval",
			"assert", "include", "require", "call_user_func", "create_function", "ftruncate", "truncate"},
		"lua": {"remove", "execute", "popen", "loadstring", "load", "dofile"},
		"tcl": {"exec", "file", "open", "eval", "source", "uplevel", "interp", "load", "spawn", "system", "subst"},
		"r":   {"unlink", "remove", "system", "system2", "shell", "pipe", "eval", "source", "processx", "callr", "do.call"},
		"julia": {"rm", "run", "eval", "pipeline", "include", "ccall", "spawn", "open", "read", "success", "Cmd",
			"@cmd", "Base.Libc"},
		"gdb": {"shell", "python", "py", "python-interactive", "pi", "pipe", "source", "guile", "gu", "call", "compile",
			"dump", "append", "restore", "define"},
		"awk": {"system", "getline", "@load"},
		"vim": {"system", "systemlist", "delete", "call", "exe", "execute", "py", "py3", "python", "python3", "pyx", "lua", "perl", "ruby", "term", "terminal", "job_start", "source", "so"},
		"sql": {".shell", ".system", "load_extension", "writefile", "edit"},
		"powershell": {"remove-item", "rm", "del", "erase", "rd", "ri", "rmdir", "invoke-expression", "iex", "start-process",
			"saps", "invoke-item", "ii", "invoke-command", "icm", "clear-content", "set-content", "out-file", "cmd", "system.diagnostics.process"},
		// jq and yq can neither delete files nor run programs.
		"jq": {},
		"yq": {},
	}
}}

// langAlias returns the language whose names lang shares.
func langAlias(lang string) string {
	switch lang {
	case "javascript", "typescript", "deno", "bun":
		return "node"
	}
	return lang
}

// foldCase reports whether the names of lang ignore case.
func foldCase(lang string) bool {
	switch lang {
	case "php", "sql", "powershell", "vim":
		return true
	}
	return false
}

// codeMarks are, by language, text that runs a program whatever the
// words around it: backquotes and %x in perl and ruby, pipes in awk, !
// in vim.
var codeMarks = lazy[map[string]*regexp.Regexp]{make: func() map[string]*regexp.Regexp {
	return map[string]*regexp.Regexp{
		"perl":       regexp.MustCompile("`|\\bqx\\s*\\W"),
		"ruby":       regexp.MustCompile("`|%x"),
		"php":        regexp.MustCompile("`"),
		"awk":        regexp.MustCompile(`\|&?\s*("|getline)|"\s*\|`),
		"vim":        regexp.MustCompile(`!`),
		"julia":      regexp.MustCompile("`"),
		"gdb":        regexp.MustCompile(`^\s*[!|]`),
		"sql":        regexp.MustCompile(`(?i)\.(once|output|import|read)\s+(-\S+\s+)*['"]?\|`), // a program's pipe
		"powershell": regexp.MustCompile(`(^|[\s;|({])&\s*\S|\[diagnostics\.process\]`),
	}
}}

// protectedPath matches (compiled when first used: a hook starts on
// every tool call) a .env file or the .git directory named in code.
var protectedPath = lazy[*regexp.Regexp]{make: func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|[^\w.])\.env($|[^\w.]|\.\w+)|(^|[^\w.])\.git($|[^\w.-])`)
}}

// dangerousCode reports whether code in lang names a deleting or
// process-running API, or a protected path, and what.
func dangerousCode(lang, code string) (string, bool) {
	if code == "" {
		return "", false // no name, no mark, no path
	}
	lang = langAlias(lang)
	if lang == "sed" {
		if what, bad := sedRuns(code); bad {
			return what, true
		}
	} else {
		ix := codeAPIIndex.get()
		if x, ok := ix.by[lang]; !ok {
			var lower string
			for _, l := range ix.langs {
				t := code
				if foldCase(l) {
					if lower == "" {
						lower = strings.ToLower(code)
					}
					t = lower
				}
				if what, bad := ix.by[l].first(t); bad {
					return what, true
				}
			}
		} else {
			text := code
			if foldCase(lang) {
				text = strings.ToLower(code)
			}
			if what, bad := x.first(text); bad {
				return what, true
			}
		}
		if re := codeMarks.get()[lang]; re != nil {
			if m := re.FindString(code); m != "" {
				return "`" + strings.TrimSpace(m) + "`", true
			}
		}
	}
	if lang == "jq" || lang == "yq" || !mayNameProtected(code) {
		return "", false // .env is a field in jq and yq, and they write nothing
	}
	for _, m := range protectedPath.get().FindAllString(code, -1) {
		m = strings.TrimLeft(m, " \t\n'\"`(/=,;:")
		if strings.HasPrefix(strings.ToLower(m), ".env") {
			name := strings.TrimRight(m, " \t\n'\")`;,:/")
			if !IsEnvFile(name) {
				continue
			}
		}
		return "the protected path " + strings.TrimRight(m, " \t\n'\")`;,:/"), true
	}
	return "", false
}

// namesAPI reports the first of apis that code names as a word.
func namesAPI(code string, apis []string) (string, bool) {
	for _, a := range apis {
		for i := 0; ; {
			j := strings.Index(code[i:], a)
			if j < 0 {
				break
			}
			j += i
			end := j + len(a)
			if (j == 0 || !isIdent(code[j-1])) && (end == len(code) || !isIdent(code[end])) {
				return "`" + a + "`", true
			}
			i = j + 1
		}
	}
	return "", false
}

// isIdent reports whether c is an ASCII letter, digit or underscore.
func isIdent(c byte) bool {
	return identByte[c] && c != '$' // one look-up for most bytes
}

// sedRuns reports whether a sed script runs a command: the e command,
// or the e flag of s. It reads the script as GNU sed does, command by
// command; what it cannot read is taken to run one.
func sedRuns(script string) (string, bool) {
	i, n := 0, len(script)
	skipBlank := func() {
		for i < n && (script[i] == ' ' || script[i] == '\t' || script[i] == ';' || script[i] == '\n') {
			i++
		}
	}
	// delimited skips a delimited part (/re/, s's pattern and
	// replacement) starting at the delimiter script[i].
	delimited := func(parts int) bool {
		if i >= n || script[i] == '\n' || script[i] == '\\' {
			return false
		}
		d := script[i]
		i++
		for p := 0; p < parts; p++ {
			for i < n && script[i] != d {
				if script[i] == '\\' {
					i++
				}
				i++
			}
			if i >= n {
				return false
			}
			i++
		}
		return true
	}
	toEOL := func() {
		for i < n && script[i] != '\n' {
			i++
		}
	}
	for {
		skipBlank()
		if i >= n {
			return "", false
		}
		// Addresses: numbers, $, /re/, \cREc, first~step, addr1,addr2,
		// and !.
		for k := 0; k < 2; k++ {
			switch {
			case i < n && (script[i] >= '0' && script[i] <= '9' || script[i] == '$' || script[i] == '~' || script[i] == '+'):
				for i < n && (script[i] >= '0' && script[i] <= '9' || script[i] == '$' || script[i] == '~' || script[i] == '+') {
					i++
				}
			case i < n && script[i] == '/':
				if !delimited(1) {
					return "a sed script it cannot read", true
				}
				for i < n && (script[i] == 'I' || script[i] == 'M') {
					i++
				}
			case i+1 < n && script[i] == '\\':
				i++
				if !delimited(1) {
					return "a sed script it cannot read", true
				}
			}
			if i < n && script[i] == ',' {
				i++
				continue
			}
			break
		}
		for i < n && (script[i] == ' ' || script[i] == '!') {
			i++
		}
		if i >= n {
			return "", false
		}
		c := script[i]
		i++
		switch c {
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'l', 'n', 'N', 'p', 'P', 'x', 'z', 'F', 'q', 'Q':
			for i < n && script[i] >= '0' && script[i] <= '9' {
				i++ // q and Q take an exit code
			}
		case ':', 'b', 't', 'T', 'v':
			// A label: GNU sed ends it at ; or a newline (reading less of
			// it than sed does only reads more of the script).
			for i < n && script[i] != ';' && script[i] != '\n' {
				i++
			}
		case '#', 'a', 'i', 'c', 'r', 'R', 'w', 'W':
			toEOL() // a comment, text or a file name: to the end of the line
		case 'e':
			return "sed's e command, which runs a shell command", true
		case 's':
			if !delimited(2) {
				return "a sed script it cannot read", true
			}
		flags:
			for i < n && strings.IndexByte("gpiImMe0123456789w", script[i]) >= 0 {
				switch script[i] {
				case 'e':
					return "the e flag of sed's s command, which runs the pattern space as a shell command", true
				case 'w':
					toEOL() // the rest of the line is a file name
					break flags
				}
				i++
			}
		case 'y':
			if !delimited(2) {
				return "a sed script it cannot read", true
			}
		default:
			return "a sed script it cannot read", true
		}
	}
}

// lazy is a value made when first used, with no start-up work (a hook
// starts on every tool call, and sync.OnceValue allocates at init).
type lazy[T any] struct {
	once sync.Once
	make func() T
	v    T
}

func (l *lazy[T]) get() T {
	l.once.Do(func() { l.v = l.make() })
	return l.v
}
