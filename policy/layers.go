package policy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// A Layer is where a policy file comes from.
type Layer uint8

// The layers, strongest first.
const (
	Managed Layer = iota // the machine's, written by an administrator
	User                 // the user's own
	Project              // the repository's
)

// String returns "managed", "user" or "project".
func (l Layer) String() string {
	switch l {
	case Managed:
		return "managed"
	case User:
		return "user"
	case Project:
		return "project"
	}
	return "layer?"
}

// ManagedPath returns the managed policy file's path on this system
// (see the package documentation).
func ManagedPath() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/AgentHooks/policy.toml"
	case "windows":
		// Not %ProgramData%: the user sets the hook's environment, and the
		// managed file must be the administrator's.
		return `C:\ProgramData\AgentHooks\policy.toml`
	}
	return "/etc/agenthooks/policy.toml"
}

// UserPath returns the user's policy file path, or "" when neither
// XDG_CONFIG_HOME nor the home directory is known.
func UserPath() string {
	if dir := os.Getenv("XDG_CONFIG_HOME"); dir != "" && filepath.IsAbs(dir) {
		return filepath.Join(dir, "agenthooks", "policy.toml")
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".config", "agenthooks", "policy.toml")
}

// ProjectPath returns the project policy file's path for the working
// directory cwd: .agenthooks/policy.toml at the nearest directory at or
// above cwd that holds a .git entry; "" when cwd is "" or not absolute,
// or no .git is found.
func ProjectPath(cwd string) string {
	if cwd == "" || !filepath.IsAbs(cwd) {
		return ""
	}
	dir := filepath.Clean(cwd)
	for range 256 {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return filepath.Join(dir, ".agenthooks", "policy.toml")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// Paths returns the three layers' paths for cwd, managed first; a
// layer with no path is "".
func Paths(cwd string) [3]string {
	return [3]string{ManagedPath(), UserPath(), ProjectPath(cwd)}
}

// Load reads the layers for the working directory cwd (see the package
// documentation). It returns nil and no error when no file exists. A
// file that exists but cannot be read or used is an error naming it:
// a hook answers it as a configuration error (fail closed).
func Load(cwd string) (*Set, error) {
	return LoadFiles(Paths(cwd))
}

// LoadFiles reads the policy files at paths, in layer order (managed,
// user, project; "" for none), as [Load] does. A gateway or a test
// passes its own.
func LoadFiles(paths [3]string) (*Set, error) {
	var files []*File
	for i, p := range paths {
		if p == "" {
			continue
		}
		f, err := ReadFile(p, Layer(i))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				err = &Error{File: p, Msg: strings.TrimPrefix(err.Error(), "open "+p+": ")}
			}
			return nil, err
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, nil
	}
	return NewSet(files...)
}
