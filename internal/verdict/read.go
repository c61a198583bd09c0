package verdict

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// What the adapters' answer readers (hostfacts.AnswerReader) share.

// Reason returns reason and whether it is one of placeholders, the
// stand-ins a host or an adapter writes for a block without a reason.
func Reason(reason string, placeholders ...string) (string, bool) {
	return reason, reason != "" && slices.Contains(placeholders, strings.TrimSpace(reason))
}

// OneJSON decodes b, which must hold exactly one JSON object, into dst.
func OneJSON(b []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(dst); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("more than one JSON document")
	}
	return nil
}

// Keys returns the keys of the JSON object b, sorted (nil when b is not
// one).
func Keys(b []byte) []string {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// FirstOf returns the first of s that is not empty.
func FirstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
