package guard

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// maxBigTreeFiles and maxBigTreeBytes bound the credential files of a
// tree too big to walk that bigTreeShows reads, and their bytes; past
// either, the search may show one (decoys an earlier call made would
// otherwise hide the one it matches).
const (
	maxBigTreeFiles = 1024
	maxBigTreeBytes = 1 << 20
)

// bigTreeShows is searchShows past the walk's bound for a search whose
// pattern matches none of credentialLines (issue 38): `grep -rn STRIPE
// .` passed in a tree too big to walk, though its .env holds
// STRIPE_KEY=…, since STRIPE matches no line the guard knows. git is
// asked (bounded in time and output, once a call for a folder) for the
// credential files under root, tracked or not, ignored ones too
// (ls-files --cached --others with no exclude rules, limited to
// credentialSpecs), and each the search reads (a dot file only when it
// reads them, none it leaves out) is read, bounded, for a line the
// pattern matches. git's answer only adds denials: a folder git does
// not know (not a repository, a nested one it does not enter), or an
// answer not given in time, leaves the search judged by its pattern, as
// before. `grep -rn TODO .` passes when no credential file has a TODO
// line.
func (at *place) bigTreeShows(root string, t shell.TreeSearch, extra []string) (string, bool) {
	if at.wt == nil || !t.Known || t.Search.Unicode() {
		return "", false
	}
	re, ok := t.Search.Regexp()
	if !ok || re == nil {
		return "", false
	}
	q := append([]string{"ls-files", "-z", "--cached", "--others", "--"}, credentialSpecs(extra)...)
	out, err := at.wt.run(at.context(), root, q...)
	if err != nil {
		return "", false
	}
	n, bytes := 0, 0
	for name := range strings.SplitSeq(string(out), "\x00") {
		if name == "" || !IsSecretFile(name, extra) || !searchReads(name, t) {
			continue
		}
		if n++; n > maxBigTreeFiles || bytes > maxBigTreeBytes {
			return at.shown(root) + " (more credential files than the guard reads: " + strconv.Itoa(maxBigTreeFiles) +
				" or " + strconv.Itoa(maxBigTreeBytes>>20) + " MiB)", true
		}
		p := filepath.Join(root, filepath.FromSlash(name))
		text, err := readfile.Regular(p, maxEnvSearch)
		bytes += len(text)
		if err == nil && re.MatchString(text) {
			return at.shown(p), true
		}
	}
	return "", false
}

// searchReads reports whether tree search t reads the file at name
// (relative to the folder searched): no part of it a dot name unless t
// reads them, none a name t leaves out.
func searchReads(name string, t shell.TreeSearch) bool {
	for part := range strings.SplitSeq(name, "/") {
		if !t.Hidden && strings.HasPrefix(part, ".") || excluded(t.Exclude, part) {
			return false
		}
	}
	return true
}
