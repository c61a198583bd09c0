package install

import "github.com/agenthooks/hooks/hostfacts"

// The identifiers doctor's synthetic payloads carry (see package
// internal/sample, whose constants they equal).
const doctorSession = "00000000-0000-4000-8000-00000000d0c7"

// payload returns the host's sample payload of its native event, about a
// harmless action in project directory dir, as its adapter states it
// (hostfacts.Sampler); nil for an event it has no sample of.
func payload(h *host, native, dir string) []byte {
	if s, ok := h.adapter.(hostfacts.Sampler); ok {
		return s.SamplePayload(native, dir)
	}
	return nil
}
