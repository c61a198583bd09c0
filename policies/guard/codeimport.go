package guard

import "strings"

// benignImport rewrites Python's __import__('NAME') of a literal module
// name to NAME, so that rule 5 reads what the code does with the module
// as it reads `import NAME` (issue 38): __import__('time').strftime(…)
// is no API that runs programs, __import__('os').system(…) is
// os.system. An __import__ of anything else (a name known only at run
// time, more arguments) is left as it is, and denied.
func benignImport(code string) string {
	const call = "__import__("
	if strings.IndexByte(code, '_') < 0 || !strings.Contains(code, call) {
		return code
	}
	var b strings.Builder
	for {
		i := strings.Index(code, call)
		if i < 0 {
			break
		}
		rest := code[i+len(call):]
		name, n := importName(rest)
		if n == 0 {
			b.WriteString(code[:i+len(call)])
			code = rest
			continue
		}
		b.WriteString(code[:i])
		b.WriteString(name)
		code = rest[n:]
	}
	b.WriteString(code)
	return b.String()
}

// importName reads 'NAME') or "NAME") at the start of s, NAME a dotted
// Python name, and returns NAME and the length read (0 for none).
func importName(s string) (string, int) {
	if len(s) < 4 || s[0] != '\'' && s[0] != '"' {
		return "", 0
	}
	j := strings.IndexByte(s[1:], s[0])
	if j <= 0 || 1+j+1 >= len(s) || s[1+j+1] != ')' {
		return "", 0
	}
	name := s[1 : 1+j]
	for k := 0; k < len(name); k++ {
		if c := name[k]; !isIdent(c) && c != '.' {
			return "", 0
		}
	}
	return name, 1 + j + 2
}
