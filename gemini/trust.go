package gemini

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// Gemini CLI registers hooks from settings (user and project alike) only
// in a trusted folder, when folder trust is on (the default):
// ~/.gemini/trustedFolders.json maps paths to TRUST_FOLDER, TRUST_PARENT
// or DO_NOT_TRUST and the longest matching rule wins
// (packages/cli/src/config/trustedFolders.ts). Headless runs trust the
// folder with GEMINI_CLI_TRUST_WORKSPACE=true.

// systemSettings is the system override file on Linux and macOS.
func systemSettings(getenv func(string) string) string {
	if p := getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH"); p != "" {
		return p
	}
	if _, err := os.Stat("/Library/Application Support/GeminiCli"); err == nil {
		return "/Library/Application Support/GeminiCli/settings.json"
	}
	return "/etc/gemini-cli/settings.json"
}

// folderTrust returns "trusted", "untrusted" or "undecided" for the
// project directory dir, and the file that decided.
func folderTrust(dir, home string, getenv func(string) string) (string, string) {
	if strings.EqualFold(getenv("GEMINI_CLI_TRUST_WORKSPACE"), "true") {
		return "trusted", "GEMINI_CLI_TRUST_WORKSPACE=true"
	}
	user := filepath.Join(home, ".gemini", "settings.json")
	enabled := true
	for _, f := range []string{user, systemSettings(getenv)} {
		// A file that does not parse is reported by CheckSettings.
		if v, _ := jsonc.Setting(f, jsonc.Comments, "security", "folderTrust", "enabled"); v != nil {
			enabled = v.Kind != jsonc.False
		}
	}
	if !enabled {
		return "trusted", "security.folderTrust.enabled is false"
	}
	file := getenv("GEMINI_CLI_TRUSTED_FOLDERS_PATH")
	if file == "" {
		file = filepath.Join(home, ".gemini", "trustedFolders.json")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "undecided", file
	}
	d, err := jsonc.Parse(b)
	if err != nil || d.Check(jsonc.Comments) != nil || d.Root.Kind != jsonc.Object {
		// Gemini CLI cannot read it (it strips comments, then JSON.parse):
		// no folder is trusted by it.
		return "untrusted", file
	}
	loc := foldCase(realPath(dir))
	best, level := -1, ""
	for _, r := range trustRules(d.Root) {
		p := r.path
		if r.level == "TRUST_PARENT" {
			p = filepath.Dir(p)
		}
		if within(loc, foldCase(realPath(p))) && len(r.path) > best {
			best, level = len(r.path), r.level
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

// trustRule is one rule of trustedFolders.json.
type trustRule struct{ path, level string }

// trustRules reads the rules as Gemini CLI does: JSON.parse keeps the last
// value of a repeated key at the key's first place; a value that is not a
// trust level drops the rule; paths are made absolute and cleaned (and
// lower-cased on macOS and Windows), a later rule for the same path
// replacing the earlier one in its place. The longest matching rule wins,
// the first of equal length.
func trustRules(root *jsonc.Node) []trustRule {
	var raw []trustRule
	at := map[string]int{}
	for _, m := range root.Members {
		level := ""
		if m.Value.Kind == jsonc.String {
			level = m.Value.Str
		}
		if i, ok := at[m.Key]; ok {
			raw[i].level = level
			continue
		}
		at[m.Key] = len(raw)
		raw = append(raw, trustRule{m.Key, level})
	}
	var rules []trustRule
	byPath := map[string]int{}
	for _, r := range raw {
		switch r.level {
		case "TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST":
		default:
			continue
		}
		p, err := filepath.Abs(r.path)
		if err != nil {
			continue
		}
		p = foldCase(p)
		if i, ok := byPath[p]; ok {
			rules[i].level = r.level
			continue
		}
		byPath[p] = len(rules)
		rules = append(rules, trustRule{p, r.level})
	}
	return rules
}

// foldCase lower-cases p where Gemini CLI compares paths without case
// (macOS and Windows).
func foldCase(p string) string {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		return strings.ToLower(p)
	}
	return p
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

// CheckEntries implements hostfacts.SettingsChecker: Gemini CLI has no trust
// of its own per entry.
func (*Adapter) CheckEntries(c hostfacts.SettingsCheck) []hostfacts.Diagnosis { return nil }

// CheckSettings implements hostfacts.SettingsChecker: hooksConfig.enabled
// false (the user's, project's or system settings, the last that sets it
// winning) turns every hook off, hooksConfig.disabled lists hooks it
// skips by name or command, and hooks (the user's as well as the
// project's) load only in a trusted folder.
func (*Adapter) CheckSettings(c hostfacts.SettingsCheck) []hostfacts.Diagnosis {
	var ds []hostfacts.Diagnosis
	add := func(v hostfacts.Verdict, format string, args ...any) {
		ds = append(ds, hostfacts.Diagnosis{Verdict: v, Msg: fmt.Sprintf(format, args...)})
	}
	name := strings.TrimSuffix(filepath.Base(c.Binary), ".exe")
	enabled, from := true, ""
	for _, p := range []string{c.UserFile, filepath.Join(c.Dir, ".gemini", "settings.json"), systemSettings(c.Getenv)} {
		root, err := jsonc.Load(p, jsonc.Comments)
		if err != nil {
			ds = append(ds, hostfacts.CannotRead(p, err))
			continue
		}
		if v := root.Lookup("hooksConfig", "enabled"); v != nil {
			enabled, from = v.Kind != jsonc.False, p
		}
		if v := root.Lookup("hooksConfig", "disabled"); v != nil && v.Kind == jsonc.Array {
			for _, x := range v.Elems {
				if x.Kind == jsonc.String && (x.Str == name || ours(c, x.Str)) {
					add(hostfacts.VerdictFail, "%s lists %q in hooksConfig.disabled: Gemini CLI skips the hook", p, x.Str)
				}
			}
		}
	}
	if !enabled {
		add(hostfacts.VerdictFail, "%s sets hooksConfig.enabled to false: Gemini CLI runs no hook", from)
	}
	switch trust, by := folderTrust(c.Dir, c.Home, c.Getenv); trust {
	case "trusted":
		add(hostfacts.VerdictOK, "%s is a trusted folder (%s)", c.Dir, by)
	default:
		what := "not trusted"
		if trust == "undecided" {
			what = "not yet trusted"
		}
		add(hostfacts.VerdictFail, "%s is %s for Gemini CLI, which loads hooks (user and project) only in trusted folders.\n"+
			"Run gemini in it and choose to trust the folder, or add %s: %s to %s;\n"+
			"headless runs (gemini -p) need GEMINI_CLI_TRUST_WORKSPACE=true.",
			c.Dir, what, jsonc.Quote(c.Dir), jsonc.Quote("TRUST_FOLDER"), by)
	}
	return ds
}

// ours reports that command is the command or the name of one of the
// entries found (their name is that of the binary their commands name,
// which need not be c.Binary's: install --binary-in-project).
func ours(c hostfacts.SettingsCheck, command string) bool {
	for _, e := range c.Entries {
		var x struct{ Command, Name string }
		if json.Unmarshal(e.Entry, &x) == nil && (x.Command != "" && x.Command == command || x.Name != "" && x.Name == command) {
			return true
		}
	}
	return false
}
