package shell

import "strings"

// go-task's variables: a Taskfile's top-level vars: and a task's vars:
// give names a value that {{.NAME}} in a command is replaced by. A value
// given as a plain or quoted string is put in the command before it is
// walked (vars: {DIR: build} and `rm -rf {{.DIR}}` is rm -rf build); a
// value go-task computes (sh:, ref:, a map, a template) stays a word
// known only at run time. go-task ranks a task's vars over the vars a
// calling task or the command line gives (task x DIR=y), and those over
// the Taskfile's: a name the command line sets has its value there
// (unknown when the task sets it too), and the Taskfile's vars are not used when a task may be called
// with vars of its own (a vars: key other than the top-level one and
// tasks' own) or a loop may set one (for:, as:). Tasks of an included
// Taskfile see the include's vars too: their {{.NAME}} stay unknown.

// globalVars is the entry of readTaskfile's map that holds the
// Taskfile's own vars (a name no task can have).
const globalVars = "\x00vars"

// template is what a {{…}} not known before it runs becomes.
const template = "${__TEMPLATE__}"

// readVars reads a vars: mapping: v on its key's line (a flow mapping)
// or the block of lines after it. Each name's key is ".NAME", as a
// command's {{.NAME}} names it.
func readVars(v string, block []yamlLine) map[string]string {
	vars := map[string]string{}
	value := func(x string, after []yamlLine) string {
		if x == "" || strings.HasPrefix(x, "{") || strings.HasPrefix(x, "[") || strings.HasPrefix(x, "&") ||
			strings.HasPrefix(x, "*") || strings.HasPrefix(x, "!") {
			return template // sh:, ref:, map:, a list, an anchor or a tag
		}
		return scalarOrBlock(x, after)
	}
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		for _, kv := range strings.Split(v[1:len(v)-1], ",") {
			if k, x, ok := yamlKey(strings.TrimSpace(kv)); ok {
				vars["."+k] = value(x, nil)
			}
		}
		return vars
	}
	first := slicesIndexNonBlank(block)
	if first < 0 {
		return vars
	}
	in := block[first].indent
	for i := first; i < len(block); i++ {
		l := block[i]
		if l.indent != in || blank(l.text) {
			continue
		}
		k, x, ok := yamlKey(l.text)
		if !ok {
			continue
		}
		end := i + 1
		for end < len(block) && (blank(block[end].text) || block[end].indent > in) {
			end++
		}
		vars["."+k] = value(x, block[i+1:end])
	}
	return vars
}

// readGlobalVars adds the Taskfile's top-level vars to tasks, under
// globalVars, marked noGlobals when a task may see others (see above).
func readGlobalVars(text string, lines []yamlLine, tasks map[string]*goTask) {
	if !strings.Contains(text, "vars:") {
		return
	}
	g := &goTask{}
	seen := 0 // the vars: keys read: the top-level one and tasks'
	for i := 0; i < len(lines); i++ {
		if lines[i].indent != 0 {
			continue
		}
		if k, v, ok := yamlKey(lines[i].text); ok && k == "vars" {
			end := i + 1
			for end < len(lines) && (blank(lines[end].text) || lines[end].indent > 0) {
				end++
			}
			g.vars = readVars(v, lines[i+1:end])
			seen++
		}
	}
	for _, t := range tasks {
		if t.vars != nil {
			seen++
		}
	}
	all := 0
	for _, l := range lines {
		if k, _, ok := yamlKey(strings.TrimPrefix(strings.TrimSpace(l.text), "- ")); ok {
			switch k {
			case "vars":
				all++
			case "for", "as":
				g.loops = true
			}
		}
	}
	g.noGlobals = g.noGlobals || all != seen
	tasks[globalVars] = g
}

// taskVars returns the values of the names task t of Taskfile tf sees,
// known before it runs (see above); cli are the names the command line
// sets and their values, in pairs.
func taskVars(tf map[string]*goTask, t *goTask, cli []string) map[string]string {
	g := tf[globalVars]
	if g == nil || g.loops || t.vars == nil && g.noGlobals {
		return nil
	}
	vars := map[string]string{}
	if g != nil && !g.noGlobals {
		for k, v := range g.vars {
			vars[k] = v
		}
	}
	for k, v := range t.vars {
		vars[k] = v
	}
	for i := 0; i+1 < len(cli); i += 2 {
		// The command line's over the Taskfile's; a task's own may rank
		// over it: then which is not known.
		if _, own := t.vars[cli[i]]; own {
			vars[cli[i]] = template
		} else {
			vars[cli[i]] = cli[i+1]
		}
	}
	return vars
}
