package hookstest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/internal/testonly/hosttest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
	"github.com/agenthooks/hooks/internal/verdict"
)

// TestCorpus checks every corpus payload: it parses with its host's
// adapter as the event its name says, is detected as that host, and holds
// no path of the machine it was written on.
func TestCorpus(t *testing.T) {
	n := 0
	for _, a := range builtin.Adapters() {
		files, err := fs.Glob(Corpus(), string(a.Host())+"/*.json")
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no corpus payloads (%v)", a.Host(), err)
		}
		for _, f := range files {
			n++
			b, _ := fs.ReadFile(Corpus(), f)
			ev, err := a.Parse(b)
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			// Copilot's PascalCase payloads are named "pascal-…": file
			// names may not differ by case alone.
			native, tool, _ := strings.Cut(strings.TrimPrefix(strings.TrimSuffix(filepath.Base(f), ".json"), "pascal-"), "-")
			if ev.Common().NativeEvent != native {
				t.Errorf("%s: native event %q", f, ev.Common().NativeEvent)
			}
			if tl := hooks.ToolOf(ev); tool != "" && (tl == nil || tl.Name != tool) {
				t.Errorf("%s: tool %v, want %s", f, tl, tool)
			}
			if got, err := hooks.Detect(builtin.Adapters(), b); err != nil || got.Host() != a.Host() {
				t.Errorf("%s: detected as %v (%v)", f, got, err)
			}
			for _, bad := range []string{`"/work/`, `"/root/`, `"/tmp/`} {
				if bytes.Contains(b, []byte(bad)) {
					t.Errorf("%s: holds a machine path %s", f, bad)
				}
			}
		}
	}
	if n < 35 {
		t.Errorf("only %d corpus payloads", n)
	}
}

// capture is one real payload's fields, decoded one level deep.
type capture map[string]json.RawMessage

// TestRenderedShapesMatchCaptures compares every rendered payload with the
// real payloads of the same host, event and tool: its fields, and those of
// its tool_input and tool_response objects, must each be a field some real
// payload has, and include every field all of them have. The real payloads
// are the module's testdata/captures (the test fails without them) and the
// e2e suite's captures in e2e/testdata.
func TestRenderedShapesMatchCaptures(t *testing.T) {
	real := map[string][]capture{}
	loadShared(t, hosttest.SharedDir(t, "captures"), real)
	if root, err := hosttest.ModuleRoot(); err == nil {
		loadE2E(filepath.Join(root, "e2e", "testdata"), real)
	}
	compared := 0
	for _, a := range builtin.Adapters() {
		for _, s := range scenarios() {
			cases, _, _ := render(a, s)
			for _, c := range cases {
				var p capture
				if err := json.Unmarshal(c.JSON, &p); err != nil {
					t.Fatal(err)
				}
				caps := real[key(a.Host(), c.Native, c.Tool)]
				if len(caps) == 0 {
					continue
				}
				compared++
				name := string(a.Host()) + " " + c.Native + "(" + c.Tool + ") for " + s.String()
				sameShape(t, name, p, caps)
				for _, field := range []string{"tool_input", "tool_response", "toolArgs", "toolInput", "toolResult", "tool_result"} {
					var nested []capture
					for _, cp := range caps {
						var m capture
						if json.Unmarshal(cp[field], &m) == nil && m != nil {
							nested = append(nested, m)
						}
					}
					var m capture
					if json.Unmarshal(p[field], &m) == nil && m != nil && len(nested) == len(caps) {
						sameShape(t, name+" "+field, m, nested)
					}
				}
			}
		}
	}
	if compared < 30 {
		t.Errorf("only %d rendered payloads had a real counterpart", compared)
	}
	t.Logf("%d rendered payloads compared with real ones", compared)
}

func key(host hooks.Host, native, tool string) string {
	return string(host) + "|" + native + "|" + tool
}

// sameShape checks p's fields against the real payloads caps.
func sameShape(t *testing.T, name string, p capture, caps []capture) {
	t.Helper()
	var all, common []string
	for i, c := range caps {
		var ks []string
		for k := range c {
			if !strings.HasPrefix(k, "_") { // a capture author's annotation
				ks = append(ks, k)
			}
		}
		for _, k := range ks {
			if !slices.Contains(all, k) {
				all = append(all, k)
			}
		}
		if i == 0 {
			common = ks
		} else {
			common = slices.DeleteFunc(common, func(k string) bool { return !slices.Contains(ks, k) })
		}
	}
	for k := range p {
		if !slices.Contains(all, k) {
			t.Errorf("%s: field %q is in no real payload (real: %q)", name, k, all)
		}
	}
	for _, k := range common {
		if _, ok := p[k]; !ok {
			t.Errorf("%s: lacks field %q that every real payload has", name, k)
		}
	}
}

// loadShared reads the real payloads of testdata/captures: one JSON file
// per payload, or (Cursor) JSONL logs whose "stdin" holds the payload.
func loadShared(t *testing.T, dir string, real map[string][]capture) {
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		// The host is the first folder under dir (Copilot's payloads are
		// in copilot/camel and copilot/pascal).
		rel, _ := filepath.Rel(dir, p)
		host := hooks.Host(strings.SplitN(filepath.ToSlash(rel), "/", 2)[0])
		b, err := os.ReadFile(p)
		if err != nil || strings.HasSuffix(p, ".meta.json") {
			return nil
		}
		switch filepath.Ext(p) {
		case ".json":
			if strings.Contains(filepath.ToSlash(rel), "/camel/") {
				// camelCase payloads name no event: the file name does.
				native, _, _ := strings.Cut(strings.TrimSuffix(filepath.Base(p), ".json"), "-")
				addNamed(real, host, native, b)
				break
			}
			add(real, host, b)
		case ".jsonl":
			sc := bufio.NewScanner(bytes.NewReader(b))
			sc.Buffer(nil, 16<<20)
			for sc.Scan() {
				var line struct {
					Stdin json.RawMessage `json:"stdin"`
				}
				if json.Unmarshal(sc.Bytes(), &line) != nil || len(line.Stdin) == 0 {
					continue
				}
				var s string
				if json.Unmarshal(line.Stdin, &s) == nil {
					line.Stdin = json.RawMessage(s)
				}
				add(real, host, line.Stdin)
			}
		}
		return nil
	})
}

// loadE2E reads the input.json of the e2e suite's fixtures, if any.
func loadE2E(dir string, real map[string][]capture) {
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.txtar"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		add(real, hooks.Host(filepath.Base(filepath.Dir(f))), bytes.TrimSpace(txtar.Parse(b).Get("input.json")))
	}
}

func add(real map[string][]capture, host hooks.Host, b []byte) {
	var head struct {
		Native string `json:"hook_event_name"`
	}
	if json.Unmarshal(b, &head) != nil || head.Native == "" {
		return
	}
	addNamed(real, host, head.Native, b)
}

// addNamed adds the payload b of event native; its tool is tool_name, or
// toolName in Copilot's camelCase payloads.
func addNamed(real map[string][]capture, host hooks.Host, native string, b []byte) {
	var c capture
	if json.Unmarshal(b, &c) != nil {
		return
	}
	var head struct {
		Tool      string `json:"tool_name"`
		CamelTool string `json:"toolName"`
	}
	json.Unmarshal(b, &head)
	k := key(host, native, verdict.FirstOf(head.Tool, head.CamelTool))
	real[k] = append(real[k], c)
}
