package footing

import (
	"encoding/json"
	"strings"

	"github.com/agenthooks/hooks"
)

// mcpPaths returns the paths an MCP tool call that looks like a file
// system's writer (its tool's name says write, edit, move, delete,
// create, remove, rename, copy or chmod) names in its arguments: the
// string values, at any depth, of keys that name a path (path, paths,
// source, destination, file_path, target, …). A heuristic: an MCP
// server's tools are its own.
func mcpPaths(in *hooks.MCPInput) []string {
	name := strings.ToLower(in.Tool)
	writer := false
	for _, w := range [...]string{"write", "edit", "move", "delete", "create", "remove", "rename", "copy", "chmod", "patch", "put", "mkdir", "rm"} {
		if strings.Contains(name, w) {
			writer = true
			break
		}
	}
	if !writer || len(in.Arguments) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(in.Arguments, &v) != nil {
		return nil
	}
	var out []string
	var walk func(key string, v any, depth int)
	walk = func(key string, v any, depth int) {
		if depth > 8 {
			return
		}
		switch x := v.(type) {
		case string:
			if pathKey(key) {
				out = append(out, x)
			}
		case []any:
			for _, e := range x {
				walk(key, e, depth+1)
			}
		case map[string]any:
			for k, e := range x {
				walk(k, e, depth+1)
			}
		}
	}
	walk("", v, 0)
	return out
}

// pathKey reports whether an argument's key names a path.
func pathKey(k string) bool {
	k = strings.ToLower(k)
	for _, s := range [...]string{"path", "file", "source", "src", "destination", "dest", "target", "dir"} {
		if strings.Contains(k, s) {
			return true
		}
	}
	return false
}
