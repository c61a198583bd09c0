package opencode

import (
	"slices"
	"testing"
	"time"
)

// RenderPlugin registers the callback of each native event (both session
// events through the one event callback), ReadPlugin reads back what it
// baked in, and an event the plugin has no callback for is an error.
func TestRenderReadPlugin(t *testing.T) {
	a := New()
	argv := []string{"/home/dev/bin/guard", "--host", "opencode", "--timeout", "5s"}
	data, err := a.RenderPlugin(argv, []string{EventToolBefore, EventSessionIdle, EventSessionCreated}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := PluginConfigOf(data)
	if !ok || !slices.Equal(c.Callbacks, []string{CallbackBefore, CallbackEvent}) {
		t.Errorf("callbacks %v, %v", c.Callbacks, ok)
	}
	got, natives, limit, ok := a.ReadPlugin(data)
	if !ok || !slices.Equal(got, argv) || limit != 5*time.Second ||
		!slices.Equal(natives, []string{EventToolBefore, EventSessionCreated, EventSessionIdle}) {
		t.Errorf("read back %q %v %s %v", got, natives, limit, ok)
	}
	if _, err := a.RenderPlugin(argv, []string{"PreToolUse"}, time.Second); err == nil {
		t.Error("an event the plugin has no callback for: no error")
	}
	if _, _, _, ok := a.ReadPlugin([]byte("export const P = async () => ({})\n")); ok {
		t.Error("another plugin read as ours")
	}
	if fs := a.Forks(); len(fs) != 1 || fs[0].Host != "kilo" || fs[0].File.Dir != ".kilo/plugin" || fs[0].File.PluginModule != ".js" {
		t.Errorf("forks %+v", fs)
	}
}
