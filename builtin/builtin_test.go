package builtin

import (
	"fmt"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Every adapter is listed once, under its own name, and the list is the
// caller's to change.
func TestAdapters(t *testing.T) {
	seen := map[hooks.Host]bool{}
	for _, a := range Adapters() {
		if a == nil || a.Host() == "" || seen[a.Host()] {
			t.Fatalf("bad or repeated adapter %v", a)
		}
		seen[a.Host()] = true
	}
	for _, h := range []hooks.Host{"claude", "cursor", "gemini", "codex", "copilot", "qwen", "droid", "kimi", "cline"} {
		if !seen[h] {
			t.Errorf("%s is not listed", h)
		}
	}
	l := Adapters()
	l[0] = nil
	if Adapters()[0] == nil {
		t.Error("Adapters returns a shared slice")
	}
}

// Every built-in host can be installed: its adapter describes its hook
// file: a directory, a name (or one file per binary, per event, or a
// plugin module per binary) and a time unit.
func TestAdaptersDescribeTheirHookFile(t *testing.T) {
	for _, a := range Adapters() {
		f, ok := a.(hostfacts.HookFiler)
		if !ok {
			t.Errorf("%s: does not implement hostfacts.HookFiler", a.Host())
			continue
		}
		hf := f.HookFile()
		if hf.Dir == "" || (hf.Name == "") != (hf.JSON.PerBinary || hf.Format == hostfacts.FormatScripts || hf.Format == hostfacts.FormatPlugins) || hf.TimeoutUnit <= 0 {
			t.Errorf("%s: hook file %+v", a.Host(), hf)
		}
	}
}

// TestNamed: Named gives, for every host Adapters lists, an adapter of
// the same type and host, and nil for other names.
func TestNamed(t *testing.T) {
	for _, a := range Adapters() {
		n := Named(a.Host())
		if n == nil || n.Host() != a.Host() || fmt.Sprintf("%T", n) != fmt.Sprintf("%T", a) {
			t.Errorf("Named(%q) = %#v, want a %T", a.Host(), n, a)
			continue
		}
	}
	for _, h := range []hooks.Host{"", "Claude", "claude ", "vscode"} {
		if n := Named(h); n != nil {
			t.Errorf("Named(%q) = %v, want nil", h, n)
		}
	}
}
