package codex

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
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

// trustOf computes the key and hash of e, one of our entries, and looks
// them up in config.
func trustOf(e hostfacts.HookEntry, config map[string]string) (codexTrust, error) {
	var n map[string]json.RawMessage
	if err := json.Unmarshal(e.Entry, &n); err != nil {
		return codexTrust{}, err
	}
	timeout := 600
	if to, ok := n["timeout"]; ok {
		v, err := strconv.Atoi(string(bytes.TrimSpace(to)))
		if err != nil {
			return codexTrust{}, fmt.Errorf("timeout %s is not a whole number of seconds", to)
		}
		timeout = v
	}
	async := string(bytes.TrimSpace(n["async"])) == "true"
	matcher, hasMatcher := jsonString(e.Matcher)
	command, _ := jsonString(n["command"])
	status, hasStatus := jsonString(n["statusMessage"])
	t := codexTrust{
		key:  codexTrustKey(e.File, e.Event, e.Group, e.Index),
		hash: codexTrustHash(e.Event, matcher, hasMatcher, command, timeout, async, status, hasStatus),
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

// jsonString decodes raw as a JSON string; ok is false when it is not one.
func jsonString(raw json.RawMessage) (s string, ok bool) {
	return s, raw != nil && json.Unmarshal(raw, &s) == nil
}

func tomlIs(m map[string]string, want string, path ...string) bool {
	v, ok := tomlGet(m, path...)
	return ok && v == want
}

// readConfig reads config.toml in Codex's home directory, where the
// user's hooks.json is (an empty map when it is absent).
func readConfig(c hostfacts.SettingsCheck) (map[string]string, string, error) {
	p := filepath.Join(filepath.Dir(c.UserFile), "config.toml")
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

// CheckEntries implements hostfacts.SettingsChecker: Codex runs an entry of
// a user or project hooks.json only once it is trusted in config.toml,
// with the hash of the entry as written; the diagnoses say which are, and
// print the lines that trust the others.
func (*Adapter) CheckEntries(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	var ds []hostfacts.Diagnosis
	add := func(file, event string, v hostfacts.Verdict, format string, args ...any) {
		ds = append(ds, hostfacts.Diagnosis{Verdict: v, File: file, Event: event, Msg: fmt.Sprintf(format, args...)})
	}
	config, cfgAt, cfgErr := readConfig(c)
	var fresh, changed []codexTrust
	file := ""
	managed := false
	for _, e := range c.Entries {
		if e.Managed {
			// The system layer's hooks run without trust (measured: e2e
			// TestManagedScope, no --dangerously-bypass-hook-trust).
			if !managed {
				add(e.File, "", hostfacts.VerdictOK, "managed (the system layer): Codex runs these hooks without trust")
			}
			managed = true
			continue
		}
		file = e.File
		if cfgErr != nil {
			add(e.File, e.Event, hostfacts.VerdictWarn, "cannot read %s to check hook trust: %v", cfgAt, cfgErr)
			continue
		}
		t, err := trustOf(e, config)
		if err != nil {
			add(e.File, e.Event, hostfacts.VerdictWarn, "cannot compute Codex's trust hash: %v", err)
			continue
		}
		switch t.status {
		case "trusted":
			add(e.File, e.Event, hostfacts.VerdictOK, "trusted in %s", cfgAt)
		case "disabled":
			add(e.File, e.Event, hostfacts.VerdictFail, "disabled in Codex (/hooks); Codex does not run it")
		case "modified":
			add(e.File, e.Event, hostfacts.VerdictFail, "changed since it was trusted: Codex skips it silently until trusted again")
			changed = append(changed, t)
		case "untrusted":
			fresh = append(fresh, t)
		}
	}
	if len(fresh)+len(changed) == 0 {
		return ds
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d hooks are not trusted, and Codex skips untrusted hooks silently. Either:\n", len(fresh)+len(changed))
	fmt.Fprintf(&b, "- run codex in %s, type /hooks, and trust the hooks of %s; or\n", c.Dir, file)
	if len(fresh) > 0 {
		fmt.Fprintf(&b, "- add these lines to %s (the hashes are of the entries as written now):\n%s", cfgAt, indent(codexTrustSnippet(fresh), "    "))
	}
	for _, t := range changed {
		fmt.Fprintf(&b, "- in %s, set the trusted_hash of [hooks.state.%s] to %s\n", cfgAt, tomlQuote(t.key), tomlQuote(t.hash))
	}
	b.WriteString("- or, for one headless run only: codex exec --dangerously-bypass-hook-trust ...")
	add(file, "", hostfacts.VerdictFail, "%s", b.String())
	return ds
}

// CheckSettings implements hostfacts.SettingsChecker: [features] hooks =
// false in config.toml turns every hook off, and Codex reads a project's
// .codex only in a project it trusts.
func (*Adapter) CheckSettings(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	config, cfgAt, err := readConfig(c)
	if err != nil {
		return nil // CheckEntries said so
	}
	var ds []hostfacts.Diagnosis
	if tomlIs(config, "false", "features", "hooks") {
		ds = append(ds, hostfacts.Diagnosis{Verdict: hostfacts.VerdictFail, Msg: cfgAt + " sets [features] hooks = false: Codex runs no hook"})
	}
	if c.Project() {
		if codexProjectTrusted(config, c.Dir) == "trusted" {
			ds = append(ds, hostfacts.Diagnosis{Verdict: hostfacts.VerdictOK, Msg: "project " + c.Dir + " is trusted"})
		} else {
			ds = append(ds, hostfacts.Diagnosis{Verdict: hostfacts.VerdictFail, Msg: fmt.Sprintf("Codex reads %s only in a trusted project: run codex in %s and trust it, or add to %s:\n    [projects.%s]\n    trust_level = \"trusted\"",
				filepath.Join(c.Dir, ".codex"), c.Dir, cfgAt, tomlQuote(c.Dir))})
		}
	}
	return ds
}

func indent(s, pre string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pre + l
		}
	}
	return strings.Join(lines, "")
}
