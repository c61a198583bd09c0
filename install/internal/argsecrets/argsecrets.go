package argsecrets

import (
	"fmt"
	"math"
	"strings"
)

// secretFlag matches the name of a flag that takes a secret (after its
// dashes, before any "="): --token, --api-key, --password, --secret,
// --github-token, --client_secret, …
// It is plain string matching, not a regexp: this package is linked into
// every hook binary, and a package-level regexp is compiled at each
// start-up.
func secretFlag(name string) bool {
	n := strings.ToLower(name)
	for _, suffix := range [...]string{"token", "apikey", "api-key", "api_key", "password", "passwd", "secret", "credential", "credentials"} {
		if strings.HasSuffix(n, suffix) {
			return true
		}
	}
	return false
}

// secretPrefixes are the starts of well-known key formats, with the
// least number of characters that follow them in a real key.
var secretPrefixes = []struct {
	prefix string
	rest   int
}{
	{"sk-", 16}, {"ghp_", 20}, {"gho_", 20}, {"ghs_", 20}, {"ghu_", 20}, {"ghr_", 20}, {"github_pat_", 20},
	{"glpat-", 16}, {"xoxb-", 10}, {"xoxp-", 10}, {"xoxa-", 10}, {"AKIA", 16}, {"ASIA", 16}, {"AIza", 30},
}

// In returns where the words of a hook's command line (or the
// parts of an HTTP hook's URL) carry something that looks like a secret,
// described without the secret itself: a flag that takes one, a
// well-known key format (shown by its public prefix only), a bearer
// token, or a long string of high entropy. It returns "" when it finds
// nothing. A value that names an environment variable ($NAME, ${NAME},
// %NAME%, or any flag ending in -env) is not a secret.
func In(words []string) string {
	what, _ := All(words)
	return what
}

// All is In that also returns the words it took for secrets,
// for the caller to keep them out of its other messages.
func All(words []string) (string, []string) {
	var found, secrets []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if name, value, isFlag := flagOf(w); isFlag {
			if secretFlag(name) && !envName(name) {
				if !value.set && i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
					value.v, value.set = words[i+1], true
					i++
				}
				if value.set && value.v != "" && !EnvRef(value.v) {
					found = append(found, fmt.Sprintf("the value of %s (%d characters)", "--"+name, len(value.v)))
					secrets = append(secrets, value.v)
					continue
				}
			}
			if value.set {
				w = value.v
			}
		}
		if strings.EqualFold(w, "bearer") && i+1 < len(words) && !EnvRef(words[i+1]) {
			found = append(found, "a bearer token")
			secrets = append(secrets, words[i+1])
			i++
			continue
		}
		if what := secretValue(w); what != "" {
			found = append(found, what)
			secrets = append(secrets, w)
		}
	}
	return strings.Join(found, "; "), secrets
}

// Redact replaces every secret in s with "<secret>".
func Redact(s string, secrets []string) string {
	for _, sec := range secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "<secret>")
		}
	}
	return s
}

type flagValue struct {
	v   string
	set bool
}

// flagOf splits "--name=value" or "-name"; isFlag is false for a word
// that is not a flag.
func flagOf(w string) (name string, value flagValue, isFlag bool) {
	if !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
		return "", flagValue{}, false
	}
	name = strings.TrimLeft(w, "-")
	if n, v, ok := strings.Cut(name, "="); ok {
		return n, flagValue{v, true}, true
	}
	return name, flagValue{}, true
}

// envName reports a flag that takes the name of a variable, not a value
// (--gateway-token-env NAME).
func envName(flag string) bool {
	f := strings.ToLower(flag)
	return strings.HasSuffix(f, "-env") || strings.HasSuffix(f, "_env") || strings.HasSuffix(f, "-file") ||
		strings.HasSuffix(f, "_file") || strings.HasSuffix(f, "-path")
}

// EnvRef reports a value that only names an environment variable: $NAME,
// ${NAME} or %NAME%.
func EnvRef(v string) bool {
	var name string
	switch {
	case strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}"):
		name = v[2 : len(v)-1]
	case strings.HasPrefix(v, "$"):
		name = v[1:]
	case len(v) >= 2 && strings.HasPrefix(v, "%") && strings.HasSuffix(v, "%"):
		name = v[1 : len(v)-1]
	default:
		return false
	}
	if name == "" || '0' <= name[0] && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z') {
			return false
		}
	}
	return true
}

// secretValue describes one word (or a part of it between separators
// like "/", "=", ":", "?", "&") that looks like a key, or returns "".
func secretValue(w string) string {
	if len(w) < 16 {
		return ""
	}
	if i := strings.Index(strings.ToLower(w), "bearer "); i >= 0 && len(strings.TrimSpace(w[i+7:])) >= 8 && !EnvRef(strings.TrimSpace(w[i+7:])) {
		return "a bearer token"
	}
	for _, part := range strings.FieldsFunc(w, func(r rune) bool { return strings.ContainsRune(`/=:?&,;@'" `, r) }) {
		for _, p := range secretPrefixes {
			if strings.HasPrefix(part, p.prefix) && keyChars(part[len(p.prefix):]) >= p.rest {
				return fmt.Sprintf("a key of the form %s… (%d characters)", p.prefix, len(part))
			}
		}
		if randomLooking(part) {
			return fmt.Sprintf("a random-looking string of %d characters", len(part))
		}
	}
	return ""
}

// keyChars counts the leading characters of s that a key is made of.
func keyChars(s string) int {
	n := 0
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			break
		}
		n++
	}
	return n
}

// randomLooking reports a string of 20 or more key characters (letters,
// digits, "+", "_", "-", "."), with upper case, lower case and digits,
// whose characters carry at least 3.5 bits each: a key, not a word, a
// path or a version. Hex-only strings (hashes) are not reported.
func randomLooking(s string) bool {
	if len(s) < 20 {
		return false
	}
	var upper, lower, digit bool
	counts := map[rune]int{}
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune("+_-.", r):
		default:
			return false
		}
		counts[r]++
	}
	if !upper || !lower || !digit {
		return false
	}
	entropy := 0.0
	for _, c := range counts {
		p := float64(c) / float64(len(s))
		entropy -= p * math.Log2(p)
	}
	return entropy >= 3.5
}

// InURL is In for an HTTP hook's URL: a query parameter named
// like a secret flag, or a part that looks like a key.
func InURL(raw string) string {
	var found []string
	rest := raw
	if _, after, ok := strings.Cut(rest, "://"); ok {
		rest = after
	}
	host, _, _ := strings.Cut(rest, "/")
	if userinfo, _, ok := strings.Cut(host, "@"); ok && strings.Contains(userinfo, ":") {
		found = append(found, "a password in the URL")
	}
	if _, query, ok := strings.Cut(rest, "?"); ok {
		query, _, _ = strings.Cut(query, "#")
		for _, kv := range strings.Split(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			if secretFlag(k) && v != "" && !EnvRef(v) {
				found = append(found, fmt.Sprintf("the query parameter %s (%d characters)", k, len(v)))
			}
		}
	}
	if len(found) == 0 {
		if what := secretValue(raw); what != "" {
			found = append(found, what)
		}
	}
	return strings.Join(found, "; ")
}
