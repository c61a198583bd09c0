package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// pruneLock makes a lock that npm install --package-lock-only wrote
// installable with npm ci here: a package's optionalDependencies that no
// entry of the lock provides (a platform package of another system that
// the registry here does not serve, such as Qwen Code's
// @teddyzhu/clipboard-darwin-arm64: npm leaves it out of the lock but
// keeps its name in its dependent's list, and npm ci then refuses the lock
// as out of sync) are removed from that list. It returns the lock and one
// line per name removed. A dependency that is not optional and has no
// entry is an error: the install would lack it.
func pruneLock(lock []byte) ([]byte, []string, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(lock, &doc); err != nil {
		return nil, nil, fmt.Errorf("package-lock.json: %w", err)
	}
	var pkgs map[string]json.RawMessage
	if err := json.Unmarshal(doc["packages"], &pkgs); err != nil {
		return nil, nil, fmt.Errorf("package-lock.json packages: %w", err)
	}
	paths := make([]string, 0, len(pkgs))
	for p := range pkgs {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	var dropped []string
	changed := false
	for _, p := range paths {
		var entry map[string]json.RawMessage
		if err := json.Unmarshal(pkgs[p], &entry); err != nil {
			return nil, nil, fmt.Errorf("package-lock.json %q: %w", p, err)
		}
		if entry["link"] != nil {
			continue
		}
		var deps map[string]string
		if raw := entry["dependencies"]; raw != nil {
			if err := json.Unmarshal(raw, &deps); err != nil {
				return nil, nil, fmt.Errorf("package-lock.json %q dependencies: %w", p, err)
			}
		}
		for _, name := range sortedNames(deps) {
			if !resolves(pkgs, p, name) {
				return nil, nil, fmt.Errorf("package-lock.json: %s needs %s@%s, which the lock does not hold", cmpName(p), name, deps[name])
			}
		}
		raw := entry["optionalDependencies"]
		if raw == nil {
			continue
		}
		var opt map[string]string
		if err := json.Unmarshal(raw, &opt); err != nil {
			return nil, nil, fmt.Errorf("package-lock.json %q optionalDependencies: %w", p, err)
		}
		n := len(opt)
		for _, name := range sortedNames(opt) {
			if !resolves(pkgs, p, name) {
				dropped = append(dropped, fmt.Sprintf("%s: optional %s@%s left out (the registry serves it no entry)", cmpName(p), name, opt[name]))
				delete(opt, name)
			}
		}
		if len(opt) == n {
			continue
		}
		b, err := json.Marshal(opt)
		if err != nil {
			return nil, nil, err
		}
		entry["optionalDependencies"] = b
		if pkgs[p], err = json.Marshal(entry); err != nil {
			return nil, nil, err
		}
		changed = true
	}
	if !changed {
		return lock, nil, nil
	}
	b, err := json.Marshal(pkgs)
	if err != nil {
		return nil, nil, err
	}
	doc["packages"] = b
	out, err := json.Marshal(doc)
	if err != nil {
		return nil, nil, err
	}
	var indented bytes.Buffer
	if err := json.Indent(&indented, out, "", "  "); err != nil {
		return nil, nil, err
	}
	indented.WriteByte('\n')
	return indented.Bytes(), dropped, nil
}

// resolves reports whether name, needed by the lock entry at path from,
// has an entry where Node would find it: from's own node_modules, then
// each enclosing one up to the root's.
func resolves(pkgs map[string]json.RawMessage, from, name string) bool {
	dir := from
	for {
		cand := "node_modules/" + name
		if dir != "" {
			cand = dir + "/" + cand
		}
		if _, ok := pkgs[cand]; ok {
			return true
		}
		if dir == "" {
			return false
		}
		i := strings.LastIndex(dir, "node_modules/")
		if i < 0 {
			return false
		}
		dir = strings.TrimSuffix(dir[:i], "/")
	}
}

func sortedNames(m map[string]string) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// cmpName names a lock entry in a message: its path, or "the root".
func cmpName(path string) string {
	if path == "" {
		return "the root"
	}
	return strings.TrimPrefix(path, "node_modules/")
}
