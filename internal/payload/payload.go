// Package payload renders the native payloads of a scenario from a host's
// corpus of templates (hostfacts.ScenarioRenderer): it keeps a template's
// bytes, key order and spacing, and replaces the value of one key at a
// time.
package payload

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
)

// Project is the session's working directory in every corpus payload.
const Project = "/home/dev/project"

// PostContent is the content of the file a post-write scenario wrote.
const PostContent = "written by the agent\n"

// Templates returns the "corpus" folder of an adapter's embedded files.
func Templates(embedded fs.FS) fs.FS {
	sub, _ := fs.Sub(embedded, "corpus") // cannot fail: "corpus" is a valid directory name
	return sub
}

// template is a native JSON object being rendered from a corpus template.
type template struct {
	name string
	b    []byte
}

// load loads name.json from corpus.
func load(corpus fs.FS, name string) (*template, error) {
	file := name + ".json"
	b, err := fs.ReadFile(corpus, file)
	if err != nil {
		return nil, fmt.Errorf("hookstest: no corpus payload %s: %w", file, err)
	}
	return &template{name: file, b: bytes.TrimSpace(b)}, nil
}

// Fill loads name from corpus and sets the fields kv (alternating keys and
// values).
func Fill(corpus fs.FS, name, native, tool, variant string, kv ...any) (hostfacts.Payload, error) {
	p, err := load(corpus, name)
	if err != nil {
		return hostfacts.Payload{}, err
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if err := p.set(kv[i].(string), kv[i+1]); err != nil {
			return hostfacts.Payload{}, err
		}
	}
	return hostfacts.Payload{Native: native, Tool: tool, Variant: variant, JSON: p.b}, nil
}

// Collect gathers Fill results, stopping at the first error.
func Collect(rs ...func() (hostfacts.Payload, error)) ([]hostfacts.Payload, string, error) {
	var out []hostfacts.Payload
	for _, f := range rs {
		r, err := f()
		if err != nil {
			return nil, "", err
		}
		out = append(out, r)
	}
	return out, "", nil
}

// One is Fill for a host that sends one payload.
func One(corpus fs.FS, name, native, tool string, kv ...any) ([]hostfacts.Payload, string, error) {
	return Collect(func() (hostfacts.Payload, error) { return Fill(corpus, name, native, tool, "", kv...) })
}

// Lines prefixes every line of text with mark, each ending in a newline.
func Lines(mark, text string) string {
	if text == "" {
		return ""
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
		b.WriteString(mark)
		b.WriteString(strings.TrimSuffix(l, "\n"))
		b.WriteByte('\n')
	}
	return b.String()
}

// set replaces the value of the top-level key with v (marshalled as JSON
// without HTML escaping, or used as is when it is a json.RawMessage). The
// key must be in the template: a scenario only fills in fields the real
// payload has.
func (p *template) set(key string, v any) error {
	val, err := Marshal(v)
	if err != nil {
		return fmt.Errorf("hookstest: %s: %s: %w", p.name, key, err)
	}
	start, end, err := span(p.b, key)
	if err != nil {
		return fmt.Errorf("hookstest: %s: %w", p.name, err)
	}
	b := make([]byte, 0, len(p.b)-(end-start)+len(val))
	b = append(b, p.b[:start]...)
	b = append(b, val...)
	p.b = append(b, p.b[end:]...)
	return nil
}

// span returns the byte range of the value of key in the JSON object b.
func span(b []byte, key string) (start, end int, err error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0, 0, fmt.Errorf("not a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, err
		}
		after := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return 0, 0, err
		}
		if k, _ := tok.(string); k == key {
			// The value is the first occurrence of its bytes after the
			// key: only a colon and spaces are in between.
			i := bytes.Index(b[after:], raw)
			if i < 0 {
				return 0, 0, fmt.Errorf("cannot locate the value of %q", key)
			}
			return after + i, after + i + len(raw), nil
		}
	}
	return 0, 0, fmt.Errorf("the template has no %q field", key)
}

// Marshal is json.Marshal without HTML escaping (no host escapes < > &).
func Marshal(v any) ([]byte, error) {
	if raw, ok := v.(json.RawMessage); ok {
		return raw, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Object builds a JSON object with its keys in the given order, from
// alternating keys and values: Object("command", cmd, "description", d).
func Object(kv ...any) json.RawMessage {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := Marshal(kv[i])
		v, err := Marshal(kv[i+1])
		if err != nil {
			v = []byte("null")
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return json.RawMessage(b.String())
}

// Absolute returns p joined to the project directory unless it is already
// absolute: Claude Code and Cursor send absolute file paths, Gemini CLI and
// Codex send them as the model wrote them.
func Absolute(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return path.Join(Project, p)
}
