package pi

import (
	"slices"
	"testing"
	"time"
)

// RenderPlugin handles the native events asked for, ReadPlugin reads back
// what it baked in, and an event the extension does not handle is an
// error.
func TestRenderReadPlugin(t *testing.T) {
	a := New()
	argv := []string{"/home/dev/bin/guard", "--host", "pi", "--timeout", "5s"}
	data, err := a.RenderPlugin(argv, []string{EventToolCall, EventAgentEnd}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	got, natives, limit, ok := a.ReadPlugin(data)
	if !ok || !slices.Equal(got, argv) || limit != 5*time.Second || !slices.Equal(natives, []string{EventToolCall, EventAgentEnd}) {
		t.Errorf("read back %q %v %s %v", got, natives, limit, ok)
	}
	if _, err := a.RenderPlugin(argv, []string{"PreToolUse"}, time.Second); err == nil {
		t.Error("an event the extension does not handle: no error")
	}
	if _, _, _, ok := a.ReadPlugin([]byte("export default function (pi) {}\n")); ok {
		t.Error("another extension read as ours")
	}
	// A string of the configuration holding the end mark stays inside it.
	argv = []string{"/home/dev/bin/guard */ /*END*/ x", "--host", "pi"}
	data, err = a.RenderPlugin(argv, nil, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if got, _, _, ok := a.ReadPlugin(data); !ok || !slices.Equal(got, argv) {
		t.Errorf("read back %q %v", got, ok)
	}
}

// The folder the installer writes in a project is one Pi loads modules
// from, and so is the user's.
func TestPluginLoadsHoldInstallFolders(t *testing.T) {
	f := New().HookFile()
	l := f.PluginModule.Loads
	if f.Dir != ".pi/extensions" || f.UserDir != ".pi/agent/extensions" || !slices.Contains(l.Project, ".pi") ||
		!slices.Contains(l.Folders, "extensions") || !slices.Contains(l.Exts, f.PluginModule.Ext) {
		t.Errorf("%+v", f)
	}
}
