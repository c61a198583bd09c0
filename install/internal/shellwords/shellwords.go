// Package shellwords quotes a path or a word for the shell a host runs
// its hook commands with (sh, Git Bash, PowerShell, cmd.exe), and splits
// such a command line back into its words, so that the installer can
// write a command and recognise it again.
package shellwords

import (
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
)

// WindowsPath reports a drive-letter or UNC path.
func WindowsPath(p string) bool {
	return strings.HasPrefix(p, `\\`) ||
		len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') &&
			('a' <= p[0]|0x20 && p[0]|0x20 <= 'z')
}

// SafeChars need no quoting in sh; WinSafeChars: a Windows path is left unquoted only
// with letters, digits and "_.-:\/" (cmd.exe expands %, PowerShell reads
// , and @).
const (
	SafeChars    = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+-:@%,="
	WinSafeChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-:\\/"
)

// QuotePath quotes p for a host whose Windows shell is shell
// ([hostfacts.HookFile].WindowsShell): bare when no shell would change
// it, single-quoted for sh and Git Bash, double-quoted for cmd.exe, and
// in PowerShell's "& '...'" form otherwise.
func QuotePath(p string, shell string) string {
	if WindowsPath(p) {
		switch {
		case shell == hostfacts.ShellCmd:
			// cmd.exe: quoted always, since unquoted it ends the command's
			// name at the first "/"; a Windows name cannot hold '"'.
			return `"` + p + `"`
		case !strings.HasPrefix(p, `\\`) && strings.Trim(p, WinSafeChars) == "":
			return strings.ReplaceAll(p, `\`, "/")
		case shell == hostfacts.ShellBash:
			return PosixQuote(p) // Git Bash
		default:
			return "& '" + PSQuoteBody(p) + "'" // PowerShell
		}
	}
	if p != "" && strings.Trim(p, SafeChars) == "" {
		return p
	}
	return PosixQuote(p)
}

// PSQuoteBody escapes s for the inside of a PowerShell single-quoted
// string, which the typographic quotes ‘ ’ ‚ ‛ end as well as '.
func PSQuoteBody(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(r)
		switch r {
		case '\'', '\u2018', '\u2019', '\u201a', '\u201b':
			b.WriteRune(r)
		}
	}
	return b.String()
}

func PosixQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Split splits a command line written by Command (or by hand in
// the same style) into words: POSIX quoting and escapes, plus PowerShell's
// "& '...'" form. ok is false for an unterminated quote.
func Split(cmd string) (words []string, ok bool) {
	s := strings.TrimSpace(cmd)
	if rest, found := strings.CutPrefix(s, "& '"); found {
		var w strings.Builder
		for i := 0; ; i++ {
			if i == len(rest) {
				return nil, false
			}
			if rest[i] == '\'' {
				if i+1 < len(rest) && rest[i+1] == '\'' {
					w.WriteByte('\'')
					i++
					continue
				}
				more, ok := Split(rest[i+1:])
				return append([]string{w.String()}, more...), ok
			}
			w.WriteByte(rest[i])
		}
	}
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
			continue
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"' && strings.IndexByte(s[i+1:], '"') >= 0 && WindowsPath(s[i+1:i+1+strings.IndexByte(s[i+1:], '"')]):
			// A quoted Windows path (cmd.exe style) is taken as it is:
			// its backslashes are no escapes.
			j := strings.IndexByte(s[i+1:], '"')
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, false
			}
		case c == '\\' && i+1 < len(s):
			i++
			w.WriteByte(s[i])
		default:
			w.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, true
}

func SamePath(a, b string) bool {
	if WindowsPath(a) || WindowsPath(b) {
		norm := func(p string) string { return strings.ToLower(strings.ReplaceAll(p, "/", `\`)) }
		return norm(a) == norm(b)
	}
	return filepath.Clean(a) == filepath.Clean(b)
}
