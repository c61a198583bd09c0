package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// go-task (task NAME) runs the commands of a task in a Taskfile
// (Taskfile.yml, …), YAML. The hook links no YAML parser: readTaskfile
// reads the part of YAML a Taskfile's tasks are written in (block
// mappings and lists, plain, quoted and block scalars, flow lists of
// names) and nothing else; what it cannot read is left unread, as a
// file too large is.

// taskfileNames are the names task looks for, in its order.
var taskfileNames = [...]string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml",
	"Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}

// taskEffects: task [OPTIONS] [TASK…] [-- ARGS]: the tasks named
// (default when none is), with their deps and the tasks they call, from
// -t FILE or the Taskfile of -d DIR or of the directory it runs in.
// --list, --summary, --dry, --status and --init run none. The name is
// also Taskwarrior's: the program stays unknown (its words are judged
// as an unknown program's), and what a Taskfile holds is judged too.
func taskEffects(w *walker, c *Command, sc *scope, _ stdin) {
	c.Known = false
	f := w.flags(c, Spec{Short: "t:d:C:o:lanipfsvwxyhg", Permute: true, Long: []string{"taskfile=", "dir=",
		"concurrency=", "output=", "list", "list-all", "summary", "dry", "init", "status", "parallel", "force",
		"silent", "verbose", "watch", "exit-code", "yes", "help", "version", "json", "sort=", "interval=", "color",
		"global", "insecure", "download", "offline", "timeout=", "experiments", "output-group-begin=",
		"output-group-end=", "output-group-error-only", "completion="}})
	if f.Has("l", "a", "list", "list-all", "summary", "n", "dry", "i", "init", "status", "h", "help", "version",
		"g", "global", "completion") {
		return
	}
	var names []Word
	if p, ok := f.Value("t"); ok {
		names = []Word{p}
	} else if p, ok := f.Value("taskfile"); ok {
		names = []Word{p}
	} else {
		for _, n := range taskfileNames {
			names = append(names, Static(n))
		}
	}
	at := sc
	if d, ok := f.Value("d"); ok {
		at = &scope{dir: joinDir(sc.dir, d)}
	} else if d, ok := f.Value("dir"); ok {
		at = &scope{dir: joinDir(sc.dir, d)}
	}
	for _, n := range names {
		w.runsCode(c, at, "task", Word{}, n)
	}
	if w.err != nil || at.dir.Dynamic {
		return
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return
	}
	var run, cli []string
	for _, o := range f.Operands {
		if o.Value == "--" {
			break
		}
		if o.Dynamic {
			return
		}
		if k, v, ok := strings.Cut(o.Value, "="); !ok {
			run = append(run, o.Value)
		} else {
			cli = append(cli, "."+k, v) // task x DIR=build: a var of the command's
		}
	}
	if len(run) == 0 {
		run = []string{"default"}
	}
	for _, n := range names {
		if n.Dynamic {
			return
		}
		p := joinDir(at.dir, n)
		tf, ok := fileMemo(w, "Taskfile", p.Value, func(text string) (map[string]*goTask, bool) { return readTaskfile(text), true })
		if !ok {
			continue
		}
		seen := map[string]bool{}
		root := p
		var visit func(tf map[string]*goTask, p, base Word, name string, depth int)
		visit = func(tf map[string]*goTask, p, base Word, name string, depth int) {
			t, ok := tf[name]
			if ns, rest, cut := strings.Cut(name, ":"); !ok && cut && depth < maxIncludeDepth {
				// A task of an included Taskfile (gotaskinc.go).
				if inc, ok := tf[ns+":"]; ok && inc.include != "" {
					if itf, ip, ok := w.included(p, inc); ok {
						if inc.dir != "" {
							base = joinDir(base, Static(inc.dir))
						}
						visit(itf, ip, base, rest, depth+1)
					}
				}
				return
			}
			key := p.Value + "\x00" + name
			if !ok || seen[key] || len(seen) >= maxTaskCalls {
				return
			}
			seen[key] = true
			dir := base
			if t.dir != "" {
				dir = joinDir(base, Static(t.dir))
			}
			for _, d := range t.deps {
				visit(tf, p, base, d, depth)
			}
			for _, s := range t.steps {
				if s.task != "" {
					visit(tf, p, base, s.task, depth)
				} else {
					var vars map[string]string
					if depth == 0 && p.Value == root.Value {
						vars = taskVars(tf, t, cli)
					}
					w.walkTaskCmd(interpolateWith(s.cmd, vars), p, &scope{dir: dir}, plus(c.Via, c.Name))
				}
			}
		}
		for _, r := range run {
			visit(tf, p, at.dir, r, 0)
		}
		return
	}
}

// walkTaskCmd is walkFile for a command of a Taskfile. go-task parses a
// command whole (with this package's parser) before it runs any of it,
// so one that does not parse runs nothing: it is recorded as a command
// known only at run time, not as a script that cannot be checked, since
// readTaskfile reads only part of YAML and may be the one at fault.
func (w *walker) walkTaskCmd(text string, p Word, sc *scope, via []string) {
	if w.err != nil {
		return
	}
	if _, err := syntax.NewParser().Parse(strings.NewReader(text), ""); err != nil {
		w.unknown(text, plus(via, fileVia+p.Value+")"))
		return
	}
	w.walkFile(text, p, sc, via)
}

// A goTask is what readTaskfile reads of a task: its deps, its steps
// (a command, or a task it calls) and its dir; or of an include, its
// Taskfile and dir.
type goTask struct {
	deps    []string
	steps   []taskStep
	dir     string
	include string // an include's Taskfile (gotaskinc.go)
	// vars are the task's vars: (gotaskvars.go), or the Taskfile's for
	// the entry globalVars.
	vars map[string]string
	// noGlobals reports, on globalVars, that the Taskfile's global vars
	// may not be what a task sees, and loops that a loop may set a name
	// (see gotaskvars.go).
	noGlobals, loops bool
}

// A taskStep is a command of a task, or the name of a task it calls.
type taskStep struct{ cmd, task string }

// A yamlLine is a line of YAML that is not blank nor a comment: its
// indent and its text after the indent.
type yamlLine struct {
	indent int
	text   string
}

// readTaskfile reads the tasks of a Taskfile (see taskEffects).
func readTaskfile(text string) map[string]*goTask {
	var lines []yamlLine
	for l := range strings.Lines(text) {
		l = strings.TrimRight(l, "\r\n")
		t := strings.TrimLeft(l, " ")
		lines = append(lines, yamlLine{len(l) - len(t), t})
	}
	tasks := map[string]*goTask{}
	i := 0
	for i < len(lines) && (lines[i].indent != 0 || strings.TrimSpace(lines[i].text) != "tasks:") {
		i++
	}
	i++
	taskIndent := -1
	for i < len(lines) {
		l := lines[i]
		if blank(l.text) {
			i++
			continue
		}
		if l.indent == 0 {
			break
		}
		if taskIndent < 0 {
			taskIndent = l.indent
		}
		if l.indent != taskIndent {
			i++
			continue
		}
		k, v, ok := yamlKey(l.text)
		i++
		if !ok {
			continue
		}
		t := &goTask{}
		tasks[k] = t
		if v != "" {
			t.steps = append(t.steps, taskStep{cmd: rawScalar(v)}) // NAME: echo hi
			continue
		}
		end := i
		for end < len(lines) && (blank(lines[end].text) || lines[end].indent > taskIndent) {
			end++
		}
		t.read(lines[i:end])
		i = end
	}
	readIncludes(lines, tasks)
	readGlobalVars(text, lines, tasks)
	return tasks
}

// read reads a task's body lines.
func (t *goTask) read(body []yamlLine) {
	first := slicesIndexNonBlank(body)
	if first < 0 {
		return
	}
	if strings.HasPrefix(body[first].text, "- ") || body[first].text == "-" {
		t.steps = readSteps(body[first:]) // NAME: a list of commands
		return
	}
	in := body[first].indent
	for i := first; i < len(body); i++ {
		l := body[i]
		if l.indent != in || blank(l.text) {
			continue
		}
		k, v, ok := yamlKey(l.text)
		if !ok {
			continue
		}
		end := i + 1
		for end < len(body) && (blank(body[end].text) || body[end].indent > in) {
			end++
		}
		switch k {
		case "cmds":
			t.steps = append(t.steps, readSteps(body[i+1:end])...)
		case "cmd":
			t.steps = append(t.steps, taskStep{cmd: rawScalarOrBlock(v, body[i+1:end])})
		case "vars":
			t.vars = readVars(v, body[i+1:end])
		case "deps":
			if v != "" {
				t.deps = append(t.deps, flowList(v)...)
			}
			for _, s := range readSteps(body[i+1 : end]) {
				if s.task != "" {
					t.deps = append(t.deps, s.task)
				} else {
					t.deps = append(t.deps, s.cmd) // - NAME
				}
			}
		case "dir":
			t.dir = yamlScalar(v)
		}
	}
}

// readSteps reads a YAML list of steps: a scalar is a command; a
// mapping's cmd or defer is one, and its task a task called.
func readSteps(list []yamlLine) []taskStep {
	var out []taskStep
	first := slicesIndexNonBlank(list)
	if first < 0 {
		return nil
	}
	dash := list[first].indent
	for i := first; i < len(list); i++ {
		l := list[i]
		if l.indent != dash || !strings.HasPrefix(l.text, "-") {
			continue
		}
		end := i + 1
		for end < len(list) && (blank(list[end].text) || list[end].indent > dash) {
			end++
		}
		item := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
		sub := list[i+1 : end]
		if _, _, ok := yamlKey(item); ok {
			// A mapping: its keys at the item's indent (the first on the
			// dash's line), each value given there or as a block below.
			keys := append([]yamlLine{{dash + 2, item}}, sub...)
			for j, kl := range keys {
				if k, v, ok := yamlKey(kl.text); ok && kl.indent == dash+2 {
					out = append(out, stepOf(k, v, slicesCut(keys[j+1:], dash+3))...)
				}
			}
			continue
		}
		out = append(out, taskStep{cmd: rawScalarOrBlock(item, sub)})
	}
	return out
}

// stepOf returns the step of a list item's key k with value v (block,
// its block scalar's lines): cmd and defer run a command, task calls a
// task, and a flow mapping ({ task: NAME }) is read for those keys.
func stepOf(k, v string, block []yamlLine) []taskStep {
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		var out []taskStep
		for _, kv := range strings.Split(v[1:len(v)-1], ",") {
			if k2, v2, ok := yamlKey(strings.TrimSpace(kv)); ok && (k2 == "cmd" || k2 == "task") {
				out = append(out, stepOf(k2, v2, nil)...)
			}
		}
		return out
	}
	switch k {
	case "cmd", "defer":
		return []taskStep{{cmd: rawScalarOrBlock(v, block)}}
	case "task":
		return []taskStep{{task: yamlScalar(v)}}
	}
	return nil
}

// slicesCut returns the lines of a block scalar, indented past in.
func slicesCut(l []yamlLine, in int) []yamlLine {
	for i, x := range l {
		if !blank(x.text) && x.indent < in {
			return l[:i]
		}
	}
	return l
}

// slicesIndexNonBlank returns the index of the first line with text.
func slicesIndexNonBlank(l []yamlLine) int {
	for i, x := range l {
		if !blank(x.text) {
			return i
		}
	}
	return -1
}

// blank reports whether a YAML line's text is empty or a comment.
func blank(t string) bool {
	t = strings.TrimSpace(t)
	return t == "" || t[0] == '#'
}

// yamlKey splits a mapping line KEY: VALUE (KEY may be quoted).
func yamlKey(t string) (k, v string, ok bool) {
	if t == "" || t[0] == '-' || t[0] == '#' {
		return "", "", false
	}
	if t[0] == '"' || t[0] == '\'' {
		j := strings.IndexByte(t[1:], t[0])
		if j < 0 || !strings.HasPrefix(t[j+2:], ":") {
			return "", "", false
		}
		return t[1 : j+1], strings.TrimSpace(t[j+3:]), true
	}
	i := strings.Index(t, ": ")
	if i < 0 {
		if !strings.HasSuffix(t, ":") {
			return "", "", false
		}
		i = len(t) - 1
	}
	k = t[:i]
	if strings.ContainsAny(k, " \t{}[]\"'") {
		return "", "", false
	}
	return k, strings.TrimSpace(t[i+1:]), true
}

// scalarOrBlock is a value given on its key's line or, for | and >, in
// the lines after it, {{…}} made a word known only at run time.
func scalarOrBlock(v string, after []yamlLine) string {
	return interpolate(rawScalarOrBlock(v, after))
}

// rawScalarOrBlock is scalarOrBlock with its {{…}} as written: a
// command's, whose variables are put in when it is walked.
func rawScalarOrBlock(v string, after []yamlLine) string {
	if !strings.HasPrefix(v, "|") && !strings.HasPrefix(v, ">") {
		return rawScalar(v)
	}
	in := -1
	var b strings.Builder
	for _, l := range after {
		if strings.TrimSpace(l.text) == "" {
			b.WriteByte('\n')
			continue
		}
		if in < 0 {
			in = l.indent
		}
		if l.indent < in {
			break
		}
		b.WriteString(strings.Repeat(" ", l.indent-in))
		b.WriteString(l.text)
		if v[0] == '>' {
			b.WriteByte(' ')
		} else {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// yamlScalar is a plain or quoted scalar's text, {{…}} made a word
// known only at run time.
func yamlScalar(v string) string { return interpolate(rawScalar(v)) }

// rawScalar is yamlScalar with its {{…}} as written.
func rawScalar(v string) string {
	v = strings.TrimSpace(v)
	switch {
	case len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'':
		v = strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	case len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"':
		if u, err := strconv.Unquote(v); err == nil {
			v = u
		} else {
			v = unescapeDouble(v[1 : len(v)-1])
		}
	default:
		if i := strings.Index(v, " #"); i >= 0 {
			v = v[:i]
		}
	}
	return v
}

// flowList reads a flow list of names: [a, b].
func flowList(v string) []string {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
		return nil
	}
	var out []string
	for _, x := range strings.Split(v[1:len(v)-1], ",") {
		if x = yamlScalar(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}
