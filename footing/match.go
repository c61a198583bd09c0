package footing

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Touches returns the footing entry that path p changes, and whether
// there is one: p is an entry, lies under a folder entry, or, with
// holder set (a delete, a move, a mode change, a git command that
// rewrites a tree), is a directory that holds an entry. p is resolved
// against the event's working directory when relative; "~" and "~/…"
// name the home directory.
func (s *Set) Touches(p string, holder bool) (Entry, bool) {
	p = s.abs(p)
	if p == "" {
		return Entry{}, false
	}
	if e, ok := s.match(p, holder); ok {
		return e, true
	}
	s.resolveLinks()
	if s.resolves++; s.resolves > 1 && s.resolved == nil {
		s.resolved = map[string]string{} // a command naming more than one file: keep what was read (its folders resolved once)
	}
	r, ok := s.resolved[p]
	if !ok {
		r = resolveIn(p, s.resolved)
		if s.resolved != nil {
			s.resolved[p] = r
		}
	}
	if r != p {
		return s.match(r, holder)
	}
	return Entry{}, false
}

// abs returns p absolute and clean, or "" when it cannot be made so.
func (s *Set) abs(p string) string {
	if p == "" {
		return ""
	}
	switch {
	case p == "~":
		p = s.Home
	case strings.HasPrefix(p, "~/"):
		if s.Home == "" {
			return ""
		}
		p = filepath.Join(s.Home, p[2:])
	case filepath.IsAbs(p) || strings.HasPrefix(p, "/"):
	case s.Cwd == "":
		return ""
	default:
		p = filepath.Join(s.Cwd, p)
	}
	if filepath.Separator == '/' && isClean(p) {
		return p // made clean by the place's join: not cleaned again
	}
	return filepath.Clean(filepath.FromSlash(p))
}

// match compares the clean absolute path p with every entry.
func (s *Set) match(p string, holder bool) (Entry, bool) {
	if s.fold {
		p = strings.ToLower(p)
	}
	if s.matches++; s.matches > indexAfter && !s.index().mayMatch(p, holder) {
		return Entry{}, false
	}
	for _, e := range s.Entries() {
		ep := e.Path
		if s.fold {
			ep = strings.ToLower(ep)
		}
		if p == ep || e.Tree && isUnder(ep, p) || holder && isUnder(p, ep) {
			return e, true
		}
	}
	return Entry{}, false
}

// resolveLinks adds, once, each entry under the project's directory or
// the home directory with that directory's symbolic links resolved, when
// they resolve to another path: a path spelt through the real directory
// then matches too. Two resolutions, not one per entry, keep it cheap; a
// footing folder that is itself a link (.claude pointing elsewhere) is
// matched through its link's path only.
func (s *Set) resolveLinks() {
	s.load()
	if s.linked {
		return
	}
	s.linked = true
	n := len(s.entries)
	for _, base := range [...]string{s.root, s.Home} {
		if base == "" {
			continue
		}
		real, err := filepath.EvalSymlinks(base)
		if err != nil || real == base {
			continue
		}
		for _, e := range s.entries[:n] {
			if r, ok := rel(base, e.Path); ok {
				e.Path = filepath.Join(real, filepath.FromSlash(r))
				s.entries = append(s.entries, e)
			}
		}
	}
}

// resolve returns p with the symbolic links of its deepest existing
// ancestor (p itself included) resolved, the rest appended; p when
// nothing resolves.
func resolve(p string) string { return resolveIn(p, nil) }

// resolveIn is resolve, with the resolved form of each existing
// directory kept in seen (when not nil): a command naming thousands of
// files in a few folders (rm a b c …) resolves each folder once. So is
// that of each missing folder above p, resolved through the directory
// that exists above it: thousands of words in a folder that does not
// exist looked each missing folder up again (issue 38).
func resolveIn(p string, seen map[string]string) string {
	rest := ""
	var missing []string // the folders above p found missing
	for d := p; ; d = filepath.Dir(d) {
		if r, ok := seen[d]; ok {
			return join(r, rest)
		}
		if fi, err := os.Lstat(d); err == nil {
			r, ok := "", false
			if up := filepath.Dir(d); fi.Mode()&fs.ModeSymlink == 0 && up != d && runtime.GOOS != "windows" {
				// Not a link, in a folder already resolved: that
				// folder's real path and its name, as EvalSymlinks
				// would find it by reading every folder from the root
				// (each word of a text that names a file in the
				// command's folder did, issue 38).
				if ru, found := seen[up]; found {
					r, ok = join(ru, filepath.Base(d)), true
				}
			}
			if !ok {
				if r, err = filepath.EvalSymlinks(d); err != nil {
					return p
				}
			}
			if seen != nil && fi.IsDir() {
				seen[d] = r
			}
			if seen != nil {
				for _, m := range missing {
					seen[m] = join(r, m[len(d):])
				}
			}
			return join(r, rest)
		} else if d != p {
			missing = append(missing, d)
		}
		if filepath.Dir(d) == d {
			return p
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
}

// isUnder reports whether p lies strictly under directory dir.
func isUnder(dir, p string) bool {
	if dir == "" || len(p) <= len(dir) || !strings.HasPrefix(p, dir) {
		return false
	}
	return p[len(dir)] == filepath.Separator || strings.HasSuffix(dir, string(filepath.Separator))
}

// folded is s as the footing compares names: lower-cased where the file
// system folds case (see [Env].Fold).
func (p *place) folded(s string) string {
	if p.fold {
		return strings.ToLower(s)
	}
	return s
}
