package hosttest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Hosts lists the folders of testdata/captures that hold each built-in
// host's real payloads.
var Hosts = []string{"claude", "cursor", "gemini", "codex", "copilot", "qwen", "droid", "kimi", "cline", "opencode", "pi"}

// Payloads returns every real payload of a host by its path relative to
// testdata/captures/host: the .json files (not the *.meta.json files,
// which record a hook process's environment), and the "stdin" object of
// each line of Cursor's .jsonl logs ("file.jsonl:N").
func Payloads(t *testing.T, host string) map[string][]byte {
	t.Helper()
	root := SharedDir(t, "captures", host)
	out := map[string][]byte{}
	for _, path := range Captures(t, host) {
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.HasSuffix(rel, ".meta.json") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(path, ".jsonl") {
			out[rel] = data
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 16<<20)
		for i := 1; sc.Scan(); i++ {
			var line struct {
				Stdin json.RawMessage `json:"stdin"`
			}
			if json.Unmarshal(sc.Bytes(), &line) == nil && len(line.Stdin) > 0 && line.Stdin[0] == '{' {
				out[rel+":"+strconv.Itoa(i)] = line.Stdin
			}
		}
	}
	return out
}
