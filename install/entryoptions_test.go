package install

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// TestEntryOptionsOwnership: entries written with a status message, async
// and the program's arguments are install's when uninstall and doctor are
// given the same options (doctor reports them, uninstall gives the file
// back byte for byte); without them, the status message marks an entry as
// the user's, left alone, never removed.
func TestEntryOptionsOwnership(t *testing.T) {
	const bin = "/home/dev/bin/guard"
	dir := t.TempDir()
	user := []byte(`{"permissions":{"allow":["Bash(ls:*)"]}}` + "\n")
	write(t, dir, map[string][]byte{".claude/settings.json": user})
	p := filepath.Join(dir, ".claude", "settings.json")
	o := Options{Binary: bin, Hosts: []hooks.Host{"claude"}, Dir: dir, Home: dir, Scope: Project,
		Events: []hooks.EventName{hooks.SessionEnd}, StatusMessage: "Checking policy", Async: true, Args: []string{"--policy", "a b"}}
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
	installed, _ := os.ReadFile(p)
	for _, want := range []string{`"statusMessage":"Checking policy"`, `"async":true`, `-- --policy 'a b'"`} {
		if !bytes.Contains(installed, []byte(want)) {
			t.Errorf("install did not write %s:\n%s", want, installed)
		}
	}

	plain := o
	plain.StatusMessage, plain.Async, plain.Args, plain.Events = "", false, nil, nil
	r, err := Doctor(t.Context(), plain)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	r.Write(&buf)
	if !strings.Contains(buf.String(), "customised entry, left alone") {
		t.Errorf("doctor without the options:\n%s", buf.String())
	}
	if _, err := Uninstall(plain); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, installed) {
		t.Errorf("uninstall without the options removed an entry it cannot tell from the user's:\n%s", after)
	}

	r, err = Doctor(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	r.Write(&buf)
	if strings.Contains(buf.String(), "customised") || !strings.Contains(buf.String(), "1 entries: SessionEnd") && !strings.Contains(buf.String(), "1 entry: SessionEnd") {
		t.Errorf("doctor with the options:\n%s", buf.String())
	}
	if _, err := Uninstall(o); err != nil {
		t.Fatal(err)
	}
	if back, _ := os.ReadFile(p); !bytes.Equal(back, user) {
		t.Errorf("after uninstall:\n%s\nwant\n%s", back, user)
	}
}

// An argument after -- that is not UTF-8 is refused for every host: each
// host's file is text, where such bytes would be written as U+FFFD and the
// entry would run another argument than the one given (found by
// FuzzPluginModule).
func TestArgsNotUTF8(t *testing.T) {
	for _, name := range Hosts() {
		dir := t.TempDir()
		o := Options{Binary: "/home/dev/bin/guard", Hosts: []hooks.Host{name}, Dir: dir, Home: dir, DryRun: true, Args: []string{"\x86"}}
		if name == "kimi" {
			o.Scope = User // Kimi has no project scope
		}
		if _, err := Install(o); err == nil || !strings.Contains(err.Error(), "not UTF-8") {
			t.Errorf("%s: install with a non-UTF-8 argument: %v", name, err)
		}
	}
}
