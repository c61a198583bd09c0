package hookhttp

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// Headers and values of the wire between a bridge and the gateway.
const (
	// HeaderHost names the host that sent the payload ("claude",
	// "cursor", …); the "host" query parameter does the same.
	HeaderHost = "X-Hooks-Host"
	// HeaderTimeout is how long the caller waits for an answer: a Go
	// duration ("9s") or a number of seconds. The "timeout" query
	// parameter does the same; the shorter wins. The handler's deadline is
	// 90% of it, and never later than without it.
	HeaderTimeout = "X-Hooks-Timeout"
	// HeaderWire selects the answer's form. Absent, the answer is the
	// host's native body (Claude's HTTP hook contract); WireEnvelope asks
	// for a Reply. The gateway sets it on envelope answers, and the bridge
	// accepts no answer without it.
	HeaderWire = "X-Hooks-Wire"
	// WireEnvelope is the HeaderWire value of the envelope wire, version 1.
	WireEnvelope = "envelope/1"
	// HeaderEvent names the native event, for a host whose payload does
	// not (the bridge's --event): see hooks.Request.Event.
	HeaderEvent = "X-Hooks-Event"
)

// Reply is a host-native answer as a command hook writes it: what
// hooks.Server.Serve would print for the same payload. It is the body of an
// envelope answer (JSON) and what Bridge.Forward returns.
type Reply struct {
	// Host is the host the answer is for ("" when the gateway could not
	// tell).
	Host hooks.Host `json:"host,omitempty"`
	// Notes are the warning lines written to stderr first: dropped fields,
	// and the "hooks: fail-open: …" line when the fail policy answered.
	Notes []string `json:"notes,omitempty"`
	// Stdout is written to stdout as is (one JSON document and a newline,
	// or nothing).
	Stdout string `json:"stdout"`
	// Stderr, when not empty, is written to stderr as one line after
	// stdout: the reason of an exit code 2 block.
	Stderr string `json:"stderr,omitempty"`
	// ExitCode is the process exit code.
	ExitCode int `json:"exit_code"`
	// Blocks says the answer blocks (a deny, a halt, or exit code 2): when
	// Stdout cannot be written, Write then exits 2, the block every host
	// reads, rather than 1.
	Blocks bool `json:"blocks,omitempty"`
	// Err says why the fail policy answered, or is nil. It is not sent.
	Err error `json:"-"`
	// unread, when set, names the native event when the host acts on no
	// answer to it (see hooks.ActsOnNoAnswer): an answer that cannot be
	// written and does not block then exits with its own code. It is
	// called only when the write failed.
	unread func() (native string, ok bool)
}

// Write writes r as hooks.Result.Write does (notes, stdout, then the
// stderr line) and returns the exit code: r's, or, when stdout could not
// be written whole (closed, a broken pipe), 2 when r blocks (Blocks or
// exit code 2) and 1 otherwise, with a line on stderr saying so.
func (r Reply) Write(stdout, stderr io.Writer) int {
	return r.write(stdout, stderr, false)
}

// write is Write; closed (a fail-closed bridge) makes the exit code of an
// answer not written 2 also when r does not block.
func (r Reply) write(stdout, stderr io.Writer, closed bool) int {
	for _, n := range r.Notes {
		fmt.Fprintln(stderr, oneLine(n))
	}
	var err error
	if r.Stdout != "" {
		_, err = io.WriteString(stdout, r.Stdout)
	}
	if err != nil && !r.Blocks && r.ExitCode != 2 && r.unread != nil {
		if native, ok := r.unread(); ok {
			// As hooks.Result.Write: Qwen Code runs its MessageDisplay
			// hooks with stdout on the null device; a non-zero exit would
			// only be logged as the hook failing.
			fmt.Fprintf(stderr, "hooks: the answer could not be written to stdout (%s); %s acts on no answer to %s: exit %d\n",
				oneLine(err.Error()), r.Host, native, r.ExitCode)
			if r.Stderr != "" {
				fmt.Fprintln(stderr, oneLine(r.Stderr))
			}
			return r.ExitCode
		}
	}
	if err != nil {
		code := 1
		if closed || r.Blocks || r.ExitCode == 2 {
			code = 2
		}
		fmt.Fprintf(stderr, "hooks: the answer could not be written to stdout (%s): exit %d\n", oneLine(err.Error()), code)
		if r.Stderr != "" {
			fmt.Fprintln(stderr, oneLine(r.Stderr))
		}
		return code
	}
	if r.Stderr != "" {
		fmt.Fprintln(stderr, oneLine(r.Stderr))
	}
	return r.ExitCode
}

// Output returns the answer as a hooks.Output (without the notes).
func (r Reply) Output() hooks.Output {
	var out []byte
	if r.Stdout != "" {
		out = []byte(r.Stdout)
	}
	return hooks.Output{Stdout: out, Stderr: r.Stderr, ExitCode: r.ExitCode}
}

// unreadBy returns the unread function of a reply to payload from host a
// (see [Reply]): the payload is parsed only when it is called. event is
// the bridge's --event, for a host whose payload does not name it.
func unreadBy(a hooks.Adapter, payload []byte, event string) func() (string, bool) {
	if a == nil {
		return nil
	}
	return func() (string, bool) {
		native := event
		if native == "" {
			ev, err := a.Parse(payload)
			if err != nil || ev == nil {
				return "", false
			}
			native = ev.Common().NativeEvent
		}
		return native, hooks.ActsOnNoAnswer(a.Capabilities(), native)
	}
}

// replyOf turns a Result into what hooks.Result.Write would write for it.
func replyOf(res *hooks.Result) Reply {
	r := replyBut(res)
	r.Stdout = string(res.Output.Stdout)
	return r
}

// replyBut is replyOf but for Stdout, left empty.
func replyBut(res *hooks.Result) Reply {
	var notes []string
	if len(res.Warnings) > 0 || res.Err != nil {
		notes = res.Notes() // (a copy of res: asked only when there are notes)
	}
	return Reply{Host: hostOf(res.Adapter), Notes: notes, Stderr: oneLine(res.Output.Stderr), ExitCode: res.Output.ExitCode, Blocks: blocks(res), Err: res.Err}
}

// appendResult appends replyOf(res) as appendReply does, without copying
// its stdout into a string.
func appendResult(dst []byte, res *hooks.Result) []byte {
	r := replyBut(res)
	return appendReplyOf(dst, &r, res.Output.Stdout)
}

// blocks reports whether res blocks, as hooks.Result.Write judges it when
// the answer cannot be written: exit code 2, a deny or a halt.
func blocks(res *hooks.Result) bool {
	return res.Output.ExitCode == 2 || res.Response.Decision == hooks.DecisionDeny || res.Response.Halt
}

// appendReply appends r as json.Marshal writes it, and a newline: the
// body of an envelope answer, without reflection.
func appendReply(dst []byte, r Reply) []byte {
	return appendReplyOf(dst, &r, r.Stdout)
}

// appendReplyOf is appendReply with stdout as r's Stdout.
func appendReplyOf[S ~string | ~[]byte](dst []byte, r *Reply, stdout S) []byte {
	dst = append(dst, '{')
	if r.Host != "" {
		dst = append(dst, `"host":`...)
		dst = fastjson.AppendString(dst, string(r.Host), true)
		dst = append(dst, ',')
	}
	if len(r.Notes) > 0 {
		dst = append(dst, `"notes":[`...)
		for i, n := range r.Notes {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = fastjson.AppendString(dst, n, true)
		}
		dst = append(dst, "],"...)
	}
	dst = append(dst, `"stdout":`...)
	dst = fastjson.AppendString(dst, stdout, true)
	if r.Stderr != "" {
		dst = append(dst, `,"stderr":`...)
		dst = fastjson.AppendString(dst, r.Stderr, true)
	}
	dst = append(dst, `,"exit_code":`...)
	dst = strconv.AppendInt(dst, int64(r.ExitCode), 10)
	if r.Blocks {
		dst = append(dst, `,"blocks":true`...)
	}
	return append(dst, "}\n"...)
}

// oneLine folds s onto one line.
func oneLine(s string) string {
	// Two IndexByte, not ContainsAny, which reads s a byte at a time.
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		s = strings.Join(strings.Fields(s), " ")
	}
	return s
}
