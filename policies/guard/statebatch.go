package guard

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/footing"
	"github.com/agenthooks/hooks/internal/gitread"
	"github.com/agenthooks/hooks/shell"
)

// The state a call's rules ask for is read in as few git processes as
// the command allows (issue 38's cost bound: 60 `rm -rf dN/sub` started
// 32 processes, then fell back to the lists and denied what git ignores).
// The first question of a kind reads the answer for every path or word
// of the script the same question may be asked about: git status for
// every static path the script deletes, git cat-file for
// every word its git commands give, git ls-files for those words as
// paths. A question the batch did not cover is asked alone, as before.

// maxBatchSpecs bounds the pathspecs of one batched read and
// maxBatchBytes their length; minBatchGits is the git commands a command
// runs from which their words are read in a batch.
const (
	maxBatchSpecs = 512
	maxBatchBytes = 64 << 10
	minBatchGits  = 3
)

// A stateBatch holds a call's batched answers.
type stateBatch struct {
	// script and dir are the command and the directory it starts in; nil
	// script reads nothing in batches.
	script *shell.Script
	dir    string
	// read notes each batch asked (by kind and folder), losses the
	// status read for each top and pathspec, refs whether each folder
	// and word names a commit, files whether git tracks a path at or
	// under it, globs the find pathspecs of each top whose status lists
	// no work (see globStatus).
	read   map[string]bool
	losses map[string]loss
	refs   map[string]bool
	files  map[string]bool
	globs  map[string]bool
}

// begin records the command whose questions later reads batch.
func (t *worktree) begin(s *shell.Script, dir string) {
	if t != nil {
		t.batch.script, t.batch.dir = s, dir
	}
}

// once reports whether the batch of kind for key is to be read now (it
// was not before).
func (b *stateBatch) once(kind, key string) bool {
	if b.script == nil || b.read[kind+"\x00"+key] {
		return false
	}
	if b.read == nil {
		b.read = map[string]bool{}
	}
	b.read[kind+"\x00"+key] = true
	return true
}

// batchStatus is status(top, pathspec) answered from one git status of
// every static path the script deletes in top's worktree, read on the
// first question.
func (t *worktree) batchStatus(top, pathspec string) (loss, bool) {
	b := &t.batch
	rel, literal := strings.CutPrefix(pathspec, ":(literal)")
	if !literal {
		return loss{}, false
	}
	if b.once("status", top) {
		t.readLosses(top, rel)
	}
	l, ok := b.losses[top+"\x00"+rel]
	return l, ok
}

// readLosses reads git status for the script's deleted paths in top
// (rel among them) and keeps what each would lose.
func (t *worktree) readLosses(top, rel string) {
	if _, err := os.Lstat(filepath.Join(filepath.FromSlash(top), ".gitmodules")); err == nil {
		return // a path may reach a submodule: each is asked alone (status)
	}
	specs := []string{rel}
	seen := map[string]bool{rel: true}
	under := map[string][]string{} // each folder above a spec, with a slash, and the specs inside it
	size := len(rel)
	for _, c := range t.batch.script.Commands {
		for _, e := range c.Effects {
			if e.Kind != shell.Deletes || e.Path.Dynamic || e.Path.Value == "" {
				continue
			}
			r := within(top, joinPath(t.batch.dir, e.Path.Value))
			if r == "" || seen[r] || len(specs) >= maxBatchSpecs || size+len(r) > maxBatchBytes {
				continue
			}
			seen[r] = true
			specs = append(specs, r)
			size += len(r)
		}
	}
	if len(specs) < 2 {
		return // one path: asked alone, as before
	}
	for _, s := range specs {
		for i := strings.IndexByte(s, '/'); i >= 0; {
			under[s[:i+1]] = append(under[s[:i+1]], s)
			j := strings.IndexByte(s[i+1:], '/')
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	args := []string{"status", "--porcelain=v1", "-z", "--ignored=matching", "--untracked-files=all",
		"--no-renames", "--ignore-submodules=all", "--"}
	for _, s := range specs {
		args = append(args, ":(literal)"+s)
	}
	out, err := t.run(t.ctx, top, args...)
	if err != nil {
		return
	}
	if t.batch.losses == nil {
		t.batch.losses = map[string]loss{}
	}
	for _, s := range specs {
		t.batch.losses[top+"\x00"+s] = loss{known: true}
	}
	for _, e := range bytes.Split(out, []byte{0}) {
		if len(e) < 4 {
			continue
		}
		name := string(e[3:])
		ignored := string(e[:2]) == "!!" && !IsEnvFile(strings.TrimSuffix(name, "/"))
		for _, s := range owners(name, seen, under) {
			k := top + "\x00" + s
			l := t.batch.losses[k]
			first, ign := name, ignored
			if ign && strings.HasSuffix(name, "/") {
				if f, ok := t.ignoredEnv(top, envRoot(name, ":(literal)"+s), ":(literal)"+s); ok {
					ign, first = false, f
				}
			}
			switch {
			case ign:
				l.regenerable++
			default:
				if l.work == 0 {
					l.first = first
				}
				l.work++
			}
			t.batch.losses[k] = l
		}
	}
}

// owners returns the pathspecs of specs that git status would print
// entry name for alone: the entry's own path and each folder above it,
// and, for a folder git prints whole (name ends in /), each spec inside
// it (under holds them by folder).
func owners(name string, specs map[string]bool, under map[string][]string) []string {
	var own []string
	p := strings.TrimSuffix(name, "/")
	for q := p; q != ""; {
		if specs[q] {
			own = append(own, q)
		}
		i := strings.LastIndexByte(q, '/')
		if i < 0 {
			break
		}
		q = q[:i]
	}
	if strings.HasSuffix(name, "/") {
		own = append(own, under[name]...)
	}
	return own
}

// topAbove returns the top-level of dir's worktree when git said it for
// a folder above dir (or for dir's own top), dir is a directory reached
// without a symbolic link, and no folder from dir up to that one holds a
// .git entry: git, which looks up from dir for the first .git, finds the
// same. It returns "" when that is not known (git is asked then).
func (t *worktree) topAbove(dir string) string {
	if len(t.tops) == 0 {
		return ""
	}
	if fi, err := os.Stat(filepath.FromSlash(dir)); err != nil || !fi.IsDir() {
		return ""
	}
	if real, err := filepath.EvalSymlinks(filepath.FromSlash(dir)); err != nil || filepath.ToSlash(real) != dir {
		return ""
	}
	for d := dir; ; d = path2dir(d) {
		if d != dir {
			if v, ok := t.tops[d]; ok && v != "" {
				return v
			}
		}
		if _, err := os.Lstat(filepath.Join(filepath.FromSlash(d), ".git")); err == nil {
			for _, v := range t.tops {
				if v == d {
					return d
				}
			}
			return ""
		}
		if d == "/" {
			return ""
		}
	}
}

// batchRefOrPath is refOrPath(dir, word) answered from one git cat-file
// of every word the script's git commands give (whether it names a
// commit) and one git ls-files of those words as paths, read on the
// first question in dir; done is false when the batch does not cover
// word (refOrPath asks git alone then).
func (t *worktree) batchRefOrPath(dir, word string) (isRef, isPath, ok, done bool) {
	b := &t.batch
	if t.git != nil || !batchWord(word) {
		return false, false, false, false
	}
	if b.once("refs", dir) {
		t.readRefs(dir, word)
	}
	r, okr := b.refs[dir+"\x00"+word]
	f, okf := b.files[dir+"\x00"+word]
	if !okr || !okf {
		return false, false, false, false
	}
	return r, f, true, true
}

// batchWord reports whether word is asked in a batch: a clean relative
// path without a line break, which git cat-file reads whole as a line
// and git ls-files prints as it is given.
func batchWord(w string) bool {
	return w != "" && len(w) <= 1024 && w[0] != '-' && w[0] != '/' && !strings.ContainsAny(w, "\r\n\x00:\\") &&
		path.Clean(w) == w && w != "." && w != ".." && !strings.HasPrefix(w, "../")
}

// readRefs reads, for the script's git words in dir (word among them),
// whether each names a commit and whether git tracks a file at or under
// it.
func (t *worktree) readRefs(dir, word string) {
	gits := 0
	for _, c := range t.batch.script.Commands {
		if c.Name == "git" {
			gits++
		}
	}
	if gits < minBatchGits {
		return // one or two: each word alone is one or two processes, as a batch is two
	}
	words := []string{word}
	seen := map[string]bool{word: true}
	size := len(word)
	for _, c := range t.batch.script.Commands {
		if c.Name != "git" {
			continue
		}
		for _, w := range c.Args[1:] {
			if w.Dynamic || seen[w.Value] || !batchWord(w.Value) || len(words) >= maxBatchSpecs || size+len(w.Value) > maxBatchBytes {
				continue
			}
			seen[w.Value] = true
			words = append(words, w.Value)
			size += len(w.Value)
		}
	}
	if len(words) < 2 {
		return
	}
	// The words whose answer the footing's read of the call's revisions
	// holds are not asked again (see footingCommit).
	var lines []string
	var asked []string
	known := map[string]bool{}
	for _, w := range words {
		if isCommit, ok := t.footingCommit(dir, w); ok {
			known[w] = isCommit
			continue
		}
		lines = append(lines, w+"^{commit}")
		asked = append(asked, w)
	}
	args := []string{"ls-files", "-z", "--"}
	for _, w := range words {
		args = append(args, ":(literal)"+w)
	}
	// git ls-files runs while cat-file does (2 cores); it is taken as
	// read only when cat-file answered (as when it ran after).
	t.early(dir, args)
	if len(lines) > 0 {
		refs, err := t.catLines(t.ctx, dir, lines)
		if err != nil {
			return
		}
		for i, w := range asked {
			known[w] = refs[i] != ""
		}
	}
	out, err := t.run(t.ctx, dir, args...)
	if err != nil {
		return
	}
	if t.batch.refs == nil {
		t.batch.refs, t.batch.files = map[string]bool{}, map[string]bool{}
	}
	for _, w := range words {
		t.batch.refs[dir+"\x00"+w] = known[w]
		t.batch.files[dir+"\x00"+w] = false
	}
	for _, e := range bytes.Split(out, []byte{0}) {
		for q := string(e); q != ""; q = path.Dir(q) {
			if seen[q] {
				t.batch.files[dir+"\x00"+q] = true
			}
			if !strings.Contains(q, "/") {
				break
			}
		}
	}
}

// footingCommit is footing.KnownCommit for word in dir's worktree: what
// the footing's read of the trees of the call's revisions (hookmain's
// check of the footing runs before the guard, with the same reads) says
// of whether word names a commit; known is false when it does not tell,
// or when t does not read the real git.
func (t *worktree) footingCommit(dir, word string) (isCommit, known bool) {
	if t.git != nil {
		return false, false
	}
	top := t.top(dir) // the footing asks at the top; a revision resolves the same from any folder of the worktree
	if top == "" {
		return false, false
	}
	return footing.KnownCommit(t.ctx, top, word)
}

// absentPath reports whether nothing is at word (a path from dir) on the
// disk.
func absentPath(dir, word string) bool {
	_, err := os.Lstat(filepath.Join(filepath.FromSlash(dir), filepath.FromSlash(word)))
	return errors.Is(err, fs.ErrNotExist)
}

// An earlyRead is git's answer to come for a question t.run would ask
// (see early): its output and error once done is closed.
type earlyRead struct {
	done chan struct{}
	out  []byte
	err  error
}

// early starts git with args in dir, in a goroutine, when t.run would
// run it (the real git, not asked yet, a read left under maxStateReads
// after the one about to be asked), for t.run to take when the question
// is asked (counted then, as the read it stands for). git status is
// started only when unsafeRepo's answer is known and says it runs no
// program (see runGit).
func (t *worktree) early(dir string, args []string) {
	if t.git != nil || t.reads+2 > maxStateReads || len(args) == 0 {
		return
	}
	k := dir + "\x00" + strings.Join(args, "\x00")
	if _, ok := t.asked[k]; ok || t.pending[k] != nil {
		return
	}
	safe := func(context.Context, string) string { return "" }
	if args[0] == "status" {
		why, known := t.unsafe[dir]
		if !known {
			why, known = footing.UnsafeRepoKnown(t.ctx, dir)
		}
		if !known || why != "" {
			return
		}
	}
	e := &earlyRead{done: make(chan struct{})}
	go func() {
		defer close(e.done)
		e.out, e.err = runGit(t.ctx, dir, safe, args...)
	}()
	if t.pending == nil {
		t.pending = map[string]*earlyRead{}
	}
	t.pending[k] = e
}

// settle waits for the reads early started and no question took, so
// that no git process a judgment started outlives it.
func (t *worktree) settle() {
	if t == nil {
		return
	}
	for k, e := range t.pending {
		<-e.done
		delete(t.pending, k)
	}
}

// taken returns the answer of the read early started for the question k
// (waiting for it), and forgets it; ok is false when there is none.
func (t *worktree) taken(k string) (out []byte, err error, ok bool) {
	e := t.pending[k]
	if e == nil {
		return nil, nil, false
	}
	delete(t.pending, k)
	<-e.done
	return e.out, e.err, true
}

// catLines asks git cat-file --batch-check in dir for the object each
// line names, as one of the call's reads (see run), and returns its name
// for each ("" when git has none).
func (t *worktree) catLines(ctx context.Context, dir string, lines []string) ([]string, error) {
	if t.reads++; t.reads > maxStateReads {
		return nil, errTooManyReads
	}
	return catFile(ctx, dir, lines)
}

// errTooManyReads is a read's error past maxStateReads.
var errTooManyReads = errors.New("the command asks more of the worktree's state than the guard reads in one call")

// catFile runs git cat-file --batch-check in dir within stateTimeout
// (see gitread.CatFile).
func catFile(ctx context.Context, dir string, lines []string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, stateTimeout)
	defer cancel()
	return gitread.CatFile(ctx, dir, lines)
}
