// Package hooks lets one Go program answer the hooks of several AI coding
// agents (Claude Code, Cursor, Gemini CLI, Codex) with one policy.
//
// A host runs the hook program, writes one JSON event on its stdin and
// reads a decision from its stdout and exit code. Each host has its own
// dialect; an Adapter (packages claude, cursor, gemini, codex) translates
// it to and from the unified types of this package: an Event (one type per
// unified event, *OtherEvent for host-only events) and a Response.
//
// Write typed Handlers, then call hookmain.Run(h) from main: it reads
// stdin, detects the host (or takes --host), calls the handler and answers
// in the host's dialect. Fields a host cannot honour on an event are
// dropped with a one-line warning on stderr (see Fit and each adapter's
// Capabilities). Serve is the pure core that Run wraps: it never calls
// os.Exit and is what tests drive.
//
// This package knows no host; adding one never touches it.
package hooks
