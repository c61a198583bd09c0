//go:build unix

package readfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestFIFO: a FIFO in a file's place is refused at once; a read would
// wait for a writer forever.
func TestFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "names.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Regular(fifo, 64); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Regular(fifo) = %v, want ErrNotRegular", err)
	}
}

// TestScripts: Scripts reads each file once, relative to Dir; a FIFO
// is Unread and a file past MaxScript Long, a missing file and a folder
// neither.
func TestScripts(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("x.sh", "rm -rf src\n")
	write("big.sh", strings.Repeat("#", MaxScript+1))
	write("Makefile", strings.Repeat("#", MaxScript+1)) // a makefile is read to MaxData
	write("big.mk", strings.Repeat("#", MaxData+1))
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := &Scripts{Dir: dir}
	if s, ok := r.Read("x.sh"); !ok || s != "rm -rf src\n" {
		t.Errorf("Read(x.sh) = %q, %v", s, ok)
	}
	if s, ok := r.Read(filepath.Join(dir, "x.sh")); !ok || s != "rm -rf src\n" {
		t.Errorf("Read(/…/x.sh) = %q, %v", s, ok)
	}
	if s, ok := r.Read("Makefile"); !ok || len(s) != MaxScript+1 {
		t.Errorf("Read(Makefile) = %d bytes, %v", len(s), ok)
	}
	for _, p := range []string{"none.sh", "d", "big.sh", "big.mk", "fifo", "~/x.sh"} {
		if _, ok := r.Read(p); ok {
			t.Errorf("Read(%s) read it", p)
		}
	}
	if got := strings.Join(r.Unread, " "); got != "fifo" {
		t.Errorf("Unread = %q, want fifo", got)
	}
	if got := strings.Join(r.Long, " "); got != "big.sh big.mk" {
		t.Errorf("Long = %q, want big.sh big.mk", got)
	}
	r = &Scripts{Dir: dir}
	for i := range MaxScripts + 1 {
		r.Read(fmt.Sprintf("n%d.sh", i))
	}
	if len(r.Unread) != 1 {
		t.Errorf("Unread after %d names = %q, want the last", MaxScripts+1, r.Unread)
	}
}

// TestScriptsTotal: past MaxTotal bytes in all, a file is Long, however
// short on its own.
func TestScriptsTotal(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.mk", "b.mk", "c.mk"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Repeat("#", MaxTotal/2-10)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &Scripts{Dir: dir}
	for _, name := range []string{"a.mk", "b.mk", "c.mk"} {
		r.Read(name)
	}
	if got := strings.Join(r.Long, " "); got != "c.mk" {
		t.Errorf("Long = %q, want c.mk", got)
	}
}
