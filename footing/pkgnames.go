package footing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
)

// maxMeta bounds a package's metadata file read to name its programs.
const maxMeta = 1 << 20

// programs calls f with each program name the packages at root declare,
// by kind ([shell.Write.Programs]): go's packages (recursive for a
// pattern), npm's package.json bin, Cargo.toml's package and bins,
// Python's scripts. It fails when the names cannot be read: past the
// bounds, or a setup.py that names a program in code (mentions reports
// whether its text holds a name f would take).
func programs(ctx context.Context, kind, root string, recursive bool, f func(dir, name string) bool) error {
	var names []string
	var err error
	switch kind {
	case "go":
		return goPackages(ctx, root, recursive, f)
	case "npm":
		names, err = npmBins(root)
	case "cargo":
		names, err = cargoBins(root)
	case "python":
		names, err = pythonScripts(root, f)
	default:
		return errors.New("packages of an unknown kind")
	}
	for _, n := range names {
		if !f(root, n) {
			return nil
		}
	}
	return err
}

// npmBins returns the names of the programs package.json in dir
// declares: bin's keys, the package's name for a bin given as one path,
// the files of directories.bin.
func npmBins(dir string) ([]string, error) {
	text, err := readfile.Regular(filepath.Join(dir, "package.json"), maxMeta)
	if err != nil {
		return nil, err
	}
	// By its exact keys, as npm reads them (a struct would take "BIN"
	// for "bin" too).
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &keys); err != nil {
		return nil, err
	}
	var pkg struct {
		Name        string
		Bin         json.RawMessage
		Directories struct {
			Bin string
		}
	}
	var dirs map[string]json.RawMessage
	for k, dst := range map[string]any{"name": &pkg.Name, "bin": &pkg.Bin, "directories": &dirs} {
		if v, ok := keys[k]; ok && string(v) != "null" {
			if err := json.Unmarshal(v, dst); err != nil {
				return nil, fmt.Errorf("package.json's %s: %w", k, err)
			}
		}
	}
	if v, ok := dirs["bin"]; ok && string(v) != "null" {
		if err := json.Unmarshal(v, &pkg.Directories.Bin); err != nil {
			return nil, fmt.Errorf("package.json's directories.bin: %w", err)
		}
	}
	var names []string
	var one string
	var many map[string]string
	switch {
	case len(pkg.Bin) == 0 || string(pkg.Bin) == "null":
	case json.Unmarshal(pkg.Bin, &one) == nil:
		names = append(names, path.Base(strings.NewReplacer("\\", "/", ":", "/").Replace(pkg.Name)))
	case json.Unmarshal(pkg.Bin, &many) == nil:
		for k := range many {
			// npm takes a key's last name, \ and : read as /.
			names = append(names, path.Base(strings.NewReplacer("\\", "/", ":", "/").Replace(k)))
		}
	default:
		return nil, errors.New("package.json's bin is neither a path nor names")
	}
	if pkg.Directories.Bin != "" {
		fd, err := readfile.Dir(filepath.Join(dir, filepath.FromSlash(pkg.Directories.Bin)))
		if err != nil {
			return names, err
		}
		defer fd.Close()
		ns, err := fd.Readdirnames(maxGoDirs + 1)
		if len(ns) > maxGoDirs {
			return names, errors.New("more than 4,096 files in directories.bin")
		}
		if err != nil && len(ns) == 0 && !errors.Is(err, io.EOF) {
			return names, err
		}
		names = append(names, ns...)
	}
	return names, nil
}

// cargoBins returns the names of the programs Cargo.toml in dir may
// build: the value of every name key in it (the package's, each
// [[bin]]'s and [[example]]'s for cargo install --example, in whatever
// TOML form: bin = [{ name = … }], package.name = …), and the files and
// folders of src/bin and examples.
func cargoBins(dir string) ([]string, error) {
	text, err := readfile.Regular(filepath.Join(dir, "Cargo.toml"), maxMeta)
	if err != nil {
		return nil, err
	}
	names, err := nameValues(text)
	if err != nil {
		return nil, err
	}
	for _, sub := range []string{filepath.Join("src", "bin"), "examples"} {
		fd, err := readfile.Dir(filepath.Join(dir, sub))
		if err != nil {
			continue
		}
		ns, _ := fd.Readdirnames(maxGoDirs + 1)
		fd.Close()
		if len(ns) > maxGoDirs {
			return names, errors.New("more than 4,096 files in " + sub)
		}
		for _, n := range ns {
			names = append(names, strings.TrimSuffix(n, ".rs"))
		}
	}
	return names, nil
}

// pythonScripts returns the names of the scripts a Python package in dir
// declares: pyproject.toml's [project.scripts] and [project.gui-scripts]
// and Poetry's [tool.poetry.scripts], setup.cfg's console_scripts and
// gui_scripts and its scripts' file names. A setup.py names them in code:
// its text is searched for each name f takes (a name it holds fails).
func pythonScripts(dir string, f func(dir, name string) bool) ([]string, error) {
	var names []string
	found := false
	if text, err := readfile.Regular(filepath.Join(dir, "pyproject.toml"), maxMeta); err == nil {
		found = true
		ns, err := tomlNames(text, func(key string) (string, bool) {
			for _, t := range []string{"project.scripts.", "project.gui-scripts.", "tool.poetry.scripts."} {
				if k, ok := strings.CutPrefix(key, t); ok {
					return k, false
				}
			}
			return "", false
		})
		if err != nil {
			return nil, err
		}
		names = append(names, ns...)
	} else if !readfile.Missing(err) {
		return nil, err
	}
	if text, err := readfile.Regular(filepath.Join(dir, "setup.cfg"), maxMeta); err == nil {
		found = true
		names = append(names, setupCfgScripts(text)...)
	} else if !readfile.Missing(err) {
		return nil, err
	}
	text, err := readfile.Regular(filepath.Join(dir, "setup.py"), maxMeta)
	switch {
	case err == nil:
		for _, w := range strings.FieldsFunc(text, func(r rune) bool {
			return !(r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) {
			if !f(dir, w) {
				return names, errors.New("setup.py names it")
			}
		}
	case !readfile.Missing(err):
		return nil, err
	case !found:
		return nil, os.ErrNotExist
	}
	return names, nil
}

// setupCfgScripts returns the script names setup.cfg's entry points and
// scripts declare.
func setupCfgScripts(text string) []string {
	var names []string
	section, key := "", ""
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' || t[0] == ';' {
			continue
		}
		if t[0] == '[' {
			section, key = strings.Trim(t, "[]"), ""
			continue
		}
		indented := line[0] == ' ' || line[0] == '\t'
		k, v, has := strings.Cut(t, "=")
		if !indented && has {
			key, t = strings.TrimSpace(k), strings.TrimSpace(v)
			if t == "" {
				continue
			}
		}
		switch {
		case section == "options.entry_points" && (key == "console_scripts" || key == "gui_scripts"):
			if n, _, ok := strings.Cut(t, "="); ok {
				names = append(names, strings.TrimSpace(n))
			}
		case section == "options" && key == "scripts":
			names = append(names, path.Base(t))
		}
	}
	return names
}

// tomlNames reads names from the TOML text of a package's metadata, line
// by line, without a parser (hook binaries link none): pick is given
// each key (dotted keys joined, quotes removed) and the table it is in
// (header spaces and quotes removed, [[x]] as x), and returns a name the
// key itself gives, or value to take the key's string value as one. A
// key or value pick wants that is not plain (an escape, a multi-line
// string) fails: the names cannot be read. An inline table's keys (x =
// { a = "…" }) are given as x.a.
func tomlNames(text string, pick func(key string) (name string, value bool)) ([]string, error) {
	var names []string
	table := ""
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' {
			continue
		}
		if strings.IndexByte(strings.SplitN(t, "=", 2)[0], '\\') >= 0 {
			return nil, errors.New("a key or table with an escape: " + t)
		}
		if t[0] == '[' {
			end := strings.LastIndexByte(t, ']')
			if end < 0 {
				return nil, errors.New("a table header past its line")
			}
			table = strings.NewReplacer(" ", "", "\t", "", "\"", "", "'", "", "[", "", "]", "").Replace(t[:end])
			continue
		}
		k, v, ok := strings.Cut(t, "=")
		if !ok {
			continue // a value's next line
		}
		key := strings.NewReplacer(" ", "", "\t", "", "\"", "", "'", "").Replace(k)
		v = strings.TrimSpace(v)
		keys := []string{key}
		vals := []string{v}
		if strings.HasPrefix(v, "{") {
			// An inline table: its keys, each with its value.
			keys, vals = keys[:0], vals[:0]
			for _, kv := range strings.Split(strings.Trim(v, "{} "), ",") {
				ik, iv, _ := strings.Cut(kv, "=")
				keys = append(keys, key+"."+strings.NewReplacer(" ", "", "\t", "", "\"", "", "'", "").Replace(ik))
				vals = append(vals, strings.TrimSpace(iv))
			}
		}
		for i, key := range keys {
			if table != "" {
				key = table + "." + key
			}
			name, value := pick(key)
			if value {
				name = strings.TrimSpace(strings.SplitN(vals[i], "#", 2)[0])
				if len(name) < 2 || name[0] != '"' && name[0] != '\'' || name[len(name)-1] != name[0] || strings.Count(name, name[:1]) != 2 {
					return nil, errors.New("a name that is not a plain string: " + vals[i])
				}
				name = name[1 : len(name)-1]
			}
			if name == "" {
				continue
			}
			if strings.ContainsAny(name, "\\\"'") || strings.ContainsAny(k, "\\") {
				return nil, errors.New("a name with an escape or a quote: " + name)
			}
			names = append(names, name)
		}
	}
	return names, nil
}

// nameValues returns the string value of every key name in TOML text,
// wherever it stands (a table's, a dotted key's last part, inside an
// inline table or an array of them): a superset of the names Cargo
// reads. A value that is not a plain one-line string fails.
func nameValues(text string) ([]string, error) {
	var names []string
	for i := 0; ; {
		j := strings.Index(text[i:], "name")
		if j < 0 {
			return names, nil
		}
		at, end := i+j, i+j+4
		i = end
		before := byte('\n')
		if at > 0 {
			before = text[at-1]
		}
		after := end
		if (before == '"' || before == '\'') && after < len(text) && text[after] == before {
			after++ // "name" = …
			if at > 1 {
				before = text[at-2]
			} else {
				before = '\n'
			}
		}
		if !strings.ContainsRune(" \t\n{,.[", rune(before)) {
			continue
		}
		rest := strings.TrimLeft(text[after:], " \t")
		if rest == "" || rest[0] != '=' {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t")
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			return nil, errors.New("a name that is not a string")
		}
		q := rest[0]
		k := strings.IndexAny(rest[1:], string(q)+"\n\\")
		if k < 0 || rest[1+k] != q || strings.HasPrefix(rest, string([]byte{q, q, q})) {
			return nil, errors.New("a name that is not a plain string")
		}
		names = append(names, rest[1:1+k])
	}
}

// cmakePrefix returns the install prefix the cmake build folder dir was
// configured with (CMakeCache.txt's CMAKE_INSTALL_PREFIX), when it is an
// absolute path.
func cmakePrefix(dir string) (string, bool) {
	text, err := readfile.Regular(filepath.Join(dir, "CMakeCache.txt"), maxMeta)
	if err != nil {
		return "", false
	}
	for line := range strings.SplitSeq(text, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "CMAKE_INSTALL_PREFIX:PATH="); ok && filepath.IsAbs(v) {
			return filepath.Clean(v), true
		}
	}
	return "", false
}
