package hostfacts

import (
	"path/filepath"
	"slices"
	"strings"
)

// Managed says where a host reads its managed (system) settings file: the
// file an administrator writes, in the file's own format ([HookFile]), whose
// hooks run for every user of the machine and which the user cannot
// change. An installer's managed scope writes it; a hook's footing
// (package footing) protects it. The zero value: the host has no such
// file, and None may say why.
type Managed struct {
	// Linux, Darwin and Windows are the file's absolute path on each
	// system ("" where the host reads none).
	Linux, Darwin, Windows string
	// Env names the variable that, when set, replaces the path
	// (GEMINI_CLI_SYSTEM_SETTINGS_PATH), or "".
	Env string
	// DropIns is the name of a folder next to the file whose *.json files
	// the host reads as more managed settings (Claude Code's
	// "managed-settings.d"), or "". An installer writes the file only; a
	// footing protects both.
	DropIns string
	// OnlyManaged is the key that, set to true in the file, makes the
	// host run the hooks of managed settings only, no user's, project's or
	// local file's (Claude Code's "allowManagedHooksOnly"), or "".
	OnlyManaged string
	// Needs says what else the host needs before it runs the file's hooks
	// ("" when nothing: Gemini CLI runs them in a trusted folder only).
	Needs string
	// None, for a host with no managed file, says so with the evidence.
	None string
	// Evidence says how the facts above were established: the client
	// versions, and whether measured with the real client or read in its
	// shipped code.
	Evidence string
}

// Has reports that the host reads a managed file on some system.
func (m Managed) Has() bool { return m.Linux != "" || m.Darwin != "" || m.Windows != "" }

// Path returns the managed file's path on the system goos ("linux",
// "darwin", "windows"): the value of Env when it is set (getenv reads the
// environment; nil reads none), else the system's path; "" when the host
// reads none there.
func (m Managed) Path(goos string, getenv func(string) string) string {
	if m.Env != "" && getenv != nil {
		if p := getenv(m.Env); p != "" {
			return p
		}
	}
	switch goos {
	case "linux":
		return m.Linux
	case "darwin":
		return m.Darwin
	case "windows":
		return m.Windows
	}
	// The other Unix systems: the hosts read the Linux path there.
	return m.Linux
}

// Paths returns the file's path on every system, and the variable's
// value when it is set, without repeats: everything a footing protects.
func (m Managed) Paths(getenv func(string) string) []string {
	var out []string
	add := func(p string) {
		if p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if m.Env != "" && getenv != nil {
		add(getenv(m.Env))
	}
	add(m.Linux)
	add(m.Darwin)
	add(m.Windows)
	return out
}

// DropInDir returns the drop-in folder next to the file at path p ("" when
// the host reads none). p may be in the form of another system than this
// one (a Windows path on Linux): the folder keeps its separator.
func (m Managed) DropInDir(p string) string {
	if m.DropIns == "" || p == "" {
		return ""
	}
	if strings.Contains(p, `\`) && !strings.Contains(p, "/") {
		return p[:strings.LastIndex(p, `\`)+1] + m.DropIns
	}
	return filepath.Join(filepath.Dir(p), m.DropIns)
}
