package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/agenthooks/hooks"
)

// A Set is the policy files of all layers, merged: what [Load] returns
// and [Set.Eval] evaluates.
type Set struct {
	// Files are the files read, strongest layer first.
	Files []*File
	// Guard is the built-in guard's knobs, merged: the scratch names,
	// secrets globs and upload hosts of every layer (scratch and upload
	// hosts only from the managed file when it is locked), Locked when
	// the managed file is.
	Guard Guard
	// Warnings say what a lock made ignored, one line each.
	Warnings []string
	// Rules are the rules in force, in layer order; a lock leaves out
	// the lower layers' allow rules.
	Rules []*Rule
	// Judge decides the rules whose decision is "judge"; nil (a hook
	// process: the judge is a gateway's) takes each such rule's
	// JudgeFail. A server sets it on the Set it loaded ([Cache] builds a
	// new Set for every call).
	Judge Judger
}

// A Judger decides a "judge" rule that matched an event: a model asked
// about the call's facts (package hookhttp/judge is one), within a
// deadline well under the hook's. It returns hooks.DecisionAllow,
// DecisionAsk or DecisionDeny and the reason, or the rule's JudgeFail
// decision when it has no verdict; it reports what it did with
// [hooks.ReportCheck].
type Judger interface {
	Judge(ctx context.Context, q Question) (hooks.Decision, string)
}

// A Question is what a [Set] asks its [Judger]: rule Rule matched Event,
// under the policy of version Version ([Set.Version]: a judge's cache key
// includes it, so that a changed policy asks again).
type Question struct {
	Rule    *Rule
	Event   hooks.Event
	Version string
}

// NewSet merges files, strongest layer first (managed, user, project).
// A rule name used in two files is an error naming the second.
func NewSet(files ...*File) (*Set, error) {
	s := &Set{Files: files}
	names := map[string]*Rule{}
	for _, f := range files {
		locked := s.Guard.Locked && f.Layer != Managed
		if f.Layer == Managed && f.Guard.Locked {
			s.Guard.Locked = true
		}
		if locked && len(f.Guard.Scratch) > 0 {
			s.Warnings = append(s.Warnings, fmt.Sprintf("policy: %s: guard.scratch ignored: the managed policy is locked", f.Path))
		} else {
			s.Guard.Scratch = append(s.Guard.Scratch, f.Guard.Scratch...)
		}
		s.Guard.Secrets = append(s.Guard.Secrets, f.Guard.Secrets...)
		if locked && len(f.Guard.UploadHosts) > 0 {
			s.Warnings = append(s.Warnings, fmt.Sprintf("policy: %s: guard.upload_hosts ignored: the managed policy is locked", f.Path))
		} else {
			s.Guard.UploadHosts = append(s.Guard.UploadHosts, f.Guard.UploadHosts...)
		}
		for i := range f.Rules {
			r := &f.Rules[i]
			if prev, ok := names[r.Name]; ok {
				return nil, &Error{File: f.Path, Line: r.Line, Key: "rule.name",
					Msg: fmt.Sprintf("%q is also the name of a rule in %s:%d", r.Name, prev.File, prev.Line)}
			}
			names[r.Name] = r
			if locked && r.Decision == "allow" {
				s.Warnings = append(s.Warnings, fmt.Sprintf("policy: %s:%d: rule %q ignored: the managed policy is locked, and an allow weakens it", f.Path, r.Line, r.Name))
				continue
			}
			s.Rules = append(s.Rules, r)
		}
	}
	return s, nil
}

// Version names the rules and knobs in force, the same for the same
// files on every server (a gateway's /healthz says it; a judge's verdicts
// are cached under it, so that a changed policy asks again): the first
// twelve hex digits of a SHA-256 of each file's path, knobs and rules.
// It is "none" for a nil Set.
func (s *Set) Version() string {
	if s == nil {
		return "none"
	}
	h := sha256.New()
	for _, f := range s.Files {
		fmt.Fprintf(h, "%s|%d|%q|%q|%v|%q\n", f.Path, f.Layer, f.Guard.Scratch, f.Guard.Secrets, f.Guard.Locked, f.Guard.UploadHosts)
		for _, r := range f.Rules {
			fmt.Fprintf(h, "%q|%q|%q|%q|%q|%q|%q|%q|%q|%q|%q|%q|%q|%q\n", r.Name, r.Command, r.Flags, r.Reads, r.Writes, r.Deletes,
				r.Event, r.Tool, r.MCP, r.Hosts, r.Decision, r.Reason, r.Mode, r.JudgeFail)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}
