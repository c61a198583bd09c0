// Package managedfile holds what the installer's managed scope needs
// beyond the other scopes: a managed file's path under a stand-in for the
// file system's root (tests), the top-level switch a host reads in its
// managed file (Claude Code's "allowManagedHooksOnly"), set and taken out
// again with every other byte kept, and who could replace the binary a
// managed file runs.
package managedfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/agenthooks/hooks/internal/jsonc"
)

// ErrNotObject is returned for a file that is not one JSON object.
var ErrNotObject = errors.New("not a JSON object")

// Under returns p, an absolute path of any system, below root, the
// stand-in for the file system's root; p itself when root is "".
func Under(root, p string) string {
	if root == "" || p == "" {
		return p
	}
	rel := filepath.ToSlash(p)
	if len(rel) > 1 && rel[1] == ':' {
		rel = rel[2:] // a volume name ("C:")
	}
	rel = strings.ReplaceAll(rel, `\`, "/")
	return filepath.Join(root, filepath.FromSlash(rel))
}

// SetTrue sets the top-level key of the JSON object src to true, leaving
// every other byte as it is.
func SetTrue(src []byte, key string) ([]byte, error) {
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return nil, fmt.Errorf("%w: cannot set %q", ErrNotObject, key)
	}
	if d.Root.Count(key) > 1 {
		return nil, fmt.Errorf("%w: %q appears twice", ErrNotObject, key)
	}
	st := jsonc.StyleOf(d)
	render := func(ind string) string { return jsonc.RenderMember(key, true, ind, st) }
	i := d.Root.Index(key)
	switch {
	case i < 0:
		e, _ := jsonc.AppendEdit(d.Src, d.Root, st, render)
		return jsonc.Apply(d.Src, e), nil
	case d.Root.Members[i].Value.Kind == jsonc.True:
		return src, nil
	}
	return jsonc.Apply(d.Src, jsonc.ReplaceEdit(d.Src, d.Root, i, st, render)), nil
}

// RemoveTrue removes the top-level key of src when it is true (once, and
// alone), and reports whether it did.
func RemoveTrue(src []byte, key string) ([]byte, bool, error) {
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return nil, false, fmt.Errorf("%w: cannot remove %q", ErrNotObject, key)
	}
	i := d.Root.Index(key)
	if i < 0 || d.Root.Count(key) > 1 || d.Root.Members[i].Value.Kind != jsonc.True {
		return src, false, nil
	}
	return jsonc.Apply(d.Src, jsonc.RemoveEdit(d.Src, d.Root, i, jsonc.StyleOf(d), false)), true, nil
}

// IsTrue reports that the top-level key of the JSON object src is true.
func IsTrue(src []byte, key string) bool {
	d, err := jsonc.Parse(src)
	if err != nil || d.Root.Kind != jsonc.Object {
		return false
	}
	v := d.Root.Get(key)
	return v != nil && v.Kind == jsonc.True
}

// Replaceable says, for the binary a managed file runs, who beside its
// owner could replace it: anyone the permission bits of it or its folder
// let write ("" for none, and always on Windows, whose bits say nothing
// of it). Whoever can replace the binary decides every call the managed
// hook judges.
func Replaceable(binary string) string {
	if runtime.GOOS == "windows" {
		return ""
	}
	for _, p := range []string{binary, filepath.Dir(binary)} {
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		who := ""
		switch m := fi.Mode().Perm(); {
		case m&0o002 != 0:
			who = "everyone"
		case m&0o020 != 0:
			who = "its group"
		}
		if who != "" {
			return fmt.Sprintf("%s is writable by %s: whoever can replace the binary decides what the managed hook allows; keep it in a folder only root can write (/usr/local/bin)", p, who)
		}
	}
	return ""
}
