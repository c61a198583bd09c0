package opencode

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/agenthooks/hooks/internal/shim"
)

//go:embed plugin.js
var pluginTemplate []byte

// PluginConfig is what [Plugin] bakes into the plugin file.
type PluginConfig struct {
	// Argv is the hook command: the binary's absolute path and its
	// arguments (--host opencode, --timeout, --fail-closed, …). The plugin
	// spawns it directly, with no shell.
	Argv []string
	// Timeout bounds each run of the hook (0: DefaultTimeout); the plugin
	// kills a hook that has not answered by then and blocks the call.
	Timeout time.Duration
	// Callbacks are the plugin callbacks to register: CallbackBefore,
	// CallbackAfter, CallbackEvent (nil: all three).
	Callbacks []string
}

// Plugin returns the plugin file for OpenCode (an ES module), with c
// baked in. OpenCode loads it from a plugin folder: the project's
// .opencode/plugin/ or the user's ~/.config/opencode/plugin/.
func Plugin(c PluginConfig) ([]byte, error) {
	if len(c.Argv) == 0 || c.Argv[0] == "" {
		return nil, errors.New("opencode plugin: no hook command")
	}
	if c.Timeout < 0 {
		return nil, errors.New("opencode plugin: negative timeout")
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	cbs := c.Callbacks
	if cbs == nil {
		cbs = []string{CallbackBefore, CallbackAfter, CallbackEvent}
	}
	for _, cb := range cbs {
		if !slices.Contains([]string{CallbackBefore, CallbackAfter, CallbackEvent}, cb) {
			return nil, fmt.Errorf("opencode plugin: unknown callback %q", cb)
		}
	}
	return shim.Bake(&shimHost, pluginTemplate, struct {
		Argv      []string `json:"argv"`
		TimeoutMs int64    `json:"timeoutMs"`
		Callbacks []string `json:"callbacks"`
	}{c.Argv, max(1, c.Timeout.Milliseconds()), cbs})
}

// PluginConfigOf reads back the configuration baked into a plugin file
// written by [Plugin], and reports whether data is such a file.
func PluginConfigOf(data []byte) (PluginConfig, bool) {
	var v struct {
		Argv      []string `json:"argv"`
		TimeoutMs int64    `json:"timeoutMs"`
		Callbacks []string `json:"callbacks"`
	}
	if !shim.ConfigOf(data, pluginSignature, &v) {
		return PluginConfig{}, false
	}
	return PluginConfig{Argv: v.Argv, Timeout: time.Duration(v.TimeoutMs) * time.Millisecond, Callbacks: v.Callbacks}, true
}

// pluginSignature is the first line of the plugin file.
const pluginSignature = "// agenthooks plugin for OpenCode"
