package secrets

import "strings"

// maxKey bounds how much of a key name is read back from its = or :.
const maxKey = 64

// keyValue reports the secret value of a generic key at s[i] (= or :):
// KEY=value, key: value, "key": "value", with the value a token of a
// named format, an AWS secret access key, or of high entropy. end is
// where the scan goes on (past the value looked at).
func keyValue(s string, i int) (f Finding, end int, ok bool) {
	if i == 0 || !(isWord(s[i-1]) || s[i-1] == '"' || s[i-1] == '\'' || s[i-1] == ' ') {
		return Finding{}, 0, false
	}
	key := keyBefore(s, i)
	if key == "" {
		return Finding{}, 0, false
	}
	if !secretKey(key) {
		return Finding{}, 0, false
	}
	// The value: after blanks and one quote, up to a blank or a quote.
	v := i + 1
	for v < len(s) && (s[v] == ' ' || s[v] == '\t') {
		v++
	}
	if v < len(s) && (s[v] == '"' || s[v] == '\'' || s[v] == '`') {
		v++
	}
	if t, ok := token(s, v); ok {
		return t, t.End, true
	}
	ve := valueEnd(s, v)
	value := s[v:ve]
	// Authorization: Bearer <token>, Basic <credentials>.
	if (value == "Bearer" || value == "Basic" || value == "token" || value == "bearer") && ve < len(s) && s[ve] == ' ' {
		v = ve + 1
		if t, ok := token(s, v); ok {
			return t, t.End, true
		}
		ve = valueEnd(s, v)
		value = s[v:ve]
	}
	end = ve
	if end > v && strings.Contains(s[v:end], "-----") {
		end = v + strings.Index(s[v:end], "-----")
	}
	if end <= i {
		end = i + 1
	}
	if containsFold(key, "secret_access_key") || containsFold(key, "secretaccesskey") {
		if len(value) == 40 && allB64(value) && !placeholder(value) {
			return Finding{Kind: "aws-secret-access-key", Start: v, End: ve}, ve, true
		}
	}
	if generic(key, value) {
		return Finding{Kind: "generic-secret", Start: v, End: ve}, ve, true
	}
	return Finding{}, end, false
}

// keyBefore returns the key name that ends before s[i], past blanks and
// one closing quote: its last [maxKey] bytes at most.
func keyBefore(s string, i int) string {
	j := i
	for j > 0 && j > i-8 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	if j > 0 && (s[j-1] == '"' || s[j-1] == '\'') {
		j--
	}
	k := j
	for k > 0 && j-k < maxKey && (isWord(s[k-1]) || s[k-1] == '.') {
		k--
	}
	return s[k:j]
}

// secretKey reports whether a key name names a secret.
func secretKey(key string) bool {
	n := len(key)
	if n >= 3 && lower(key[n-3]) == 'k' && lower(key[n-2]) == 'e' && lower(key[n-1]) == 'y' {
		return !containsFold(key, "public")
	}
	// One pass: only a letter that starts a word of the list is looked
	// at further.
	for p := 0; p < n; p++ {
		var words []string
		switch lower(key[p]) {
		case 's':
			words = []string{"secret"}
		case 't':
			words = []string{"token"}
		case 'p':
			words = []string{"passw", "pwd", "private_key", "privatekey"}
		case 'a':
			words = []string{"apikey", "api_key", "api-key", "access_key", "accesskey", "auth"}
		case 'c':
			words = []string{"credential", "creds"}
		default:
			continue
		}
		for _, w := range words {
			if containsFold(key[p:min(n, p+len(w))], w) {
				return !containsFold(key, "public")
			}
		}
	}
	return false
}

// valueEnd returns the end of the value that starts at s[v]: a blank, a
// quote, or a separator ends it; at most [maxValue] bytes.
func valueEnd(s string, v int) int {
	j := v
	for j < len(s) && j-v < maxValue {
		switch c := s[j]; {
		case c <= ' ', c == '"', c == '\'', c == '`', c == ',', c == ';', c == '}', c == ')', c == ']', c == '\\':
			return j
		}
		j++
	}
	return j
}

// generic reports whether value, the value of the key, is a secret: not a
// placeholder, a variable, a path, a hash or a UUID, and long and random
// enough.
func generic(key, value string) bool {
	password := containsFold(key, "passw") || containsFold(key, "pwd")
	min := 16
	if password {
		min = 8
	}
	if len(value) < min || placeholder(value) || !mixed(value) {
		return false
	}
	if value[0] == '/' || value[0] == '.' || value[0] == '~' || strings.Contains(value, "://") {
		return false
	}
	if hexOrUUID(value) || strings.HasPrefix(value, "pk_live_") || strings.HasPrefix(value, "pk_test_") {
		return false
	}
	if password {
		return true
	}
	return entropy(value) >= 3.5
}

// hexOrUUID reports a string of hexadecimal digits (a hash) or a UUID.
func hexOrUUID(v string) bool {
	dashes := 0
	for k := 0; k < len(v); k++ {
		c := v[k]
		switch {
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
		case c == '-':
			dashes++
		default:
			return false
		}
	}
	return dashes == 0 || dashes == 4 && len(v) == 36
}

func allB64(v string) bool {
	for k := 0; k < len(v); k++ {
		if !isB64(v[k]) {
			return false
		}
	}
	return true
}
