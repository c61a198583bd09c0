//go:build darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd

package hooklog

import (
	"bytes"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// What a model's tool call can put at the log's path (issue 35, measured
// under bash: `rm LOG && mkfifo LOG` made every later hook hang in its
// log write until the host killed it, which fails open; a link at LOG to
// ~/.bashrc got a denied command appended, which ran when it was
// sourced). Each is refused with an error and nothing written; none
// makes a write wait.

// writeSoon is l.Write with a hang detector: a write that has not
// returned in 10 s (the hosts' shortest timeouts are about that) fails
// the test instead of hanging it.
func writeSoon(t *testing.T, l *Log) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- l.Write(sampleLine(1, 1)) }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("the log write blocks")
		return nil
	}
}

func TestLogRefusesWhatIsNotItsFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "bashrc")
	const profile = "export PATH=$HOME/bin:$PATH\n"
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, path string)
		want  string
	}{
		{"FIFO with no reader", func(t *testing.T, path string) { mkfifo(t, path) }, "not a regular file"},
		{"FIFO with a reader that never reads", func(t *testing.T, path string) {
			mkfifo(t, path)
			r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
		}, "a FIFO"},
		{"symbolic link to a profile", func(t *testing.T, path string) { symlink(t, target, path) }, "symbolic link"},
		{"symbolic link to a missing file", func(t *testing.T, path string) {
			symlink(t, filepath.Join(dir, "created-by-the-log"), path)
		}, "symbolic link"},
		{"hard link to a profile", func(t *testing.T, path string) {
			if err := os.Link(target, path); err != nil {
				t.Fatal(err)
			}
		}, "hard link"},
		{"directory", func(t *testing.T, path string) { os.Mkdir(path, 0o700) }, "directory"},
		{"socket", func(t *testing.T, path string) {
			ln, err := net.Listen("unix", path)
			if err != nil {
				t.Skip("no unix socket here:", err)
			}
			t.Cleanup(func() { ln.Close() })
		}, "not a regular file"},
		{"device", func(t *testing.T, path string) { symlink(t, "/dev/null", path) }, "symbolic link"},
		{"directory that is a link to the profile's", func(t *testing.T, path string) {
			os.Remove(filepath.Dir(path))
			symlink(t, dir, filepath.Dir(path))
		}, "is a symbolic link its user could have made"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(target, []byte(profile), 0o600); err != nil {
				t.Fatal(err)
			}
			sub := filepath.Join(t.TempDir(), "decisions")
			os.Mkdir(sub, 0o700)
			path := filepath.Join(sub, "guard.jsonl")
			if tc.name == "directory that is a link to the profile's" {
				path = filepath.Join(sub, "bashrc")
			}
			tc.setup(t, path)
			var stderr bytes.Buffer
			l := Open(path, &stderr)
			err := writeSoon(t, l)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Write: %v; want an error saying %q", err, tc.want)
			}
			for range 2 {
				l.Observe(hooks.Record{Time: time.Now(), Host: "claude", Sent: "deny", Command: "$(touch PWNED)"})
			}
			if n := strings.Count(stderr.String(), "\n"); n != 1 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("stderr %q: want one line saying %q", stderr.String(), tc.want)
			}
			if b, _ := os.ReadFile(target); string(b) != profile {
				t.Errorf("the profile the link names became %q", b)
			}
			if _, err := os.Stat(filepath.Join(dir, "created-by-the-log")); err == nil {
				t.Error("the log created the file a dangling link names")
			}
		})
	}
}

// Look-alikes: a plain log file is written, in a directory it creates, and
// a directory that is another user's link (root's /var/run, when the test
// runs as another user; /tmp on macOS is one) is followed.
func TestLogWritesItsOwnFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "guard.jsonl")
	l := Open(path, io.Discard)
	for range 2 {
		if err := writeSoon(t, l); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(path); bytes.Count(b, []byte("\n")) != 2 {
		t.Errorf("log %q: want two lines", b)
	}
	// A directory link of the hook's own user is refused; another user's
	// is followed (made here by root's Lchown, or found as /var/run).
	dir := t.TempDir()
	link := filepath.Join(dir, "linked")
	symlink(t, t.TempDir(), link)
	if err := checkDir(link); err == nil {
		t.Error("a link of the hook's own user is followed")
	}
	if os.Geteuid() == 0 {
		if err := os.Lchown(link, 12345, 12345); err != nil {
			t.Fatal(err)
		}
		if err := checkDir(link); err != nil {
			t.Errorf("another user's link: %v", err)
		}
		if err := writeSoon(t, Open(filepath.Join(link, "guard.jsonl"), io.Discard)); err != nil {
			t.Errorf("a log under another user's link: %v", err)
		}
	} else if fi, err := os.Lstat("/var/run"); err == nil && fi.Mode()&os.ModeSymlink != 0 && int(fi.Sys().(*syscall.Stat_t).Uid) != os.Geteuid() {
		if err := checkDir("/var/run"); err != nil {
			t.Errorf("another user's link /var/run: %v", err)
		}
	}
}

// A log over its rotation size whose lock another process holds without
// end (measured: `flock LOG.lock sleep 999 &` stalled every hook) is
// written without rotating, within lockWait, and the line is whole.
func TestLogLockHeldElsewhere(t *testing.T) {
	path := filepath.Join(t.TempDir(), "guard.jsonl")
	if err := os.WriteFile(path, bytes.Repeat([]byte("{}\n"), 2000), 0o600); err != nil {
		t.Fatal(err)
	}
	holder := exec.Command(os.Args[0], "-test.run=^$")
	holder.Env = append(os.Environ(), "HOOKLOG_HOLD="+path+".lock")
	in, err := holder.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); holder.Wait() }()
	if _, err := io.ReadFull(out, make([]byte, 6)); err != nil { // "locked"
		t.Fatal("the lock holder did not start:", err)
	}
	l := &Log{Path: path, MaxSize: 1000, Stderr: io.Discard}
	for range 3 {
		if err := writeSoon(t, l); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(path + ".1"); err == nil {
		t.Error("rotated without the lock")
	}
	b, _ := os.ReadFile(path)
	if got := bytes.Count(b, []byte("\n")); got != 2003 {
		t.Errorf("%d lines; want the 2000 there and the 3 written", got)
	}
}

// The lock file itself in the attacker's hands: a FIFO or a link there
// neither blocks a rotation nor is followed; the line is written.
func TestLogLockNotAFile(t *testing.T) {
	for _, name := range []string{"fifo", "link"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "guard.jsonl")
			os.WriteFile(path, bytes.Repeat([]byte("{}\n"), 2000), 0o600)
			target := filepath.Join(dir, "target")
			if name == "fifo" {
				mkfifo(t, path+".lock")
			} else {
				symlink(t, target, path+".lock")
			}
			l := &Log{Path: path, MaxSize: 1000, Stderr: io.Discard}
			if err := writeSoon(t, l); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Lstat(target); err == nil {
				t.Error("the lock followed the link")
			}
		})
	}
}

// holdLock is the lock holder of TestLogLockHeldElsewhere: it takes the
// flock on path, says "locked" and holds it until stdin ends.
func holdLock(path string) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err == nil {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
	}
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	os.Stdout.WriteString("locked")
	io.Copy(io.Discard, os.Stdin)
	os.Exit(0)
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, path string) {
	t.Helper()
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

// report on a log that is a FIFO says so at once instead of waiting for a
// writer.
func TestReportFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "guard.jsonl")
	mkfifo(t, path)
	done := make(chan int, 1)
	var stderr bytes.Buffer
	go func() { done <- Main([]string{"--log", path}, "", time.Now(), io.Discard, &stderr) }()
	select {
	case code := <-done:
		if code != 1 || !strings.Contains(stderr.String(), "a FIFO") {
			t.Errorf("exit %d, stderr %q; want 1 and the FIFO named", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("report waits on a FIFO")
	}
}
