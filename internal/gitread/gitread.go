// Package gitread runs the git processes a hook starts to read a
// repository's state (the footing's reads and the guard's). The hook
// runs outside the host's sandbox, and the model may have written the
// repository's configuration: such a read must neither write the
// repository nor run a program that configuration names.
package gitread

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Env returns the hook's environment, then extra, then what keeps git
// from taking optional locks (GIT_OPTIONAL_LOCKS=0), from prompting
// (GIT_TERMINAL_PROMPT=0), and from fetching: a partial clone fetches
// an object it lacks from its promisor remote, which runs the
// remote.NAME.uploadpack command (or ssh, or an ext:: transport) the
// repository names. GIT_ALLOW_PROTOCOL naming no protocol forbids every
// transport, above the repository's protocol.*.allow, and
// GIT_NO_LAZY_FETCH turns the lazy fetch off.
func Env(extra ...string) []string {
	env := append(os.Environ(), extra...)
	return append(env, "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "GIT_ALLOW_PROTOCOL=none", "GIT_NO_LAZY_FETCH=1")
}

// MaxOut bounds what one read prints.
const MaxOut = 1 << 20

// CatFile asks git cat-file --batch-check in dir, until ctx is done,
// for the object each line names (a revision, REV^{tree}, REV:path),
// and returns its full name for each line, "" when git has none (or
// finds the name ambiguous). A line must hold no line break.
func CatFile(ctx context.Context, dir string, lines []string) ([]string, error) {
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "-c", "core.fsmonitor=false", "--no-optional-locks",
		"cat-file", "--batch-check=%(objectname)")
	cmd.Env = Env("LC_ALL=C")
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var out bytes.Buffer
	cmd.Stdout = &capped{b: &out}
	cmd.WaitDelay = 100 * time.Millisecond
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(lines) {
		return nil, errors.New("git cat-file answered " + strconv.Itoa(len(got)) + " lines for " + strconv.Itoa(len(lines)))
	}
	for i, g := range got {
		switch {
		case g == lines[i]+" missing" || g == lines[i]+" ambiguous":
			got[i] = ""
		case !IsObjectName(g):
			return nil, errors.New("git cat-file answered " + g)
		}
	}
	return got, nil
}

// IsObjectName reports whether s is a full object name (SHA-1 or
// SHA-256, lower-case hex).
func IsObjectName(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// capped is a writer that fails past MaxOut bytes.
type capped struct{ b *bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	if c.b.Len()+len(p) > MaxOut {
		return 0, errors.New("git printed more than " + strconv.Itoa(MaxOut) + " bytes")
	}
	return c.b.Write(p)
}
