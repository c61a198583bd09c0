package hooks

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agenthooks/hooks/internal/failline"
)

// observation is what Serve keeps for the record of an event when
// Handlers.OnResult is set: when the event's reading started and ended
// (zero: it never ended), and the checks the policy reported.
type observation struct {
	start, read time.Time
	checks      *CheckLog
}

// writeObserved writes res, then gives its record to Handlers.OnResult
// when set (ob is not nil). With Exit and exitBy set (a hook process), an
// exit guard bounds both: a write the host does not read (a full stdout
// or stderr pipe) or an observer that does not return (a decision log
// that blocks) gets one stderr line and Exit at exitBy (see exitGuard).
func (s *Server) writeObserved(res Result, ob *observation, exitBy time.Time, stdout, stderr io.Writer) int {
	var g *exitGuard
	if s.Exit != nil && !exitBy.IsZero() {
		g = s.guardExit(exitBy, res, stderr)
	}
	code := s.write(res, stdout, stderr)
	if ob != nil {
		g.written(code)
		r := res.Record(ob.start)
		r.ExitCode, r.Checks = code, ob.checks.Checks()
		r.Stdin = r.Duration
		if !ob.read.IsZero() {
			r.Stdin = ob.read.Sub(ob.start)
		}
		s.Handlers.OnResult(r)
	}
	g.stop()
	return code
}

// write writes res as [Result.Write] does; when the answer could not be
// written, the exit code is 2 also when the fail policy is closed and the
// event is one a deny stops.
func (s *Server) write(res Result, stdout, stderr io.Writer) int {
	closed := failBlocks(s.Handlers.Fail, res.Event)
	return res.write(stdout, stderr, closed)
}

// Write writes res as a command hook answers: the notes on stderr, the
// answer on stdout, then its stderr line. It returns the exit code: the
// answer's, or, when the answer could not be written whole (stdout
// closed, a broken pipe), 2 when the answer blocks (exit 2 with the reason
// on stderr is the block every host reads) and 1 otherwise, with a line
// on stderr saying so.
func (res Result) Write(stdout, stderr io.Writer) int {
	return res.write(stdout, stderr, false)
}

// write is Write; closed makes the exit code of an answer not written 2
// also when the answer did not block.
func (res Result) write(stdout, stderr io.Writer, closed bool) int {
	for _, n := range res.Notes() {
		fmt.Fprintln(stderr, n)
	}
	var err error
	if len(res.Output.Stdout) > 0 {
		_, err = stdout.Write(res.Output.Stdout)
	}
	if err != nil && res.unread() && res.lostCode(false) != 2 {
		// The host acts on no answer to this event (Qwen Code runs its
		// MessageDisplay hooks with stdout on the null device): nothing
		// was lost, and a non-zero exit would only be logged as the hook
		// failing.
		fmt.Fprintf(stderr, "hooks: the answer could not be written to stdout (%s); %s acts on no answer to %s: exit %d\n",
			oneLine(err.Error()), res.Adapter.Host(), res.Event.Common().NativeEvent, res.Output.ExitCode)
		if res.Output.Stderr != "" {
			fmt.Fprintln(stderr, oneLine(res.Output.Stderr))
		}
		return res.Output.ExitCode
	}
	if err != nil {
		code := res.lostCode(closed)
		fmt.Fprintf(stderr, "hooks: the answer could not be written to stdout (%s): exit %d\n", oneLine(err.Error()), code)
		if res.Output.Stderr != "" {
			fmt.Fprintln(stderr, oneLine(res.Output.Stderr))
		} else if code == 2 && res.Response.Reason != "" {
			fmt.Fprintln(stderr, oneLine(res.Response.Reason))
		}
		return code
	}
	if res.Output.Stderr != "" {
		fmt.Fprintln(stderr, oneLine(res.Output.Stderr))
	}
	return res.Output.ExitCode
}

// unread reports whether res answers an event whose host acts on no
// answer at all: a host-only event whose row in the adapter's capability
// matrix honours nothing. An event with no row (one the adapter does not
// know) is not unread, nor is a unified event that honours nothing (often
// one not measured): a deny may stop it. [Result.Write] still exits 2
// when the lost answer blocks.
func (res Result) unread() bool {
	if res.Adapter == nil || res.Event == nil {
		return false
	}
	return ActsOnNoAnswer(res.Adapter.Capabilities(), res.Event.Common().NativeEvent)
}

// lostCode is the exit code when res's answer could not be written: 2
// when it blocks or the fail policy is closed (closed), else 1.
func (res Result) lostCode(closed bool) int {
	if closed || res.Output.ExitCode == 2 || res.Response.Decision == DecisionDeny || res.Response.Halt {
		return 2
	}
	return 1
}

// Notes returns the lines [Result.Write] writes to stderr before the
// answer: one per warning, and one saying why the fail policy answered
// ("hooks: fail-closed: …") unless the answer's own stderr line says it.
func (res Result) Notes() []string {
	if len(res.Warnings) == 0 && res.Err == nil {
		return nil
	}
	var notes []string
	for _, w := range res.Warnings {
		notes = append(notes, oneLine(w.String()))
	}
	switch {
	case res.Err == nil || res.Output.Stderr != "":
	case uncheckedCause(res.Err) != nil:
		notes = append(notes, "hooks: not judged ("+oneLine(uncheckedCause(res.Err).Error())+"): answered by Handlers.Unchecked")
	default:
		notes = append(notes, failline.Format(failWord(res), oneLine(res.Err.Error())))
	}
	return notes
}

func failWord(res Result) string {
	if res.Response.Decision == DecisionDeny || res.Output.ExitCode == 2 {
		return "closed"
	}
	return "open"
}

// oneLine folds s onto one line.
func oneLine(s string) string {
	// Two IndexByte, not ContainsAny, which reads s a byte at a time.
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		s = strings.Join(strings.Fields(s), " ")
	}
	return s
}
