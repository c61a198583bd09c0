package install

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/jsonc"
)

// Gemini CLI registers hooks from settings (user and project alike) only
// in a trusted folder, when folder trust is on (the default):
// ~/.gemini/trustedFolders.json maps paths to TRUST_FOLDER, TRUST_PARENT
// or DO_NOT_TRUST and the longest matching rule wins
// (packages/cli/src/config/trustedFolders.ts). Headless runs trust the
// folder with GEMINI_CLI_TRUST_WORKSPACE=true.

// jsonSetting returns the value at path in a JSON (or JSONC) settings file, or
// nil.
func jsonSetting(file string, path ...string) *jsonc.Node {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	d, err := jsonc.Parse(b)
	if err != nil {
		return nil
	}
	n := d.Root
	for _, k := range path {
		if n = n.Get(k); n == nil {
			return nil
		}
	}
	return n
}

// geminiSystemSettings is the system override file on Linux and macOS.
func geminiSystemSettings(e env) string {
	if p := e.getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH"); p != "" {
		return p
	}
	if _, err := os.Stat("/Library/Application Support/GeminiCli"); err == nil {
		return "/Library/Application Support/GeminiCli/settings.json"
	}
	return "/etc/gemini-cli/settings.json"
}

// geminiTrust returns "trusted", "untrusted" or "undecided" for dir, and
// the file that decided.
func geminiTrust(e env) (string, string) {
	if strings.EqualFold(e.getenv("GEMINI_CLI_TRUST_WORKSPACE"), "true") {
		return "trusted", "GEMINI_CLI_TRUST_WORKSPACE=true"
	}
	user := filepath.Join(e.home, ".gemini", "settings.json")
	enabled := true
	for _, f := range []string{user, geminiSystemSettings(e)} {
		if v := jsonSetting(f, "security", "folderTrust", "enabled"); v != nil {
			enabled = v.Kind != jsonc.False
		}
	}
	if !enabled {
		return "trusted", "security.folderTrust.enabled is false"
	}
	file := e.getenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
	if file == "" {
		file = filepath.Join(e.home, ".gemini", "trustedFolders.json")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "undecided", file
	}
	d, err := jsonc.Parse(b)
	if err != nil || d.Root.Kind != jsonc.Object {
		return "untrusted", file
	}
	loc := realPath(e.dir)
	best, level := -1, ""
	for _, m := range d.Root.Members {
		p := m.Key
		if m.Value.Str == "TRUST_PARENT" {
			p = filepath.Dir(p)
		}
		if within(loc, realPath(p)) && len(m.Key) > best {
			best, level = len(m.Key), m.Value.Str
		}
	}
	switch level {
	case "TRUST_FOLDER", "TRUST_PARENT":
		return "trusted", file
	case "DO_NOT_TRUST":
		return "untrusted", file
	}
	return "undecided", file
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// within reports that p is root or inside it.
func within(p, root string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
