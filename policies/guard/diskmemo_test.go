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
