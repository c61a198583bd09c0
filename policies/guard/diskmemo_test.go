package guard

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestDiskReadOnce: a glob or a search's folder a command names again is
// read from the disk once a call (3,000 `cat many/*` or `grep -rl TODO
// many | xargs cat` of a folder of 2,000 files took 10 s and 5 s), and
// the reads of a call are bounded in all: past the bound a glob is taken
// to match a credential file, and a search's folder to hold one (the
// rules then deny).
func TestDiskReadOnce(t *testing.T) {
	root := t.TempDir()
	for i := range 50 {
		writeFile(t, root, "many/f"+strconv.Itoa(i)+".go", "x\n")
	}
	at := &place{root: root, dir: root, src: "cat many/*", wt: worktreeFor(context.Background(), nil)}
	glob := shell.Word{Value: "many/*", Dynamic: true}
	if f, ok := at.secretGlob(glob, nil); ok {
		t.Fatalf("many/* matches %s", f)
	}
	m := at.disk()
	read := m.globbed
	if read < 50 {
		t.Fatalf("%d names read for a glob of 50 files", read)
	}
	sub := *at // a place made from at shares its reads
	for range 10 {
		sub.secretGlob(glob, nil)
	}
	if m.globbed != read {
		t.Errorf("%d names read after the glob again, %d the first time", m.globbed, read)
	}
	m.globbed = maxGlobTotal - 10
	if f, ok := at.secretGlob(shell.Word{Value: "many/f1*", Dynamic: true}, nil); !ok || !strings.Contains(f, "past the") {
		t.Errorf("a glob past the call's bound: %q %v, want one taken to match", f, ok)
	}

	search := shell.MakeWord("many/(output of grep matching basic \"TODO\")", true, "many/", "")
	if !at.noCredentialUnder(search, nil) {
		t.Fatal("many holds no credential file, and noCredentialUnder says it may")
	}
	walked := m.walked
	for range 10 {
		sub.noCredentialUnder(search, nil)
	}
	if walked == 0 || m.walked != walked {
		t.Errorf("%d entries walked after the search again, %d the first time", m.walked, walked)
	}
	m.walked = maxWalkTotal
	other := shell.MakeWord("many/(output of grep matching basic \"T2\")", true, "many/", "")
	if at.noCredentialUnder(other, nil) {
		t.Error("a search's folder past the call's bound is taken to hold no credential file")
	}
}

// TestDeepDirsOnce: the folders of a script's listings are taken once
// each, and once a folder where ls runs without one (3,000 `ls -R many |
// xargs grep -r KEY` read 3,000 listings for each search).
func TestDeepDirsOnce(t *testing.T) {
	var l listings
	for range 3000 {
		l.all = append(l.all, listing{dir: shell.Static("many")}, listing{})
	}
	dirs, key := l.deepDirs("sub")
	if len(dirs) != 2 || dirs[0].Value != "many" || dirs[1].Value != "sub" || key != "many\x00sub\x00" {
		t.Fatalf("deepDirs: %v %q, want many and sub", dirs, key)
	}
	if again, _ := l.deepDirs("sub"); &again[0] != &dirs[0] {
		t.Error("deepDirs made its folders again for the same place")
	}
	if m := (&diskMemo{}); !m.dotsIn("shopt -s dotglob; cat *") || m.dotsIn("cat *") || !m.dotsIn("GLOBIGNORE=x; cat *") {
		t.Error("dotsIn does not answer for the text it is given")
	}
}
