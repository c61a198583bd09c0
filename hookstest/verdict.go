package hookstest

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// read reads the native output of a's host for native, with the adapter's
// own reader ([hostfacts.AnswerReader]). The real-client e2e suite is the
// independent check that the readers are right.
func read(a hooks.Adapter, native string, out hooks.Output) hostfacts.Reading {
	r, ok := a.(hostfacts.AnswerReader)
	if !ok {
		return hostfacts.Reading{Ignored: "hookstest: the adapter of host " + string(a.Host()) + " reads no answers (hostfacts.AnswerReader)"}
	}
	v := r.ReadAnswer(native, out)
	if v.Flaw != "" {
		v.Notes = append(v.Notes, v.Flaw)
	}
	if v.Ignored != "" {
		v = hostfacts.Reading{Ignored: v.Ignored, Notes: v.Notes}
	}
	return v
}
