package guard

import (
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// dangerousCodeSlow is dangerousCode as it was before codeAPIIndex and
// mayNameProtected: each name searched for in the code, every language
// sorted on each call, the regular expression on every code.
func dangerousCodeSlow(lang, code string) (string, bool) {
	lang = langAlias(lang)
	if lang == "sed" {
		if what, bad := sedRuns(code); bad {
			return what, true
		}
	} else {
		text := code
		if foldCase(lang) {
			text = strings.ToLower(code)
		}
		apis, ok := codeAPIs.get()[lang]
		if !ok {
			var langs []string
			for l := range codeAPIs.get() {
				langs = append(langs, l)
			}
			slices.Sort(langs)
			for _, l := range langs {
				names, t := codeAPIs.get()[l], code
				if foldCase(l) {
					t = strings.ToLower(code)
				}
				if what, bad := namesAPI(t, names); bad {
					return what, true
				}
			}
		} else if what, bad := namesAPI(text, apis); bad {
			return what, true
		}
		if re := codeMarks.get()[lang]; re != nil {
			if m := re.FindString(code); m != "" {
				return "`" + strings.TrimSpace(m) + "`", true
			}
		}
	}
	if lang == "jq" || lang == "yq" {
		return "", false
	}
	for _, m := range protectedPath.get().FindAllString(code, -1) {
		m = strings.TrimLeft(m, " \t\n'\"`(/=,;:")
		if strings.HasPrefix(strings.ToLower(m), ".env") {
			name := strings.TrimRight(m, " \t\n'\")`;,:/")
			if !IsEnvFile(name) {
				continue
			}
		}
		return "the protected path " + strings.TrimRight(m, " \t\n'\")`;,:/"), true
	}
	return "", false
}

// codeCorpus is code to judge in every language: each name of codeAPIs
// alone, inside a longer word, before and after punctuation, in upper
// case; the protected paths and their near misses; and random mixes of
// all of these.
func codeCorpus() []string {
	var parts []string
	for _, names := range codeAPIs.get() {
		parts = append(parts, names...)
	}
	parts = append(parts, ".env", ".ENV", ".Env.local", ".env.example", ".envrc", "x.env", ".git", ".GIT", ".github", ".git-x",
		"a/.git/config", "`", "%x", "qx(", "| getline", "|&", "\"|", "!", "& x", "[diagnostics.process]", "é", "\u212a", "ſ",
		"platform.system()", "import platform", "s/a/b/e", "1e", "e", "/x/d", "y/a/b/", "w f", "{p}", "q5", ".", "..", "._", "_", "0")
	seps := []string{"", " ", ".", "_", "a", "(", ")", "'", "\"", "\n", ";", "/", "-", ":", "@", "Z", "9", "é"}
	var corpus []string
	corpus = append(corpus, "", " ", ".", ".e", ".en", ".gi")
	for _, p := range parts {
		for _, s := range seps {
			corpus = append(corpus, s+p, p+s, s+strings.ToUpper(p)+s)
		}
	}
	r := rand.New(rand.NewSource(38))
	for range 5000 {
		var b strings.Builder
		for range 1 + r.Intn(6) {
			b.WriteString(seps[r.Intn(len(seps))])
			p := parts[r.Intn(len(parts))]
			if r.Intn(4) == 0 {
				p = strings.ToUpper(p)
			}
			b.WriteString(p)
		}
		corpus = append(corpus, b.String())
	}
	return corpus
}

// TestDangerousCodeAsBefore: dangerousCode gives what it gave before its
// names were indexed and its paths pre-checked, the same verdict and the
// same reason, in every language and in one codeAPIs does not list.
func TestDangerousCodeAsBefore(t *testing.T) {
	langs := []string{"", "cobol", "sed", "inline", "npm-script", "go", "javascript", "typescript", "deno", "bun"}
	for l := range codeAPIs.get() {
		langs = append(langs, l)
	}
	corpus := codeCorpus()
	if testing.Short() {
		corpus = corpus[:len(corpus)/8]
	}
	bad := 0
	for _, lang := range langs {
		for _, code := range corpus {
			w1, b1 := dangerousCode(lang, code)
			w0, b0 := dangerousCodeSlow(lang, code)
			if w1 != w0 || b1 != b0 {
				t.Errorf("dangerousCode(%q, %q) = %q %v, before %q %v", lang, code, w1, b1, w0, b0)
				if bad++; bad > 20 {
					t.FailNow()
				}
			}
		}
	}
}

// TestProtectedPathLetters: mayNameProtected's premise, that the letters
// of .env and .git fold (as (?i) folds them) to their ASCII pair alone,
// and that every match of protectedPath holds one of them.
func TestProtectedPathLetters(t *testing.T) {
	for _, c := range "envgitENVGIT" {
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			if f > unicode.MaxASCII {
				t.Errorf("%q folds to %q", c, f)
			}
		}
	}
	re := regexp.MustCompile(`(?i)\.(env|git)`)
	for _, code := range codeCorpus() {
		for _, m := range protectedPath.get().FindAllString(code, -1) {
			if !re.MatchString(m) || !mayNameProtected(code) {
				t.Errorf("%q matches %q, mayNameProtected %v", code, m, mayNameProtected(code))
			}
		}
	}
}
