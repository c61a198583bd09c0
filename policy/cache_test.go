package policy

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// TestCacheReload: a changed file is read again; a broken change keeps
// the last good version and says so once; a file never good fails; a
// removed file is no file.
func TestCacheReload(t *testing.T) {
	p := filepath.Join(t.TempDir(), "policy.toml")
	var stderr bytes.Buffer
	c := &Cache{Stderr: &stderr}
	paths := [3]string{p, "", ""}
	write := func(src string, age time.Duration) {
		t.Helper()
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		// A distinct modification time for each version.
		mt := time.Now().Add(-age)
		os.Chtimes(p, mt, mt)
	}
	decision := func(cmd string) hooks.Decision {
		t.Helper()
		s, err := c.LoadFiles(paths)
		if err != nil {
			t.Fatal(err)
		}
		return s.Eval(context.Background(), shellEvent(cmd)).Decision
	}

	if s, err := c.LoadFiles(paths); s != nil || err != nil {
		t.Fatalf("no file: %v, %v", s, err)
	}
	write("version = 1\n[[rule]]\nname = \"broken\"\ncommand = \"npm publish\"\n", 50*time.Second)
	if _, err := c.LoadFiles(paths); err == nil || !strings.Contains(err.Error(), p+":2") {
		t.Fatalf("never-good broken file: %v", err)
	}
	write(npmDeny, 40*time.Second)
	if d := decision("npm publish"); d != hooks.DecisionDeny {
		t.Fatalf("good file: %v", d)
	}
	write(npmDeny+"[[rule]]\nname = \"curl\"\ncommand = \"curl\"\ndecision = \"deny\"\nreason = \"r\"\n", 30*time.Second)
	if d := decision("curl x"); d != hooks.DecisionDeny {
		t.Fatalf("changed file not reloaded: %v", d)
	}
	write("version = 1\n[[rule]]\nname = \"x\"\ncomand = \"rm\"\n", 20*time.Second)
	for range 3 {
		if d := decision("curl x"); d != hooks.DecisionDeny {
			t.Fatalf("broken change did not keep the last good version: %v", d)
		}
	}
	if n := strings.Count(stderr.String(), "\n"); n != 1 || !strings.Contains(stderr.String(), p+":4: rule.comand: unknown key; keeping the version read at") {
		t.Errorf("stderr = %q", stderr.String())
	}
	os.Remove(p)
	if s, err := c.LoadFiles(paths); s != nil || err != nil {
		t.Fatalf("removed file: %v, %v", s, err)
	}
}

// TestCacheConcurrent: requests evaluated while the file changes all get
// a usable set (run with -race).
func TestCacheConcurrent(t *testing.T) {
	p := filepath.Join(t.TempDir(), "policy.toml")
	os.WriteFile(p, []byte(npmDeny), 0o644)
	c := &Cache{}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				s, err := c.LoadFiles([3]string{"", "", p})
				if err != nil || s.Eval(context.Background(), shellEvent("npm publish")).Decision != hooks.DecisionDeny {
					t.Errorf("goroutine %d: %v, %v", i, s, err)
					return
				}
			}
		}()
	}
	for i := range 20 {
		src := npmDeny
		if i%2 == 1 {
			src += "[[rule]]\nname = \"n" + string(rune('a'+i)) + "\"\ncommand = \"ls\"\ndecision = \"context\"\nreason = \"r\"\n"
		}
		tmp := p + ".tmp"
		os.WriteFile(tmp, []byte(src), 0o644)
		os.Rename(tmp, p) // an atomic replace, as an editor or a config manager does
	}
	wg.Wait()
}
