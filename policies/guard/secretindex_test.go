package guard

import (
	"math/rand"
	"path"
	"strings"
	"testing"
)

// isSecretFileSlow is IsSecretFile as it was before secretIndex and
// lowerSlashes: every word lower-cased and trimmed by the strings
// package, IsEnvFile asked of every name, every pattern matched.
func isSecretFileSlow(p string, extra []string) bool {
	p = strings.ToLower(strings.ReplaceAll(p, `\`, "/"))
	p = strings.TrimRight(p, ". ")
	base := path.Base(p)
	if IsEnvFile(base) {
		return true
	}
	if strings.HasSuffix(base, ".pub") || base == "." || base == "/" {
		return false
	}
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
	for _, pat := range SecretFiles() {
		if compileSecretPat(pat).match(p, base) {
			return true
		}
	}
	for _, pat := range extra {
		if compileSecretPat(pat).match(p, base) {
			return true
		}
	}
	return false
}

// secretCorpus is words to ask IsSecretFile of: the credential files
// and their near misses, in folders, with trailing slashes, dots and
// spaces, backslashes, upper case and non-ASCII letters, and random
// paths of these elements.
func secretCorpus() []string {
	elems := []string{"", ".", "..", "~", "home", "dev", ".ssh", ".aws", ".gnupg", ".kube", ".docker", "id_rsa", "id_", "id",
		"credentials", "config", "config.json", ".netrc", "_netrc", ".git-credentials", ".npmrc", ".pypirc", ".pgpass",
		"server.pem", ".pem", "pem", "a.key", "key", "x.p12", "x.pfx", "id_rsa.pub", ".env", ".env.local", ".env.example",
		".env.a.sample", ".envrc", "env", ".env:x", "*", "*.pub", "cred*", "[ab]", "?", "a.b", "main.go", "status", "-rn",
		"--short", "*.go", "./...", "/tmp/test.log", "node_modules", "dist", "TODO", ".ENV", "ID_RSA", "Credentials",
		"\u212a.key", "İd_rsa", "é.pem", "x.PeM", "keys", "prod.json", "hosts.yml", ".config", "gh", "a=b", "@.env", "f=@id_rsa"}
	tails := []string{"", "/", ".", " ", ". ", "//", "\\", ":x", "..", " ."}
	var corpus []string
	for _, e := range elems {
		for _, t := range tails {
			corpus = append(corpus, e+t, "/"+e+t, "dir/"+e+t, ".ssh/"+e+t, "~/.aws/"+e+t, "C:\\Users\\"+e+t, ".kube\\"+e+t)
		}
	}
	r := rand.New(rand.NewSource(7))
	for range 30000 {
		var b strings.Builder
		for k := range 1 + r.Intn(4) {
			if k > 0 || r.Intn(3) == 0 {
				b.WriteString([]string{"/", "/", "\\", "//"}[r.Intn(4)])
			}
			e := elems[r.Intn(len(elems))]
			if r.Intn(5) == 0 {
				e = strings.ToUpper(e)
			}
			b.WriteString(e)
		}
		b.WriteString(tails[r.Intn(len(tails))])
		corpus = append(corpus, b.String())
	}
	return corpus
}

// TestIsSecretFileAsBefore: IsSecretFile answers as it did before the
// patterns were indexed by their name's shape and plain words were let
// be, for the built-in patterns alone and with a policy's.
func TestIsSecretFileAsBefore(t *testing.T) {
	extras := [][]string{nil, {"*.tfstate", "~/.config/gh/hosts.yml"}, {"", "*", "a/", "/x/", "keys/*.json", "[", `\*x`, "*key*", "Dev/*", "id_*"}}
	bad := 0
	for _, extra := range extras {
		for _, w := range secretCorpus() {
			if got, want := IsSecretFile(w, extra), isSecretFileSlow(w, extra); got != want {
				t.Errorf("IsSecretFile(%q, %q) = %v, before %v", w, extra, got, want)
				if bad++; bad > 20 {
					t.FailNow()
				}
			}
		}
	}
}

// secretInWordSlow is secretInWord as it was before its one pass for the
// last @, = and :.
func secretInWordSlow(w string, extra []string) (string, bool) {
	after := func(s, sep string) string {
		if i := strings.LastIndex(s, sep); i >= 0 {
			return s[i+len(sep):]
		}
		return ""
	}
	for _, cand := range []string{w, after(w, "@"), after(w, "="), after(w, ":")} {
		if cand != "" && isSecretFileSlow(cand, extra) {
			return cand, true
		}
	}
	return "", false
}

// TestSecretInWordAsBefore: secretInWord finds what it found before, the
// same part of the word.
func TestSecretInWordAsBefore(t *testing.T) {
	words := secretCorpus()
	for _, w := range secretCorpus()[:2000] {
		words = append(words, "--f="+w, "-d@"+w, w+"=", w+"@", "a=@"+w, "@"+w+"=x", "f=@"+w+"=", "HEAD:"+w, ":"+w, w+":x", "a:@"+w,
			"a*b*c*d*e*f*g*h*i*j*=.ssh/"+w, "a/b/c/d/e/f/g/h/*="+w, "x*@"+w, "A*:"+w) // a glob or a slash before the cut
	}
	for _, extra := range [][]string{nil, {"*.tfstate", "x=*"}} {
		for _, w := range words {
			f1, ok1 := secretInWord(w, extra)
			f0, ok0 := secretInWordSlow(w, extra)
			if f1 != f0 || ok1 != ok0 {
				t.Fatalf("secretInWord(%q, %q) = %q %v, before %q %v", w, extra, f1, ok1, f0, ok0)
			}
		}
	}
}

// TestByteTestsAsStrings: expandsAt and globMeta answer as the
// strings.ContainsAny calls they replace, for every byte in every place.
func TestByteTestsAsStrings(t *testing.T) {
	for c := range 256 {
		for _, w := range []string{string(rune(c)), "a" + string([]byte{byte(c)}), string([]byte{byte(c)}) + "bc", "x" + string([]byte{byte(c)}) + "y"} {
			if expandsAt(w) != strings.ContainsAny(w, "$`(~\\") {
				t.Errorf("expandsAt(%q) = %v", w, expandsAt(w))
			}
			if globMeta(w) != strings.ContainsAny(w, `*?[\`) {
				t.Errorf("globMeta(%q) = %v", w, globMeta(w))
			}
		}
	}
}

// TestHoldsDotglob: holdsDotglob answers as strings.Contains(s,
// "dotglob"), the word at every place of texts around it.
func TestHoldsDotglob(t *testing.T) {
	for _, s := range []string{"", "b", "dotglo", "otglob", "dotglob", "shopt -s dotglob", "xdotglobx", "bbbdotglob",
		"dotgldotglob", "dotglo b", "dotGlob", `d\otglob`, "nullglob; shopt -s extglob", strings.Repeat("b", 40) + "dotglob"} {
		for _, v := range []string{s, "b" + s, s + "b", "a" + s + "\n"} {
			if got, want := holdsDotglob(v), strings.Contains(v, "dotglob"); got != want {
				t.Errorf("holdsDotglob(%q) = %v, want %v", v, got, want)
			}
		}
	}
}

// TestSecretInCodeAsBefore: secretInCode, now a loop over runs of path
// bytes by a table, finds what it found before over the code corpus and
// the credential file names in code.
func TestSecretInCodeAsBefore(t *testing.T) {
	before := func(code string, extra []string) (string, bool) {
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
	corpus := codeCorpus()
	for _, w := range secretCorpus()[:3000] {
		corpus = append(corpus, "open('"+w+"')", w, "x="+w+";", "$"+w+"é")
	}
	found := 0
	for _, extra := range [][]string{nil, {"*.tfstate"}} {
		for _, code := range corpus {
			f1, ok1 := secretInCode(code, extra)
			f0, ok0 := before(code, extra)
			if f1 != f0 || ok1 != ok0 {
				t.Fatalf("secretInCode(%q, %q) = %q %v, before %q %v", code, extra, f1, ok1, f0, ok0)
			}
			if ok0 {
				found++
			}
		}
	}
	if found < 500 {
		t.Fatalf("only %d codes name a credential file: the corpus tests too little", found)
	}
}

// TestMayMatchHoldsEverySecret: a word that secretInWordSlow finds a
// credential file in passes mayMatch, the filter that lets most words be
// (a byte it needs, a dot followed by a byte of afterDot, or an exact
// name at its end), over the corpus with its letters' case changed and
// bytes put in or cut at random.
func TestMayMatchHoldsEverySecret(t *testing.T) {
	x := builtinSecretPats()
	r := rand.New(rand.NewSource(38))
	extra := []byte("./\\ _-:=@*?[~eEnNvVsShHpPkKaAdDgGjJcC\u212a")
	n := 0
	for _, w := range secretCorpus() {
		for range 4 {
			b := []byte(w)
			for range r.Intn(3) {
				switch i := r.Intn(len(b) + 1); r.Intn(3) {
				case 0:
					b = append(b[:i], append([]byte{extra[r.Intn(len(extra))]}, b[i:]...)...)
				case 1:
					if i < len(b) {
						b = append(b[:i], b[i+1:]...)
					}
				default:
					if i < len(b) && 'a' <= b[i]|0x20 && b[i]|0x20 <= 'z' {
						b[i] ^= 0x20
					}
				}
			}
			v := string(b)
			if _, ok := secretInWordSlow(v, nil); ok {
				n++
				if !x.mayMatch(v) {
					t.Fatalf("%q names a credential file, and mayMatch lets it be", v)
				}
			}
		}
	}
	if n < 10000 {
		t.Errorf("%d words with a credential file, want at least 10,000", n)
	}
}
