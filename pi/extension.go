package pi

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/agenthooks/hooks/internal/shim"
)

//go:embed extension.js
var extensionTemplate []byte

// ExtensionConfig is what [Extension] bakes into the extension file.
type ExtensionConfig struct {
	// Argv is the hook command: the binary's absolute path and its
	// arguments (--host pi, --timeout, --fail-closed, …). The extension
	// spawns it directly, with no shell.
	Argv []string
	// Timeout bounds each run of the hook (0: DefaultTimeout); the
	// extension kills a hook that has not answered by then and blocks the
	// call.
	Timeout time.Duration
	// Events are the Pi events to handle: EventToolCall, EventToolResult,
	// EventSessionStart, EventAgentEnd (nil: all four).
	Events []string
}

// allEvents are the events the extension can handle.
func allEvents() []string {
	return []string{EventToolCall, EventToolResult, EventSessionStart, EventAgentEnd}
}

// Extension returns the extension file for Pi (an ES module), with c
// baked in. Pi loads it from an extensions folder: the project's
// .pi/extensions/ or the user's ~/.pi/agent/extensions/.
func Extension(c ExtensionConfig) ([]byte, error) {
	if len(c.Argv) == 0 || c.Argv[0] == "" {
		return nil, errors.New("pi extension: no hook command")
	}
	if c.Timeout < 0 {
		return nil, errors.New("pi extension: negative timeout")
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	evs := c.Events
	if evs == nil {
		evs = allEvents()
	}
	for _, e := range evs {
		if !slices.Contains(allEvents(), e) {
			return nil, fmt.Errorf("pi extension: unknown event %q", e)
		}
	}
	return shim.Bake(&shimHost, extensionTemplate, struct {
		Argv      []string `json:"argv"`
		TimeoutMs int64    `json:"timeoutMs"`
		Events    []string `json:"events"`
	}{c.Argv, max(1, c.Timeout.Milliseconds()), evs})
}

// ExtensionConfigOf reads back the configuration baked into an extension
// file written by [Extension], and reports whether data is such a file.
func ExtensionConfigOf(data []byte) (ExtensionConfig, bool) {
	var v struct {
		Argv      []string `json:"argv"`
		TimeoutMs int64    `json:"timeoutMs"`
		Events    []string `json:"events"`
	}
	if !shim.ConfigOf(data, extensionSignature, &v) {
		return ExtensionConfig{}, false
	}
	return ExtensionConfig{Argv: v.Argv, Timeout: time.Duration(v.TimeoutMs) * time.Millisecond, Events: v.Events}, true
}

// extensionSignature is the first line of the extension file.
const extensionSignature = "// agenthooks extension for Pi"
