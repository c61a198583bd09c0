package install

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/install/internal/shellwords"
)

func TestCommand(t *testing.T) {
	for _, tc := range []struct {
		bin  string
		host hooks.Host
		fc   bool
		lim  time.Duration
		want string
	}{
		{"/usr/local/bin/guard", "claude", false, 30 * time.Second, "/usr/local/bin/guard --host claude --timeout 30s"},
		{"/home/dev/my tools/guard", "codex", true, 3 * time.Second, "'/home/dev/my tools/guard' --host codex --fail-closed --timeout 3s"},
		{"/home/dev/bin/it's", "gemini", false, 1500 * time.Millisecond, `'/home/dev/bin/it'\''s' --host gemini --timeout 1.5s`},
		{"/opt/a$b;c|d", "cursor", false, 0, "'/opt/a$b;c|d' --host cursor"},
		{`C:\Program Files\Guard\guard.exe`, "claude", false, time.Second, `'C:\Program Files\Guard\guard.exe' --host claude --timeout 1s`},
		{`C:\Program Files\Guard\guard.exe`, "cursor", false, time.Second, `"C:\Program Files\Guard\guard.exe" --host cursor --timeout 1s`},
		{`C:\Users\O'Neil\guard.exe`, "gemini", false, time.Second, `& 'C:\Users\O''Neil\guard.exe' --host gemini --timeout 1s`},
		{`\\server\share\guard.exe`, "codex", false, time.Second, `& '\\server\share\guard.exe' --host codex --timeout 1s`},
		{`C:\Users\dev\bin\guard.exe`, "claude", false, time.Second, `C:/Users/dev/bin/guard.exe --host claude --timeout 1s`},
		{`D:\tools\guard.exe`, "gemini", false, time.Second, `D:/tools/guard.exe --host gemini --timeout 1s`},
		{`D:\a,b\guard.exe`, "gemini", false, time.Second, `& 'D:\a,b\guard.exe' --host gemini --timeout 1s`},
	} {
		got := Command(tc.bin, tc.host, tc.fc, tc.lim)
		if got != tc.want {
			t.Errorf("Command(%q, %s) = %s, want %s", tc.bin, tc.host, got, tc.want)
		}
		words, ok := shellwords.Split(got)
		if !ok || !shellwords.SamePath(words[0], tc.bin) || hostArg(words[1:]) != tc.host {
			t.Errorf("shellwords.Split(%s) = %q, %v", got, words, ok)
		}
		if !ownCommand(got, tc.bin, testHost(tc.host)) || ownCommand(got, tc.bin+"x", testHost(tc.host)) || ownCommand(got, tc.bin, testHost("other")) ||
			ownCommand(got+" && logger ran", tc.bin, testHost(tc.host)) || ownCommand(got+" ", tc.bin, testHost(tc.host)) {
			t.Errorf("ownCommand(%s) is wrong", got)
		}
		if !callsBinary(got, tc.bin, testHost(tc.host)) || !callsBinary(got+" && logger ran", tc.bin, testHost(tc.host)) {
			t.Errorf("callsBinary(%s) is wrong", got)
		}
	}
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string][]string{
		`a b  c`:                          {"a", "b", "c"},
		`'x y' "a\"b" c\ d`:               {"x y", `a"b`, "c d"},
		`"C:\Program Files\g.exe" --host`: {`C:\Program Files\g.exe`, "--host"},
		`& 'C:\a ''b''\g.exe' --host x`:   {`C:\a 'b'\g.exe`, "--host", "x"},
		`x --host=claude`:                 {"x", "--host=claude"},
	} {
		got, ok := shellwords.Split(in)
		if !ok || !slices.Equal(got, want) {
			t.Errorf("shellwords.Split(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{`'open`, `"open`, `& 'open`} {
		if _, ok := shellwords.Split(in); ok {
			t.Errorf("shellwords.Split(%q) accepted an unterminated quote", in)
		}
	}
	if hostArg([]string{"--timeout", "3s", "--host=gemini"}) != "gemini" || hostArg([]string{"--host"}) != "" {
		t.Error("hostArg")
	}
	if !shellwords.SamePath(`C:\Tools\G.EXE`, `c:/tools/g.exe`) || shellwords.SamePath("/a/b", "/a/c") || !shellwords.SamePath("/a/./b", "/a/b") {
		t.Error("shellwords.SamePath")
	}
}

// testHost is the built-in host name, or a host with no facts when there
// is none.
func testHost(name hooks.Host) *host {
	if h, err := lookupHost(builtin.Adapters(), name); err == nil {
		return h
	}
	return &host{name: name}
}

// TestOwnCommandArgs: a command with the program's own arguments after
// "--" is ours when install would write exactly it, whatever the
// arguments, so that uninstall and doctor find it without them; anything
// else in that place is the user's.
func TestOwnCommandArgs(t *testing.T) {
	h := testHost("claude")
	const bin = "/home/dev/bin/guard"
	for _, args := range [][]string{{"--policy", "strict"}, {"a;b", "two words", "it's"}, {"--"}, {"--log", "x -- y"}} {
		cmd := bridgeCommand(bin, h, true, 10*time.Second, gatewayOpts{args: args, log: "/home/dev/a -- b.log"})
		if !ownCommand(cmd, bin, h) {
			t.Errorf("ownCommand(%s) = false", cmd)
		}
		noDash := bridgeCommand(bin, h, true, 10*time.Second, gatewayOpts{log: "/home/dev/a -- b.log"}) +
			strings.TrimPrefix(cmd[strings.LastIndex(cmd, " -- "):], " --")
		if ownCommand(cmd+" && logger ran", bin, h) || ownCommand(noDash, bin, h) {
			t.Errorf("ownCommand of a changed %s = true", cmd)
		}
	}
	for _, cmd := range []string{bin + " --host claude --", bin + " --host claude -- 'unterminated", bin + " --host claude -- a b'c"} {
		if ownCommand(cmd, bin, h) {
			t.Errorf("ownCommand(%s) = true", cmd)
		}
	}
}

// auggieSplit splits cmd as Auggie 0.36.0 does when the command holds
// no shell metacharacter (augment.mjs: /"([^"]*(?:\\.[^"]*)*)"|'([^']*(?:\\.[^']*)*)'|(\S+)/g,
// each match's first group that matched).
func auggieSplit(cmd string) []string {
	re := regexp.MustCompile(`"([^"]*(?:\\.[^"]*)*)"|'([^']*(?:\\.[^']*)*)'|(\S+)`)
	var out []string
	for _, m := range re.FindAllStringSubmatchIndex(cmd, -1) {
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 {
				out = append(out, cmd[m[2*g]:m[2*g+1]])
				break
			}
		}
	}
	return out
}

// TestCommandAuggie: the command install writes for Auggie names the
// binary the same way for Auggie's own split (no shell: no
// metacharacter in it) and for a POSIX shell. Measured before: a path
// holding ' was written '…'\”…', which Auggie cut at the quote: its
// spawn failed, and no hook ran.
func TestCommandAuggie(t *testing.T) {
	for _, bin := range []string{"/usr/local/bin/guard", "/home/dev/my tools/guard", "/home/dev/bin/it's", "/home/dev/it's a dir/guard"} {
		got := Command(bin, "auggie", false, time.Second)
		words := auggieSplit(got)
		if len(words) < 3 || words[0] != bin || words[1] != "--host" || words[2] != "auggie" {
			t.Errorf("Command(%q, auggie) = %s: Auggie runs %q", bin, got, words)
		}
		if sh, ok := shellwords.Split(got); !ok || sh[0] != bin {
			t.Errorf("Command(%q, auggie) = %s: a POSIX shell runs %q", bin, got, sh)
		}
	}
	if got := Command("/home/dev/bin/it's", "claude", false, 0); got != `'/home/dev/bin/it'\''s' --host claude` {
		t.Errorf("claude: %s", got)
	}
}
