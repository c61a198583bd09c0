package install

import (
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/install/internal/shellwords"
)

// programOf returns the program a host's Windows shell runs for cmd, as
// that shell tokenises its first word, or "" when the shell would reject
// or change it: cmd.exe (Cursor) ends an unquoted name at "/" and
// expands %VAR% even in quotes; PowerShell needs "& '...'" for a quoted
// path (doubling ' and the typographic single quotes, which also end
// the string) and reads a bare word only without its special
// characters; Git Bash (Claude Code) is a POSIX shell.
func programOf(h hooks.Host, cmd string) string {
	switch h {
	case "cursor":
		if strings.Contains(cmd, "%") {
			return ""
		}
		if rest, ok := strings.CutPrefix(cmd, `"`); ok {
			i := strings.IndexByte(rest, '"')
			if i < 0 {
				return ""
			}
			return rest[:i]
		}
		return strings.FieldsFunc(cmd, func(r rune) bool { return r == ' ' || r == '/' })[0]
	case "claude":
		words, ok := shellwords.Split(cmd)
		if !ok {
			return ""
		}
		return words[0]
	}
	if rest, ok := strings.CutPrefix(cmd, "& '"); ok {
		var b strings.Builder
		rs := []rune(rest)
		for i := 0; i < len(rs); i++ {
			if strings.ContainsRune("'\u2018\u2019\u201a\u201b", rs[i]) {
				if i+1 < len(rs) && strings.ContainsRune("'\u2018\u2019\u201a\u201b", rs[i+1]) {
					b.WriteRune(rs[i])
					i++
					continue
				}
				return b.String()
			}
			b.WriteRune(rs[i])
		}
		return ""
	}
	word, _, _ := strings.Cut(cmd, " ")
	if strings.ContainsAny(word, "'\"`$&;(){}@,|<>#\u2018\u2019\u201a\u201b") {
		return ""
	}
	return word
}

// The commands install writes for a Windows binary run that binary
// under each host's Windows shell: spaces, backslashes, quotes,
// typographic quotes, shell characters, UNC paths, .exe.
func TestWindowsCommands(t *testing.T) {
	paths := []string{
		`C:\tools\guard.exe`,
		`C:\Program Files\Hook Tools\guard.exe`,
		`C:\Users\O'Brien\bin\guard.exe`,
		`C:\Users\José\it’s mine\guard.exe`,
		`D:\a&b\(x)\guard.exe`,
		`C:\a;b\$HOME\back` + "`" + `tick\guard.exe`,
		`C:\a,b@c\guard.exe`,
		`\\server\share\hooks\guard.exe`,
	}
	for _, p := range paths {
		for _, h := range Hosts() {
			cmd := Command(p, h, true, 30*time.Second)
			got := programOf(h, cmd)
			if !shellwords.SamePath(got, p) {
				t.Errorf("%s: %s runs %q, not %q", h, cmd, got, p)
			}
			if !strings.HasSuffix(cmd, " --host "+string(testHost(h).hostArg())+" --fail-closed --timeout 30s") {
				t.Errorf("%s: %s", h, cmd)
			}
			if !ownCommand(cmd, p, testHost(h)) {
				t.Errorf("%s: %s is not recognised as ours", h, cmd)
			}
		}
	}
	// cmd.exe expands %NAME% even in quotes: refused for Cursor.
	cur, _ := lookupHost(builtin.Adapters(), "cursor")
	if _, err := cur.want(reg{native: "stop", limit: time.Second}, `C:\100%\guard.exe`, false, gatewayOpts{}); err == nil || !strings.Contains(err.Error(), "cmd.exe") {
		t.Errorf("a %% path for Cursor: %v", err)
	}
	// Entries an earlier version wrote (unquoted, forward slashes) stay
	// ours, so install updates them in place.
	if !ownCommand("C:/tools/guard.exe --host cursor --timeout 30s", `C:\tools\guard.exe`, testHost("cursor")) {
		t.Error("the earlier Cursor form is not recognised")
	}
}
