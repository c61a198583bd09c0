package install

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/jsonc"
	"github.com/agenthooks/hooks/internal/sha256"
)

// Codex runs a hook from a user or project hooks.json only once it is
// trusted: [hooks.state."<key>"] in $CODEX_HOME/config.toml holds a
// trusted_hash equal to the hash of the hook's normalized definition
// (otherwise it skips the hook silently, unless codex exec runs with
// --dangerously-bypass-hook-trust). codexTrustKey and codexTrustHash
// compute both as Codex 0.171 does (codex-rs/hooks/src/engine/discovery.rs,
// codex-rs/config fingerprint.rs). The formula was verified against the
// real codex 0.171.0 binary: with the hash below in config.toml the hooks
// ran, with a wrong or missing one they did not.

// codexSnake is the event label of hook-state keys (PreToolUse ->
// pre_tool_use).
func codexSnake(event string) string {
	var b strings.Builder
	for i, r := range event {
		if 'A' <= r && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// codexTrustKey is the hook-state key of the handler-th handler of the
// group-th matcher group of event in the hooks.json at path.
func codexTrustKey(path, event string, group, handler int) string {
	return fmt.Sprintf("%s:%s:%d:%d", path, codexSnake(event), group, handler)
}

// codexIgnoresMatcher lists the events whose matcher Codex drops.
func codexIgnoresMatcher(event string) bool {
	switch event {
	case "UserPromptSubmit", "Stop", "SessionEnd", "Interrupt":
		return true
	}
	return false
}

// codexTrustHash is "sha256:" and the hex SHA-256 of the canonical JSON
// (keys sorted, no spaces) of {event_name, matcher?, hooks: [{async,
// command, statusMessage?, timeout, type}]}; timeout defaults to 600 and
// is at least 1.
func codexTrustHash(event, matcher string, hasMatcher bool, command string, timeout int, async bool, status string, hasStatus bool) string {
	if timeout < 1 {
		timeout = 1
	}
	var b strings.Builder
	b.WriteString(`{"event_name":`)
	b.WriteString(jsonc.Quote(codexSnake(event)))
	b.WriteString(`,"hooks":[{"async":`)
	b.WriteString(strconv.FormatBool(async))
	b.WriteString(`,"command":`)
	b.WriteString(jsonc.Quote(command))
	if hasStatus {
		b.WriteString(`,"statusMessage":`)
		b.WriteString(jsonc.Quote(status))
	}
	b.WriteString(`,"timeout":`)
	b.WriteString(strconv.Itoa(timeout))
	b.WriteString(`,"type":"command"}]`)
	if hasMatcher && !codexIgnoresMatcher(event) {
		b.WriteString(`,"matcher":`)
		b.WriteString(jsonc.Quote(matcher))
	}
	b.WriteString("}")
	sum := sha256.Sum256([]byte(b.String()))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// codexTrust is the trust of one of our Codex handlers.
type codexTrust struct {
	key, hash string
	// status: "trusted", "untrusted", "modified" or "disabled".
	status string
}

// codexTrustOf computes the key and hash of f, one of our handlers in the
// hooks.json at path, and looks them up in config.
func codexTrustOf(ed *editor, f found, path string, config map[string]string) (codexTrust, error) {
	hk := ed.hooks()
	event := hk.Members[f.member].Key
	g := hk.Members[f.member].Value.Elems[f.group]
	n := f.node
	timeout := 600
	if to := n.Get("timeout"); to != nil {
		v, err := strconv.Atoi(string(ed.doc.Src[to.Start:to.End]))
		if err != nil || to.Kind != jsonc.Number {
			return codexTrust{}, fmt.Errorf("timeout %s is not a whole number of seconds", ed.doc.Src[to.Start:to.End])
		}
		timeout = v
	}
	async := false
	if a := n.Get("async"); a != nil {
		async = a.Kind == jsonc.True
	}
	m := g.Get("matcher")
	st := n.Get("statusMessage")
	t := codexTrust{
		key:  codexTrustKey(path, event, f.group, f.handler),
		hash: codexTrustHash(event, str(m), m != nil && m.Kind == jsonc.String, str(n.Get("command")), timeout, async, str(st), st != nil && st.Kind == jsonc.String),
	}
	stored, ok := tomlGet(config, "hooks", "state", t.key, "trusted_hash")
	switch {
	case config != nil && tomlIs(config, "false", "hooks", "state", t.key, "enabled"):
		t.status = "disabled"
	case !ok:
		t.status = "untrusted"
	case stored != t.hash:
		t.status = "modified"
	default:
		t.status = "trusted"
	}
	return t, nil
}

func tomlIs(m map[string]string, want string, path ...string) bool {
	v, ok := tomlGet(m, path...)
	return ok && v == want
}

// readCodexConfig reads $CODEX_HOME/config.toml (nil when absent).
func readCodexConfig(e env) (map[string]string, string, error) {
	p := filepath.Join(codexHome(e), "config.toml")
	b, err := os.ReadFile(p)
	if os.IsNotExist(err) {
		return map[string]string{}, p, nil
	}
	if err != nil {
		return nil, p, err
	}
	return tomlValues(string(b)), p, nil
}

// codexTrustSnippet is the TOML that trusts the given hooks.
func codexTrustSnippet(ts []codexTrust) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "[hooks.state.%s]\ntrusted_hash = %s\n", tomlQuote(t.key), tomlQuote(t.hash))
	}
	return b.String()
}

// codexProjectTrusted reports whether config trusts dir or a parent of
// it: "trusted", "untrusted", or "" when it says nothing.
func codexProjectTrusted(config map[string]string, dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if v, ok := tomlGet(config, "projects", d, "trust_level"); ok {
			return v
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
