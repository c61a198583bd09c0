package secrets

import (
	"math"
	"strings"
)

// Finding is one secret found in a text: text[Start:End] is the secret
// (for a URL with credentials, its password alone).
type Finding struct {
	// Kind names the rule that found it ("aws-access-key-id",
	// "github-token", "private-key", "generic-secret", …).
	Kind       string
	Start, End int
}

// MaxFindings bounds the findings of one scan.
const MaxFindings = 1000

// MaxBlock bounds how far after its BEGIN line a private key block's END
// line is looked for.
const MaxBlock = 64 << 10

// maxValue bounds the value of a generic key that is looked at.
const maxValue = 4096

// Scan returns the secrets found in text, in order, at most [MaxFindings].
func Scan(text string) []Finding {
	var fs []Finding
	scan(text, func(f Finding) bool {
		fs = append(fs, f)
		return len(fs) < MaxFindings
	})
	return fs
}

// Contains reports whether text holds a secret.
func Contains(text string) bool {
	found := false
	scan(text, func(Finding) bool { found = true; return false })
	return found
}

// scan calls yield with each finding of s, in order and not overlapping,
// until yield returns false.
func scan(s string, yield func(Finding) bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if !isWord(c) {
			next := i + 1
			switch c {
			case ':':
				if strings.HasPrefix(s[i:], "://") {
					if f, end, ok := urlPassword(s, i); ok {
						if !yield(f) {
							return
						}
						next = end
						break
					}
					next = i + 3
					break
				}
				fallthrough
			case '=':
				f, end, ok := keyValue(s, i)
				if ok && !yield(f) {
					return
				}
				if end > next {
					next = end
				}
			}
			i = next
			continue
		}
		if i > 0 && isWord(s[i-1]) && c != '-' {
			// Inside a run that a dash sequence interrupted: keep going.
			i++
			continue
		}
		if f, ok := token(s, i); ok {
			if !yield(f) {
				return
			}
			i = f.End
			continue
		}
		i = skipRun(s, i)
	}
}

// skipRun returns the end of the word run at i, or the next "-----" in it
// (where a private key block may begin), whichever comes first.
func skipRun(s string, i int) int {
	j := i + 1
	for j < len(s) && isWord(s[j]) {
		if s[j] == '-' && j+4 < len(s) && s[j+1] == '-' && s[j+4] == '-' && strings.HasPrefix(s[j:], "-----") {
			return j
		}
		j++
	}
	return j
}

// isWord reports whether c can be part of a token: [A-Za-z0-9_-].
func isWord(c byte) bool { return wordByte[c] }

// wordByte marks [A-Za-z0-9_-] (TestWordByte): one load a byte where
// isWord's runs are read. A literal, so that nothing runs at start-up.
var wordByte = [256]bool{
	45: true, 48: true, 49: true, 50: true, 51: true, 52: true, 53: true, 54: true, 55: true, 56: true,
	57: true, 65: true, 66: true, 67: true, 68: true, 69: true, 70: true, 71: true, 72: true, 73: true,
	74: true, 75: true, 76: true, 77: true, 78: true, 79: true, 80: true, 81: true, 82: true, 83: true,
	84: true, 85: true, 86: true, 87: true, 88: true, 89: true, 90: true, 95: true, 97: true, 98: true,
	99: true, 100: true, 101: true, 102: true, 103: true, 104: true, 105: true, 106: true, 107: true, 108: true,
	109: true, 110: true, 111: true, 112: true, 113: true, 114: true, 115: true, 116: true, 117: true,
	118: true, 119: true, 120: true, 121: true, 122: true,
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isB64URL(c byte) bool { return isAlnum(c) || c == '_' || c == '-' }

func isB64(c byte) bool { return isAlnum(c) || c == '+' || c == '/' || c == '=' }

// span returns the end of the run of bytes in s from i that ok accepts,
// at most limit bytes long.
func span(s string, i, limit int, ok func(byte) bool) int {
	j := i
	for j < len(s) && j-i < limit && ok(s[j]) {
		j++
	}
	return j
}

// token reports the secret of a named format that starts at s[i].
func token(s string, i int) (Finding, bool) {
	rest := s[i:]
	if len(rest) < 8 {
		return Finding{}, false
	}
	at := func(kind string, body, min int, ok func(byte) bool) (Finding, bool) {
		end := span(s, i+body, 1024, ok)
		if end-(i+body) < min || placeholder(s[i+body:end]) {
			return Finding{}, false
		}
		return Finding{Kind: kind, Start: i, End: end}, true
	}
	switch rest[0] {
	case '-':
		if strings.HasPrefix(rest, "-----BEGIN ") {
			return privateKey(s, i)
		}
	case 'A':
		if strings.HasPrefix(rest, "AIza") {
			return at("google-api-key", 4, 35, isB64URL)
		}
		return awsKeyID(s, i)
	case 'g':
		switch {
		case len(rest) > 4 && rest[0:2] == "gh" && strings.IndexByte("pousr", rest[2]) >= 0 && rest[3] == '_':
			return at("github-token", 4, 36, isAlnum)
		case strings.HasPrefix(rest, "github_pat_"):
			return at("github-token", 11, 80, func(c byte) bool { return isAlnum(c) || c == '_' })
		}
		if strings.HasPrefix(rest, "gsk_") {
			return at("groq-api-key", 4, 50, isAlnum)
		}
		for _, p := range [...]string{"glpat-", "gldt-", "glrt-", "glptt-", "glsoat-", "glcbt-"} {
			if strings.HasPrefix(rest, p) {
				return at("gitlab-token", len(p), 20, isB64URL)
			}
		}
	case 's', 'r':
		switch {
		case strings.HasPrefix(rest, "sk-ant-"):
			return at("anthropic-api-key", 7, 32, isB64URL)
		case strings.HasPrefix(rest, "sk-proj-"), strings.HasPrefix(rest, "sk-admin-"), strings.HasPrefix(rest, "sk-svcacct-"):
			return at("openai-api-key", strings.IndexByte(rest[3:], '-')+4, 32, isB64URL)
		case strings.HasPrefix(rest, "sk-"):
			f, ok := at("openai-api-key", 3, 32, isB64URL)
			if ok && mixed(s[f.Start+3:f.End]) {
				return f, true
			}
		case strings.HasPrefix(rest, "shpat_"), strings.HasPrefix(rest, "shpca_"), strings.HasPrefix(rest, "shppa_"), strings.HasPrefix(rest, "shpss_"):
			return at("shopify-token", 6, 32, isAlnum)
		case strings.HasPrefix(rest, "sk_live_"), strings.HasPrefix(rest, "sk_test_"),
			strings.HasPrefix(rest, "rk_live_"), strings.HasPrefix(rest, "rk_test_"):
			return at("stripe-key", 8, 16, isAlnum)
		}
	case 'x':
		if strings.HasPrefix(rest, "xox") && strings.IndexByte("bpares", rest[3]) >= 0 && rest[4] == '-' {
			f, ok := at("slack-token", 5, 10, func(c byte) bool { return isAlnum(c) || c == '-' })
			if ok && strings.ContainsAny(s[f.Start+5:f.End], "0123456789") {
				return f, true
			}
		}
	case 'h':
		switch {
		case strings.HasPrefix(rest, "hooks.slack.com/services/T"):
			return at("slack-webhook", 25, 20, func(c byte) bool { return isAlnum(c) || c == '/' || c == '_' })
		case strings.HasPrefix(rest, "hf_"):
			return at("huggingface-token", 3, 34, isAlnum)
		case strings.HasPrefix(rest, "hvs."), strings.HasPrefix(rest, "hvb."):
			return at("vault-token", 4, 24, isB64URL)
		}
	case 'n':
		if strings.HasPrefix(rest, "npm_") {
			return at("npm-token", 4, 36, isAlnum)
		}
	case 'p':
		if strings.HasPrefix(rest, "pypi-AgEIcHlwaS5vcmc") {
			return at("pypi-token", 5, 50, isB64URL)
		}
	case 'd':
		if strings.HasPrefix(rest, "dop_v1_") || strings.HasPrefix(rest, "doo_v1_") || strings.HasPrefix(rest, "dor_v1_") {
			return at("digitalocean-token", 7, 64, isAlnum)
		}
	case 'e':
		if strings.HasPrefix(rest, "eyJ") {
			return jwt(s, i)
		}
	}
	return Finding{}, false
}

// awsKeyID reports an AWS access key id at s[i]: a known four-letter
// prefix and 16 of [A-Z2-7], not followed by an alphanumeric.
func awsKeyID(s string, i int) (Finding, bool) {
	if len(s)-i < 20 {
		return Finding{}, false
	}
	switch s[i : i+4] {
	case "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "APKA":
	default:
		return Finding{}, false
	}
	for j := i + 4; j < i+20; j++ {
		if c := s[j]; !('A' <= c && c <= 'Z' || '2' <= c && c <= '7') {
			return Finding{}, false
		}
	}
	if i+20 < len(s) && isAlnum(s[i+20]) || strings.HasSuffix(s[i:i+20], "EXAMPLE") {
		return Finding{}, false
	}
	return Finding{Kind: "aws-access-key-id", Start: i, End: i + 20}, true
}

// jwt reports a JSON Web Token at s[i]: eyJ…, a dot, eyJ…, a dot, and a
// signature of 10 characters or more.
func jwt(s string, i int) (Finding, bool) {
	a := span(s, i, 8192, isB64URL)
	if a-i < 10 || a >= len(s) || s[a] != '.' || !strings.HasPrefix(s[a+1:], "eyJ") {
		return Finding{}, false
	}
	b := span(s, a+1, 8192, isB64URL)
	if b-(a+1) < 10 || b >= len(s) || s[b] != '.' {
		return Finding{}, false
	}
	c := span(s, b+1, 8192, isB64URL)
	if c-(b+1) < 10 {
		return Finding{}, false
	}
	return Finding{Kind: "jwt", Start: i, End: c}, true
}

// privateKey reports a private key block at s[i] ("-----BEGIN "): through
// its END line, or [MaxBlock] bytes when none comes.
func privateKey(s string, i int) (Finding, bool) {
	head := s[i+len("-----BEGIN "):]
	end := strings.Index(head[:min(len(head), 64)], "-----")
	if end < 0 {
		return Finding{}, false
	}
	label := head[:end]
	if !strings.HasSuffix(label, "PRIVATE KEY") && !strings.HasSuffix(label, "PRIVATE KEY BLOCK") {
		return Finding{}, false
	}
	from := i + len("-----BEGIN ") + end + 5
	limit := min(len(s), from+MaxBlock)
	stop := strings.Index(s[from:limit], "-----END ")
	if stop < 0 {
		return Finding{Kind: "private-key", Start: i, End: limit}, true
	}
	stop += from + len("-----END ")
	tail := strings.Index(s[stop:min(len(s), stop+64)], "-----")
	if tail < 0 {
		return Finding{Kind: "private-key", Start: i, End: stop}, true
	}
	return Finding{Kind: "private-key", Start: i, End: stop + tail + 5}, true
}

// urlPassword reports the password of scheme://user:password@host, where
// s[i:] begins "://"; end is where the scan goes on.
func urlPassword(s string, i int) (f Finding, end int, ok bool) {
	from := i + 3
	j := from
	colon := -1
	for j < len(s) && j-from < 256 {
		c := s[j]
		if c == '@' {
			break
		}
		if c == '/' || c <= ' ' || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`' {
			return Finding{}, 0, false
		}
		if c == ':' && colon < 0 {
			colon = j
		}
		j++
	}
	if j >= len(s) || s[j] != '@' || colon < 0 || j-colon-1 < 4 {
		return Finding{}, 0, false
	}
	pw := s[colon+1 : j]
	if placeholder(pw) || strings.Trim(pw, "*") == "" {
		return Finding{}, 0, false
	}
	kind := "url-password"
	if t, ok := token(s, colon+1); ok && t.End == j {
		kind = t.Kind
	}
	return Finding{Kind: kind, Start: colon + 1, End: j}, j + 1, true
}

// placeholder reports a value well known not to be a secret.
func placeholder(v string) bool {
	if v == "" {
		return true
	}
	switch v[0] {
	case '$', '%', '<':
		return true
	}
	if strings.HasPrefix(v, "{{") {
		return true
	}
	same := true
	for k := 1; k < len(v) && same; k++ {
		same = lower(v[k]) == lower(v[0])
	}
	if same && len(v) > 1 {
		return true
	}
	for _, p := range [...]string{"example", "xxxx", "your", "changeme", "redacted", "placeholder", "dummy", "<"} {
		if containsFold(v, p) {
			return true
		}
	}
	return false
}

// lower returns c in lower case (ASCII).
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// containsFold reports whether v holds word, a lower-case ASCII word, in
// any case: no allocation, no copy.
func containsFold(v, word string) bool {
	for p := 0; p+len(word) <= len(v); p++ {
		if lower(v[p]) != word[0] {
			continue
		}
		k := 1
		for k < len(word) && lower(v[p+k]) == word[k] {
			k++
		}
		if k == len(word) {
			return true
		}
	}
	return false
}

// mixed reports whether v holds a digit, or both cases of letters.
func mixed(v string) bool {
	var d, u, l bool
	for k := 0; k < len(v); k++ {
		c := v[k]
		d = d || '0' <= c && c <= '9'
		u = u || 'A' <= c && c <= 'Z'
		l = l || 'a' <= c && c <= 'z'
	}
	return d || u && l
}

// entropy returns the Shannon entropy of v in bits a byte.
func entropy(v string) float64 {
	var counts [256]uint16
	for k := 0; k < len(v); k++ {
		counts[v[k]]++
	}
	n := float64(len(v))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}
