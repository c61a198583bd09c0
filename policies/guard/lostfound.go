package guard

import "strings"

// Rule 7 on the objects git keeps outside its commits, reflogs and index
// (issue 38): a .env added and reset (`git add .env; git reset`), or
// committed and dropped from every branch, leaves a dangling blob, which
// `git fsck --lost-found` writes under .git/lost-found/other/ by its id,
// with no name; a later `cat .git/lost-found/other/*` printed its KEY=
// under bash. Whether a blob without a name was a credential file's
// cannot be told, so a read under a lost-found folder is judged as a
// read of any blob: denied. (git cat-file --batch-all-objects and git
// fsck's ids given to git cat-file are judged by gittree.go.)

// lostFound returns the folder of git's lost and found objects read path
// v is under, if it is one: a part "lost-found" after a .git part or
// after a part known only at run time ($(git rev-parse --git-dir)).
func lostFound(v string) (string, bool) {
	if len(v) < len("lost-found") {
		return "", false
	}
	i := strings.Index(v, "lost-found")
	if i < 0 {
		return "", false
	}
	end := i + len("lost-found")
	if i > 0 && v[i-1] != '/' || end < len(v) && v[end] != '/' {
		return "", false
	}
	before := v[:i]
	if strings.HasSuffix(before, ".git/") || strings.ContainsAny(before, "$`)") || strings.Contains(before, "/.git/") {
		return v[:end] + " (the blobs git fsck --lost-found writes there, which may be a credential file's)", true
	}
	return "", false
}
