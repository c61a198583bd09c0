package install

import (
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/cursor"
)

// TestOptionsAdapters installs for the adapters it is given, as a Server
// answers for its own: the default host set is theirs, and a host they do
// not hold is unknown.
func TestOptionsAdapters(t *testing.T) {
	dir := t.TempDir()
	o := Options{Binary: "/home/dev/bin/guard", Adapters: []hooks.Adapter{claude.New(), cursor.New()}, Dir: dir, Home: dir, DryRun: true}
	cs, err := Install(o)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, string(c.Host))
	}
	if strings.Join(got, ",") != "claude,cursor" {
		t.Errorf("installed for %q, want claude and cursor only", got)
	}
	o.Hosts = []hooks.Host{"gemini"}
	if _, err := Install(o); err == nil || !strings.Contains(err.Error(), `unknown host "gemini" (known: claude, cursor)`) {
		t.Errorf("a host the adapters do not hold: %v", err)
	}
}
