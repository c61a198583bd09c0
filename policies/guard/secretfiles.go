package guard

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
	"github.com/agenthooks/hooks/shell"
)

// SecretFiles returns the patterns of the credential files rule 7 keeps
// from the model (built on call: a package variable would be start-up
// work of every hook). A pattern with a slash matches the end of a path
// ("/.aws/credentials"), one without matches a file's name (path.Match
// syntax, case ignored); a policy file's [guard] secrets list adds to
// them ([IsSecretFile]'s extra). .env files ([IsEnvFile]) are secret
// files too, and public keys (*.pub) never are.
func SecretFiles() []string {
	return []string{
		".ssh/id_*", ".aws/credentials", ".netrc", "_netrc", ".git-credentials", ".npmrc",
		".kube/config", ".docker/config.json", ".pypirc", ".pgpass", "*.pem", "*.key", "*.p12", "*.pfx",
	}
}

// IsSecretFile reports whether p names a credential file: a .env file, a
// match of [SecretFiles], or of one of the extra patterns.
func IsSecretFile(p string, extra []string) bool {
	x := builtinSecretPats()
	return x.isSecret(p, x.scan(p), extra)
}

// isSecretAnyShape is IsSecretFile for a word of any shape: lower-cased,
// with slashes for backslashes, its trailing dots and spaces dropped.
func isSecretAnyShape(p string, extra []string) bool {
	p = strings.ToLower(strings.ReplaceAll(p, `\`, "/"))
	p = trimDotsSpaces(p)
	base := path.Base(p)
	if IsEnvFile(base) {
		return true
	}
	if strings.HasSuffix(base, ".pub") || base == "." || base == "/" {
		return false
	}
	if secretDir(base) {
		return true
	}
	if strings.ContainsAny(base, "*?[") && secretDir(path.Base(path.Dir(p))) {
		return true
	}
	return builtinSecretPats().match(p, base) || extraMatch(extra, p, base)
}

// trimDotsSpaces is strings.TrimRight(p, ". ") without the set of bytes
// it builds at each call.
func trimDotsSpaces(p string) string {
	n := len(p)
	for n > 0 && (p[n-1] == '.' || p[n-1] == ' ') {
		n--
	}
	return p[:n]
}

// secretDir reports whether name is a directory of credentials: one
// named whole (tar, cp -r, scp -r of it), or holding a glob (cat
// ~/.ssh/*, ~/.aws/cred*), is a credential file.
func secretDir(name string) bool {
	for _, d := range secretDirs {
		if name == d {
			return true
		}
	}
	return false
}

// secretDirs are the folders of credentials secretDir knows (each
// starts with a dot: see secretIndex.needs).
var secretDirs = [...]string{".ssh", ".aws", ".gnupg", ".kube", ".docker"}

// extraMatch reports whether p, whose name is base, matches one of the
// extra patterns.
func extraMatch(extra []string, p, base string) bool {
	for _, pat := range extra {
		if compileSecretPat(pat).match(p, base) {
			return true
		}
	}
	return false
}

// A secretPat is a pattern of [SecretFiles] (or a policy's), read once:
// its elements, lower-cased, the last one the file's name.
type secretPat struct{ elems []namePat }

// A namePat is one element of a secretPat, with how to match it: plain
// ('='), a plain prefix then * ('<'), * then a plain suffix ('>'), or
// anything else, by path.Match ('m').
type namePat struct {
	kind byte
	lit  string
}

// compileSecretPat reads pat.
func compileSecretPat(pat string) secretPat {
	pat = strings.Trim(strings.TrimPrefix(strings.ToLower(strings.ReplaceAll(pat, `\`, "/")), "~/"), "/")
	if !strings.Contains(pat, "/") {
		return secretPat{elems: []namePat{compileNamePat(pat)}}
	}
	var sp secretPat
	for e := range strings.SplitSeq(pat, "/") {
		sp.elems = append(sp.elems, compileNamePat(e))
	}
	return sp
}

func compileNamePat(pat string) namePat {
	switch {
	case !globMeta(pat):
		return namePat{'=', pat}
	case strings.HasPrefix(pat, "*") && !globMeta(pat[1:]):
		return namePat{'>', pat[1:]}
	case strings.HasSuffix(pat, "*") && !globMeta(pat[:len(pat)-1]):
		return namePat{'<', pat[:len(pat)-1]}
	}
	return namePat{'m', pat}
}

// globMeta reports whether pat holds *, ?, [ or a backslash (what
// strings.ContainsAny(pat, `*?[\`) reports, without building a set).
func globMeta(pat string) bool {
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '*', '?', '[', '\\':
			return true
		}
	}
	return false
}

// matches is path.Match(the element, name) for a name without a slash.
func (n namePat) matches(name string) bool {
	switch n.kind {
	case '=':
		return name == n.lit
	case '>':
		return strings.HasSuffix(name, n.lit)
	case '<':
		return strings.HasPrefix(name, n.lit)
	}
	ok, _ := path.Match(n.lit, name)
	return ok
}

// match reports whether p (lower-cased, with slashes), whose name is
// base, matches: a pattern of one element matches the name; one of more
// matches the path's last elements, the name first (which rejects nearly
// every word without splitting the path: rule 7 asks this of every word
// of a command).
func (sp secretPat) match(p, base string) bool {
	last := len(sp.elems) - 1
	if last == 0 {
		return sp.elems[0].matches(base)
	}
	if !strings.HasSuffix(p, "/") && !sp.elems[last].matches(base) {
		return false
	}
	fe := strings.Split(p, "/")
	if len(fe) < len(sp.elems) {
		return false
	}
	fe = fe[len(fe)-len(sp.elems):]
	for i, e := range sp.elems {
		if !e.matches(fe[i]) {
			return false
		}
	}
	return true
}

// secretInWord returns the secret file a shell word names: the word
// itself, or what follows its last @, = or : (curl -d @.env,
// -F f=@id_rsa, --post-file=.env, of=.env, and git's HEAD:.env and
// :.env, a file's text in a commit or the index).
func secretInWord(w string, extra []string) (string, bool) {
	if w == "" {
		return "", false
	}
	x := builtinSecretPats()
	if len(extra) == 0 && !x.mayMatch(w) {
		return "", false
	}
	sh := x.scan(w)
	if x.isSecret(w, sh, extra) {
		return w, true
	}
	if sh.at < 0 && sh.eq < 0 && sh.colon < 0 {
		return "", false
	}
	for _, i := range [3]int{sh.at, sh.eq, sh.colon} {
		if i >= 0 && i+1 < len(w) && x.isSecret(w[i+1:], sh.after(i+1), extra) {
			return w[i+1:], true
		}
	}
	return "", false
}

// secretInCode returns the secret file a program text names (python -c
// "open('.env')"): each run of path characters in it is looked at.
func secretInCode(code string, extra []string) (string, bool) {
	for i := 0; i < len(code); {
		if !pathBytes[code[i]] {
			i++
			continue
		}
		j := i + 1
		for j < len(code) && pathBytes[code[j]] {
			j++
		}
		if f, ok := secretInWord(code[i:j], extra); ok {
			return f, true
		}
		i = j
	}
	return "", false
}

// pathBytes holds the bytes of a path in code: ASCII letters, digits
// and underscore, and . / ~ - @ (data, made by the compiler: no work at
// start-up; TestIdentByteTable holds it).
var pathBytes = [256]bool{
	'.': true, '/': true, '~': true, '-': true, '@': true, '_': true, '0': true, '1': true, '2': true, '3': true,
	'4': true, '5': true, '6': true, '7': true, '8': true, '9': true, 'A': true, 'B': true, 'C': true, 'D': true,
	'E': true, 'F': true, 'G': true, 'H': true, 'I': true, 'J': true, 'K': true, 'L': true, 'M': true, 'N': true,
	'O': true, 'P': true, 'Q': true, 'R': true, 'S': true, 'T': true, 'U': true, 'V': true, 'W': true, 'X': true,
	'Y': true, 'Z': true, 'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true, 'g': true, 'h': true,
	'i': true, 'j': true, 'k': true, 'l': true, 'm': true, 'n': true, 'o': true, 'p': true, 'q': true, 'r': true,
	's': true, 't': true, 'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true,
}

// maxSecretGlob bounds the matches of one glob secretGlob looks at.
const maxSecretGlob = 20000

// secretGlob returns a credential file a glob the command reads matches
// on disk, as bash matches it (head app/.e* reads app/.env): a name
// starting with "." only by a pattern element that does, unless the
// command turns dotglob on or sets GLOBIGNORE. A glob of more than
// maxSecretGlob matches is taken to match one.
func (at *place) secretGlob(p shell.Word, extra []string) (string, bool) {
	v := p.Value
	if !p.Dynamic || !strings.ContainsAny(v, "*?[") || strings.ContainsAny(v, "$`(){}~\\\"'") || at.dir == "" || !isAbs(at.dir) {
		return "", false
	}
	m := at.disk()
	dots := m.dotsIn(at.src)
	// Each glob is read from the disk once a call (3,000 `cat src/*` of a
	// folder of 2,000 files read it 3,000 times: 10 s), and the globs of
	// a call read at most maxGlobTotal names of folders in all (3,000
	// globs of that folder, each its own, took 3 s): past them each is
	// taken to match a credential file.
	key := at.dir + "\x00" + v
	if dots {
		key += "\x00dots"
	}
	if a, ok := m.globs[key]; ok {
		return a.file, a.ok
	}
	f, ok := at.secretGlobDisk(m, v, dots, extra)
	m.globs[key] = globAnswer{f, ok}
	return f, ok
}

// A globAnswer is secretGlob's answer for a glob.
type globAnswer struct {
	file string
	ok   bool
}

// secretGlobDisk is secretGlob's read of the disk for glob v.
func (at *place) secretGlobDisk(m *diskMemo, v string, dots bool, extra []string) (string, bool) {
	left := min(maxGlobNames, maxGlobTotal-m.globbed)
	ms, read, err := readfile.GlobCount(filepath.FromSlash(joinPath(at.dir, v)), left)
	m.globbed += read
	if left <= 0 || errors.Is(err, readfile.ErrBound) && left < maxGlobNames {
		return v + " (past the " + strconv.Itoa(maxGlobTotal) + " names the guard reads of folders for the globs of one call)", true
	}
	if errors.Is(err, readfile.ErrBound) {
		return v + " (a glob over folders of more than " + strconv.Itoa(maxGlobNames) + " names)", true
	}
	if err != nil {
		return "", false
	}
	if len(ms) > maxSecretGlob {
		return v + " (a glob of more than " + strconv.Itoa(maxSecretGlob) + " files)", true
	}
	pat := path.Base(v)
	for _, m := range ms {
		name := filepath.Base(m)
		if strings.HasPrefix(name, ".") && !strings.HasPrefix(pat, ".") && !dots {
			continue // bash's * and ? do not match a leading dot
		}
		if IsSecretFile(name, extra) || IsSecretFile(filepath.ToSlash(m), extra) || lostBlob(filepath.ToSlash(m)) {
			return filepath.ToSlash(m), true
		}
		if fi, err := os.Lstat(m); err == nil {
			if r, ok := linkTarget(m, fi.Mode(), extra); ok {
				return filepath.ToSlash(m) + " (a link to " + filepath.ToSlash(r) + ")", true
			}
		}
	}
	return "", false
}
