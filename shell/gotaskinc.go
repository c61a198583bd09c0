package shell

import (
	"path"
	"strings"
)

// go-task's includes: a Taskfile's top-level includes: maps a
// namespace to another Taskfile (NS: PATH, or NS: with taskfile: PATH
// and dir: DIR, in a block or a flow mapping), whose tasks `task
// NS:NAME` runs (and a task's deps or `task: NS:NAME` calls). PATH is
// from the including Taskfile's folder, a folder meaning its Taskfile;
// the tasks run in the folder task runs in, or DIR from it. Before,
// `task inc:clean` read nothing and passed whatever inc's clean ran.
// readTaskfile keeps each include as the task "NS:" (a name a task
// cannot have) with the file in include.

// maxIncludeDepth bounds the Taskfiles followed through includes.
const maxIncludeDepth = 8

// readIncludes adds the includes of a Taskfile's lines to tasks.
func readIncludes(lines []yamlLine, tasks map[string]*goTask) {
	i := 0
	for i < len(lines) && (lines[i].indent != 0 || strings.TrimSpace(lines[i].text) != "includes:") {
		i++
	}
	i++
	in := -1
	for ; i < len(lines); i++ {
		l := lines[i]
		if blank(l.text) {
			continue
		}
		if l.indent == 0 {
			return
		}
		if in < 0 {
			in = l.indent
		}
		k, v, ok := yamlKey(l.text)
		if l.indent != in || !ok {
			continue
		}
		inc := &goTask{}
		switch {
		case strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}"):
			for _, kv := range strings.Split(v[1:len(v)-1], ",") {
				inc.includeKey(strings.TrimSpace(kv))
			}
		case v != "":
			inc.include = yamlScalar(v)
		default:
			for j := i + 1; j < len(lines) && (blank(lines[j].text) || lines[j].indent > in); j++ {
				inc.includeKey(lines[j].text)
			}
		}
		if inc.include != "" {
			tasks[k+":"] = inc
		}
	}
}

// includeKey reads a key of an include's mapping: taskfile or dir.
func (t *goTask) includeKey(text string) {
	switch k, v, _ := yamlKey(text); k {
	case "taskfile":
		t.include = yamlScalar(v)
	case "dir":
		t.dir = yamlScalar(v)
	}
}

// included returns the Taskfile include inc of the Taskfile at p names,
// read, and its path.
func (w *walker) included(p Word, inc *goTask) (map[string]*goTask, Word, bool) {
	if strings.Contains(inc.include, "{{") {
		return nil, Word{}, false
	}
	f := joinDir(Static(path.Dir(p.Value)), Static(inc.include))
	names := []Word{f}
	if !strings.HasSuffix(f.Value, ".yml") && !strings.HasSuffix(f.Value, ".yaml") {
		names = names[:0]
		for _, n := range taskfileNames {
			names = append(names, joinDir(f, Static(n)))
		}
	}
	for _, n := range names {
		if tf, ok := fileMemo(w, "Taskfile", n.Value, func(text string) (map[string]*goTask, bool) { return readTaskfile(text), true }); ok {
			return tf, n, true
		}
	}
	return nil, Word{}, false
}
