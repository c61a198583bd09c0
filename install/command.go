package install

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// Command returns the command line written for host: the binary's
// absolute path, quoted for the shell the host runs it with, then --host,
// --fail-closed when asked, and --timeout with the host's limit so that
// the hook budgets its handler below it.
//
// Hosts run the command through a shell: sh or bash on Linux and macOS,
// and on Windows Git Bash (Claude Code), PowerShell (Gemini CLI, Codex) or
// cmd.exe (Cursor); Claude Code falls back to PowerShell without Git Bash.
// A POSIX path is left bare only when no shell would change it, and is
// single-quoted otherwise. A Windows drive path with no space or special
// character is written with forward slashes and no quotes, a form that
// Git Bash, PowerShell and cmd.exe all run; any other Windows path is
// quoted for the host's usual shell.
func Command(binary string, h hooks.Host, failClosed bool, limit time.Duration) string {
	hd, err := lookupHost(builtin.Adapters(), h)
	if err != nil {
		hd = &host{name: h}
	}
	return command(binary, hd, failClosed, limit)
}

// command is [Command] for h.
func command(binary string, h *host, failClosed bool, limit time.Duration) string {
	var b strings.Builder
	b.WriteString(binaryForms(binary, h)[0])
	b.WriteString(" --host ")
	b.WriteString(string(h.hostArg()))
	if failClosed {
		b.WriteString(" --fail-closed")
	}
	if limit > 0 {
		b.WriteString(" --timeout ")
		b.WriteString(hookcli.FormatDuration(limit))
	}
	return b.String()
}

// windowsPath reports a drive-letter or UNC path.
func windowsPath(p string) bool {
	return strings.HasPrefix(p, `\\`) ||
		len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') &&
			('a' <= p[0]|0x20 && p[0]|0x20 <= 'z')
}

// safeChars need no quoting in sh; a Windows path is left unquoted only
// with letters, digits and "_.-:\/" (cmd.exe expands %, PowerShell reads
// , and @).
const (
	safeChars    = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+-:@%,="
	winSafeChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-:\\/"
)

func quotePath(p string, h *host) string {
	if windowsPath(p) {
		shell := h.WindowsShell
		switch {
		case shell == hostfacts.ShellCmd:
			// cmd.exe: quoted always, since unquoted it ends the command's
			// name at the first "/"; a Windows name cannot hold '"'.
			return `"` + p + `"`
		case !strings.HasPrefix(p, `\\`) && strings.Trim(p, winSafeChars) == "":
			return strings.ReplaceAll(p, `\`, "/")
		case shell == hostfacts.ShellBash:
			return posixQuote(p) // Git Bash
		default:
			return "& '" + psQuoteBody(p) + "'" // PowerShell
		}
	}
	if p != "" && strings.Trim(p, safeChars) == "" {
		return p
	}
	return posixQuote(p)
}

// psQuoteBody escapes s for the inside of a PowerShell single-quoted
// string, which the typographic quotes ‘ ’ ‚ ‛ end as well as '.
func psQuoteBody(s string) string {
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

// binaryForms are the ways an entry of ours may start with the binary,
// the one install writes first: for the options' binary, the heads
// setHeads chose (a portable form, the absolute path); for any other,
// its absoluteForms.
func binaryForms(binary string, h *host) []string {
	if h.heads != nil && binary == h.self {
		forms := make([]string, len(h.heads))
		for i, hd := range h.heads {
			forms[i] = hd.text
		}
		return forms
	}
	return absoluteForms(binary, h)
}

// absoluteForms are the ways an entry of ours may start with the
// binary's absolute path: as Command writes it now, and as earlier
// versions wrote it (a Windows path with forward slashes and no quotes,
// on every host).
func absoluteForms(binary string, h *host) []string {
	forms := []string{quotePath(binary, h)}
	if windowsPath(binary) && !strings.HasPrefix(binary, `\\`) && strings.Trim(binary, winSafeChars) == "" {
		if f := strings.ReplaceAll(binary, `\`, "/"); f != forms[0] {
			forms = append(forms, f)
		}
	}
	return forms
}

// command is the command line of an entry of h for a native event: the
// binary's command (bridgeCommand), with --event NATIVE after --host when
// the host's payloads do not name their event.
func (h *host) command(binary, native string, failClosed bool, limit time.Duration, g gatewayOpts) string {
	cmd := bridgeCommand(binary, h, failClosed, limit, g)
	if !h.EventFlag {
		return cmd
	}
	head := binaryForms(binary, h)[0] + " --host " + string(h.hostArg())
	return head + " --event " + native + strings.TrimPrefix(cmd, head)
}

// ownCommand is the package's ownCommand for h, whose commands may pass
// --event NAME after --host: that of an event of h's.
func (h *host) ownCommand(cmd, binary string) bool {
	if !h.EventFlag {
		return ownCommand(cmd, binary, h)
	}
	for _, head := range binaryForms(binary, h) {
		rest, ok := strings.CutPrefix(cmd, head+" --host "+string(h.hostArg())+" --event ")
		if !ok {
			continue
		}
		native, tail, _ := strings.Cut(rest, " ")
		if _, known := knownEvent(h, native); !known {
			continue
		}
		if ownCommand(head+" --host "+string(h.hostArg())+" "+tail, binary, h) || tail == "" && ownCommand(head+" --host "+string(h.hostArg()), binary, h) {
			return true
		}
	}
	return false
}

// ownCommand reports whether cmd is exactly a command install writes
// for binary and host h, with any --fail-closed, --timeout and gateway
// flags and any arguments after "--": the entries install, uninstall and
// doctor manage. A command that runs the binary in any other way (more
// words, another quoting, "&& logger ...") is the user's.
func ownCommand(cmd, binary string, h *host) bool {
	heads, args := splitArgs(cmd)
	for i := range heads {
		if ownCommandArgs(cmd, heads[i], args[i], binary, h) {
			return true
		}
	}
	return false
}

// ownCommandArgs is ownCommand for the split of full into cmd, what
// install writes before "--", and extra, the arguments after it.
func ownCommandArgs(full, cmd string, extra []string, binary string, h *host) bool {
	for _, head := range binaryForms(binary, h) {
		rest, ok := strings.CutPrefix(cmd, head+" --host "+string(h.hostArg()))
		if !ok {
			continue
		}
		words := strings.Split(rest, " ")
		if len(words) > 0 && words[0] == "" {
			words = words[1:]
		}
		var (
			failClosed bool
			limit      time.Duration
			g          = gatewayOpts{args: extra}
		)
		take := func(flag string, n int) []string {
			if len(words) >= n && words[0] == flag {
				v := words[1:n]
				words = words[n:]
				return append([]string{flag}, v...)
			}
			return nil
		}
		if take("--fail-closed", 1) != nil {
			failClosed = true
		}
		if v := take("--timeout", 2); v != nil {
			d, err := time.ParseDuration(v[1])
			if err != nil || d <= 0 {
				continue
			}
			limit = d
		}
		if v := take("--gateway", 2); v != nil {
			g.url = strings.Trim(v[1], `'"`)
			if v := take("--gateway-token-env", 2); v != nil {
				g.tokenEnv = v[1]
			}
		}
		g.observe = take("--observe", 1) != nil
		if len(words) == 1 && words[0] == "--log" {
			g.defaultLog, words = true, nil
		}
		if len(words) > 1 && words[0] == "--log" {
			// The last flag: its path, quoted, may hold spaces.
			p, ok := splitCommand(strings.Join(words[1:], " "))
			if !ok || len(p) != 1 {
				continue
			}
			g.log, words = p[0], nil
		}
		if len(words) > 0 {
			continue
		}
		tail := strings.TrimPrefix(bridgeCommand(binary, h, failClosed, limit, g), binaryForms(binary, h)[0])
		if head+tail == full {
			return true
		}
	}
	return false
}

func posixQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// splitCommand splits a command line written by Command (or by hand in
// the same style) into words: POSIX quoting and escapes, plus PowerShell's
// "& '...'" form. ok is false for an unterminated quote.
func splitCommand(cmd string) (words []string, ok bool) {
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
				more, ok := splitCommand(rest[i+1:])
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
		case c == '"' && strings.IndexByte(s[i+1:], '"') >= 0 && windowsPath(s[i+1:i+1+strings.IndexByte(s[i+1:], '"')]):
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

// callsBinary reports whether cmd runs binary for host h: its first word
// is the binary's path and it passes --host h. Such a command is ours
// only when ownCommand says so; otherwise it is a customised entry.
func callsBinary(cmd, binary string, h *host) bool {
	words, ok := splitCommand(cmd)
	if !ok || len(words) < 2 {
		return false
	}
	named := samePath(words[0], binary)
	for _, f := range binaryForms(binary, h) {
		if w, ok := splitCommand(f); ok && len(w) == 1 && w[0] == words[0] {
			named = true
		}
	}
	return named && hostArg(words[1:]) == h.hostArg()
}

// hostArg returns the value of --host in args, or "".
func hostArg(args []string) hooks.Host {
	a, _ := hookcli.Parse(args)
	return a.Host
}

func samePath(a, b string) bool {
	if windowsPath(a) || windowsPath(b) {
		norm := func(p string) string { return strings.ToLower(strings.ReplaceAll(p, "/", `\`)) }
		return norm(a) == norm(b)
	}
	return filepath.Clean(a) == filepath.Clean(b)
}
