package codex

import (
	"strconv"
	"strings"
)

// tomlValues reads the scalar values of a TOML document (Codex's
// config.toml) into a map from the dotted key path, its parts joined with
// "\x00", to the value: a decoded string, or the literal text of a
// boolean or number. Tables, array-of-tables headers, dotted keys, and
// one level of inline table are understood; arrays and multi-line strings
// are skipped. It is only for reading the few keys doctor needs, never
// for writing.
func tomlValues(src string) map[string]string {
	out := map[string]string{}
	var table []string
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || line[0] == '#' {
			continue
		}
		if strings.HasPrefix(line, "[[") {
			keys, _, ok := tomlKey(line[2:])
			if !ok {
				table = []string{"\x01invalid"}
				continue
			}
			table = append(keys, "\x01array")
			continue
		}
		if line[0] == '[' {
			keys, rest, ok := tomlKey(line[1:])
			if !ok || !strings.HasPrefix(strings.TrimSpace(rest), "]") {
				table = []string{"\x01invalid"}
				continue
			}
			table = keys
			continue
		}
		keys, rest, ok := tomlKey(line)
		rest = strings.TrimSpace(rest)
		if !ok || !strings.HasPrefix(rest, "=") {
			continue
		}
		rest = strings.TrimSpace(rest[1:])
		path := append(append([]string(nil), table...), keys...)
		switch {
		case strings.HasPrefix(rest, `"""`) || strings.HasPrefix(rest, "'''"):
			q := rest[:3]
			if strings.Count(rest, q) < 2 {
				for i++; i < len(lines) && !strings.Contains(lines[i], q); i++ {
				}
			}
		case strings.HasPrefix(rest, "["):
			depth := strings.Count(rest, "[") - strings.Count(rest, "]")
			for depth > 0 && i+1 < len(lines) {
				i++
				depth += strings.Count(lines[i], "[") - strings.Count(lines[i], "]")
			}
		case strings.HasPrefix(rest, "{"):
			tomlInline(rest[1:], path, out)
		default:
			if v, _, ok := tomlScalar(rest); ok {
				out[strings.Join(path, "\x00")] = v
			}
		}
	}
	return out
}

// tomlInline reads "k = v, k2 = v2 }" into out under path.
func tomlInline(s string, path []string, out map[string]string) {
	for {
		s = strings.TrimSpace(s)
		if s == "" || s[0] == '}' {
			return
		}
		keys, rest, ok := tomlKey(s)
		rest = strings.TrimSpace(rest)
		if !ok || !strings.HasPrefix(rest, "=") {
			return
		}
		v, rest, ok := tomlScalar(strings.TrimSpace(rest[1:]))
		if !ok {
			return
		}
		out[strings.Join(append(append([]string(nil), path...), keys...), "\x00")] = v
		s = strings.TrimSpace(rest)
		if !strings.HasPrefix(s, ",") {
			return
		}
		s = s[1:]
	}
}

// tomlKey reads a dotted key (bare, "basic" or 'literal' parts) and
// returns the rest of s.
func tomlKey(s string) (keys []string, rest string, ok bool) {
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return nil, "", false
		}
		var k string
		switch s[0] {
		case '"', '\'':
			v, r, ok := tomlString(s)
			if !ok {
				return nil, "", false
			}
			k, s = v, r
		default:
			j := 0
			for j < len(s) && (s[j] == '_' || s[j] == '-' || '0' <= s[j] && s[j] <= '9' || 'a' <= s[j]|0x20 && s[j]|0x20 <= 'z') {
				j++
			}
			if j == 0 {
				return nil, "", false
			}
			k, s = s[:j], s[j:]
		}
		keys = append(keys, k)
		s = strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(s, ".") {
			return keys, s, true
		}
		s = s[1:]
	}
}

// tomlScalar reads a string, boolean or number.
func tomlScalar(s string) (v, rest string, ok bool) {
	if s == "" {
		return "", "", false
	}
	if s[0] == '"' || s[0] == '\'' {
		return tomlString(s)
	}
	j := 0
	for j < len(s) && !strings.ContainsRune(" \t,}#", rune(s[j])) {
		j++
	}
	v = s[:j]
	if v == "true" || v == "false" {
		return v, s[j:], true
	}
	if _, err := strconv.ParseFloat(strings.ReplaceAll(v, "_", ""), 64); err == nil {
		return v, s[j:], true
	}
	return "", "", false
}

// tomlString reads a one-line basic ("...") or literal ('...') string.
func tomlString(s string) (v, rest string, ok bool) {
	if s[0] == '\'' {
		j := strings.IndexByte(s[1:], '\'')
		if j < 0 {
			return "", "", false
		}
		return s[1 : 1+j], s[2+j:], true
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return b.String(), s[i+1:], true
		case '\\':
			if i+1 >= len(s) {
				return "", "", false
			}
			i++
			switch e := s[i]; e {
			case 'b':
				b.WriteByte('\b')
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'f':
				b.WriteByte('\f')
			case 'r':
				b.WriteByte('\r')
			case '"', '\\':
				b.WriteByte(e)
			case 'u', 'U':
				n := 4
				if e == 'U' {
					n = 8
				}
				if i+n >= len(s) {
					return "", "", false
				}
				r, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
				if err != nil {
					return "", "", false
				}
				b.WriteRune(rune(r))
				i += n
			default:
				return "", "", false
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}

// tomlGet returns the value at a key path.
func tomlGet(m map[string]string, path ...string) (string, bool) {
	v, ok := m[strings.Join(path, "\x00")]
	return v, ok
}

// tomlQuote returns s as a TOML basic string.
func tomlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\u`)
			b.WriteString(strconv.FormatInt(int64(r)+0x10000, 16)[1:])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
