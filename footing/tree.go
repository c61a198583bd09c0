package footing

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks/internal/members"
	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// listTimeout bounds the reading of one archive's or directory's names.
const listTimeout = time.Second

// tree judges w, a write of the files whose names come from w.From (an
// archive extracted, a directory copied: [shell.Write.From]) under the
// directory of w.Path. When that directory holds an entry of the
// footing, or lies in a protected tree, the source is read: a member (or
// a file of the directory) that lands on the entry is a change to it;
// a source that cannot be read (the standard input, a path known only at
// run time, a remote, a format not read, past the bounds) may hold
// anything, and is refused as such. A source that does not exist, and
// that nothing in the command creates, makes the command fail.
func (p *place) tree(ctx context.Context, sc *shell.Script, w shell.Write) (string, bool) {
	d, ok := treeDir(w.Path)
	if !ok {
		return p.treeAnywhere(ctx, sc, w)
	}
	dir := p.abs(d)
	if dir == "" {
		return "", false
	}
	type hit struct {
		e   Entry
		rel string // the entry's path under dir, slash-separated; "" when dir is in the entry's tree
	}
	var hits []hit
	for _, e := range p.Entries() {
		ep, dp := e.Path, dir
		if p.fold {
			ep, dp = strings.ToLower(ep), strings.ToLower(dir)
		}
		switch {
		case isUnder(dp, ep):
			hits = append(hits, hit{e, filepath.ToSlash(e.Path[len(dir)+1:])})
		case e.Tree && (ep == dp || isUnder(ep, dp)):
			hits = append(hits, hit{e, ""})
		}
	}
	if len(hits) == 0 {
		return "", false
	}
	from := *w.From
	by := "`" + w.By + "`"
	cannot := func(why string) (string, bool) {
		h := hits[0]
		return p.reason(h.e, h.e.Path, by+" (it writes the files of "+from.Value+", "+why+", into "+dir+")"), true
	}
	if from.Dynamic || from.Value == "-" || isRemote(from.Value) {
		return cannot("which cannot be listed before it runs")
	}
	src := p.abs(from.Value)
	if fi, err := os.Stat(src); err == nil && fi.IsDir() {
		// A directory: the entry's own path in it is what would land.
		for _, h := range hits {
			if h.rel == "" {
				if empty, err := emptyDir(src); err != nil || !empty {
					return p.reason(h.e, h.e.Path, by+" (it copies the files of "+from.Value+" into "+dir+")"), true
				}
				continue
			}
			if _, err := os.Lstat(filepath.Join(src, filepath.FromSlash(h.rel))); err == nil {
				return p.reason(h.e, h.e.Path, by+" (it copies "+from.Value+"/"+h.rel+" onto it)"), true
			}
		}
		return "", false
	}
	ctx, cancel := context.WithTimeout(ctx, listTimeout)
	defer cancel()
	var found *hit
	var member string
	err := members.List(ctx, src, func(m string) bool {
		for i := range hits {
			if lands(m, hits[i].rel, hits[i].e.Tree, p.fold) {
				found, member = &hits[i], m
				return false
			}
		}
		return true
	})
	if found != nil {
		return p.reason(found.e, found.e.Path, by+" (it extracts "+member+" of "+from.Value+" onto it)"), true
	}
	if err != nil {
		why := err.Error()
		if errors.Is(err, os.ErrNotExist) {
			if !sc.Creates(from) {
				return "", false // the copy or extraction fails: nothing is written
			}
			why = "which does not exist yet"
		}
		return cannot("whose files cannot be listed: " + why)
	}
	return "", false
}

// lands reports whether member m, extracted under a directory, lands on
// rel under it (or anywhere when rel is "", the directory being in a
// protected tree), with leading folders stripped or not
// (--strip-components): m is rel, ends in /rel, or with tree lies under
// rel.
func lands(m, rel string, tree, fold bool) bool {
	if rel == "" {
		return true
	}
	if fold {
		m, rel = strings.ToLower(m), strings.ToLower(rel)
	}
	if m == rel || strings.HasSuffix(m, "/"+rel) {
		return true
	}
	return tree && (strings.HasPrefix(m, rel+"/") || strings.Contains(m, "/"+rel+"/"))
}

// treeDir returns the directory of a tree write's path ("DIR/…"), when
// it is known before the command runs.
func treeDir(w shell.Word) (string, bool) {
	d, ok := strings.CutSuffix(w.Value, "/…")
	if !ok || w.Prefix() != d+"/" {
		return "", false
	}
	if d == "" {
		d = "/"
	}
	return d, true
}

// isRemote reports whether v names a file on another host (host:path, a
// URL), as scp and rsync read it.
func isRemote(v string) bool {
	if strings.Contains(v, "://") {
		return true
	}
	i := strings.IndexByte(v, ':')
	return i > 0 && !strings.Contains(v[:i], "/")
}

// emptyDir reports whether directory d holds nothing.
func emptyDir(d string) (bool, error) {
	f, err := readfile.Dir(d)
	if err != nil {
		return false, err
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	return len(names) == 0 && err != nil, nil
}

// treeAnywhere judges w, a tree write into a directory known only at run
// time ("$PWD", ~, "$OUT", or a cd to one before it): any directory may
// be it. The source is read, and a member (or file) that would land on
// an entry of the footing from some directory (its path is the end of
// the entry's, or with leading folders stripped, of two names at least;
// or it lies in a protected tree by the same rule) is refused. A source
// that cannot be read is refused when the directory is one the script
// computes or one that holds the footing by name ($PWD, $HOME, ~,
// $OLDPWD); one the environment names alone is not counted, as a write
// to "$LOG_FILE" is not (see [place.dynamic]).
func (p *place) treeAnywhere(ctx context.Context, sc *shell.Script, w shell.Write) (string, bool) {
	entries := p.Entries()
	if len(entries) == 0 {
		return "", false
	}
	from := *w.From
	by := "`" + w.By + "`"
	dest := strings.TrimSuffix(w.Path.Value, "/…")
	cannot := func(why string) (string, bool) {
		if !p.computed(w.Path) && !holderDir(dest) {
			return "", false
		}
		e := entries[0]
		return p.reason(e, e.Path, by+" (it writes the files of "+from.Value+", "+why+", into "+dest+", which may hold it)"), true
	}
	if from.Dynamic || from.Value == "-" || isRemote(from.Value) {
		return cannot("which cannot be listed before it runs")
	}
	ctx, cancel := context.WithTimeout(ctx, listTimeout)
	defer cancel()
	var found *Entry
	var member string
	targets := make([][]string, len(entries))
	for i, e := range entries {
		targets[i] = names(filepath.ToSlash(e.Path), p.fold)
	}
	err := members.List(ctx, p.abs(from.Value), func(m string) bool {
		ms := names(m, p.fold)
		for i := range entries {
			if landsAnywhere(ms, targets[i], entries[i].Tree) {
				found, member = &entries[i], m
				return false
			}
		}
		return true
	})
	if found != nil {
		return p.reason(*found, found.Path, by+" (it writes "+member+" of "+from.Value+" into "+dest+", known only when it runs, where it may land on it)"), true
	}
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && !sc.Creates(from) {
			return "", false // the copy or extraction fails: nothing is written
		}
		return cannot("whose files cannot be listed: " + err.Error())
	}
	return "", false
}

// holderDir reports whether a directory word names, by a variable the
// shell sets, one that holds hook files: the working or home directory.
func holderDir(v string) bool {
	for _, h := range []string{"$PWD", "${PWD}", "$HOME", "${HOME}", "~", "$OLDPWD", "${OLDPWD}"} {
		if v == h || strings.HasPrefix(v, h+"/") {
			return true
		}
	}
	return false
}

// names splits a slash-separated path into its names, case-folded with
// fold.
func names(p string, fold bool) []string {
	if fold {
		p = strings.ToLower(p)
	}
	return strings.Split(strings.Trim(p, "/"), "/")
}

// landsAnywhere reports whether a member of names ms, written under some
// directory, may land on the entry of names es, or in its tree: ms,
// whole or with leading folders stripped (then two names at least, so
// that a bare file name is not enough), end es; with tree, names of ms
// followed by more end es. It looks at each name of ms once: the model
// writes the archive, and may give a member many.
func landsAnywhere(ms, es []string, tree bool) bool {
	n, last := len(ms), es[len(es)-1]
	// m whole, or its last two names (a strip leaves at least two).
	if endsWith(es, ms) || n > 2 && endsWith(es, ms[n-2:]) {
		return true
	}
	if !tree {
		return false
	}
	// m's names up to p end e's and more of m lies under them: from its
	// first name, or (stripped) the two ending at p.
	for p := 0; p < n-1; p++ {
		if ms[p] == last && (endsWith(es, ms[:p+1]) || p >= 2 && endsWith(es, ms[p-1:p+1])) {
			return true
		}
	}
	return false
}

// endsWith reports whether the names tail end the names es.
func endsWith(es, tail []string) bool {
	return len(tail) <= len(es) && slices.Equal(es[len(es)-len(tail):], tail)
}
