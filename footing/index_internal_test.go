package footing

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/builtin"
)

// matchSlow is Set.match without its index: every entry compared.
func (s *Set) matchSlow(p string, holder bool) (Entry, bool) {
	if s.fold {
		p = strings.ToLower(p)
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

// touchesSlow is Set.Touches as it was before its fast paths: the path
// made absolute, compared with every entry, then with its links
// resolved and compared again.
func (s *Set) touchesSlow(p string, holder bool) (Entry, bool) {
	p = s.abs(p)
	if p == "" {
		return Entry{}, false
	}
	if e, ok := s.matchSlow(p, holder); ok {
		return e, true
	}
	s.resolveLinks()
	if r := resolve(p); r != p {
		return s.matchSlow(r, holder)
	}
	return Entry{}, false
}

// indexSets are footings to hold the fast paths to the slow ones: every
// host's files in a project on disk whose .claude is reached through a
// link and whose home is a link, case folded and not, with a folder
// entry at the root of the file system and one ending in a separator.
func indexSets(t *testing.T) (sets []*Set, proj, home string) {
	t.Helper()
	root := t.TempDir()
	proj, realHome := filepath.Join(root, "proj"), filepath.Join(root, "realhome")
	for _, d := range []string{"proj/.git", "proj/bin", "proj/web/src", "real-claude", "realhome/.claude", "realhome/.config", "proj/.codex"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"proj/bin/guard", "proj/.codex/hooks.json", "real-claude/settings.json", "realhome/.claude/settings.json", "proj/web/x.txt", "proj/web/src/y.go"} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(f)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	home = filepath.Join(root, "home")
	for _, l := range [][2]string{{filepath.Join(root, "real-claude"), filepath.Join(proj, ".claude")}, {realHome, home},
		{filepath.Join(proj, ".codex"), filepath.Join(proj, "web", "codexlink")}, {filepath.Join(proj, "bin"), filepath.Join(proj, "binlink")},
		{filepath.Join(root, "real-claude", "settings.json"), filepath.Join(proj, "web", "link.json")}, {"../bin/guard", filepath.Join(proj, "web", "rel-guard")},
		{filepath.Join(proj, "web", "src"), filepath.Join(proj, "web", "src", "loop")}} {
		if err := os.Symlink(l[0], l[1]); err != nil {
			t.Skip(err)
		}
	}
	for _, fold := range []bool{false, true} {
		getenv := func(k string) string {
			if k == "PATH" {
				return filepath.Join(proj, "bin") + string(filepath.ListSeparator) + "/usr/local/bin"
			}
			return ""
		}
		s := Of(Env{Executable: filepath.Join(proj, "bin", "guard"), Cwd: filepath.Join(proj, "web"), Home: home, Getenv: getenv, Fold: fold,
			StateDir: filepath.Join(home, ".local", "state", "agenthooks"), Log: "logs/d.log",
			Hosts: func() []Host { return HostsOf(builtin.Adapters()) }})
		sets = append(sets, s)
		r := Of(Env{Cwd: proj, Home: home, Getenv: getenv, Fold: fold})
		r.load()
		r.entries = append(r.entries, Entry{Path: string(filepath.Separator), Tree: true, Kind: State},
			Entry{Path: filepath.Join(proj, "Web", "Src") + string(filepath.Separator), Tree: true, Kind: State})
		sets = append(sets, r)
	}
	return sets, proj, home
}

// indexPaths are paths to match: each entry's, its folders', under it,
// beside it, in other cases, with . and .., trailing separators and
// relative spellings, through the links.
func indexPaths(sets []*Set, proj, home string) []string {
	ps := []string{"", ".", "..", "/", "~", "~/", "~/.claude", "~/.claude/settings.json", "~x", "bin", "bin/guard", "./bin/guard/",
		"../bin/guard", "../.claude/settings.json", "../.CLAUDE/Settings.JSON", "../.claude", "../.claude/", ".claude/settings.json",
		"codexlink/hooks.json", "codexlink", "src", "src/x", "link.json", "rel-guard", "x.txt", "x.txt/y", "src/y.go", "src/loop/loop/y.go",
		"src/loop/../x.txt", "missing/deeper/z", "missing/deeper", "../web/./src/y.go", "../binlink/guard", "../binlink", "../../home/.claude/settings.json",
		"logs/d.log", "logs/d.log.lock", "logs", "/etc/profile.d/x.sh", "/etc/profile.d", "/etc", "/etc/profile", "/etc/profilex",
		"/usr/local/bin/guard", "/usr/local/bin/guard.exe", "/usr/local", "/tmp/x", "/nonexistent/dir/file", proj, home,
		proj + "/", proj + "//bin//guard", proj + "/bin/../bin/guard", proj + "/.claude/../.claude/settings.json"}
	for _, s := range sets {
		for _, e := range s.Entries() {
			p := e.Path
			ps = append(ps, p, p+"/", p+"/x", p+"/x/y.js", p+"x", p[:len(p)-1], strings.ToUpper(p), strings.ToLower(p),
				filepath.Dir(p), filepath.Dir(filepath.Dir(p)), filepath.Dir(p)+"/", p+"/..", p+"/../"+filepath.Base(p))
			if r, ok := rel(proj, p); ok {
				ps = append(ps, "../"+r, "./../"+r, "../"+strings.ToUpper(r))
			}
			if r, ok := rel(home, p); ok {
				ps = append(ps, "~/"+r, "~/"+r+"/z")
			}
		}
	}
	return ps
}

// TestMatchIndexAgrees holds Set.match and Set.Touches, with their
// index and fast paths, to the comparison with every entry, over every
// set of indexSets and every path of indexPaths, for a holder and not.
func TestMatchIndexAgrees(t *testing.T) {
	sets, proj, home := indexSets(t)
	ps := indexPaths(sets, proj, home)
	n := 0
	for _, s := range sets {
		for _, p := range ps {
			for _, holder := range []bool{false, true} {
				if a := s.abs(p); a != "" {
					ge, gok := s.match(a, holder)
					we, wok := s.matchSlow(a, holder)
					if ge != we || gok != wok {
						t.Errorf("fold %v: match(%q, %v) = %v %v, want %v %v", s.fold, a, holder, ge, gok, we, wok)
					}
				}
				ge, gok := s.Touches(p, holder)
				we, wok := s.touchesSlow(p, holder)
				if ge != we || gok != wok {
					t.Errorf("fold %v: Touches(%q, %v) = %v %v, want %v %v", s.fold, p, holder, ge, gok, we, wok)
				}
				if gok {
					n++
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d of the paths matched: the table does not test the matches", n)
	}
}

// TestMayGlobAgrees holds mayGlob, findTouches' pre-check, to
// filepath.Match: it never says no where Match matches, over patterns
// of every shape find -name takes and names of the footing's paths.
func TestMayGlobAgrees(t *testing.T) {
	pats := []string{"", "*", "**", "?", "*.tmp", "*.json", "settings.json", "settings*", "set*json", "*set*", "s?ttings.json",
		"[s]ettings.json", "[a*]x", "*[a*]x", "x]*", "*]x", "*a]b", "a]b", "[!a]*", "[^.]*", "\\*", "*\\.json", "se\\ttings.json",
		".claude", ".*", "*.*", "[", "*[", "a[", "*\\", ".c[l]aude", ".C*", "*.JSON", "hooks", "hook?", "*ks", "*k[s]", "guard*", "*guard",
		"g*d", "*-*", "[a-z]*", "*[0-9]", "plugin*", "*plugins", "?*", "*?", "policy.toml", "*.toml", "*x*y*", "a*b*c"}
	names := []string{"", "x", "ax", "*x", "]x", "a]b", "settings.json", "settings.local.json", "SETTINGS.JSON", ".claude", ".CLAUDE", "hooks",
		"hooks.json", "guard", "guard.exe", "plugins", "plugin", "policy.toml", "config.toml", ".bashrc", "profile.d", "*", "\\", "a\\b",
		"x.tmp", "trustedFolders.json", "managed-settings.d", "etc", "~home", "agenthooks", "x]", "a*b*c", "abc"}
	for _, p := range pats {
		for _, n := range names {
			for _, pair := range [][2]string{{p, n}, {strings.ToLower(p), strings.ToLower(n)}} {
				ok, _ := filepath.Match(pair[0], pair[1])
				if ok && !mayGlob(pair[0], pair[1]) {
					t.Errorf("mayGlob(%q, %q) = false, but filepath.Match matches", pair[0], pair[1])
				}
			}
		}
	}
}

// TestRelAgrees holds rel's fast path to filepath.Rel, and isClean to
// filepath.Clean, over the footing's paths and folders and paths that
// are not clean.
func TestRelAgrees(t *testing.T) {
	sets, proj, home := indexSets(t)
	ps := indexPaths(sets, proj, home)
	ps = append(ps, "/a//b", "/a/./b", "/a/../b", "/a/b/", "/a/b/.", "/a/b/..", "//a", "/.", "/..", "a/b", "./a", "/a/.b", "/a/..b", "/a/b..")
	var bases []string
	for _, p := range ps {
		if filepath.IsAbs(p) {
			bases = append(bases, p, filepath.Dir(p), filepath.Dir(filepath.Dir(p)))
		}
		if got, want := isClean(p), filepath.IsAbs(p) && filepath.Clean(p) == p; got != want {
			t.Errorf("isClean(%q) = %v, want %v", p, got, want)
		}
	}
	bases = append(bases, "/", proj+"/", "/x/")
	for _, b := range bases {
		for _, p := range ps {
			got, gok := rel(b, p)
			want, wok := "", false
			if b != "" && isUnder(b, p) {
				if r, err := filepath.Rel(b, p); err == nil {
					want, wok = filepath.ToSlash(r), true
				}
			}
			if got != want || gok != wok {
				t.Errorf("rel(%q, %q) = %q %v, want %q %v", b, p, got, gok, want, wok)
			}
		}
	}
}

// TestJoinAgrees holds join to filepath.Join over clean and unclean
// absolute and relative elements, two and three at a time.
func TestJoinAgrees(t *testing.T) {
	as := []string{"", "/", "/a", "/a/b", "/a/b/", "/a//b", "/a/./b", "/a/../b", "a", "a/b", ".", "..", "/.", "/a/.b", "/a/b.."}
	bs := []string{"", "/", "x", "x/y", "x/y/", "/x", "./x", "../x", "x/../y", "x//y", ".", "..", ".x", "x..", "..x", "x/.", "x/..", ".claude/settings.json", "~"}
	for _, a := range as {
		for _, b := range bs {
			if got, want := join(a, b), filepath.Join(a, b); got != want {
				t.Errorf("join(%q, %q) = %q, want %q", a, b, got, want)
			}
			for _, c := range bs {
				if got, want := join(a, b, c), filepath.Join(a, b, c); got != want {
					t.Errorf("join(%q, %q, %q) = %q, want %q", a, b, c, got, want)
				}
			}
		}
	}
	for _, p := range bs {
		if got, want := isCleanRel(p), p != "" && !filepath.IsAbs(p) && p != "." && filepath.Clean(p) == p && !strings.HasPrefix(p, "../") && p != ".."; got != want {
			t.Errorf("isCleanRel(%q) = %v, want %v", p, got, want)
		}
	}
}
