//go:build unix

package guard

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestScriptFileFIFO: a FIFO in a script file's place (which a process
// an earlier call started may feed) is denied at once, never waited on.
func TestScriptFileFIFO(t *testing.T) {
	root := scriptFileProject(t)
	if err := syscall.Mkfifo(filepath.Join(root, "s.sh"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Judge(t.Context(), root, &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: `bash s.sh`, Cwd: root}})
	if r.Decision != hooks.DecisionDeny || !strings.Contains(r.Reason, "rule 4") {
		t.Errorf("bash s.sh (a FIFO): %v %q, want rule 4", r.Decision, r.Reason)
	}
}
