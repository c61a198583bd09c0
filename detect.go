package hooks

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Detect picks the adapter whose host sent payload: the one whose Detect
// score reaches DetectThreshold while no other does. Anything else (no
// candidate, or two) is an error wrapping ErrNoHost that lists the scores.
// Prefer --host: installers always write it.
func Detect(adapters []Adapter, payload []byte) (Adapter, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(payload, &fields); err != nil {
		return nil, fmt.Errorf("%w: payload is not a JSON object: %v", ErrNoHost, err)
	}
	var best Adapter
	var scores []string
	n := 0
	for _, a := range adapters {
		s := a.Detect(fields)
		scores = append(scores, fmt.Sprintf("%s=%.2f", a.Host(), s))
		if s >= DetectThreshold {
			n++
			best = a
		}
	}
	switch n {
	case 1:
		return best, nil
	case 0:
		return nil, fmt.Errorf("%w (scores %s); pass --host", ErrNoHost, strings.Join(scores, " "))
	}
	return nil, fmt.Errorf("%w: ambiguous (scores %s); pass --host", ErrNoHost, strings.Join(scores, " "))
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
