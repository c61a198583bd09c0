package claudewire

import "testing"

func TestSplitMCP(t *testing.T) {
	for name, want := range map[string][2]string{
		"mcp__github__create_issue": {"github", "create_issue"},
		"mcp__a__b__c":              {"a", "b__c"},
		"mcp__srv__":                {},
		"mcp____tool":               {},
		"mcp__srv":                  {},
		"Bash":                      {},
		"MCP__a__b":                 {},
	} {
		server, tool, ok := SplitMCP(name)
		if ok != (want[0] != "") || server != want[0] || tool != want[1] {
			t.Errorf("SplitMCP(%q) = %q, %q, %v; want %q", name, server, tool, ok, want)
		}
		if ok && MCPName(server, tool) != name {
			t.Errorf("MCPName(%q, %q) = %q", server, tool, MCPName(server, tool))
		}
	}
	if Loops(true) != 1 || Loops(false) != 0 {
		t.Error("Loops")
	}
}
