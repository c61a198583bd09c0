package opencode

import (
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
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
	if fs := a.Forks(); len(fs) != 1 || fs[0].Host != "kilo" || fs[0].File.Dir != ".kilo/plugin" || fs[0].File.PluginModule.Ext != ".js" {
		t.Errorf("forks %+v", fs)
	}
}

// The folders the installer writes are among those the host loads
// modules from (PluginModule.Loads), for OpenCode and for Kilo: the
// project's Dir is a configuration directory's plugin folder, the user's
// UserDir is one under $XDG_CONFIG_HOME, and the module's extension is
// one loaded.
func TestPluginLoadsHoldInstallFolders(t *testing.T) {
	a := New()
	files := []hostfacts.HookFile{a.HookFile()}
	for _, f := range a.Forks() {
		files = append(files, f.File)
	}
	for _, f := range files {
		l := f.PluginModule.Loads
		conf, folder := path.Split(f.Dir)
		if !slices.Contains(l.Project, strings.TrimSuffix(conf, "/")) || !slices.Contains(l.Folders, folder) {
			t.Errorf("%s: Dir %s is not a project's plugin folder of %+v", f.Title, f.Dir, l)
		}
		if _, folder := path.Split(f.UserDir); !f.XDG || !slices.Contains(l.Folders, folder) || strings.Count(f.UserDir, "/") != 1 {
			t.Errorf("%s: UserDir %s is not a plugin folder of the user's configuration directory", f.Title, f.UserDir)
		}
		if !slices.Contains(l.Exts, f.PluginModule.Ext) || len(l.Home) == 0 || l.Env == "" {
			t.Errorf("%s: %+v", f.Title, l)
		}
	}
	if k := files[1].PluginModule.Loads; slices.Contains(k.Project, ".opencode") || !slices.Contains(k.Project, ".kilocode") {
		t.Errorf("Kilo's project folders %q: it reads .kilocode and no .opencode (measured)", k.Project)
	}
}
