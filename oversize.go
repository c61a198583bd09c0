package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// salvagePeek is how much of a payload over the cap is read, when its
// length is declared, to tell its event and tool: the members a host
// writes before the tool's input (event, tool name) fit.
const salvagePeek = 64 << 10

// salvage returns the members of the JSON object that prefix begins,
// complete before the point where it is cut, as an object of their own;
// the member being cut keeps its key with an empty value of its kind
// ({}, [] or ""), so that an adapter still finds, say, tool_input. It
// returns nil when prefix does not begin an object.
func salvage(prefix []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(prefix))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	out := []byte{'{'}
	for dec.More() {
		k, err := dec.Token()
		key, ok := k.(string)
		if err != nil || !ok {
			break
		}
		at := dec.InputOffset()
		var v json.RawMessage
		err = dec.Decode(&v)
		if err == nil && dec.InputOffset() == int64(len(prefix)) && !isClosed(v) {
			err = io.ErrUnexpectedEOF // a number at the cut may go on past it
		}
		if err != nil {
			if empty := emptyOf(prefix[at:]); empty != "" {
				out = appendMember(out, key, []byte(empty))
			}
			break
		}
		out = appendMember(out, key, v)
	}
	return append(out, '}')
}

// isClosed reports whether a JSON value ends with its own delimiter (a
// string, object or array, true, false, null), so that a cut just after
// it cannot have shortened it; a number can.
func isClosed(v []byte) bool {
	switch v[len(v)-1] {
	case '"', '}', ']', 'e', 'l':
		return true
	}
	return false
}

// emptyOf is the empty value of the kind of JSON value rest begins (after
// the colon), or "" for a scalar.
func emptyOf(rest []byte) string {
	rest = bytes.TrimLeft(rest, " \t\r\n:")
	if len(rest) == 0 {
		return ""
	}
	switch rest[0] {
	case '{':
		return "{}"
	case '[':
		return "[]"
	case '"':
		return `""`
	}
	return ""
}

func appendMember(out []byte, key string, v []byte) []byte {
	if len(out) > 1 {
		out = append(out, ',')
	}
	k, _ := json.Marshal(key)
	out = append(out, k...)
	out = append(out, ':')
	return append(out, v...)
}

// cutEvent is parse's answer for a payload over the size cap, of which
// only the members before the cap were read (req.cut): a tool call to
// judge goes to its handler with Tool.InputErr, as any input the model
// made unreadable; anything else gets the fail policy.
func cutEvent(a Adapter, ev Event, perr error, req *Request) (Event, error) {
	if perr == nil {
		if t := judged(ev); t != nil {
			t.InputErr = fmt.Errorf("%w: the %s call's payload is past the hook's size cap (Handlers.MaxInput), so it cannot be read whole", req.cut, t.Name)
			return ev, nil
		}
	}
	return unparsed(a, req.Payload), req.cut
}

// judged returns the tool of an event whose answer decides whether the
// tool runs (PreToolUse, PermissionRequest), or nil.
func judged(ev Event) *Tool {
	switch e := ev.(type) {
	case *PreToolUseEvent:
		return &e.Tool
	case *PermissionRequestEvent:
		return &e.Tool
	}
	return nil
}
