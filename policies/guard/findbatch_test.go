package guard

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// findNames are -name patterns of finds over batchProject: ones that
// match only ignored files, ones that match work (an untracked or
// changed file, an ignored .env), folders, and ones that match nothing.
var findNames = []string{
	"*.pyc", "out.o", "x1", "nope*", "__pycache__", "node_modules", "build", "new.txt", ".env", "index.js", "*.md",
	"cache", "b", "c", "src", "mixed", "*", "[a-c]*", "d?ep", "NEW.TXT", "Mixed",
}

// A find that deletes by name is judged by rule 1 the same when git
// status is read once for all the command's finds as when each of its
// pathspecs is read alone: the same verdict and reason, whichever finds
// share the batch (or none, past the call's reads: rule 1 then falls
// back to the words).
func TestFindBatchAgreesWithAlone(t *testing.T) {
	withPatientGit(t)
	root := batchProject(t)
	finds := func(names []string) []string {
		var cmds []string
		for i, n := range names {
			start := "."
			if i%3 == 1 {
				start = "packages"
			}
			cmds = append(cmds, "find "+start+" -name '"+n+"' -exec rm -rf {} +")
		}
		return cmds
	}
	type verdict struct {
		reason        string
		deny, decided bool
	}
	judge := func(wt *worktree, cmd string) verdict {
		s := parse(t, cmd)
		f := s.Commands[0]
		at := &place{root: root, dir: root, wt: wt}
		r, deny, decided := at.findDeletes(f, true)
		return verdict{r, deny, decided}
	}
	clean := []string{"*.pyc", "out.o", "x1", "nope*", "__pycache__", "node_modules"}
	n := len(findNames)
	for _, group := range [][]string{findNames, reversed(findNames), findNames[:n/2], findNames[n/2:], clean} {
		cmds := finds(group)
		s := parse(t, strings.Join(cmds, "; "))
		wt := newWorktree(context.Background())
		wt.begin(s, root)
		i := 0
		for _, c := range s.Commands {
			if c.Name != "find" {
				continue
			}
			want := judge(newWorktree(context.Background()), cmds[i])
			at := &place{root: root, dir: root, wt: wt}
			r, deny, decided := at.findDeletes(c, true)
			// Past the call's reads a find is undecided (rule 1 falls back
			// to the words and denies); else the same as alone.
			if got := (verdict{r, deny, decided}); got != want && (decided || wt.reads <= maxStateReads) {
				t.Errorf("%s (of %d finds): batch %+v, alone %+v", cmds[i], len(cmds), got, want)
			}
			if c := strings.Join(group, ","); c == strings.Join(clean, ",") && !decided {
				t.Errorf("%s: undecided among finds of no work", cmds[i])
			}
			i++
		}
	}
}

// Finds whose names match no work in the worktree are judged on one git
// status for all of them, and pass: 60 started a process for each
// pathspec, ran out of reads at the fourth find and denied on the words.
func TestManyFindDeletesReadOnce(t *testing.T) {
	root := batchProject(t)
	var cmds []string
	for i := range 60 {
		cmds = append(cmds, "find . -name x"+strconv.Itoa(i)+" -exec rm -rf {} +")
	}
	cmds = append(cmds, "find . -name '*.pyc' -delete")
	wt := newWorktree(context.Background())
	at := &place{root: root, dir: root, wt: wt}
	if r, deny := judgeShellAt(t, strings.Join(cmds, "; "), at); deny {
		t.Fatalf("denied: %s", r)
	}
	if reads := countReads(wt); reads > 3 {
		t.Errorf("%d git processes", reads)
	}
	// One of them matches an untracked file: the batch says whose it is
	// not, and that one is asked alone and denied for it.
	cmds = append(cmds[:2:2], "find . -name new.txt -exec rm -rf {} +")
	r, deny := judgeShellAt(t, strings.Join(cmds, "; "), &place{root: root, dir: root, wt: newWorktree(context.Background())})
	if !deny || !strings.Contains(r, "new.txt") {
		t.Errorf("find of an untracked file among others: %v %q", deny, r)
	}
}
