package guard

import (
	"path"
	"path/filepath"
	"strconv"
	"strings"

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
	p = strings.ToLower(strings.ReplaceAll(p, `\`, "/"))
	p = strings.TrimRight(p, ". ")
	base := path.Base(p)
	if IsEnvFile(base) {
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
	match := func(pat string) bool {
		pat = strings.TrimPrefix(strings.ToLower(strings.ReplaceAll(pat, `\`, "/")), "~/")
		if !strings.Contains(pat, "/") {
			ok, _ := path.Match(pat, base)
			return ok
		}
		// The pattern's elements match the path's last ones.
		pe, fe := strings.Split(strings.Trim(pat, "/"), "/"), strings.Split(p, "/")
		if len(fe) < len(pe) {
			return false
		}
		fe = fe[len(fe)-len(pe):]
		for i := range pe {
			if ok, _ := path.Match(pe[i], fe[i]); !ok {
				return false
			}
		}
		return true
	}
	for _, pat := range SecretFiles() {
		if match(pat) {
			return true
		}
	}
	for _, pat := range extra {
		if match(pat) {
			return true
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
