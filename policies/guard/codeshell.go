package guard

import (
	"context"
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

// Two refinements of rule 5 for everyday code: a shell command that awk
// code runs as a static string is judged as the shell command it is
// (`awk '{print $1 | "sort -u"}'` runs sort -u), and Python's
// platform.system() is not os.system.

// maxAwkCommands bounds the commands read out of one awk program.
const maxAwkCommands = 16

// awkCommands returns awk code with each shell command it runs as a
// static string cut out (print … | "cmd", print … |& "cmd", "cmd" |
// getline, system("cmd")), and those commands; ok is false when a
// string that may be one cannot be read (an escape in it, or too many).
func awkCommands(code string) (rest string, cmds []string, ok bool) {
	var b strings.Builder
	i := 0
	for i < len(code) {
		c := code[i]
		switch {
		case c == '"':
			// A string: a command when a pipe follows it into getline.
			end, lit, plain := awkString(code, i)
			after := codetext.TrimBlank(code[end:])
			if strings.HasPrefix(after, "|") && !strings.HasPrefix(after, "||") {
				a := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(after, "|"), "&"), " \t")
				if strings.HasPrefix(a, "getline") {
					if !plain {
						return "", nil, false
					}
					cmds = append(cmds, lit)
					b.WriteString(" getline_")
					i = len(code) - len(a) + len("getline")
					continue
				}
			}
			b.WriteString(code[i:end])
			i = end
		case c == '|' && i+1 < len(code) && code[i+1] != '|' && (i == 0 || code[i-1] != '|'):
			j := i + 1
			if code[j] == '&' {
				j++
			}
			for j < len(code) && (code[j] == ' ' || code[j] == '\t') {
				j++
			}
			if j < len(code) && code[j] == '"' {
				end, lit, plain := awkString(code, j)
				if !plain {
					return "", nil, false
				}
				cmds = append(cmds, lit)
				b.WriteString(" ")
				i = end
				continue
			}
			// A pipe to or from a command held in a variable: known only
			// at run time.
			return "", nil, false
		case strings.HasPrefix(code[i:], "system") && (i == 0 || !isIdent(code[i-1])):
			j := i + len("system")
			for j < len(code) && (code[j] == ' ' || code[j] == '\t') {
				j++
			}
			if j < len(code) && code[j] == '(' {
				k := j + 1
				for k < len(code) && (code[k] == ' ' || code[k] == '\t') {
					k++
				}
				if k < len(code) && code[k] == '"' {
					end, lit, plain := awkString(code, k)
					e := end
					for e < len(code) && (code[e] == ' ' || code[e] == '\t') {
						e++
					}
					if plain && e < len(code) && code[e] == ')' {
						cmds = append(cmds, lit)
						b.WriteString("0")
						i = e + 1
						continue
					}
				}
			}
			b.WriteByte(c)
			i++
		case c == '/':
			// A regular expression (where an operand starts) is skipped
			// whole, its | and " included; one that holds a double quote
			// or a backslash is not read, lest this scan fall out of step
			// with awk's: nothing is cut then.
			k := strings.IndexAny(code[i+1:], "/\n")
			if k >= 0 && strings.ContainsAny(code[i+1:i+1+k], "\"\\") {
				return "", nil, false
			}
			if k >= 0 && code[i+1+k] == '/' && regexStart(code[:i]) {
				b.WriteString(code[i : i+2+k])
				i += 2 + k
				continue
			}
			b.WriteByte(c)
			i++
		default:
			b.WriteByte(c)
			i++
		}
		if len(cmds) > maxAwkCommands {
			return "", nil, false
		}
	}
	return b.String(), cmds, true
}

// awkString reads the awk string starting at code[i] (a double quote):
// the index past it, its text, and whether it is plain (no escape, and
// closed on the same line).
func awkString(code string, i int) (end int, lit string, plain bool) {
	plain = true
	for j := i + 1; j < len(code); j++ {
		switch code[j] {
		case '\\':
			plain = false
			j++
		case '\n':
			return j, "", false
		case '"':
			return j + 1, code[i+1 : j], plain
		}
	}
	return len(code), "", false
}

// judgeAwk judges the shell commands awk code runs as static strings by
// the shell rules, and returns the code without them for rule 5's scan;
// ok is false when the code keeps its commands (the scan then sees the
// pipes and denies).
func judgeAwk(ctx context.Context, code string, at *place) (rest, reason string, deny, ok bool) {
	rest, cmds, ok := awkCommands(code)
	if !ok && singlePipe(code) {
		// A pipe the scan could not read: to a command in a variable, or
		// in code it cannot follow.
		return "", "guard: rule 5 (inline code): the awk code `" + clip(code) + "` pipes to or from a command the guard cannot read " +
			"(one held in a variable, or in a string it cannot follow); write the command as a plain string, or run it from the shell", true, true
	}
	if !ok || len(cmds) == 0 {
		return code, "", false, false
	}
	for _, cmd := range cmds {
		// awk runs it with sh -c, its standard input what awk prints (or
		// awk's own): data the model may have written.
		script := "cat | {\n" + cmd + "\n}"
		sub := *at
		sub.src = script
		if r, d := judgeShell(ctx, script, &sub); d {
			return "", "guard: rule 5 (inline code): the awk code runs the shell command `" + clip(cmd) + "`, which the guard denies: " + r, true, true
		}
	}
	return rest, "", false, true
}

// benignPython returns Python code with each call of platform.system()
// blanked, when the name platform is only ever the module (import
// platform, platform.x): platform.system() names the operating system.
func benignPython(code string) string {
	const call = "platform.system("
	if !strings.Contains(code, call) {
		return code
	}
	for i := 0; ; {
		j := strings.Index(code[i:], "platform")
		if j < 0 {
			break
		}
		j += i
		end := j + len("platform")
		i = j + 1
		if j > 0 && (isIdent(code[j-1]) || code[j-1] == '.') || end < len(code) && isIdent(code[end]) {
			continue // part of a longer name
		}
		if end < len(code) && code[end] == '.' {
			continue // platform.x
		}
		if strings.HasSuffix(code[:j], "import ") && (end == len(code) || strings.IndexByte(";\n,", code[end]) >= 0) {
			continue // import platform
		}
		return code // rebound, passed on, or aliased: not the module for sure
	}
	var b strings.Builder
	for i := 0; ; {
		j := strings.Index(code[i:], call)
		if j < 0 {
			b.WriteString(code[i:])
			return b.String()
		}
		j += i
		b.WriteString(code[i:j])
		if j > 0 && (isIdent(code[j-1]) || code[j-1] == '.') {
			b.WriteString(call)
		} else {
			b.WriteString("platform.osname(")
		}
		i = j + len(call)
	}
}

// regexStart reports whether a / after the awk code before is where an
// operand starts (a regular expression), not a division.
func regexStart(before string) bool {
	t := strings.TrimRight(before, " \t")
	if t == "" {
		return true
	}
	return strings.IndexByte("(,~!{;&|\n", t[len(t)-1]) >= 0
}

// singlePipe reports whether code holds a | that is not part of ||.
func singlePipe(code string) bool {
	for i := 0; i < len(code); i++ {
		if code[i] != '|' {
			continue
		}
		if i+1 < len(code) && code[i+1] == '|' {
			i++
			continue
		}
		return true
	}
	return false
}
