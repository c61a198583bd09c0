package guard

import (
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// searchShows is rule 7 for a search that walks folders and prints the
// lines that match (grep -r KEY app, rg --hidden KEY): it returns a
// credential file under a folder searched whose text the search may
// print (a line matches, or what it looks for cannot be read), by a
// bounded walk of the worktree (maxEnvWalk entries a folder; .git and
// node_modules are not walked). A file the search leaves out
// (--exclude=.env, rg -g '!.env'), and, for rg, ag and ack without
// --hidden or -u, a dot file or folder, is not searched; a folder known
// only at run time is not walked (the home folder is known: ~/.ssh). A
// guard away from the worktree (a gateway) walks nothing: its disk is
// not the project's. Each walk is made once a call (a script of fifty
// greps walks once), and the walks of a call read at most
// maxSearchEntries entries in all.
//
// A tree the walk could not read whole (past its bound, or past what
// is left of the call's) may hold a credential file it did not see:
// the search is then judged by what it looks for, and it is denied
// (with wide true) when that may match a line of a credential file
// ([mayShowCredential]), since the model can make a folder of a million
// names in one call to hide one. A search for TODO in a big tree passes.
func (at *place) searchShows(t shell.TreeSearch, extra []string) (found string, wide, ok bool) {
	if at.cfg != nil && at.cfg.Away {
		return "", false, false
	}
	w := at.wt
	if w == nil {
		w = &worktree{} // a place made without one (a test's): no memo
	}
	var re *regexp.Regexp
	compiled := false
	partial := ""
	var big []string // the roots past the walk's bound
	for _, d := range t.Dirs {
		v := d.Value
		if d.Dynamic {
			r, ok := at.resolved(d) // ~/.ssh, $HOME
			switch {
			case ok:
				v = r
			case globOnly(v):
				// grep -r KEY */, tar cf - a*: the folder the glob is
				// in, whole (each match is under it).
				v = staticFolder(v)
			default:
				continue
			}
		}
		if at.dir == "" && !filepath.IsAbs(v) {
			continue
		}
		root := filepath.FromSlash(joinPath(at.dir, v))
		walk := w.credentialsUnder(root, t, extra)
		if walk.partial && partial == "" {
			partial = at.shown(root)
		}
		if walk.partial {
			big = append(big, root)
		}
		for _, f := range walk.found {
			if f.regular && t.Known && !t.Search.Unicode() {
				if !compiled {
					re, _ = t.Search.Regexp()
					compiled = true
				}
				if re != nil {
					p := f.path
					if f.target != "" {
						p = f.target
					}
					if text, err := readfile.Regular(p, maxEnvSearch); err == nil && !re.MatchString(text) {
						continue // no line of it matches: none is printed
					}
				}
			}
			return at.shown(f.path), false, true
		}
	}
	if partial != "" && mayShowCredential(t) {
		return partial, true, true
	}
	for _, root := range big {
		if f, ok := at.bigTreeShows(root, t, extra); ok {
			return f, false, true
		}
	}
	return "", false, false
}

// globOnly reports whether a dynamic word v is dynamic only for its glob
// bytes: written-out text with *, ? or [ in it, and nothing a variable,
// a substitution or a name read at run time gives.
func globOnly(v string) bool {
	return strings.ContainsAny(v, "*?[") && !strings.ContainsAny(v, "$`(")
}

// shown is path p as a reason names it: relative to the place's folder
// when under it.
func (at *place) shown(p string) string {
	if r, err := filepath.Rel(filepath.FromSlash(at.dir), p); err == nil && at.dir != "" && !strings.HasPrefix(r, "..") {
		p = r
	}
	return filepath.ToSlash(p)
}

// credentialLines are lines of the credential files rule 7 knows, one
// or more of each kind: a search whose pattern matches none of them is
// taken not to print a credential it did not see (see searchShows).
var credentialLines = [...]string{
	"API_KEY=sk-live-0123456789abcdef",
	`SECRET_KEY="s3cr3t-V@lue_01"`,
	"DATABASE_URL=postgres://user:pass@db.internal:5432/app",
	"export OPENAI_API_KEY=sk-proj-AbCdEf0123456789",
	"GITHUB_TOKEN=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
	"SLACK_BOT_TOKEN=xoxb-123456789012-abcdefABCDEF",
	"password: hunter2",
	"aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
	"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	"[default]",
	"-----BEGIN OPENSSH PRIVATE KEY-----",
	"-----BEGIN RSA PRIVATE KEY-----",
	"MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7",
	`  "private_key": "-----BEGIN PRIVATE KEY-----\nMIIEvQ==\n",`,
	`  "client_secret": "GOCSPX-abc123",`,
	"//registry.npmjs.org/:_authToken=npm_AbCdEf0123456789",
	"machine github.com login dev password ghp_abc123",
	"    token: glpat-AbCdEf0123456789",
	"host=db.internal user=app password=s3cr3t",
}

// mayShowCredential reports whether tree search t may print a line of
// a credential file: what it looks for cannot be read, or matches one
// of credentialLines.
func mayShowCredential(t shell.TreeSearch) bool {
	if !t.Known || t.Search.Unicode() {
		return true
	}
	re, ok := t.Search.Regexp()
	if !ok || re == nil {
		return true
	}
	for _, l := range credentialLines {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// maxSearchEntries bounds the entries the walks of searchShows read in
// one call, all folders together.
const maxSearchEntries = 4 * maxEnvWalk

// credential is a credential file a tree search's walk found.
type credential struct {
	path    string
	regular bool
	// target is the credential file path is a link to ("" for none):
	// its text is what a search of the link reads.
	target string
}

// searchWalk is what a tree search's walk found: the credential files,
// in the order of the walk, and whether the tree was read only in part
// (past the walk's bound).
type searchWalk struct {
	found   []credential
	partial bool
}

// credentialsUnder returns the credential files under root that search
// t reads (see searchShows), each walk made once a call for a root, t's
// dot files and t's exclusions.
func (w *worktree) credentialsUnder(root string, t shell.TreeSearch, extra []string) searchWalk {
	key := root + "\x00" + strconv.FormatBool(t.Hidden) + "\x00" + strings.Join(t.Exclude, "\x00")
	if out, ok := w.searched[key]; ok {
		return out
	}
	if w.searched == nil {
		w.searched = map[string]searchWalk{}
	}
	var out searchWalk
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r // a link given as the folder is followed (grep -r, tar h, rg)
	}
	err := readfile.Walk(root, min(maxEnvWalk, maxSearchEntries-w.searchEntries), func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		w.searchEntries++
		name := e.Name()
		if p != root && (e.IsDir() && (name == ".git" || name == "node_modules") || !t.Hidden && strings.HasPrefix(name, ".")) ||
			p != root && excluded(t.Exclude, name) {
			if e.IsDir() && name == ".git" && t.Hidden && !excluded(t.Exclude, name) {
				// Its objects are compressed, but the blobs an earlier
				// git fsck --lost-found wrote are not (grep -r KEY .
				// printed one, a .env added and reset).
				w.searchEntries += lostUnder(p, max(0, maxSearchEntries-w.searchEntries), &out)
			}
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !e.IsDir() && (IsSecretFile(filepath.ToSlash(p), extra) || lostBlob(filepath.ToSlash(p))) {
			out.found = append(out.found, credential{path: p, regular: e.Type().IsRegular()})
		} else if r, ok := linkTarget(p, e.Type(), extra); ok {
			// Followed by grep -R, tar h, rg -L, and by a reader of the
			// names a listing prints (ls | xargs cat): its target's text
			// is what a search's patterns are tested against.
			out.found = append(out.found, credential{path: p, regular: true, target: r})
		}
		return nil
	})
	out.partial = errors.Is(err, readfile.ErrBound)
	w.searched[key] = out
	return out
}

// excluded reports whether a file or folder named name matches one of
// the patterns pats a search leaves out.
func excluded(pats []string, name string) bool {
	for _, p := range pats {
		if ok, _ := filepath.Match(strings.TrimSuffix(p, "/"), name); ok || p == name {
			return true
		}
	}
	return false
}

// printsCredentials reports whether c prints a credential that a
// program keeps for the user (rule 7, issue 38): git credential fill
// and git credential-store get print the password the helpers store,
// aws configure get a key, gh auth token and the tools of cloud
// providers an access token, kubectl config view --raw the cluster's
// keys. It returns what it reads.
//
// Only a program credentialPrinter names may.
func printsCredentials(c *shell.Command) (string, bool) {
	a := func(i int) string {
		if i < len(c.Args) {
			return c.Args[i].Value
		}
		return ""
	}
	has := func(w string) bool {
		for _, x := range c.Args {
			if x.Value == w {
				return true
			}
		}
		return false
	}
	switch c.Name {
	case "git":
		// The subcommand after git's global options.
		for i := 1; i < len(c.Args); i++ {
			v := a(i)
			if strings.HasPrefix(v, "-") {
				if v == "-C" || v == "-c" {
					i++
				}
				continue
			}
			if (v == "credential" || v == "credential-store" || v == "credential-cache") && (has("fill") || has("get")) {
				return "the credentials git's helpers store", true
			}
			break
		}
	case "aws":
		if a(1) == "configure" && (a(2) == "get" || a(2) == "export-credentials") {
			return "~/.aws/credentials", true
		}
	case "gh", "glab":
		if a(1) == "auth" && (a(2) == "token" || a(2) == "status" && (has("-t") || has("--show-token"))) {
			return "the token " + c.Name + " keeps", true
		}
	case "gcloud":
		if has("print-access-token") || has("print-identity-token") {
			return "the token gcloud keeps", true
		}
	case "az":
		if has("get-access-token") {
			return "the token az keeps", true
		}
	case "kubectl":
		if a(1) == "config" && a(2) == "view" && (has("--raw") || has("--flatten")) {
			return "~/.kube/config", true
		}
	case "security":
		if strings.HasPrefix(a(1), "find-") && strings.HasSuffix(a(1), "-password") && (has("-w") || has("-g")) {
			return "the keychain", true
		}
	case "secret-tool":
		if a(1) == "lookup" {
			return "the keyring", true
		}
	}
	return "", false
}

// credentialPrinter reports whether printsCredentials may find that a
// command of program name prints a credential (the programs of its
// switch).
func credentialPrinter(name string) bool {
	switch name {
	case "git", "aws", "gh", "glab", "gcloud", "az", "kubectl", "security", "secret-tool":
		return true
	}
	return false
}

// excludes reports whether word a, after prev, is a pattern of names
// a search or a copy leaves out (grep, rg, tar, rsync, zip: --exclude=.env,
// --exclude-dir .env, --ignore=.env, rg -g '!.env'): it names a file
// not read. An --include or a -g without ! names files read.
func excludes(prev, a string) bool {
	switch {
	case prev == "-g":
		if strings.HasPrefix(a, "!") {
			return true
		}
	case len(prev) > 2 && prev[0] == '-' && prev[1] == '-':
		switch prev {
		case "--exclude", "--exclude-dir", "--ignore", "--ignore-dir":
			return true
		case "--glob", "--iglob":
			if strings.HasPrefix(a, "!") {
				return true
			}
		}
	}
	if len(a) < 3 || a[0] != '-' || a[1] != '-' {
		return false
	}
	opt, val, ok := strings.Cut(a, "=")
	if !ok {
		return false
	}
	switch opt {
	case "--exclude", "--exclude-dir", "--ignore", "--ignore-dir":
		return true
	case "--glob", "--iglob":
		return strings.HasPrefix(val, "!")
	}
	return false
}
