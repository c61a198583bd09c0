package guard

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on a credential file's text that git prints from a revision's
// tree or from objects it is named on its input (issue 38), each run
// under bash with a .env committed and then untracked: `git grep KEY
// HEAD~1` printed HEAD~1:.env:KEY=2, `git archive HEAD~1 | tar xO` and
// `git cat-file --batch <<< HEAD~1:.env` printed KEY=2. The guard asks
// git which files of a credential file's name the revisions' trees hold
// (git grep -l of them, bounded as historyShows' questions are); for
// object names read from the input, whether any commit ever held one.

// treeShows is historyShows for git subcommands that print the files of
// a revision's tree (grep with revisions, archive to the output) or the
// objects named on their input (cat-file --batch); sub is c's
// subcommand and its words.
func (at *place) treeShows(c *shell.Command, sub []shell.Word, extra []string) (string, bool) {
	dir, ok := gitCommandDir(at.dir, c, sub)
	if !ok {
		return "", false
	}
	args := sub[1:]
	switch sub[0].Value {
	case "grep":
		revs, any := grepRevisions(args, dir)
		if any {
			return at.askNames(dir, wideHistory(extra), nil, extra, "the revisions git greps")
		}
		if len(revs) == 0 {
			return "", false // the worktree's files: rule 7's tree search
		}
		return at.askNames(dir, treeQuery(revs, credentialSpecs(extra)), nil, extra, "the revisions git greps")
	case "archive":
		rev, ok := archiveRevision(args)
		switch {
		case !ok:
			return "", false // written to a file, or another repository's
		case rev.Dynamic:
			return at.askNames(dir, wideHistory(extra), nil, extra, "the revision git archives")
		}
		var top []string
		for _, p := range credentialSpecs(extra) {
			top = append(top, strings.Replace(p, ":(", ":(top,", 1)) // the whole tree, from any folder
		}
		return at.askNames(dir, treeQuery([]string{rev.Value}, top), nil, extra, "the revision git archives")
	case "cat-file":
		quiet := false // -t, -s, -e: the object's type, size or presence
		for _, a := range args {
			quiet = quiet || !a.Dynamic && (a.Value == "-t" || a.Value == "-s" || a.Value == "-e")
		}
		if f, ok := at.blobShows(dir, args, extra); ok && !quiet {
			return f, true
		}
		// Every object, here or in a command before it whose output
		// gives the names (--batch-check='%(objectname)' | …).
		all := strings.Contains(at.src, "--batch-all-objects")
		prints, dynamic := false, false
		for _, a := range args {
			prints = prints || strings.HasPrefix(a.Value, "--batch") && !strings.HasPrefix(a.Value, "--batch-check") &&
				a.Value != "--batch-all-objects"
			dynamic = dynamic || a.Dynamic
		}
		switch {
		case quiet && !dynamic || !prints && !dynamic:
		case all && prints || strings.Contains(at.src, "fsck"):
			// Every object, or those git fsck finds unreachable: a blob
			// of a file added and reset, or dropped from every commit
			// and reflog, has no name git keeps (lostfound.go).
			return "every object git keeps (the blobs of files added and reset among them, whose names git does not keep)", true
		default:
			// Objects named on the input, or by a word known only at run
			// time: any credential file git ever held may be printed.
			return at.askNames(dir, wideHistory(extra), nil, extra, "the objects git prints")
		}
	}
	return "", false
}

// treeQuery is the git question for the files of the trees of revs that
// pathspecs match: their names, as REV:NAME.
func treeQuery(revs, pathspecs []string) []string {
	q := []string{"grep", "-l", "-z", "--no-color", "--no-textconv", "-e", ""}
	q = append(q, revs...)
	return append(append(q, "--"), pathspecs...)
}

// wideHistory is the git question for the credential files any commit of
// the repository (its refs' and reflogs') ever held.
func wideHistory(extra []string) []string {
	q := []string{"-c", "log.showSignature=false", "log", "--no-renames", "--name-only", "--format=", "--full-history", "--all",
		"--reflog", "--"}
	return append(q, credentialSpecs(extra)...)
}

// grepRevisions returns the revisions git grep with args searches the
// trees of: its operands after the pattern, before --, that name no file
// in dir. any reports one known only at run time.
func grepRevisions(args []shell.Word, dir string) (revs []string, any bool) {
	given := false // the pattern given by -e or -f
	var ops []shell.Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if !a.Dynamic && v == "--" {
			break
		}
		if a.Dynamic || v == "" || v[0] != '-' || v == "-" {
			ops = append(ops, a)
			continue
		}
		switch v {
		case "-e", "-f", "--and", "--or", "--not", "(", ")":
			given = given || v == "-e" || v == "-f"
			if v == "-e" || v == "-f" {
				i++
			}
		case "-A", "-B", "-C", "-m", "--max-count", "--max-depth", "--threads", "--context", "--after-context",
			"--before-context", "--exclude-standard", "--color":
			if v != "--exclude-standard" && v != "--color" {
				i++
			}
		default:
			given = given || strings.HasPrefix(v, "-e") || strings.HasPrefix(v, "-f") || strings.HasPrefix(v, "--regexp") ||
				strings.HasPrefix(v, "--file")
		}
	}
	if !given && len(ops) > 0 {
		ops = ops[1:] // the pattern
	}
	for _, o := range ops {
		if o.Dynamic {
			return nil, true
		}
		if _, err := os.Lstat(filepath.Join(filepath.FromSlash(dir), filepath.FromSlash(o.Value))); err == nil || pathspecLike(o.Value) {
			continue // a file or a pathspec, not a revision
		}
		revs = append(revs, o.Value)
	}
	return revs, false
}

// archiveRevision returns the tree git archive with args writes to its
// output: false when it writes a file (-o, --output) or reads another
// repository (--remote), or names none.
func archiveRevision(args []shell.Word) (shell.Word, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic && strings.HasPrefix(a.Prefix(), "-"):
			return shell.Word{Value: v, Dynamic: true}, true
		case !a.Dynamic && (v == "-o" || strings.HasPrefix(v, "--output") || strings.HasPrefix(v, "-o") ||
			strings.HasPrefix(v, "--remote") || v == "--list" || v == "-l"):
			return shell.Word{}, false
		case !a.Dynamic && (v == "--format" || v == "--prefix" || v == "--exec" || v == "--add-file" || v == "--add-virtual-file" ||
			v == "--mtime"):
			i++
		case !a.Dynamic && strings.HasPrefix(v, "-"):
		default:
			return a, true
		}
	}
	return shell.Word{}, false
}

// blobShows returns the credential file whose text git prints when it is
// given an object by its id (git cat-file -p 1e7786, git show 1e7786,
// git diff ID ID: ids an earlier git ls-tree or ls-files -s printed):
// one of args, a run of 4 to 64 hexadecimal digits, that starts the id
// of a credential file's text any commit, reflog entry or the index ever
// held.
func (at *place) blobShows(dir string, args []shell.Word, extra []string) (string, bool) {
	var ids []string
	for _, a := range args {
		v := strings.ToLower(strings.TrimSuffix(a.Value, "^{blob}"))
		if !a.Dynamic && hexID(v) {
			ids = append(ids, v)
		}
	}
	if len(ids) == 0 {
		return "", false
	}
	x := at.credentialBlobs(dir, extra)
	if x.unread != "" {
		return x.unread, true
	}
	for _, id := range ids {
		if i := sort.SearchStrings(x.ids, id); i < len(x.ids) && strings.HasPrefix(x.ids[i], id) {
			return x.names[i] + " (the object " + id + " git prints is its text)", true
		}
	}
	return "", false
}

// A blobIndex is the ids of the texts of the credential files a
// repository's commits, reflogs and index hold, sorted, with their
// names; unread says why they could not be read.
type blobIndex struct {
	ids, names []string
	unread     string
}

// credentialBlobs returns dir's blobIndex, asked of git and read once a
// call: sixty `git show ID` read git's answer once.
func (at *place) credentialBlobs(dir string, extra []string) *blobIndex {
	if x, ok := at.wt.credBlobs[dir]; ok {
		return x
	}
	x := &blobIndex{}
	if at.wt.credBlobs == nil {
		at.wt.credBlobs = map[string]*blobIndex{}
	}
	at.wt.credBlobs[dir] = x
	specs := credentialSpecs(extra)
	logQ := append([]string{"-c", "log.showSignature=false", "log", "--all", "--reflog", "--format=", "--raw", "--no-abbrev",
		"--full-history", "--no-renames", "--"}, specs...)
	indexQ := append([]string{"ls-files", "-s", "-z", "--"}, specs...)
	type entry struct{ id, name string }
	var all []entry
	for _, q := range [][]string{logQ, indexQ} {
		out, err := at.ask(dir, q)
		var exit *exec.ExitError
		switch {
		case err != nil && errors.As(err, &exit) && exit.ExitCode() > 0:
			continue
		case err != nil:
			x.unread = "the object git prints (whose history could not be read in time: it may be a credential file's)"
			return x
		}
		for rec := range strings.FieldsFuncSeq(string(out), func(r rune) bool { return r == '\n' || r == 0 }) {
			meta, name, ok := strings.Cut(rec, "\t")
			if !ok || !IsSecretFile(name, extra) {
				continue
			}
			for _, f := range strings.Fields(meta) {
				if len(f) >= 40 && hexID(f) && strings.Trim(f, "0") != "" { // not the null id of an added or deleted file
					all = append(all, entry{f, name})
				}
			}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })
	for _, e := range all {
		x.ids, x.names = append(x.ids, e.id), append(x.names, e.name)
	}
	return x
}

// hexID reports whether v may be an object's id, whole or abbreviated.
func hexID(v string) bool {
	if len(v) < 4 || len(v) > 64 {
		return false
	}
	for i := 0; i < len(v); i++ {
		if !(v[i] >= '0' && v[i] <= '9' || v[i] >= 'a' && v[i] <= 'f') {
			return false
		}
	}
	return true
}
