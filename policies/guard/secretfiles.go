package guard

import (
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

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
	p, plain := lowerSlashes(p)
	for len(p) > 0 && (p[len(p)-1] == '.' || p[len(p)-1] == ' ') {
		p = p[:len(p)-1]
	}
	base := path.Base(p)
	// A plain name (ASCII, lower case already) is a .env file only when
	// it starts so.
	if (!plain || strings.HasPrefix(base, ".env")) && IsEnvFile(base) {
		return true
	}
	if strings.HasSuffix(base, ".pub") || base == "." || base == "/" {
		return false
	}
	// A directory of credentials named whole (tar, cp -r, scp -r of it),
	// or a glob in one (cat ~/.ssh/*, ~/.aws/cred*).
	switch base {
	case ".ssh", ".aws", ".gnupg", ".kube", ".docker":
		return true
	}
	if strings.ContainsAny(base, "*?[") {
		switch path.Base(path.Dir(p)) {
		case ".ssh", ".aws", ".gnupg", ".kube", ".docker":
			return true
		}
	}
	if builtinSecretPats().match(p, base) {
		return true
	}
	for _, pat := range extra {
		if compileSecretPat(pat).match(p, base) {
			return true
		}
	}
	return false
}

// lowerSlashes returns p lower-cased with its backslashes made slashes,
// and whether p was plain: ASCII with neither, returned as it is (rule
// 7 asks this of every word of a command, nearly all of them plain).
func lowerSlashes(p string) (string, bool) {
	for i := 0; i < len(p); i++ {
		if c := p[i]; c == '\\' || c >= 0x80 || 'A' <= c && c <= 'Z' {
			return strings.ToLower(strings.ReplaceAll(p, `\`, "/")), false
		}
	}
	return p, true
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
	const meta = `*?[\`
	switch {
	case !strings.ContainsAny(pat, meta):
		return namePat{'=', pat}
	case strings.HasPrefix(pat, "*") && !strings.ContainsAny(pat[1:], meta):
		return namePat{'>', pat[1:]}
	case strings.HasSuffix(pat, "*") && !strings.ContainsAny(pat[:len(pat)-1], meta):
		return namePat{'<', pat[:len(pat)-1]}
	}
	return namePat{'m', pat}
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

// builtinSecretPats returns [SecretFiles] read, once a process (on first
// use, not at start-up).
func builtinSecretPats() *secretIndex {
	builtinSecretOnce.Do(func() {
		for _, pat := range SecretFiles() {
			builtinSecret.add(compileSecretPat(pat))
		}
	})
	return &builtinSecret
}

var (
	builtinSecretOnce sync.Once
	builtinSecret     secretIndex
)

// A secretIndex is secret patterns by what their name element needs of a
// name: its last byte (a plain name, or * then a suffix), a prefix (a
// prefix then *), or anything (path.Match's patterns, an empty element).
// A name is matched against the patterns it may match, not all of them.
type secretIndex struct {
	pats   []secretPat
	byLast [256][]uint8
	prefix []uint8
	other  []uint8
}

func (x *secretIndex) add(sp secretPat) {
	i := uint8(len(x.pats))
	x.pats = append(x.pats, sp)
	n := sp.elems[len(sp.elems)-1]
	switch {
	case n.lit == "" || n.kind == 'm':
		x.other = append(x.other, i)
	case n.kind == '=' || n.kind == '>':
		x.byLast[n.lit[len(n.lit)-1]] = append(x.byLast[n.lit[len(n.lit)-1]], i)
	default:
		x.prefix = append(x.prefix, i)
	}
}

// match reports whether p, whose name is base (never ""), matches one of
// the patterns (secretPat.match). A pattern of more than one element
// ignores the name of a path that ends in a slash: every pattern is
// matched then.
func (x *secretIndex) match(p, base string) bool {
	if strings.HasSuffix(p, "/") {
		for _, sp := range x.pats {
			if sp.match(p, base) {
				return true
			}
		}
		return false
	}
	for _, list := range [...][]uint8{x.byLast[base[len(base)-1]], x.prefix, x.other} {
		for _, i := range list {
			if x.pats[i].match(p, base) {
				return true
			}
		}
	}
	return false
}

// secretInWord returns the secret file a shell word names: the word
// itself, or what follows an @ or an = in it (curl -d @.env,
// -F f=@id_rsa, --post-file=.env, of=.env).
func secretInWord(w string, extra []string) (string, bool) {
	for _, cand := range []string{w, afterLast(w, "@"), afterLast(w, "=")} {
		if cand != "" && IsSecretFile(cand, extra) {
			return cand, true
		}
	}
	return "", false
}

func afterLast(s, sep string) string {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[i+len(sep):]
	}
	return ""
}

// secretInCode returns the secret file a program text names (python -c
// "open('.env')"): each run of path characters in it is looked at.
func secretInCode(code string, extra []string) (string, bool) {
	start := -1
	for i := 0; i <= len(code); i++ {
		pathChar := i < len(code) && (isIdent(code[i]) || strings.IndexByte("./~-@", code[i]) >= 0)
		if pathChar && start < 0 {
			start = i
		}
		if !pathChar && start >= 0 {
			if f, ok := secretInWord(code[start:i], extra); ok {
				return f, true
			}
			start = -1
		}
	}
	return "", false
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
	dots := strings.Contains(at.src, "dotglob") || strings.Contains(at.src, "GLOBIGNORE")
	ms, err := filepath.Glob(filepath.FromSlash(joinPath(at.dir, v)))
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
		if IsSecretFile(name, extra) || IsSecretFile(filepath.ToSlash(m), extra) {
			return filepath.ToSlash(m), true
		}
	}
	return "", false
}
