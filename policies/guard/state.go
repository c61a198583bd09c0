package guard

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks/footing"
	"github.com/agenthooks/hooks/internal/githooks"
	"github.com/agenthooks/hooks/internal/gitread"
	"github.com/agenthooks/hooks/internal/readfile"
)

// The guard reads the state of the worktree only where the state decides
// a rule's outcome: what a recursive delete would lose (rule 1) and
// whether a word given to git checkout is a ref or a path (rule 2). Each
// read runs git with a deadline and bounded output; when the state
// cannot be read (no git, not a worktree, too slow, too much), the rule
// falls back to what the command's words alone say.

// stateTimeout bounds one read of the worktree's state (git status, git
// rev-parse), within the handler's own deadline.
// It is a variable only so that the tests comparing two ways of reading
// the same state (withPatientGit) can give git the time it needs on a
// loaded machine: a read past the deadline is unknown, and the two ways
// would differ by the load, not by their answers.
var stateTimeout = 1500 * time.Millisecond

// maxStateOut bounds the output of one read; past it the state is not
// read and the rule falls back to the words.
const maxStateOut = 1 << 20

// A worktree reads the state of the git worktree a command runs in,
// lazily and at most once per question.
type worktree struct {
	ctx context.Context
	// git runs git with its arguments in dir, returning its standard
	// output; nil runs the real git (see run and runGit).
	git func(ctx context.Context, dir string, args ...string) ([]byte, error)
	// reads counts the real git's runs; asked holds its answers, and
	// unsafe footing.UnsafeRepo's, by question (see run).
	reads  int
	asked  map[string]gitAnswer
	unsafe map[string]string
	// tops caches the top-level of the worktree of each directory asked
	// about ("" when it is in none or git could not tell); nearest
	// nearestDir's answer for each folder, and absent whether a path
	// missing from each folder is known to be absent (lose).
	tops    map[string]string
	nearest map[string]string
	absent  map[string]bool
	// batch holds the answers read for the whole command at once, and
	// pending the reads started early (see early), by question.
	batch   stateBatch
	pending map[string]*earlyRead
	// disk holds what the rules read of the disk for the call (see
	// place.disk).
	disk diskMemo
	// searched holds the credential files a tree search's walk found,
	// by folder and search (see credentialsUnder).
	searched map[string]searchWalk
	// envDirs holds the .env files found under each folder git ignores
	// whole, by top and folder (see ignoredEnv).
	envDirs       map[string][]string
	envWalked     int // the entries those walks read
	searchEntries int
	// history holds git's answers on the credential files a history
	// shown changes, by question (see historyShows).
	history map[string]gitAnswer
	// named holds askNames' answers, and credBlobs the ids of the
	// credential files' texts git holds, by folder (see blobShows).
	named     map[string]namedAnswer
	credBlobs map[string]*blobIndex
	// listed holds, for each file of names read (see listedReads), the
	// credential file it names ("" for none).
	listed    map[string]string
	listBytes int      // the bytes of those files read
	grep      grepMemo // what line searches of listed files read (see grepShows)
	// members holds the archives listed (see findMember), by what was
	// looked for and path; their listings end by listEnd.
	members map[string]memberAnswer
	listEnd time.Time
}

// memberAnswer is one archive's listing: the member found, or why none
// could be.
type memberAnswer struct {
	found string
	err   error
}

// maxStateReads bounds the git processes one call starts to read the
// worktree's state: a command of a thousand deletes or checkouts would
// otherwise start a thousand. Past it a question is unanswered, and the
// rules decide by the command's words.
const maxStateReads = 8

// newWorktree returns a worktree reader that stops at ctx's end, and
// after maxStateReads reads. A question asked again in the call counts
// as a read but gets the answer git gave without starting git again (the
// state is read before the command runs): `git checkout main` ×6,000
// started 31 git processes for two questions. Whether a repository's
// configuration makes git status run a program is asked once a folder
// too (31 `find -name xN -exec rm -f {} +` started 62 git processes).
func newWorktree(ctx context.Context) *worktree {
	return &worktree{ctx: ctx}
}

// A gitAnswer is what git gave for one question (worktree.asked).
type gitAnswer struct {
	out []byte
	err error
}

// run runs git with its arguments in dir: t.git when set, else the real
// git, at most maxStateReads times, a question asked again answered from
// t.asked.
func (t *worktree) run(ctx context.Context, dir string, args ...string) ([]byte, error) {
	if t.git != nil {
		return t.git(ctx, dir, args...)
	}
	if t.reads++; t.reads > maxStateReads {
		return nil, errTooManyReads
	}
	k := dir + "\x00" + strings.Join(args, "\x00")
	if a, ok := t.asked[k]; ok {
		return a.out, a.err
	}
	if t.asked == nil {
		t.asked = map[string]gitAnswer{}
	}
	out, err, ok := t.taken(k)
	if !ok {
		out, err = runGit(ctx, dir, t.unsafeRepo, args...)
	}
	t.asked[k] = gitAnswer{out, err}
	return out, err
}

// unsafeRepo is footing.UnsafeRepo, asked once a folder.
func (t *worktree) unsafeRepo(ctx context.Context, dir string) string {
	why, ok := t.unsafe[dir]
	if !ok {
		why = footing.UnsafeRepo(ctx, dir)
		if t.unsafe == nil {
			t.unsafe = map[string]string{}
		}
		t.unsafe[dir] = why
	}
	return why
}

// worktreeFor is the worktree reader of a call judged with cfg: one that
// reads nothing (every question unanswered, so that the rules decide by
// the command's words) when cfg says the guard is away from the worktree.
func worktreeFor(ctx context.Context, cfg *Config) *worktree {
	w := newWorktree(ctx)
	if cfg != nil && cfg.Away {
		w.git = func(context.Context, string, ...string) ([]byte, error) {
			// Made here, not in a package variable: a hook process does
			// no work at start-up for a gateway's path.
			return nil, errors.New("the guard runs away from the worktree (a central gateway): its state is not read")
		}
	}
	return w
}

// runGit runs git in dir with a deadline of stateTimeout, with settings
// that keep the repository's own configuration from running programs
// (core.fsmonitor, which git status would start) and from taking locks,
// and returns at most maxStateOut bytes of its standard output;
// unsafeRepo is footing.UnsafeRepo, asked before git status.
func runGit(ctx context.Context, dir string, unsafeRepo func(context.Context, string) string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, stateTimeout)
	defer cancel()
	full := append([]string{"-C", dir, "-c", "core.fsmonitor=false", "-c", "core.untrackedCache=false",
		"-c", "core.quotePath=false", "--no-optional-locks"}, args...)
	if len(args) > 0 && args[0] == "status" {
		// git status runs the clean filter the repository configures on
		// files it compares: a program the model may have written there.
		if why := unsafeRepo(ctx, dir); why != "" {
			return nil, errors.New(why)
		}
	}
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = gitread.Env("LC_ALL=C")
	out := &capped{max: maxStateOut}
	cmd.Stdout = out
	cmd.WaitDelay = 100 * time.Millisecond
	err := cmd.Run()
	if out.over {
		return nil, errors.New("git printed more than " + strconv.Itoa(maxStateOut) + " bytes")
	}
	if err != nil {
		return out.b.Bytes(), err
	}
	return out.b.Bytes(), nil
}

// absentUnder reports whether the nearest directory that exists, up
// from dir, is reached without a symbolic link: a path missing there is
// not there.
func absentUnder(dir string) bool {
	for d := dir; d != "/"; d = path2dir(d) {
		if _, err := os.Lstat(filepath.FromSlash(d)); err == nil {
			real, err := filepath.EvalSymlinks(filepath.FromSlash(d))
			return err == nil && filepath.ToSlash(real) == d
		}
	}
	return false
}

// capped is a writer that keeps the first max bytes and notes more.
type capped struct {
	b    bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if c.b.Len()+len(p) > c.max {
		c.over = true
		return 0, errors.New("output past its bound")
	}
	return c.b.Write(p)
}

// top returns the top-level directory of the git worktree that holds
// dir, or "" when dir is in none or git cannot tell in time.
func (t *worktree) top(dir string) string {
	if t == nil || dir == "" || !isAbs(dir) {
		return ""
	}
	if v, ok := t.tops[dir]; ok {
		return v
	}
	if v := t.topAbove(dir); v != "" {
		t.tops[dir] = v
		return v
	}
	top := ""
	if t.git == nil {
		// The real git: asked as the hooks' folder is (githooks.Top), so
		// that a call that runs git's hooks asks once; not for a folder
		// that is not there (git -C fails on it too, and a process costs
		// some 7 ms).
		if fi, err := os.Stat(filepath.FromSlash(dir)); err == nil && fi.IsDir() && t.reads < maxStateReads {
			t.reads++
			top = cleanPath(filepath.ToSlash(githooks.Top(t.ctx, filepath.FromSlash(dir))))
		}
	} else if out, err := t.run(t.ctx, dir, "rev-parse", "--show-toplevel"); err == nil {
		top = cleanPath(filepath.ToSlash(strings.TrimRight(string(out), "\r\n")))
	}
	if t.tops == nil {
		t.tops = map[string]string{}
	}
	t.tops[dir] = top
	return top
}

// loss is what a recursive delete of a path would lose, as the worktree
// tells it.
type loss struct {
	// known reports that the state was read: the rest holds.
	known bool
	// tree reports that the path is a directory (not a file or a
	// symbolic link).
	tree bool
	// exists reports that something is at the path.
	exists bool
	// work counts the files git reports untracked (not ignored) or
	// changed inside the tree, first one of them; regenerable counts the
	// ignored entries.
	work        int
	first       string
	regenerable int
}

// lose reads what deleting the tree at abs (clean, absolute, inside top)
// would lose.
func (t *worktree) lose(top, abs string) loss {
	fi, err := os.Lstat(filepath.FromSlash(abs))
	if errors.Is(err, fs.ErrNotExist) {
		// Nothing there, when the nearest directory that exists is
		// reached without a symbolic link: asked once a folder a call.
		up := path2dir(abs)
		known, ok := t.absent[up]
		if !ok {
			known = absentUnder(up)
			if t.absent == nil {
				t.absent = map[string]bool{}
			}
			t.absent[up] = known
		}
		return loss{known: known}
	}
	if err != nil {
		return loss{}
	}
	// A symbolic link on the way would take git and rm elsewhere.
	if parent, err := filepath.EvalSymlinks(filepath.Dir(filepath.FromSlash(abs))); err != nil || filepath.ToSlash(parent) != path2dir(abs) {
		return loss{}
	}
	rel := within(top, abs)
	if rel == "" {
		return loss{}
	}
	l := t.status(top, ":(literal)"+rel)
	l.exists, l.tree = l.known, l.known && fi.IsDir()
	return l
}

// untracked reports whether git tracks no file at or under abs (inside
// the worktree at top); false when that cannot be read.
func (t *worktree) untracked(top, abs string) bool {
	rel := within(top, abs)
	if rel == "" {
		return false
	}
	out, err := t.run(t.ctx, top, "ls-files", "-z", "--", ":(literal)"+rel)
	return err == nil && len(out) == 0
}

// status reads git status for the paths pathspec matches in the worktree
// at top: the entries that are work (untracked and not ignored, changed,
// and an ignored .env file, whose secrets no build makes again) and the
// other ignored ones. A .env file inside a folder git ignores whole is
// not listed (git lists the folder): it is found by a walk (ignoredEnv).
//
// Submodules are not entered: git status would run a submodule's own
// git status, with the filters its configuration (.git/modules/NAME/config,
// which the model can write) names, and the check for filters reads the
// top repository's only. A pathspec that may reach a submodule listed in
// .gitmodules leaves the state unknown (the rule falls back to the
// command's words).
func (t *worktree) status(top, pathspec string) loss {
	if reachesSubmodule(top, pathspec) {
		return loss{}
	}
	if l, ok := t.batchStatus(top, pathspec); ok {
		return l
	}
	out, err := t.run(t.ctx, top, statusArgs(pathspec)...)
	if err != nil {
		return loss{}
	}
	l := loss{known: true}
	for _, e := range bytes.Split(out, []byte{0}) {
		if len(e) < 4 {
			continue
		}
		name := string(e[3:])
		if string(e[:2]) == "!!" && !IsEnvFile(strings.TrimSuffix(name, "/")) {
			f, ok := "", false
			if strings.HasSuffix(name, "/") {
				f, ok = t.ignoredEnv(top, envRoot(name, pathspec), pathspec)
			}
			if !ok {
				l.regenerable++
				continue
			}
			name = f
		}
		// Work, or an ignored .env file: nothing makes its secrets again.
		if l.work == 0 {
			l.first = name
		}
		l.work++
	}
	return l
}

// reachesSubmodule reports whether pathspec (":(literal)REL" or a
// ":(glob)" pattern) may reach a submodule of the worktree at top, as
// its .gitmodules lists them: a literal path above, at or under one, or
// any glob. A .gitmodules that cannot be read whole (over 64 KiB) counts
// as one that lists every path.
func reachesSubmodule(top, pathspec string) bool {
	text, err := readfile.Regular(filepath.Join(filepath.FromSlash(top), ".gitmodules"), 64<<10)
	switch {
	case readfile.Missing(err):
		return false
	case err != nil:
		return true // too long, or a FIFO in its place (never waited on)
	}
	rel, literal := strings.CutPrefix(pathspec, ":(literal)")
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || strings.TrimSpace(k) != "path" {
			continue
		}
		if !literal {
			return true
		}
		sub := strings.Trim(strings.TrimSpace(v), "/")
		if rel == "" || rel == "." || sub == rel || strings.HasPrefix(sub, rel+"/") || strings.HasPrefix(rel, sub+"/") {
			return true
		}
	}
	return false
}

// path2dir returns the directory of the clean absolute slash path p.
func path2dir(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return "/"
	}
	return p[:i]
}

// isRef reports whether word names a commit in the repository at dir
// (a branch, a tag, a commit), and isPath whether it names a file or
// directory there (in the worktree or the index); ok is false when the
// repository could not be asked.
func (t *worktree) refOrPath(dir, word string) (isRef, isPath, ok bool) {
	top := t.top(dir)
	if top == "" {
		return false, false, false
	}
	if isRef, isPath, ok, done := t.batchRefOrPath(dir, word); done {
		if _, err := os.Lstat(filepath.Join(filepath.FromSlash(dir), filepath.FromSlash(word))); err == nil {
			isPath = true
		} else if !errors.Is(err, fs.ErrNotExist) {
			return false, false, false
		}
		return isRef, isPath, ok
	}
	// git ls-files, asked when nothing is at the path, runs while git
	// rev-parse does (see early).
	_, lerr := os.Lstat(filepath.Join(filepath.FromSlash(dir), filepath.FromSlash(word)))
	ls := []string{"ls-files", "-z", "--", ":(literal)" + word}
	if errors.Is(lerr, fs.ErrNotExist) {
		t.early(dir, ls)
	}
	if _, err := t.run(t.ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", word+"^{commit}"); err == nil {
		isRef = true
	} else if !isExit(err) {
		return false, false, false
	}
	if lerr == nil {
		return isRef, true, true
	} else if !errors.Is(lerr, fs.ErrNotExist) {
		return false, false, false
	}
	out, err := t.run(t.ctx, dir, ls...)
	if err != nil {
		return false, false, false
	}
	return isRef, len(out) > 0, true
}

// isExit reports whether err is git's exit status (it ran and said no),
// rather than a failure to run it.
func isExit(err error) bool {
	var ee *exec.ExitError
	return errors.As(err, &ee) && ee.ExitCode() > 0
}
