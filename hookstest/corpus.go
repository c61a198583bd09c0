package hookstest

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/agenthooks/hooks"
)

//go:embed corpus/*/*.json
var corpus embed.FS

// Corpus returns the payload corpus the scenarios start from: one
// realistic native payload per host, event and tool, named
// "<host>/<native event>[-<native tool>].json" ("claude/PreToolUse-Bash.json",
// "cursor/beforeShellExecution.json", "codex/PreToolUse-apply_patch.json";
// Copilot's PascalCase registration form as "copilot/pascal-PreToolUse-Bash.json",
// since file names may not differ by case alone).
// The payloads are modelled field for field on what the real clients send,
// with neutral values (the project is /home/dev/project). Use them directly
// when a test needs a native payload the scenarios do not cover.
func Corpus() fs.FS {
	sub, _ := fs.Sub(corpus, "corpus") // cannot fail: "corpus" is a valid, embedded directory
	return sub
}

// project is the session's working directory in every corpus payload.
const project = "/home/dev/project"

// payload is a native JSON object being rendered from a corpus template. It
// keeps the template's bytes, key order and spacing, and replaces the value
// of one key at a time.
type payload struct {
	name string
	b    []byte
}

// template loads host/name.json from the corpus.
func template(host hooks.Host, name string) (*payload, error) {
	file := path.Join(string(host), name+".json")
	b, err := fs.ReadFile(corpus, path.Join("corpus", file))
	if err != nil {
		return nil, fmt.Errorf("hookstest: no corpus payload %s: %w", file, err)
	}
	return &payload{name: file, b: bytes.TrimSpace(b)}, nil
}

// set replaces the value of the top-level key with v (marshalled as JSON
// without HTML escaping, or used as is when it is a json.RawMessage). The
// key must be in the template: a scenario only fills in fields the real
// payload has.
func (p *payload) set(key string, v any) error {
	val, err := marshal(v)
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

// marshal is json.Marshal without HTML escaping (no host escapes < > &).
func marshal(v any) ([]byte, error) {
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

// object builds a JSON object with its keys in the given order, from
// alternating keys and values: object("command", cmd, "description", d).
func object(kv ...any) json.RawMessage {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(kv); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := marshal(kv[i])
		v, err := marshal(kv[i+1])
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

// absolute returns p joined to the project directory unless it is already
// absolute: Claude Code and Cursor send absolute file paths, Gemini CLI and
// Codex send them as the model wrote them.
func absolute(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return path.Join(project, p)
}
