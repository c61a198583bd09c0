package guard

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenthooks/hooks/internal/members"
	"github.com/agenthooks/hooks/shell"
)

// envTree is rule 3 for a write of files whose names come from elsewhere
// ([shell.Effect.From]): an archive extracted (tar -x, unzip, 7z x, cpio
// -i, ar x) or a directory copied (cp -r SRC/. DST, rsync -a SRC/ DST,
// ditto). The source's names are read, bounded: one that is a .env file
// (not a template) is a write of a secrets file. A source that cannot be
// read (the standard input, a path known only at run time, a remote, a
// format not read, past the bounds, or the guard away from the worktree)
// may hold one, and is denied unless its files land in a temporary
// directory. A source that does not exist, and that nothing in the
// command creates, makes the command fail: nothing is written.
func envTree(s *shell.Script, e shell.Effect, at *place) (string, bool) {
	if e.Kind != shell.Writes || e.From == nil || e.Programs() != "" {
		return "", false // programs named by a package's metadata land in a bin folder
	}
	dest := strings.TrimSuffix(e.Path.Value, "/…")
	from := *e.From
	cannot := func(why string) (string, bool) {
		if !e.Path.Dynamic || e.Path.Prefix() == dest+"/" {
			if inTempDir(joinPath(at.dir, dest)) {
				return "", false
			}
		}
		return "guard: rule 3 (no write of a secrets file): `" + e.By + "` writes the files of " + from.Value + " into " + dest +
			", " + why + ", so it may write a .env file; extract or copy into a temporary directory first, or name the files", true
	}
	if from.Dynamic || from.Value == "-" || isRemotePath(from.Value) {
		return cannot("which cannot be listed before it runs")
	}
	if at.cfg != nil && at.cfg.Away {
		return cannot("which cannot be listed away from the worktree")
	}
	found, err := at.findMember(from.Value, "env", func(m string) bool { return IsEnvFile(path.Base(m)) && !inTemplate(shell.Static(m)) })
	switch {
	case found != "":
		return reasonEnv(path.Join(dest, found), "`"+e.By+"` (it writes "+found+" of "+from.Value+")"), true
	case errors.Is(err, os.ErrNotExist):
		if !s.Creates(from) {
			return "", false // the copy or extraction fails: nothing is written
		}
		return cannot("which does not exist yet")
	case err != nil:
		return cannot("whose files cannot be listed (" + err.Error() + ")")
	}
	return "", false
}

// maxArchiveLists bounds the archives one call lists (for each thing
// looked for); their listings share one stateTimeout: 3,000 `tar xOf
// aN.tar` of archives an earlier call made would otherwise list 3,000,
// each up to members.MaxBytes.
const maxArchiveLists = 16

// errTooManyArchives is findMember's error past maxArchiveLists.
var errTooManyArchives = errors.New("more archives than the guard lists in one call")

// findMember returns the first member of the archive (or folder) at p,
// from the place's folder, that match says is one, listed bounded in
// time and size (package members). kind names what match looks for: an
// answer is kept for the call by kind and path.
func (at *place) findMember(p, kind string, match func(string) bool) (string, error) {
	full := joinPath(at.dir, p)
	return at.listArchive(kind+"\x00"+full, full, func(err error) bool { return errors.Is(err, os.ErrNotExist) },
		func(ctx context.Context) (string, error) {
			var found string
			err := members.List(ctx, full, func(m string) bool {
				if match(m) {
					found = m
					return false
				}
				return true
			})
			return found, err
		})
}

// listArchive answers key, a question on the archive at full (absolute),
// with list, once a call: bounded to maxArchiveLists archives a call,
// which share one stateTimeout. An archive whose Stat fails so that
// unlisted says so is not listed (nor counted): its error is the answer.
func (at *place) listArchive(key, full string, unlisted func(error) bool, list func(context.Context) (string, error)) (string, error) {
	w := at.wt
	ctx, end := context.Background(), time.Now().Add(stateTimeout)
	if w != nil {
		if a, ok := w.members[key]; ok {
			return a.found, a.err
		}
		if _, err := os.Stat(filepath.FromSlash(full)); err != nil && unlisted(err) {
			return "", err // not there: no listing counted (the command fails, or makes it first)
		}
		if len(w.members) >= maxArchiveLists {
			return "", errTooManyArchives
		}
		if w.ctx != nil {
			ctx = w.ctx
		}
		if w.listEnd.IsZero() {
			w.listEnd = end
		}
		end = w.listEnd
	}
	ctx, cancel := context.WithDeadline(ctx, end)
	defer cancel()
	found, err := list(ctx)
	if w != nil {
		if w.members == nil {
			w.members = map[string]memberAnswer{}
		}
		w.members[key] = memberAnswer{found, err}
	}
	return found, err
}

// inTempDir reports whether the clean absolute path p is, or is under, a
// temporary directory.
func inTempDir(p string) bool {
	for _, t := range tempDirs {
		if p == t || strings.HasPrefix(p, t+"/") {
			return true
		}
	}
	return false
}

// isRemotePath reports whether v names a file on another host (host:path
// or a URL), as scp and rsync read it.
func isRemotePath(v string) bool {
	if strings.Contains(v, "://") {
		return true
	}
	i := strings.IndexByte(v, ':')
	return i > 0 && !strings.Contains(v[:i], "/")
}
