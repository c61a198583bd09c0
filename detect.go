package hooks

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// Detect picks the adapter whose host sent payload: the one whose Detect
// score reaches DetectThreshold while no other does. Anything else (no
// candidate, or two) is an error wrapping ErrNoHost that lists the scores.
// Prefer --host: installers always write it.
func Detect(adapters []Adapter, payload []byte) (Adapter, error) {
	fields, ok := topLevel(payload)
	if !ok {
		var err error
		if fields, err = slowTopLevel(payload); err != nil {
			return nil, fmt.Errorf("%w: payload is not a JSON object: %v", ErrNoHost, err)
		}
	}
	var best Adapter
	var buf [16]float64 // room for every built-in adapter: scores stay on the stack
	scores := buf[:0]
	n := 0
	for _, a := range adapters {
		s := a.Detect(fields)
		scores = append(scores, s)
		if s >= DetectThreshold {
			n++
			best = a
		}
	}
	if n == 1 {
		return best, nil
	}
	list := make([]string, len(adapters))
	for i, a := range adapters {
		list[i] = fmt.Sprintf("%s=%.2f", a.Host(), scores[i])
	}
	if n == 0 {
		return nil, fmt.Errorf("%w (scores %s); pass --host", ErrNoHost, strings.Join(list, " "))
	}
	return nil, fmt.Errorf("%w: ambiguous (scores %s); pass --host", ErrNoHost, strings.Join(list, " "))
}

// topLevel returns the members of payload, a JSON object, as
// json.Unmarshal into a map[string]json.RawMessage would, without
// reflection. ok is false when the fast path cannot read payload exactly
// so (not an object, a key that needs unescaping): the caller then uses
// encoding/json.
func topLevel(payload []byte) (map[string]json.RawMessage, bool) {
	d, ok := fastjson.Object(payload)
	if !ok {
		return nil, false
	}
	// Sized by the members counted first: a map for at most 8 is one
	// group (two allocations), where a hint of 16 cost four.
	n := 0
	d.Members(func(string, fastjson.Value) bool { n++; return true })
	fields := make(map[string]json.RawMessage, n)
	ok = d.Members(func(k string, v fastjson.Value) bool {
		fields[k] = v.Raw()
		return true
	})
	return fields, ok
}

// slowTopLevel is topLevel through encoding/json, for what the fast path
// cannot read. A function of its own, so that the map variable whose
// address encoding/json takes is allocated only on this path.
func slowTopLevel(payload []byte) (map[string]json.RawMessage, error) {
	var fields map[string]json.RawMessage
	err := json.Unmarshal(payload, &fields)
	return fields, err
}

// nativeName returns the payload's hook_event_name when it can be read.
func nativeName(payload []byte) string {
	var v struct {
		Name string `json:"hook_event_name"`
	}
	if json.Unmarshal(payload, &v) != nil {
		return ""
	}
	return v.Name
}
