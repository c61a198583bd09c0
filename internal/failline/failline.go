// Package failline owns the text contracts between a hook binary's stderr
// and the tools that read it without linking it (package install's doctor,
// package hookstest's RunBinary, the benchmarks): the line that says the
// fail policy answered, and the words of a binary without a gateway
// bridge. One package writes and parses each, so that the writer and the
// readers cannot drift apart.
package failline

import (
	"errors"
	"strings"
)

// Prefix begins every fail line: "hooks: fail-closed: why" or
// "hooks: fail-open: why".
const Prefix = "hooks: fail-"

// Format is the fail line for the fail policy ("open" or "closed") that
// answered, and why it did.
func Format(policy, why string) string {
	return Prefix + policy + ": " + why
}

// Parse reads a line Format wrote, leading and trailing white space
// aside; ok is false for any other line.
func Parse(line string) (policy, why string, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), Prefix)
	if !ok {
		return "", "", false
	}
	policy, why, ok = strings.Cut(rest, ": ")
	if !ok || (policy != "open" && policy != "closed") {
		return "", "", false
	}
	return policy, why, true
}

// NoBridge is the words a hook binary without a gateway bridge (built with
// hookmain.Run) says when it is given --gateway, in [ErrNoBridge]; the
// doctor looks for them in its answer.
const NoBridge = "no gateway bridge"

// ErrNoBridge is the error such a binary answers every call with, through
// its fail policy.
var ErrNoBridge = errors.New("--gateway given, but this binary has " + NoBridge + " (build it with bridgemain.Main, package hookhttp/bridgemain, instead of hookmain.Run)")
