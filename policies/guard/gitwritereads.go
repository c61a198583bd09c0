package guard

import (
	"path"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// gitWrittenReads is rule 7 on the credential files a git command of s
// writes from a revision (gitWritesOf), read by a command after it: a
// tree search of a folder that holds one (when what it looks for may
// match a credential's line), a glob that may match one, or a read of
// the names a program prints (ls app | xargs cat). The commands of a
// script whose order the guard cannot tell (a loop, a function) are all
// taken to run after.
func gitWrittenReads(s *shell.Script, at *place, extra []string) (string, bool) {
	ws, idx := at.gitWritesOf(s, extra)
	if len(ws) == 0 {
		return "", false
	}
	ordered := at.src != "" && at.cuts(s).ordered
	// After a cd, a relative folder may be any (cd ../wt2 && grep -r
	// KEY .): package shell does not join it to the cd's.
	moved := slices.ContainsFunc(s.Commands, func(c *shell.Command) bool { return c.Name == "cd" || c.Name == "pushd" })
	// One pass over the commands after the first write, for all the
	// writes at once: 2,000 of them and 4,000 reads are not judged in
	// pairs.
	all := gitWrite{src: at.src}
	start := -1
	for k := range ws {
		w := &ws[k]
		if len(w.files) == 0 && w.unknown == "" && !w.anywhere {
			continue
		}
		if start < 0 {
			start, all.cmd = idx[k], w.cmd
		}
		all.files = append(all.files, w.files...)
		if w.unknown != "" {
			all.others = append(all.others, w.unknown)
		}
		if (w.unknown != "" || w.anywhere) && all.why == "" {
			all.why = w.why
		}
		all.anywhere = all.anywhere || w.anywhere
	}
	if start < 0 {
		return "", false
	}
	if len(all.files) > 4*maxGitWritten || len(all.others) > 8 {
		all.anywhere, all.why = true, "more of git's writes than the guard follows"
	}
	for i, c := range s.Commands {
		if c == all.cmd || ordered && i < start {
			continue
		}
		if f, ok := at.readsGitWritten(c, &all, moved, extra); ok {
			return reasonGitWritten(c, &all, f), true
		}
	}
	return "", false
}

// reasonGitWritten is rule 7's reason for c reading f, which w's git
// command writes (or may).
func reasonGitWritten(c *shell.Command, w *gitWrite, f string) string {
	return "guard: rule 7 (secrets stay): `" + clip(c.String()) + "` reads " + f + " after `" + clip(w.cmd.String()) +
		"` writes it from a revision (a credential file git holds), whose content would reach the model; " +
		"run the git command in a call of its own, or ask the user"
}

// readsGitWritten returns the file (or folder) that c reads of what w
// writes, if it may read a credential file w writes; moved reports a
// cd in the script, after which a relative folder may be any.
func (at *place) readsGitWritten(c *shell.Command, w *gitWrite, moved bool, extra []string) (string, bool) {
	some := ""
	switch {
	case len(w.files) > 0:
		some = at.shown(w.files[0])
	case len(w.others) > 0 || w.anywhere:
		some = "a credential file (" + w.why + ")"
	}
	if t, deep := shell.SearchOf(c); deep && mayShowCredential(t) {
		for _, d := range t.Dirs {
			v := d.Value
			if d.Dynamic {
				if r, ok := at.resolved(d); ok {
					v = r
				} else if globOnly(v) {
					v = staticFolder(v)
				} else {
					return v + " (a folder known only at run time, which may be where git writes)", true
				}
			}
			if moved && !isAbs(v) && !strings.HasPrefix(v, "~") {
				return some + ", which " + v + " may hold after a cd", true
			}
			root := joinPath(at.dir, v)
			for _, f := range w.files {
				if inFolder(f, root) && (t.Hidden || !dotBelow(f, root)) && !excluded(t.Exclude, path.Base(f)) {
					return at.shown(f), true
				}
			}
			if w.holds(root) {
				return at.shown(root) + " (" + w.why + ": a credential file may be in it)", true
			}
		}
	}
	if quietOnContent(c) {
		return "", false
	}
	for _, e := range c.Effects {
		if e.Kind != shell.Reads || !e.Path.Dynamic {
			continue
		}
		v := e.Path.Value
		switch {
		case globOnly(v):
			pat := joinPath(at.dir, v)
			if moved && !isAbs(v) {
				pat = "*/" + path.Base(v) // in a folder a cd chose
				for _, f := range w.files {
					if ok, _ := path.Match(pat, "x/"+path.Base(f)); ok {
						return at.shown(f) + " (after a cd)", true
					}
				}
			}
			for _, f := range w.files {
				if ok, _ := path.Match(pat, f); ok && (w.dots() || !strings.HasPrefix(path.Base(f), ".") || strings.HasPrefix(path.Base(pat), ".")) {
					return at.shown(f), true
				}
			}
			if w.holds(joinPath(at.dir, staticFolder(v))) && globMayName(path.Base(pat), extra) {
				return v + " (" + w.why + ": a credential file may match)", true
			}
		case strings.Contains(v, "(output of "):
			if len(w.files) > 0 {
				return v + " (which may name " + at.shown(w.files[0]) + ")", true
			}
			if len(w.others) > 0 || w.anywhere {
				return v + " (" + w.why + ": a credential file may be named)", true
			}
		}
	}
	return "", false
}

// dotBelow reports whether a name of path f below folder root starts
// with a dot (rg without --hidden does not search it).
func dotBelow(f, root string) bool {
	rest := strings.TrimPrefix(strings.TrimPrefix(f, strings.TrimSuffix(root, "/")), "/")
	return slices.ContainsFunc(strings.Split(rest, "/"), func(p string) bool { return strings.HasPrefix(p, ".") })
}

// globMayName reports whether glob pattern pat (one name) may match a
// credential file's name: one of a few names of each kind, or of the
// policy's extra patterns with their wildcards filled in.
func globMayName(pat string, extra []string) bool {
	names := []string{".env", ".env.local", "id_rsa", "id_ed25519", "server.pem", "server.key", "cert.p12", "cert.pfx",
		".netrc", "_netrc", ".git-credentials", ".npmrc", "credentials", "config", "config.json", ".pypirc", ".pgpass"}
	for _, x := range extra {
		names = append(names, path.Base(strings.NewReplacer("*", "x", "?", "x").Replace(x)))
	}
	for _, n := range names {
		if ok, _ := path.Match(pat, n); ok {
			return true
		}
	}
	return false
}

// gitEnvWrites is rule 3 on a git command of s that writes a .env file
// over the worktree from a revision that differs from the one HEAD
// holds (git checkout sec, restore --source, merge, cherry-pick, stash
// pop bring it in; a `git checkout main` whose .env is the same writes
// none), as git answers for the revision named. A new folder's files
// (worktree add, clone), a remote's (pull), the index's (git checkout
// -- f), and what a revision known only at run time or a question past
// the call's may write are rule 7's: what reads them is judged.
func gitEnvWrites(s *shell.Script, at *place) (string, bool) {
	ws, _ := at.gitWritesOf(s, at.cfg.secrets())
	for k := range ws {
		w := &ws[k]
		if !w.inPlace {
			continue
		}
		for _, f := range w.changed {
			if IsEnvFile(f) {
				return "guard: rule 3 (no write of a secrets file): `" + clip(w.cmd.String()) + "` writes " + at.shown(f) +
					", a .env file, from a revision (it differs from the one checked out); ask the user to run it", true
			}
		}
	}
	return "", false
}
