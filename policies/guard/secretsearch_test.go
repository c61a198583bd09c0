package guard

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// A tree search's walk is made once a call for a folder (the second
// search reads the walk of the first, with its own pattern), and not at
// all by a guard away from the worktree, whose disk is not the
// project's; a folder of more names than one walk reads is not listed
// (the search passes, as it did before searches were walked).
func TestSearchWalk(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "app/.env", "API_KEY=secret\n")
	writeFile(t, dir, "app/main.go", "package main // TODO\n")
	big := filepath.Join(dir, "big")
	if err := os.MkdirAll(filepath.Join(big, "many"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range maxEnvWalk + 1 {
		if err := os.WriteFile(filepath.Join(big, "many", fmt.Sprint(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, big, "z/.env", "API_KEY=secret\n")
	for _, c := range []struct {
		cmd  string
		away bool
		deny string
	}{
		{cmd: "grep -rn TODO app"},
		{cmd: "grep -rn TODO app; grep -rn API_KEY app", deny: "app/.env"},
		{cmd: "grep -rn API_KEY app; grep -rn TODO app", deny: "app/.env"},
		{cmd: "grep -rn --exclude=.env API_KEY app; grep -rn API_KEY app", deny: "app/.env"},
		{cmd: "grep -rn API_KEY app; grep -rn --exclude=.env API_KEY app", deny: "app/.env"},
		{cmd: "grep -rn --exclude=.env API_KEY app; grep -rn --exclude=.env TODO app"},
		{cmd: "grep -rn API_KEY app", away: true},
		// Past the bound many is not listed: judged by the pattern.
		{cmd: "grep -rn API_KEY big", deny: "searches big, a tree of more entries"},
		{cmd: "grep -rn TODO big"},
		{cmd: "rg -n --hidden 'func main' big"},
		{cmd: "grep -rn password big", deny: "searches big"},
		{cmd: "grep -rn '' big", deny: "searches big"},
		{cmd: "grep -rnv TODO big", deny: "searches big"},
		{cmd: "grep -rn -f pats.txt big", deny: "searches big"},
		{cmd: "grep -rn -F BEGIN big", deny: "searches big"},
		{cmd: "grep -rl API_KEY big"}, // names only
		{cmd: "grep -rn API_KEY big", away: true},
		{cmd: "grep -rn API_KEY big/z", deny: "big/z/.env"},
	} {
		r := JudgeWith(context.Background(), &Config{Away: c.away}, dir, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd, Cwd: dir}})
		switch {
		case c.deny == "" && r.Decision == hooks.DecisionDeny:
			t.Errorf("%q (away %v): denied (%s), want it to pass", c.cmd, c.away, r.Reason)
		case c.deny != "" && (r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, c.deny)):
			t.Errorf("%q: %v %q, want a deny naming %s", c.cmd, r.Decision, r.Reason, c.deny)
		}
	}
}

// The walks of one call read at most maxSearchEntries entries in all:
// past that, a search is judged by its pattern, as past one walk's
// bound, however many folders the command names (each under one walk's
// bound).
func TestSearchWalkCallBudget(t *testing.T) {
	dir := t.TempDir()
	per := maxEnvWalk - 100
	n := maxSearchEntries/per + 1
	var all []string
	for d := range n {
		sub := filepath.Join(dir, fmt.Sprint("d", d))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range per {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprint(i)), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		all = append(all, fmt.Sprint("d", d))
	}
	writeFile(t, dir, "last/.env", "API_KEY=secret\n")
	judge := func(cmd string) hooks.Response {
		return JudgeWith(context.Background(), &Config{}, dir, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd, Cwd: dir}})
	}
	one := "grep -rn API_KEY " + strings.Join(all[:n-1], " ")
	if r := judge(one); r.Decision == hooks.DecisionDeny {
		t.Errorf("%d folders within the call's budget: denied (%s), want a pass", n-1, r.Reason)
	}
	if r := judge(one + " last"); r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "last/.env") {
		t.Errorf("the credential file in the last folder walked: %v %q, want a deny naming last/.env", r.Decision, r.Reason)
	}
	if r := judge(one + " " + all[n-1]); r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "a tree of more entries") {
		t.Errorf("%d folders, past the call's budget: %v %q, want a deny for a tree too big to check", n, r.Decision, r.Reason)
	}
	if r := judge(strings.ReplaceAll(one+" "+all[n-1], "API_KEY", "TODO")); r.Decision == hooks.DecisionDeny {
		t.Errorf("TODO past the call's budget: denied (%s), want a pass", r.Reason)
	}
}

// A glob over a folder of more names than the guard lists is denied by
// rule 7 (it may match a credential file) without the folder being read
// whole: the model can make a folder of a million names in one call,
// and filepath.Glob lists every name of it.
func TestGlobOverAHugeFolder(t *testing.T) {
	dir := t.TempDir()
	d := filepath.Join(dir, "d")
	if err := os.Mkdir(d, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range maxGlobNames + 1 {
		f, err := os.Create(filepath.Join(d, strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	for _, c := range []struct{ cmd, deny string }{
		{"cat d/*.txt", "more than 65536 names"},
		{"cat d/1 d/2", ""},
	} {
		r := Judge(context.Background(), dir, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd, Cwd: dir}})
		if got := r.Decision == hooks.DecisionDeny && strings.Contains(r.Reason, c.deny); got != (c.deny != "") || c.deny == "" && r.Decision == hooks.DecisionDeny {
			t.Errorf("%q: %v %q, want a deny naming %q", c.cmd, r.Decision, r.Reason, c.deny)
		}
	}
}

// TestExcludesAsBefore: excludes, which answers false at once when
// neither word is an option, gives what it gave before over every pair
// of a table of words: the options it knows, their = forms, look-alikes
// and plain words.
func TestExcludesAsBefore(t *testing.T) {
	before := func(prev, a string) bool {
		for _, o := range [...]string{"--exclude", "--exclude-dir", "--ignore", "--ignore-dir"} {
			if prev == o || len(a) > len(o) && a[len(o)] == '=' && strings.HasPrefix(a, o) {
				return true
			}
		}
		return (prev == "-g" || prev == "--glob" || prev == "--iglob") && strings.HasPrefix(a, "!") ||
			strings.HasPrefix(a, "--glob=!") || strings.HasPrefix(a, "--iglob=!")
	}
	words := []string{"", "-", "--", "!", "!.env", ".env", "-g", "--glob", "--iglob", "-glob", "g", "glob",
		"--glob=!.env", "--glob=.env", "--iglob=!x", "--iglob=", "--glob=", "!--glob=!x", "x--exclude=.env"}
	for _, o := range []string{"--exclude", "--exclude-dir", "--ignore", "--ignore-dir", "-exclude", "exclude"} {
		words = append(words, o, o+"=", o+"=.env", o+"x=.env", " "+o, o+" ", strings.ToUpper(o))
	}
	n := 0
	for _, prev := range words {
		for _, a := range words {
			if excludes(prev, a) != before(prev, a) {
				t.Errorf("excludes(%q, %q) = %v, before %v", prev, a, excludes(prev, a), before(prev, a))
			}
			if before(prev, a) {
				n++
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d pairs excluded: the table misses the options", n)
	}
}
