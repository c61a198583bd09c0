package cursor

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// kindOf returns the unified kind of a Cursor tool name.
func kindOf(name string) hooks.ToolKind {
	switch name {
	case ToolShell:
		return hooks.KindShell
	case ToolRead:
		return hooks.KindRead
	case ToolWrite:
		return hooks.KindWrite
	case ToolStrReplace:
		return hooks.KindEdit
	case ToolDelete:
		return hooks.KindDelete
	}
	if strings.HasPrefix(name, MCPPrefix) {
		return hooks.KindMCP
	}
	return hooks.KindOther
}

// object returns the JSON object in raw: raw itself when it is an object, the
// decoded text when raw is a string holding JSON (Cursor sends MCP
// tool_input that way), nil when raw is absent or null. Anything else is
// an error.
func object(field string, raw json.RawMessage) (json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	switch raw[0] {
	case '{':
		return raw, nil
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("%s: %w", field, err)
		}
		inner := bytes.TrimSpace([]byte(s))
		if len(inner) == 0 {
			return nil, nil
		}
		if inner[0] != '{' || !json.Valid(inner) {
			return nil, fmt.Errorf("%s: string does not hold a JSON object", field)
		}
		return inner, nil
	}
	return nil, fmt.Errorf("%s: want an object, got %.20s", field, raw)
}

// pathFields are the path and content keys of Cursor's file tools; peers
// report path/contents where real captures show file_path/content.
type pathFields struct {
	FilePath  string  `json:"file_path"`
	Path      string  `json:"path"`
	Content   *string `json:"content"`
	Contents  *string `json:"contents"`
	OldString string  `json:"old_string"`
	NewString string  `json:"new_string"`
	// ReplaceAll is not known to exist on Cursor's StrReplace; read in
	// case it does.
	ReplaceAll bool `json:"replace_all"`
}

func (p *pathFields) path() string {
	if p.FilePath != "" {
		return p.FilePath
	}
	return p.Path
}

func (p *pathFields) content() string {
	if p.Content != nil {
		return *p.Content
	}
	if p.Contents != nil {
		return *p.Contents
	}
	return ""
}

// typedInput returns the unified input of Cursor tool name with native
// input obj (an object, or nil). inputErr, when not nil, is the
// hooks.Tool.InputErr: the field a policy judges is missing, not a string,
// or ambiguous (see readShell and readPath); typed then holds what could
// be read.
func typedInput(name string, obj json.RawMessage) (typed hooks.ToolInput, inputErr error) {
	kind := kindOf(name)
	if kind == hooks.KindOther {
		return byShape(name, obj)
	}
	if kind == hooks.KindMCP {
		return &hooks.MCPInput{Tool: strings.TrimPrefix(name, MCPPrefix), Arguments: obj}, nil
	}
	if obj == nil {
		obj = json.RawMessage("{}")
	}
	wrap := func(err error) error {
		if err == nil {
			return nil
		}
		return fmt.Errorf("tool_input of %s: %w", name, err)
	}
	if kind == hooks.KindShell {
		s, err := readShell(obj)
		return &hooks.ShellInput{Command: s.Command, Cwd: s.Cwd, Timeout: millis(s.Timeout)}, wrap(err)
	}
	p, err := readPath(obj)
	switch kind {
	case hooks.KindRead:
		return &hooks.ReadInput{Path: p.path()}, wrap(err)
	case hooks.KindWrite:
		return &hooks.WriteInput{Path: p.path(), Content: p.content()}, wrap(err)
	case hooks.KindDelete:
		return &hooks.DeleteInput{Path: p.path()}, wrap(err)
	}
	return &hooks.EditInput{Path: p.path(), Edits: []hooks.TextEdit{{Old: p.OldString, New: p.NewString, ReplaceAll: p.ReplaceAll}}}, wrap(err)
}

// byShape types the input of a tool the adapter does not know by name
// (one a later Cursor adds or renames) by its shape, as Cursor's file
// tools take it: a file_path (or path) with content or contents is a
// write, with old_string, new_string or edits an edit, so that a path
// policy is not passed by a name it does not know. Content or strings to
// replace with no path a policy can read set inputErr; anything else is
// the raw input.
func byShape(name string, obj json.RawMessage) (typed hooks.ToolInput, inputErr error) {
	var hasPath, hasContent, hasEdit bool
	var edits []hooks.TextEdit
	fastjson.Args(obj, func(k string, v fastjson.Value) {
		switch k {
		case "file_path", "path":
			hasPath = true
		case "content", "contents":
			hasContent = true
		case "old_string", "new_string":
			hasEdit = true
		case "edits":
			hasEdit = true
			edits = edits[:0]
			v.Elements(func(el fastjson.Value) bool {
				var e hooks.TextEdit
				el.Members(func(k string, v fastjson.Value) bool {
					switch k {
					case "old_string":
						e.Old, _ = v.String()
					case "new_string":
						e.New, _ = v.String()
					}
					return true
				})
				edits = append(edits, e)
				return true
			})
		}
	})
	if !hasContent && !hasEdit {
		return hooks.RawInput(obj), nil
	}
	if !hasPath {
		return hooks.RawInput(obj), fmt.Errorf("tool_input of %s, a tool this adapter does not know, carries file content but no file_path or path", name)
	}
	p, err := readPath(obj)
	if err != nil {
		err = fmt.Errorf("tool_input of %s (a tool this adapter does not know, read as a file tool by its shape): %w", name, err)
	}
	if !hasEdit {
		return &hooks.WriteInput{Path: p.path(), Content: p.content()}, err
	}
	if p.OldString != "" || p.NewString != "" || edits == nil {
		edits = append([]hooks.TextEdit{{Old: p.OldString, New: p.NewString, ReplaceAll: p.ReplaceAll}}, edits...)
	}
	return &hooks.EditInput{Path: p.path(), Edits: edits}, err
}

// millis converts Cursor's millisecond timeout to a duration (0 when absent
// or out of range).
func millis(ms float64) time.Duration {
	if ms <= 0 || ms > float64(math.MaxInt64/int64(time.Millisecond)) {
		return 0
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// ErrWrongInput is wrapped by Serialize when an UpdatedInput does not fit the
// running tool.
var ErrWrongInput = errors.New("updated input does not fit the tool")

// nativeInput renders in as the native tool_input of t: t's original input
// with the fields in sets replaced, so that fields the unified type does not
// model are kept. A hooks.RawInput is sent as it is.
func nativeInput(t *hooks.Tool, in hooks.ToolInput) (json.RawMessage, error) {
	if raw, ok := in.(hooks.RawInput); ok {
		obj, err := object("updated input", json.RawMessage(raw))
		if err != nil || obj == nil || !json.Valid(obj) {
			return nil, fmt.Errorf("%w: a raw updated input must be a JSON object", ErrWrongInput)
		}
		return obj, nil
	}
	want := kindOf(t.Name)
	if in.Kind() != want {
		return nil, fmt.Errorf("%w: %s input for Cursor tool %q (%s)", ErrWrongInput, in.Kind(), t.Name, want)
	}
	m := map[string]json.RawMessage{}
	if len(t.RawInput) > 0 {
		if err := json.Unmarshal(t.RawInput, &m); err != nil {
			return nil, fmt.Errorf("original tool_input: %w", err)
		}
		if m == nil {
			m = map[string]json.RawMessage{}
		}
	}
	set := func(key string, v any) {
		b, _ := json.Marshal(v) // strings, bools and numbers always marshal
		m[key] = b
	}
	// pick returns the key of the original among keys, or the first.
	pick := func(keys ...string) string {
		for _, k := range keys {
			if _, ok := m[k]; ok {
				return k
			}
		}
		return keys[0]
	}
	switch v := in.(type) {
	case *hooks.ShellInput:
		if v.Command != "" {
			set("command", v.Command)
		}
		if v.Cwd != "" {
			set("cwd", v.Cwd)
		}
		if v.Timeout > 0 {
			m["timeout"] = json.RawMessage(strconv.FormatInt(v.Timeout.Milliseconds(), 10))
		}
		// Description has no Cursor counterpart.
	case *hooks.ReadInput:
		if v.Path != "" {
			set(pick("file_path", "path"), v.Path)
		}
	case *hooks.WriteInput:
		if v.Path != "" {
			set(pick("file_path", "path"), v.Path)
		}
		set(pick("content", "contents"), v.Content)
	case *hooks.DeleteInput:
		if v.Path != "" {
			set(pick("path", "file_path"), v.Path)
		}
	case *hooks.EditInput:
		if len(v.Edits) != 1 {
			return nil, fmt.Errorf("%w: Cursor %s takes exactly one edit, got %d", ErrWrongInput, t.Name, len(v.Edits))
		}
		e := v.Edits[0]
		if _, ok := m["replace_all"]; ok {
			set("replace_all", e.ReplaceAll)
		} else if e.ReplaceAll {
			return nil, fmt.Errorf("%w: Cursor %s has no replace_all", ErrWrongInput, t.Name)
		}
		if v.Path != "" {
			set(pick("path", "file_path"), v.Path)
		}
		set("old_string", e.Old)
		set("new_string", e.New)
	case *hooks.MCPInput:
		if v.Tool != "" && MCPPrefix+v.Tool != t.Name {
			return nil, fmt.Errorf("%w: cannot turn a call of %s into one of %s", ErrWrongInput, t.Name, MCPPrefix+v.Tool)
		}
		if len(v.Arguments) > 0 {
			var args map[string]json.RawMessage
			if err := json.Unmarshal(v.Arguments, &args); err != nil || args == nil {
				return nil, fmt.Errorf("%w: MCP arguments must be a JSON object", ErrWrongInput)
			}
			for k, a := range args {
				m[k] = a
			}
		}
	default:
		return nil, fmt.Errorf("%w: %T", ErrWrongInput, in)
	}
	return json.Marshal(m)
}

// toolOutput decodes postToolUse's tool_output (or afterMCPExecution's
// result_json): a JSON-encoded string, normally holding an object. Text is
// lifted from a Shell "output" or from the text parts of an MCP "content"
// list. Shapes it does not know are kept in Raw, never an error.
func toolOutput(raw json.RawMessage) hooks.ToolOutput {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return hooks.ToolOutput{}
	}
	var out hooks.ToolOutput
	if raw[0] == '"' {
		s, ok := fastjson.StringValue(raw)
		if !ok && json.Unmarshal(raw, &s) != nil {
			return hooks.ToolOutput{Raw: raw}
		}
		inner := bytes.TrimSpace([]byte(s))
		if len(inner) == 0 || (inner[0] != '{' && inner[0] != '[') || !json.Valid(inner) {
			return hooks.ToolOutput{Text: s, Raw: raw}
		}
		raw = inner
	}
	out.Raw = raw
	if raw[0] != '{' {
		return out
	}
	out.Text = readOutput(raw)
	return out
}
