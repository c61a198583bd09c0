package guard

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// A symbolic link already on the disk reads as its target: with lnk a
// link to app/.env and docs/README.md one to ../app/.env (made in an
// earlier call, or committed), `cat lnk`, `cat docs/README.md`, `grep -r
// KEY lnkdir/` (lnkdir a link to app) and `tar chf - docs | tar xO`
// printed KEY=1 under bash, and were let through: the names were no
// credential file's. Rule 7 now reads a path a command reads, each
// match of a glob it reads, and a tree search's folders through their
// links: a path whose target is a credential file is one. A link made
// in the same command is rule 3's (a link to a credential file is
// denied when it is made).

// maxLinkReads bounds the paths a call resolves; past it, a read is
// taken to be of a credential file (the command names too many files to
// check). Each costs one lstat, and its folder's links are resolved once
// a folder: 8,000 reads take a few milliseconds.
const maxLinkReads = 1 << 15

// tooManyLinks is linkTargetOf's answer past maxLinkReads.
const tooManyLinks = "\x00too many"

// linkedSecret returns the credential file path p, read from the place's
// folder, is a link to (through any of its folders): "" and false when
// its target is no credential file, or it is no link.
func (at *place) linkedSecret(p string, extra []string) (string, bool) {
	t, ok := at.linkTargetOf(p)
	switch {
	case t == tooManyLinks:
		return p + " (one of more than " + strconv.Itoa(maxLinkReads) + " files read, each of which may be a link)", true
	case !ok || t == "" || !IsSecretFile(filepath.ToSlash(t), extra):
		return "", false
	}
	return at.shown(t), true
}

// linkedEnv returns the .env file path p, written from the place's
// folder, is a link to (rule 3: `echo X=1 > lnk`, lnk a link to
// app/.env, wrote the file under bash, and was let through).
func (at *place) linkedEnv(p string) (string, bool) {
	t, ok := at.linkTargetOf(p)
	switch {
	case t == tooManyLinks:
		return p + " (one of more than " + strconv.Itoa(maxLinkReads) + " files written, each of which may be a link)", true
	case !ok || t == "" || !IsEnvFile(filepath.Base(t)):
		return "", false
	}
	return at.shown(t), true
}

// linkTargetOf returns the file path p, from the place's folder, is a
// link to (through any of its folders), "" when it is none: ok is false
// when the place has no folder. Past maxLinkReads paths a call, it is
// tooManyLinks (the caller denies). Each path once a call.
func (at *place) linkTargetOf(p string) (string, bool) {
	if at.dir == "" || !isAbs(at.dir) {
		return "", false
	}
	abs := filepath.FromSlash(joinPath(at.dir, p))
	if t, ok := at.linkReads[abs]; ok {
		return t, true
	}
	if at.linkReads == nil {
		at.linkReads, at.linkDirs = map[string]string{}, map[string]string{}
	}
	if len(at.linkReads) >= maxLinkReads {
		return tooManyLinks, true
	}
	dir, base := filepath.Split(abs)
	rd, ok := at.linkDirs[dir]
	if !ok {
		rd = dir
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			rd = r
		}
		at.linkDirs[dir] = rd
	}
	target := filepath.Join(rd, base)
	if fi, err := os.Lstat(target); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if r, err := filepath.EvalSymlinks(target); err == nil {
			target = r
		}
	}
	t := ""
	if target != filepath.Clean(abs) {
		t = target
	}
	at.linkReads[abs] = t
	return t, true
}

// linkTarget returns the credential file the entry at path p of a walk,
// of type t, is a link to.
func linkTarget(p string, t fs.FileMode, extra []string) (string, bool) {
	if t&fs.ModeSymlink == 0 {
		return "", false
	}
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", false
	}
	if fi, err := os.Stat(r); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	return r, IsSecretFile(filepath.ToSlash(r), extra)
}

// linkUnder returns a link to a credential file in the tree under dir
// (absolute), found by rule 7's bounded tree walk: git lists a link it
// tracks by its own name (git ls-files | xargs cat printed the target of
// a committed link to a key). Past the walk's bound, links further on
// are not looked for.
func (at *place) linkUnder(dir string, extra []string) (string, bool) {
	if dir == "" || !isAbs(dir) {
		return "", false
	}
	w := at.wt
	if w == nil {
		w = &worktree{}
	}
	for _, f := range w.credentialsUnder(filepath.FromSlash(dir), shell.TreeSearch{Hidden: true}, extra).found {
		if f.target != "" {
			return at.shown(f.path) + " (a link to " + at.shown(f.target) + ")", true
		}
	}
	return "", false
}

// readThrough is linkedSecret for a word a command reads: a static one,
// or one the place resolves ($PWD/lnk, ~/lnk).
func (at *place) readThrough(p shell.Word, extra []string) (string, bool) {
	if !p.Dynamic {
		return at.linkedSecret(p.Value, extra)
	}
	if r, ok := at.resolved(p); ok {
		return at.linkedSecret(r, extra)
	}
	// $PWD/lnk: the place's folder, when the script neither changes
	// directory nor sets PWD.
	for _, lead := range [...]string{"$PWD/", "${PWD}/"} {
		rest, ok := strings.CutPrefix(p.Value, lead)
		if ok && at.script != nil && !at.facts(at.script).cd && !strings.Contains(at.src, "PWD=") && !strings.ContainsAny(rest, "$`*?[{\\") {
			return at.linkedSecret(rest, extra)
		}
	}
	return "", false
}
