package hookmain

import (
	"io"
	"os"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hooklog"
	"github.com/agenthooks/hooks/install"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// withLog adds the decision log of --log to h's OnResult (after the
// program's own observer, if any). A log that cannot be opened or written
// is said once on stderr and changes no answer. The sample events doctor
// runs the hook on (with [install.DoctorEnv] set) are not logged: the
// log and its report are of what the hosts sent.
func withLog(h *hooks.Handlers, a hookcli.Args, stderr io.Writer) {
	if !a.LogSet || os.Getenv(install.DoctorEnv) == "1" {
		return
	}
	path := a.Log
	if path == "" {
		path = defaultLog(stderr)
		if path == "" {
			return
		}
	}
	lg := hooklog.Open(path, stderr)
	if prev := h.OnResult; prev != nil {
		h.OnResult = func(r hooks.Record) { prev(r); lg.Observe(r) }
		return
	}
	h.OnResult = lg.Observe
}

// defaultLog is the log of --log without a path, or "" (said on stderr)
// when there is no state directory.
func defaultLog(stderr io.Writer) string {
	dir, err := install.StateDir()
	if err != nil {
		io.WriteString(stderr, "hooks: the decision log cannot be written (the answer is unchanged): "+err.Error()+"\n")
		return ""
	}
	return hooklog.DefaultPath(dir, progName())
}
