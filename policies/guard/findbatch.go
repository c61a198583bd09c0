package guard

import (
	"bytes"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// The :(glob) pathspecs rule 1 asks git status about for a find that
// deletes by name (findDeletes: REL**/NAME and REL**/NAME/**, two a
// name) are read in one git status for every find of the command, on the
// first question: 60 `find . -name xN -exec rm -rf {} +` started a
// process for each pathspec, ran out of reads at the fourth find and
// denied on the words (issue 38). git status lists an entry when it
// matches one of its pathspecs, so what the batch lists holds all that
// each pathspec alone lists. A pathspec is answered from the batch (no
// work) when the batch lists no work (nothing untracked or changed, no
// ignored .env), or when its NAME is plain text (no *, ?, [ or \) that
// no part of the path of any work file the batch lists is (compared
// without case): a file git lists alone for REL**/NAME or
// REL**/NAME/** has a part of its path that NAME matches. Any other
// pathspec is asked alone, as before.

// findStatus is status(top, spec) for a find's :(glob) pathspec, as
// findDeletes reads it: known, the work (first of it), and not the
// regenerable entries, which a batch does not count.
func (t *worktree) findStatus(top, spec string) loss {
	if reachesSubmodule(top, spec) {
		return loss{}
	}
	if l, ok := t.globStatus(top, spec); ok {
		return l
	}
	l := t.status(top, spec)
	l.regenerable = 0
	return l
}

// globStatus returns what git status says of the :(glob) pathspec spec in
// top when the batch of the command's find pathspecs tells it (ok false
// otherwise: status asks git alone then): known, and no work.
func (t *worktree) globStatus(top, spec string) (l loss, ok bool) {
	b := &t.batch
	if !strings.HasPrefix(spec, ":(glob)") {
		return loss{}, false
	}
	if b.once("globs", top) {
		t.readGlobs(top, spec)
	}
	if !b.globs[top+"\x00"+spec] {
		return loss{}, false
	}
	return loss{known: true}, true
}

// readGlobs reads git status in top for the script's find pathspecs (spec
// among them) at once, and keeps in t.batch.globs those it says match no
// work.
func (t *worktree) readGlobs(top, spec string) {
	specs := []string{spec}
	seen := map[string]bool{spec: true}
	size := len(spec)
	for _, c := range t.batch.script.Commands {
		if c.Name != "find" {
			continue
		}
		for _, s := range findSpecs(c, t.batch.dir, top) {
			if seen[s] || len(specs) >= maxBatchSpecs || size+len(s) > maxBatchBytes {
				continue
			}
			seen[s] = true
			specs = append(specs, s)
			size += len(s)
		}
	}
	if len(specs) < 3 {
		return // one find of one name: its two pathspecs asked alone, as before
	}
	args := append([]string{"status", "--porcelain=v1", "-z", "--ignored=matching", "--untracked-files=all",
		"--no-renames", "--ignore-submodules=all", "--"}, specs...)
	out, err := t.run(t.ctx, top, args...)
	if err != nil {
		return
	}
	var work []string    // the work files the batch lists
	var ignored []string // the folders it lists as ignored whole
	for _, e := range bytes.Split(out, []byte{0}) {
		if len(e) < 4 {
			continue
		}
		name := string(e[3:])
		if string(e[:2]) == "!!" && !IsEnvFile(strings.TrimSuffix(name, "/")) {
			if strings.HasSuffix(name, "/") {
				ignored = append(ignored, name)
			}
			continue
		}
		if strings.HasSuffix(name, "/") {
			return // an ignored .env folder: whose it is is not read
		}
		work = append(work, name)
	}
	if t.batch.globs == nil {
		t.batch.globs = map[string]bool{}
	}
	for _, s := range specs {
		if (len(work) == 0 || globClean(s, work)) && !slices.ContainsFunc(ignored, func(d string) bool {
			_, ok := t.ignoredEnv(top, d, s) // a .env inside that the find deletes
			return ok
		}) {
			t.batch.globs[top+"\x00"+s] = true
		}
	}
}

// globClean reports whether the find pathspec spec (REL**/NAME or
// REL**/NAME/**) matches none of the files work: NAME is plain text and
// no part of their paths is NAME, without case.
func globClean(spec string, work []string) bool {
	p := strings.TrimSuffix(strings.TrimPrefix(spec, ":(glob)"), "/**")
	i := strings.LastIndex(p, "**/")
	if i < 0 {
		return false
	}
	name := p[i+3:]
	if name == "" || strings.ContainsAny(name, "*?[\\/") {
		return false
	}
	for _, w := range work {
		for _, el := range strings.Split(w, "/") {
			if strings.EqualFold(el, name) {
				return false
			}
		}
	}
	return true
}

// findSpecs returns the :(glob) pathspecs findDeletes asks git status
// about for find command c, run in dir, in the worktree at top: for each
// starting point inside it and each name, REL**/NAME and REL**/NAME/**.
func findSpecs(c *shell.Command, dir, top string) []string {
	sel, ok := findSelects(c)
	if !ok {
		return nil
	}
	var specs []string
	for _, st := range sel.starts {
		if st.Dynamic || rawDeny(st.Value) {
			return nil
		}
		rel, ok := findRel(dir, top, st.Value)
		if !ok {
			continue
		}
		for _, n := range sel.names {
			specs = append(specs, ":(glob)"+rel+"**/"+n, ":(glob)"+rel+"**/"+n+"/**")
		}
	}
	return specs
}

// findRel returns the path of find's starting point start (run in dir)
// from top, with a slash ("" for top itself); ok is false when it is not
// inside the worktree.
func findRel(dir, top, start string) (rel string, ok bool) {
	abs := joinPath(dir, start)
	switch {
	case abs == top:
		return "", true
	case within(top, abs) != "":
		return within(top, abs) + "/", true
	}
	return "", false
}
