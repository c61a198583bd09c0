package guard

import (
	"context"
	"encoding/json"
	"path"
	"strings"

	"github.com/agenthooks/hooks"
)

// Rule 7 on a host's own search and multi-file read tools (issue 38):
// Claude Code's and Cursor's Grep ({pattern, path, glob, output_mode}),
// Gemini's and Qwen's search_file_content and grep_search, opencode's
// grep, and Gemini's read_many_files ({paths, include}) have no unified
// kind: they reach the guard as a hooks.RawInput, and were let through
// whole. Grep {pattern: "KEY", path: "app/.env", output_mode:
// "content"} prints app/.env's lines, as `rg KEY app/.env` does. Each is
// judged as the shell command that does the same: a search as `rg
// --hidden --no-ignore -i` of its pattern, glob and path (ripgrep is what
// these tools run; the options say what the guard cannot know of the
// host's own ignore files and case), with -l or -c for a mode that prints
// names or counts, as the same command in Bash is; a multi-file read as
// `grep -r -e ''` of its paths, a path with a glob read as its folder.

// searchTool reports whether the host's tool name is one judged as a
// search (a switch, not a package-level map: no work at start-up).
func searchTool(name string) bool {
	switch name {
	case "Grep", "grep", "search_file_content", "grep_search":
		return true
	}
	return false
}

// readManyTool reports whether the host's tool name is one judged as a
// read of every file it names.
func readManyTool(name string) bool { return name == "read_many_files" }

// searchToolCommand returns the shell command that does what the search
// or multi-file read tool t does, ok false for any other tool. why is
// set when t's input cannot be read as its host reads it.
func searchToolCommand(t *hooks.Tool) (cmd, why string, ok bool) {
	raw, isRaw := t.Input.(hooks.RawInput)
	search, many := searchTool(t.Name), readManyTool(t.Name)
	if !isRaw || !search && !many {
		return "", "", false
	}
	var in map[string]json.RawMessage
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &in); err != nil {
			return "", "its input is not a JSON object (" + err.Error() + ")", true
		}
	}
	str := func(keys ...string) (string, bool) {
		for _, k := range keys {
			v, there := in[k]
			if !there || string(v) == "null" {
				continue
			}
			var s string
			if json.Unmarshal(v, &s) != nil {
				return "", false
			}
			return s, true
		}
		return "", true
	}
	if many {
		var names []string
		for _, k := range []string{"paths", "include", "file_paths"} {
			v, there := in[k]
			if !there || string(v) == "null" {
				continue
			}
			var l []string
			if json.Unmarshal(v, &l) != nil {
				return "", "its " + k + " is not a list of strings", true
			}
			names = append(names, l...)
		}
		if len(names) == 0 {
			names = []string{"."}
		}
		words := []string{"-r", "-e", "", "--"}
		for _, n := range names {
			words = append(words, globFolder(n))
		}
		return "grep " + pathWords(words), "", true
	}
	pat, okPat := str("pattern", "query", "regex")
	where, okPath := str("path", "file_path", "dir_path", "directory", "absolute_path")
	glob, okGlob := str("glob", "include")
	mode, okMode := str("output_mode")
	if !okPat || !okPath || !okGlob || !okMode {
		return "", "a field it reads is not a string", true
	}
	if _, cursor := in["file_path"]; mode == "" && t.Name == "Grep" && !cursor {
		// Claude Code's Grep ({pattern, path, output_mode}) prints the
		// names of the files that match unless told otherwise; Cursor's
		// ({pattern, file_path}) is not known to: its lines are taken.
		mode = "files_with_matches"
	}
	words := []string{"--hidden", "--no-ignore", "-i"}
	switch mode {
	case "files_with_matches":
		words = append(words, "-l")
	case "count":
		words = append(words, "-c")
	}
	if v, there := in["multiline"]; there && string(v) != "false" && string(v) != "null" {
		words = append(words, "-U")
	}
	words = append(words, "-e", pat)
	if glob != "" {
		words = append(words, "-g", glob)
	}
	if where == "" {
		where = "."
	}
	words = append(words, "--", globFolder(where))
	return "rg " + pathWords(words), "", true
}

// globFolder returns p, or, when p holds a glob, the folder above its
// first element that does (app/**/*.env: app), which a search of the
// folder reads whole.
func globFolder(p string) string {
	i := strings.IndexAny(p, "*?[{")
	if i < 0 {
		return p
	}
	if d := path.Dir(p[:i] + "x"); d != "" {
		return d
	}
	return "."
}

// pathWords returns words as shell words, each single-quoted; a leading
// ~/ (or ~ alone) is left unquoted, as a host that expands it reads it.
func pathWords(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if w == "~" || strings.HasPrefix(w, "~/") {
			b.WriteString("~/")
			w = strings.TrimPrefix(strings.TrimPrefix(w, "~"), "/")
		}
		b.WriteString(quoted(w))
	}
	return b.String()
}

// judgeSearchTool returns the reason to deny a search or multi-file read
// tool call, judged as the shell command that does the same.
func judgeSearchTool(ctx context.Context, cfg *Config, cwd string, t *hooks.Tool) (string, bool) {
	cmd, why, ok := searchToolCommand(t)
	switch {
	case !ok:
		return "", false
	case why != "":
		return "guard: rule 4 (nothing it cannot see): this " + t.Name + " call's input cannot be read as the host reads it: " +
			why + "; send a well-formed call", true
	}
	r, deny := judgeShell(ctx, cmd, &place{root: cwd, dir: cwd, src: cmd, wt: worktreeFor(ctx, cfg), cfg: cfg})
	if !deny {
		return "", false
	}
	return r + " (the " + t.Name + " tool reads files as `" + clip(cmd) + "` does)", true
}
