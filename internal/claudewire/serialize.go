package claudewire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// The texts an adapter writes when a response gives none.
const (
	// DefaultDeny is the reason of a deny.
	DefaultDeny = "Blocked by hook"
	// DefaultContinue is the reason of a deny on Stop, which runs the
	// agent again: the model reads it as the next user message.
	DefaultContinue = "A stop hook asks you to continue: do not stop yet."
)

// InMatrix reports whether native has a row in the capability matrix
// caps.
func InMatrix(caps []hooks.Capability, native string) bool {
	for i := range caps {
		if caps[i].Native == native {
			return true
		}
	}
	return false
}

// Outside is the answer to an event outside a host's matrix: a deny or an
// ask is exit code 2 with the reason (or [DefaultDeny]) on one line of
// stderr, which every Claude-like host reads as a block wherever it reads
// one; anything else is no output.
func Outside(r hooks.Response) hooks.Output {
	if r.Decision == hooks.DecisionDeny || r.Decision == hooks.DecisionAsk {
		return hooks.Output{ExitCode: 2, Stderr: OneLine(OrDefault(r.Reason, DefaultDeny))}
	}
	return hooks.Output{}
}

// Encode renders out, a host's answer, as the one JSON line it reads on
// stdout with exit code 0 (no HTML escaping: the texts reach a model and
// a user as they are). An error names the host.
func Encode(host hooks.Host, out any) (hooks.Output, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return hooks.Output{}, fmt.Errorf("%s: encode output: %w", host, err)
	}
	return hooks.Output{Stdout: buf.Bytes()}, nil
}

// OrDefault returns s, or def when s is blank.
func OrDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// OneLine folds s onto one line (stderr carries one line).
func OneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}
