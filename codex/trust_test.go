package codex

import "testing"

// The expected hashes were computed by the same formula in an independent
// implementation (Python's json.dumps(sort_keys=True, separators=(",",
// ":")) and hashlib), whose hashes the real codex 0.171.0 accepted: hooks
// trusted with them ran, hooks with a wrong or no hash did not.
func TestCodexTrustHash(t *testing.T) {
	for _, tc := range []struct {
		event, matcher string
		hasMatcher     bool
		command        string
		timeout        int
		want           string
	}{
		{"PreToolUse", "*", true, "/home/dev/bin/guard --host codex --timeout 30s", 30,
			"sha256:032de91050bac08e1093e76509f3b13b72e8b5e414442541a7501610b3e24883"},
		{"SessionEnd", "", false, "'/home/dev/my tools/guard' --host codex --timeout 3s", 3,
			"sha256:0143f3716133aeb38943d7e20b6e0f3efde433d23e71ff9b5964e55dbf913343"},
	} {
		got := codexTrustHash(tc.event, tc.matcher, tc.hasMatcher, tc.command, tc.timeout, false, "", false)
		if got != tc.want {
			t.Errorf("codexTrustHash(%s, %q) = %s, want %s", tc.event, tc.command, got, tc.want)
		}
	}
	if k := codexTrustKey("/home/dev/.codex/hooks.json", "PermissionRequest", 1, 0); k != "/home/dev/.codex/hooks.json:permission_request:1:0" {
		t.Errorf("key = %s", k)
	}
}

func TestTOMLValues(t *testing.T) {
	src := `model = "gpt-5.5" # comment
[projects."/home/dev/project"]
trust_level = "trusted"

[hooks.state."/home/dev/.codex/hooks.json:pre_tool_use:0:0"]
trusted_hash = "sha256:abc"
enabled = false
[hooks.state]
"/x/hooks.json:stop:0:0" = { trusted_hash = 'sha256:def', enabled = true }
[features]
hooks = false
list = [
  "a",
]
after = 'lit\n'
[[profiles]]
name = "p"
`
	m := tomlValues(src)
	for path, want := range map[[4]string]string{
		{"model"}: "gpt-5.5",
		{"projects", "/home/dev/project", "trust_level"}:                                   "trusted",
		{"hooks", "state", "/home/dev/.codex/hooks.json:pre_tool_use:0:0", "trusted_hash"}: "sha256:abc",
		{"hooks", "state", "/home/dev/.codex/hooks.json:pre_tool_use:0:0", "enabled"}:      "false",
		{"hooks", "state", "/x/hooks.json:stop:0:0", "trusted_hash"}:                       "sha256:def",
		{"features", "hooks"}: "false",
		{"features", "after"}: `lit\n`,
	} {
		var p []string
		for _, s := range path {
			if s != "" {
				p = append(p, s)
			}
		}
		if got, ok := tomlGet(m, p...); !ok || got != want {
			t.Errorf("%v = %q, %v; want %q", p, got, ok, want)
		}
	}
	if _, ok := tomlGet(m, "name"); ok {
		t.Error("a key of an array of tables leaked to the top level")
	}
	if q := tomlQuote("C:\\a \"b\"\x01"); q != `"C:\\a \"b\"\u0001"` {
		t.Errorf("tomlQuote = %s", q)
	}
	if v := tomlValues(tomlQuote("k") + " = " + tomlQuote("v\\\"") + "\n"); v["k"] != `v\"` {
		t.Errorf("round trip: %q", v["k"])
	}
}
