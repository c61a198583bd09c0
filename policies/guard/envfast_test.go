package guard

import (
	"path"
	"strings"
	"testing"
	"unicode"

	"github.com/agenthooks/hooks"
)

// isEnvFileSlow is IsEnvFile as it was before its check of the name's
// first four bytes.
func isEnvFileSlow(name string) bool {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	name = strings.ToLower(strings.TrimRight(name, ". "))
	if name == ".env" {
		return true
	}
	rest, ok := strings.CutPrefix(name, ".env.")
	if !ok {
		return false
	}
	for _, part := range strings.Split(rest, ".") {
		switch part {
		case "example", "sample", "template":
			return false
		}
	}
	return true
}

// TestEnvLetters: IsEnvFile's premise, that no rune but an ASCII one
// lower-cases to . e n or v.
func TestEnvLetters(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if l := unicode.ToLower(r); strings.ContainsRune(".env", l) {
			t.Errorf("%U lower-cases to %q", r, l)
		}
	}
}

// TestIsEnvFileAsBefore: IsEnvFile answers as before, for the words of
// secretCorpus and .env's near misses.
func TestIsEnvFileAsBefore(t *testing.T) {
	words := secretCorpus()
	for _, w := range []string{".env", ".ENV", ".Env.local", ".env.", ".env. ", ".env:x", ".en", ".e", ".", "", "x/.env", `x\.env`,
		".env.example", ".env.local.Sample", ".envrc", "\u212a.env", ".\u0130nv", ".ënv", ".env\u00a0", ". env", "..env", ".env..", "/.env/"} {
		words = append(words, w, "a/"+w, w+".", w+" ", strings.ToUpper(w))
	}
	for _, w := range words {
		if got, want := IsEnvFile(w), isEnvFileSlow(w); got != want {
			t.Errorf("IsEnvFile(%q) = %v, before %v", w, got, want)
		}
	}
}

// TestMayMatchEnv: mayMatchEnv answers as path.Match of each of the
// names did, an error as a match.
func TestMayMatchEnv(t *testing.T) {
	pats := append(SecretFiles(), "*", "**", ".*", "*.tmp", ".env*", "*.local", ".e*", "*env", ".env", ".env.local", ".env.production",
		"*.production", "[.]env", "[", `\`, `x\`, `\.env`, "a?c", ".en?", "*/.env", "a/*", "*.*", "*.rej", "", ".env.", "*l", "*[", "*\\")
	for _, p := range pats {
		want := false
		for _, name := range []string{".env", ".env.local", ".env.production"} {
			if ok, err := path.Match(p, name); ok || err != nil {
				want = true
			}
		}
		if got := mayMatchEnv(p); got != want {
			t.Errorf("mayMatchEnv(%q) = %v, path.Match says %v", p, got, want)
		}
	}
}

// TestDotglobWrites: a write to a glob whose last element starts with no
// dot is rule 3's only when the command turns dotglob on (shopt -s
// dotglob, GLOBIGNORE set: under bash, * then matches app/.env and
// *.x matches app/.env.x); the guard asks whether it does only for such
// a glob.
func TestDotglobWrites(t *testing.T) {
	for _, c := range []struct{ cmd, want string }{
		{`shopt -s dotglob; sed -i s/a/b/ app/*`, "rule 3"},
		{`GLOBIGNORE=x; rm -f app/*.x`, "rule 3"},
		{`shopt -s dotglob; rm -f app/*`, "rule 3"},
		{`sed -i s/a/b/ app/*`, ""},
		{`rm -f app/*.x`, ""},
		{`shopt -s dotglob; rm -f app/main.o`, ""},
		{`shopt -s dotglob; rm -f app/?env`, "rule 3"},   // bash: ? matches the dot with dotglob on
		{`shopt -s dotglob; rm -f app/[.]env`, "rule 3"}, // bash: removes app/.env
		// Names no glob makes: dotglob does not change them.
		{`shopt -s dotglob; find . -name '*.tmp' | xargs rm -f`, ""},
		{`GLOBIGNORE=x; find . -name '*.o' -print0 | xargs -0 rm -f`, ""},
	} {
		r := judge("/home/dev/project", "", c.cmd)
		if c.want == "" && r.Decision != hooks.NoDecision || c.want != "" && !strings.Contains(r.Reason, c.want) {
			t.Errorf("%s: %v %q, want %q", c.cmd, r.Decision, r.Reason, c.want)
		}
	}
}
