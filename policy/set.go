package policy

import (
	"fmt"
)

// A Set is the policy files of all layers, merged: what [Load] returns
// and [Set.Eval] evaluates.
type Set struct {
	// Files are the files read, strongest layer first.
	Files []*File
	// Guard is the built-in guard's knobs, merged: the scratch names and
	// secrets globs of every layer (scratch only from the managed file
	// when it is locked), Locked when the managed file is.
	Guard Guard
	// Warnings say what a lock made ignored, one line each.
	Warnings []string
	// Rules are the rules in force, in layer order; a lock leaves out
	// the lower layers' allow rules.
	Rules []*Rule
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
