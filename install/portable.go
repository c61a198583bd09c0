package install

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// A head is one way an entry's command may start by naming the hook
// binary: its absolute path (quoted for the host's shell), the project's
// directory as the host gives it followed by the binary's path inside the
// project, or the binary's name on PATH.
type head struct {
	// text is how the command starts, before " --host".
	text string
	// kind says which of the three it is; file is the absolute path, the
	// path inside the project ("bin/guard") or the name on PATH.
	kind headKind
	file string
}

type headKind int

const (
	absoluteHead headKind = iota
	projectHead
	pathHead
)

// portableChars are those a path inside the project or a name on PATH
// may hold: no shell would change them, on any host.
const portableChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-+/"

// checkPortable checks Options.ProjectBinary and Options.PathBinary.
func (o *Options) checkPortable() error {
	p, n := o.ProjectBinary, o.PathBinary
	switch {
	case p != "" && n != "":
		return errors.New("--binary-in-project and --binary-on-path name the binary two ways: give one")
	case p != "" && o.Scope == User:
		return errors.New("--binary-in-project with --scope user: the user's file serves every project, and the others have no " + p + "; use --binary-on-path, or the project scope")
	case p != "":
		clean := path.Clean(p)
		if strings.Trim(p, portableChars) != "" || path.IsAbs(p) || clean != p || clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
			return fmt.Errorf("--binary-in-project %q: give the binary's path inside the project, relative to its root, with / between names and only letters, digits and _ . - + (bin/guard)", p)
		}
	case n != "":
		if strings.Trim(n, portableChars) != "" || strings.Contains(n, "/") || strings.HasPrefix(n, "-") || n == "." || n == ".." {
			return fmt.Errorf("--binary-on-path %q: give the program's name alone, with only letters, digits and _ . - + and no - first (guard)", n)
		}
	}
	return nil
}

// portable reports that the options name the binary in a way that works
// on every clone of the project.
func (o *Options) portable() bool { return o.ProjectBinary != "" || o.PathBinary != "" }

// projectText is how h's commands name the file at rel, a path inside
// the project; "" when h gives a command no way to find the project.
func (h *host) projectText(rel string) string {
	if h.ProjectDir == "" {
		return ""
	}
	return h.ProjectDir + "/" + rel
}

// setHeads fills in h.self and h.heads for the options: the head install
// writes first (the form the options ask for, else the absolute path),
// then the others that name the same binary, which are ours too: the
// absolute path, the path inside the project when the binary lies in
// the project at dir, the name on PATH when PATH finds this very binary.
func (h *host) setHeads(o *Options, e env) error {
	dir := e.dir
	h.self, h.selfName = o.Binary, binaryName(cmp.Or(o.ProjectBinary, o.PathBinary, o.Binary))
	var abs []head
	for _, f := range absoluteForms(o.Binary, h) {
		abs = append(abs, head{text: f, kind: absoluteHead, file: o.Binary})
	}
	var first, more []head
	switch {
	case o.ProjectBinary != "":
		t := h.projectText(o.ProjectBinary)
		if t == "" {
			return fmt.Errorf("%s gives a hook no way to find the project's directory, so --binary-in-project cannot reach %s there; use --binary-on-path, or leave %s out with --hosts", h.Title, o.ProjectBinary, h.name)
		}
		first = []head{{text: t, kind: projectHead, file: o.ProjectBinary}}
	case o.PathBinary != "":
		first = []head{{text: o.PathBinary, kind: pathHead, file: o.PathBinary}}
	default:
		first, abs = abs, nil
	}
	if rel, ok := inside(dir, o.Binary); ok && o.ProjectBinary != rel {
		if t := h.projectText(rel); t != "" {
			more = append(more, head{text: t, kind: projectHead, file: rel})
		}
	}
	if name := binaryName(o.Binary); o.PathBinary != name && onPath(name, o.Binary, e.getenv) {
		more = append(more, head{text: name, kind: pathHead, file: name})
	}
	h.heads = append(append(first, abs...), more...)
	return nil
}

// inside returns the slash-separated path of file relative to dir, when
// file lies under dir and the path needs no quoting.
func inside(dir, file string) (string, bool) {
	if dir == "" || shellwords.WindowsPath(file) {
		return "", false
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || !filepath.IsLocal(rel) {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	return rel, strings.Trim(rel, portableChars) == ""
}

// onPath reports that PATH finds name and that it is the file binary.
func onPath(name, binary string, getenv func(string) string) bool {
	found, err := findOnPath(name, getenv)
	if err != nil {
		return false
	}
	a, err1 := os.Stat(found)
	b, err2 := os.Stat(binary)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// checkTarget checks, before install writes them, that the binary the
// portable commands name is there: the file inside the project at dir,
// an executable; the name, on this machine's PATH.
func (o *Options) checkTarget(e env) error {
	dir := e.dir
	switch {
	case o.ProjectBinary != "":
		p := filepath.Join(dir, filepath.FromSlash(o.ProjectBinary))
		fi, err := os.Stat(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("--binary-in-project: there is no %s in the project (%s): build the hook there first (go build -o %s ./cmd/...), and commit it or have every developer build it", o.ProjectBinary, p, o.ProjectBinary)
			}
			return fmt.Errorf("--binary-in-project: %w", err)
		}
		if !fi.Mode().IsRegular() || runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
			return fmt.Errorf("--binary-in-project: %s is not an executable file", p)
		}
	case o.PathBinary != "":
		if _, err := findOnPath(o.PathBinary, e.getenv); err != nil {
			return fmt.Errorf("--binary-on-path: PATH has no program %s here (go install it first): %v", o.PathBinary, err)
		}
	}
	return nil
}

// headOf returns the head of ours cmd starts with, if any.
func (h *host) headOf(cmd string) (head, bool) {
	for _, hd := range h.heads {
		if strings.HasPrefix(cmd, hd.text+" ") {
			return hd, true
		}
	}
	return head{}, false
}

// resolve returns the file an entry's command runs, for doctor: the
// absolute path; the file in the project e.dir; the program PATH finds
// ("" with the error when none).
func (hd head) resolve(e env) (string, error) {
	switch hd.kind {
	case projectHead:
		return filepath.Join(e.dir, filepath.FromSlash(hd.file)), nil
	case pathHead:
		return findOnPath(hd.file, e.getenv)
	}
	return hd.file, nil
}

// findOnPath returns the program name in the directories of the PATH
// getenv gives (lookPath), or an error.
func findOnPath(name string, getenv func(string) string) (string, error) {
	if p := lookPath(name, getenv("PATH")); p != "" {
		return p, nil
	}
	return "", fmt.Errorf("%s is not in a directory of PATH", name)
}

// describe says, for doctor, how the command names the binary.
func (hd head) describe() string {
	switch hd.kind {
	case projectHead:
		return "the project's " + hd.file + " (" + hd.text + ", on every clone)"
	case pathHead:
		return hd.file + " on PATH"
	}
	return hd.file
}

// forDoctor returns cmd as doctor runs it: with the project's directory,
// quoted, in place of h.ProjectDir when the host replaces it itself
// (hostfacts.HookFile.ProjectDirReplaced).
func (h *host) forDoctor(cmd, dir string) string {
	hd, ok := h.headOf(cmd)
	if !ok || hd.kind != projectHead || !h.ProjectDirReplaced {
		return cmd
	}
	return shellwords.QuotePath(dir, "") + strings.TrimPrefix(cmd, h.ProjectDir)
}

// keepForm puts first, when the options ask for no form, the portable
// head the file's entries of ours already use, so that an install run
// again (another timeout, say) does not put this machine's path into a
// file a team shares; it returns a note saying so, or "".
func (h *host) keepForm(src []byte, o *Options) string {
	if o.portable() || src == nil {
		return ""
	}
	ed, err := h.open(src, o.Binary, o.gateway())
	if err != nil {
		return ""
	}
	for _, f := range ed.ours(nil) {
		c := f.node.Get(h.JSON.CommandKey)
		if c == nil || c.Kind != jsonc.String {
			continue
		}
		hd, ok := h.headOf(c.Str)
		if !ok || hd.kind == absoluteHead {
			continue
		}
		rest := make([]head, 0, len(h.heads))
		for _, x := range h.heads {
			if x != hd {
				rest = append(rest, x)
			}
		}
		h.heads = append([]head{hd}, rest...)
		flag := "--binary-in-project "
		if hd.kind == pathHead {
			flag = "--binary-on-path "
		}
		return "the entries keep naming the binary as " + hd.text + ", which works on every clone (as " + flag + hd.file + ")"
	}
	return ""
}

// portableNote tells, once per file, how entries that name the binary in
// a portable way reach it (doctor then resolves and runs that file).
func (d *doctor) portableNote(h *host, s Scope, p string, fs []found) {
	var seen []string
	for _, f := range fs {
		hd, ok := h.headOf(str(f.node.Get(h.JSON.CommandKey)))
		if !ok || hd.kind == absoluteHead || slices.Contains(seen, hd.text) {
			continue
		}
		seen = append(seen, hd.text)
		where, _ := hd.resolve(d.e)
		d.add(h.name, s, p, "", Info, "the commands name the binary as %s: here %s", hd.describe(), cmp.Or(where, "not found"))
	}
}
