// Package claudewire holds the parts of Claude Code's hook wire format that
// the hosts modelled on it (Qwen Code, Factory Droid, Kimi Code, Codex,
// Copilot CLI's PascalCase form) read the same way, measured host by host:
// the name of an MCP tool and the stop hook's loop flag; and, for the
// adapters of Droid, Qwen Code and Kimi Code, the reading of a payload
// ([Read], [Event], [Tools]), the frame of an answer ([Outside], [Encode])
// and the acts of a scenario ([Render]), parameterised by each host's
// facts: its capability matrix, its [Tools], its payload's keys. Each
// host's package stays the one place that states its quirks and their
// evidence: the events and fields it reads its own way, the form of its
// decisions, its answer's keys.
package claudewire

import "strings"

// MCPPrefix starts the name of every MCP tool: mcp__<server>__<tool>.
const MCPPrefix = "mcp__"

// SplitMCP splits an MCP tool name "mcp__<server>__<tool>": the server is
// the part before the second "__", the tool everything after it. ok is
// false for any other name, and for an empty server or tool.
func SplitMCP(name string) (server, tool string, ok bool) {
	rest, found := strings.CutPrefix(name, MCPPrefix)
	if !found {
		return "", "", false
	}
	server, tool, found = strings.Cut(rest, "__")
	if !found || server == "" || tool == "" {
		return "", "", false
	}
	return server, tool, true
}

// MCPName is the name of an MCP server's tool.
func MCPName(server, tool string) string { return MCPPrefix + server + "__" + tool }

// Loops is the unified loop count of a stop event whose stop_hook_active
// is active: the payload says only whether a stop hook already continued
// the agent, so 1 or 0.
func Loops(active bool) int {
	if active {
		return 1
	}
	return 0
}
