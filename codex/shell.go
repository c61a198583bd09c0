package codex

import (
	"path"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/applypatch"
)

// PatchFromShell finds the patches a shell command feeds to Codex's
// apply_patch command, and the files they touch.
//
// A model without the apply_patch tool sends its edits through the shell,
// as `apply_patch <<'EOF' … EOF` (or `cd dir && apply_patch <<'EOF' …`).
// Codex applies such a patch itself, yet its hooks see tool_name "Bash"
// with the whole command, and no PostToolUse follows. Parse keeps that
// call a *hooks.ShellInput and sets its Patch from PatchFromShell, so
// that the patch's files are part of writes.Paths and a path policy
// sees them on every host without calling this function.
//
// It reports ok when the command runs apply_patch (or applypatch) and holds
// at least one "*** Begin Patch" block, however that block is fed (heredoc,
// here-string, pipe). Patch is the block's text (several blocks are joined
// by a newline) and Files what ParsePatch finds in each, salvaged header
// paths included when a block does not parse (ok with no Files means a
// patch is fed in a form whose headers cannot be read, e.g. one printf
// argument per line: a guard may well refuse that). In the `cd DIR && apply_patch`
// form, relative paths are joined onto DIR (and cleaned) as Codex does;
// other ways of changing directory are not followed, and no shell expansion
// is done (a path holding $ or ~ is returned as written).
//
// This is a help for path policies, not a sandbox: a shell command can
// write files in countless other ways.
func PatchFromShell(cmd string) (hooks.PatchInput, bool) {
	var out hooks.PatchInput
	var texts []string
	if applyPatchAt(cmd, 0) < 0 {
		return out, false
	}
	for pos := 0; pos < len(cmd); {
		b := strings.Index(cmd[pos:], applypatch.Begin)
		if b < 0 {
			break
		}
		b += pos
		end := patchEnd(cmd, b)
		text := cmd[b:end]
		files, _ := ParsePatch(text)
		if dir := cdDir(cmd, b); dir != "" {
			for i := range files {
				files[i].Path = under(dir, files[i].Path)
				if files[i].MoveTo != "" {
					files[i].MoveTo = under(dir, files[i].MoveTo)
				}
			}
		}
		out.Files = append(out.Files, files...)
		texts = append(texts, text)
		pos = end
	}
	if len(texts) == 0 {
		return hooks.PatchInput{}, false
	}
	out.Patch = strings.Join(texts, "\n")
	return out, true
}

// patchEnd returns the end of the patch block that starts at b: the end of
// the first line after it whose trimmed text is "*** End Patch", else the
// end of the first "*** End Patch" at all (a quoted here-string), else the
// end of cmd.
func patchEnd(cmd string, b int) int {
	for i := b; i < len(cmd); {
		nl := strings.IndexByte(cmd[i:], '\n')
		lineEnd := len(cmd)
		if nl >= 0 {
			lineEnd = i + nl
		}
		if strings.TrimSpace(cmd[i:lineEnd]) == applypatch.End {
			return lineEnd
		}
		i = lineEnd + 1
	}
	if e := strings.Index(cmd[b:], applypatch.End); e >= 0 {
		return b + e + len(applypatch.End)
	}
	return len(cmd)
}

// applyPatchAt returns the index of the first apply_patch or applypatch
// command word in cmd at or after from, or -1.
func applyPatchAt(cmd string, from int) int {
	for i := from; i < len(cmd); i++ {
		for _, name := range [...]string{"apply_patch", "applypatch"} {
			if strings.HasPrefix(cmd[i:], name) && (i == 0 || strings.IndexByte(" \t\n;&|(`'\"/{!", cmd[i-1]) >= 0) {
				j := i + len(name)
				if j == len(cmd) || strings.IndexByte(" \t\r\n;&|)<>`'\"}", cmd[j]) >= 0 {
					return i
				}
			}
		}
	}
	return -1
}

// cdDir returns DIR when the apply_patch command that feeds the block at b
// is written `cd DIR && apply_patch …`, Codex's own form, else "".
func cdDir(cmd string, b int) string {
	// The apply_patch word closest before the block.
	at := -1
	for i := applyPatchAt(cmd, 0); i >= 0 && i < b; i = applyPatchAt(cmd, i+1) {
		at = i
	}
	if at < 0 {
		return ""
	}
	s := strings.TrimRight(cmd[:at], " \t")
	s, ok := strings.CutSuffix(s, "&&")
	if !ok {
		return ""
	}
	s = strings.TrimRight(s, " \t")
	var dir string
	switch {
	case s == "":
		return ""
	case s[len(s)-1] == '\'' || s[len(s)-1] == '"':
		q := s[len(s)-1]
		open := strings.LastIndexByte(s[:len(s)-1], q)
		if open < 0 {
			return ""
		}
		dir, s = s[open+1:len(s)-1], s[:open]
	default:
		k := strings.LastIndexAny(s, " \t\n;&|(")
		dir, s = s[k+1:], s[:k+1]
	}
	s = strings.TrimRight(s, " \t")
	s, ok = strings.CutSuffix(s, "cd")
	if !ok || dir == "" || (s != "" && strings.IndexByte(" \t\n;&|(", s[len(s)-1]) < 0) {
		return ""
	}
	return dir
}

// under resolves a patch path against the directory the patch runs in.
func under(dir, p string) string {
	if p == "" || path.IsAbs(p) {
		return p
	}
	return path.Join(dir, p)
}
