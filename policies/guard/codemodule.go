package guard

import "strings"

// shutilSafe are the functions of Python's shutil that neither delete
// files, nor move them away, nor run programs (a copy is judged as cp,
// see codeCalls; a .env or .git named in the code is rule 5's still).
func shutilSafe(attr string) bool {
	switch attr {
	case "which", "disk_usage", "get_terminal_size", "copy", "copy2", "copyfile", "copymode", "copystat", "copytree",
		"make_archive", "get_archive_formats", "get_unpack_formats", "Error", "SameFileError":
		return true
	}
	return false
}

// benignShutil returns Python code with the module name shutil blanked
// when every mention of it is `import shutil` or shutil.F for F one of
// shutilSafe (`shutil.which("git")` finds a program, it runs none): the
// module's name alone is no API, only what is taken from it. Any other
// mention (shutil.rmtree, `import shutil as s`, vars(shutil), from
// shutil import …) keeps the code as it is.
func benignShutil(code string) string {
	const mod = "shutil"
	if !strings.Contains(code, mod) {
		return code
	}
	var b strings.Builder
	i := 0
	for {
		j := strings.Index(code[i:], mod)
		if j < 0 {
			b.WriteString(code[i:])
			return b.String()
		}
		j += i
		end := j + len(mod)
		if j > 0 && (isIdent(code[j-1]) || code[j-1] == '.') || end < len(code) && isIdent(code[end]) {
			b.WriteString(code[i:end]) // part of a longer name
			i = end
			continue
		}
		switch {
		case end < len(code) && code[end] == '.':
			k := end + 1
			for k < len(code) && isIdent(code[k]) {
				k++
			}
			if !shutilSafe(code[end+1 : k]) {
				return code
			}
		case strings.HasSuffix(strings.TrimRight(code[:j], " \t"), "import") && !strings.HasSuffix(strings.TrimRight(code[:j], " \t"), "_import") &&
			!strings.Contains(lineOf(code, j), "from") && (end == len(code) || strings.IndexByte(";\n,", code[end]) >= 0):
		default:
			return code // rebound, aliased, passed on, or taken from: not known to be safe
		}
		b.WriteString(code[i:j])
		b.WriteString("sh_util")
		i = end
	}
}

// lineOf returns the line of code that holds byte j.
func lineOf(code string, j int) string {
	start := strings.LastIndexByte(code[:j], '\n') + 1
	end := strings.IndexByte(code[j:], '\n')
	if end < 0 {
		return code[start:]
	}
	return code[start : j+end]
}
