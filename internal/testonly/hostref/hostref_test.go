package hostref

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"testing"
)

// jsonParse is the reading of JavaScript's JSON.parse, by node, for each
// (document, key): {present, kind, string}.
const jsonParse = `
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const kind = v => v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
process.stdout.write(JSON.stringify(cases.map(([doc, key]) => {
  const o = JSON.parse(doc);
  if (!Object.prototype.hasOwnProperty.call(o, key)) return {present: false};
  const v = o[key];
  return {present: true, kind: kind(v), string: typeof v === 'string' ? v : ''};
})));
`

type nodeReading struct {
	Present bool   `json:"present"`
	Kind    string `json:"kind"`
	String  string `json:"string"`
}

// NodeRead reads each (doc, key) with node's JSON.parse. Node is required
// (the end-to-end suite needs it too); its absence fails the test.
func nodeRead(t *testing.T, docs [][]byte, keys []string) [][]nodeReading {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is required to check the reference against JSON.parse: %v", err)
	}
	var cases [][2]string
	for _, d := range docs {
		for _, k := range keys {
			cases = append(cases, [2]string{string(d), k})
		}
	}
	in, _ := json.Marshal(cases)
	cmd := exec.Command(node, "-e", jsonParse)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var flat []nodeReading
	if err := json.Unmarshal(out, &flat); err != nil || len(flat) != len(cases) {
		t.Fatalf("node answered %d readings for %d cases: %v", len(flat), len(cases), err)
	}
	res := make([][]nodeReading, len(docs))
	for i := range docs {
		res[i] = flat[i*len(keys) : (i+1)*len(keys)]
	}
	return res
}

// TestReadIsJSONParse: Read agrees with node's JSON.parse on every
// generated document, for the keys the adapters' policies read.
func TestReadIsJSONParse(t *testing.T) {
	keys := []string{"command", "file_path", "path"}
	var docs [][]byte
	for i, k := range keys {
		docs = append(docs, Corpus(uint64(i+1), 400, k, "description", "content", "timeout", "path", "file_path")...)
	}
	node := nodeRead(t, docs, keys)
	for i, d := range docs {
		for j, k := range keys {
			got, err := Read(d, k)
			if err != nil {
				t.Fatalf("Read(%s): %v", d, err)
			}
			want := node[i][j]
			if got.Present != want.Present || got.Present && (got.Kind != want.Kind || got.String != want.String) {
				t.Errorf("Read(%s, %q) = %+v; JSON.parse %+v", d, k, got, want)
			}
		}
	}
}

// TestCorpusHasTheTricks: the generator does produce the shapes it is
// for, so a differential test on it cannot pass vacuously.
func TestCorpusHasTheTricks(t *testing.T) {
	var dup, variant, escaped, wrongType, missing int
	for _, d := range Corpus(7, 500, "command", "description") {
		r, err := Read(d, "command")
		if err != nil {
			t.Fatalf("generated an invalid document %s: %v", d, err)
		}
		switch {
		case r.Count > 1:
			dup++
		case r.Variants > 0:
			variant++
		case !r.Present:
			missing++
		case r.Kind != "string":
			wrongType++
		}
		if bytes.Contains(d, []byte(`\u00`)) {
			escaped++
		}
	}
	for name, n := range map[string]int{"duplicates": dup, "case variants": variant, "escapes": escaped, "wrong types": wrongType, "missing": missing} {
		if n < 10 {
			t.Errorf("corpus has %d documents with %s", n, name)
		}
	}
}
