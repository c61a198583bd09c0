// Package verdict holds what the adapters' answer readers
// (hostfacts.AnswerReader) and hostfacts.CheckAnswer share: reading an
// answer as one JSON object, and the one-line summaries a doctor prints.
package verdict

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Object decodes out as exactly one JSON object.
func Object(out []byte) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(out))
	var m map[string]json.RawMessage
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	if m == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	return m, nil
}

// Summary is "answered " and out, compacted and cut to 160 bytes.
func Summary(out []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, out) == nil {
		out = b.Bytes()
	}
	return "answered " + cut(string(out))
}

// OneLine is s on one line, its runs of white space as one space, cut to
// 160 bytes.
func OneLine(s string) string {
	return cut(strings.Join(strings.Fields(s), " "))
}

func cut(s string) string {
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}
