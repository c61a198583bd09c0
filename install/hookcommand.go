package install

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/shellwords"
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
	forms := []string{shellwords.QuotePath(binary, h.WindowsShell)}
	if h.SplitsQuotes && strings.Contains(forms[0], `'\''`) && !strings.ContainsAny(binary, "\"$`\\!\n") {
		// Auggie would cut '…'\''…' at the quote (and run no hook); in
		// double quotes, it and a POSIX shell read the same path.
		forms = append([]string{`"` + binary + `"`}, forms...)
	}
	if shellwords.WindowsPath(binary) && !strings.HasPrefix(binary, `\\`) && strings.Trim(binary, shellwords.WinSafeChars) == "" {
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
			var ok bool
			if words, ok = takeGatewayFiles(words, &g); !ok {
				continue
			}
		}
		g.observe = take("--observe", 1) != nil
		if len(words) == 1 && words[0] == "--log" {
			g.defaultLog, words = true, nil
		}
		if len(words) > 1 && words[0] == "--log" {
			// The last flag: its path, quoted, may hold spaces.
			p, ok := shellwords.Split(strings.Join(words[1:], " "))
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

// callsBinary reports whether cmd runs binary for host h: its first word
// is the binary's path and it passes --host h. Such a command is ours
// only when ownCommand says so; otherwise it is a customised entry.
func callsBinary(cmd, binary string, h *host) bool {
	words, ok := shellwords.Split(cmd)
	if !ok || len(words) < 2 {
		return false
	}
	named := shellwords.SamePath(words[0], binary)
	for _, f := range binaryForms(binary, h) {
		if w, ok := shellwords.Split(f); ok && len(w) == 1 && w[0] == words[0] {
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

// quoteExtra quotes an argument of Options.Args for the shell the host
// runs the command with: bare when no shell changes it, else POSIX
// single quotes, PowerShell single quotes, or cmd.exe double quotes
// (checkArgs refuses what cmd.exe cannot quote).
func quoteExtra(s, binary string, h *host) string {
	if shellwords.WindowsPath(binary) {
		if s != "" && strings.Trim(s, shellwords.WinSafeChars) == "" {
			return s
		}
		switch h.WindowsShell {
		case hostfacts.ShellCmd:
			return `"` + s + `"`
		case hostfacts.ShellBash:
			return shellwords.PosixQuote(s)
		}
		return "'" + shellwords.PSQuoteBody(s) + "'"
	}
	if s != "" && strings.Trim(s, shellwords.SafeChars) == "" {
		return s
	}
	return shellwords.PosixQuote(s)
}

// checkArgs refuses arguments that no entry can carry intact: a newline
// (a host's command is one line), bytes that are not UTF-8 (every host's
// file is text: JSON, TOML or a JavaScript module, where such bytes
// become U+FFFD), or, for a host that runs cmd.exe on Windows, a " or %
// (cmd.exe ends or expands them even in quotes).
func checkArgs(args []string, binary string, h *host) error {
	for _, a := range args {
		if strings.ContainsAny(a, "\r\n\x00") {
			return usageError{fmt.Errorf("argument %q after --: a command line cannot hold a newline or NUL", a)}
		}
		if !utf8.ValidString(a) {
			return usageError{fmt.Errorf("argument %q after --: not UTF-8 text, which %s's configuration cannot hold intact", a, h.Title)}
		}
		if shellwords.WindowsPath(binary) && h.WindowsShell == hostfacts.ShellCmd && strings.ContainsAny(a, `"%`) {
			return usageError{fmt.Errorf("argument %q after --: %s runs hooks with cmd.exe on Windows, which cannot quote \" or %%", a, h.Title)}
		}
	}
	return nil
}

// entryOptions checks --async and --status-message for h's registrations
// and says, in notes, what a host without those keys does not get.
func (h *host) entryOptions(regs []reg, o *Options) (notes []string, err error) {
	if o.StatusMessage != "" && !h.JSON.StatusMessage {
		notes = append(notes, fmt.Sprintf("%s has no status message for a hook; --status-message not written", h.name))
	}
	if strings.ContainsAny(o.StatusMessage, "\r\n") {
		return nil, usageError{fmt.Errorf("--status-message: one line, please")}
	}
	if o.Async {
		if !h.JSON.Async {
			notes = append(notes, fmt.Sprintf("%s has no background hooks; --async not written, its hooks are waited for", h.name))
		} else {
			var answered []string
			for _, r := range regs {
				if hooks.Supports(h.adapter.Capabilities(), r.native) != 0 && !slices.Contains(answered, r.native) {
					answered = append(answered, r.native)
				}
			}
			if len(answered) > 0 {
				return nil, usageError{fmt.Errorf("--async: %s acts on the answer of %s, which a background hook cannot give; "+
					"use --async with --events naming only events whose answer is ignored anyway", h.name, strings.Join(answered, ", "))}
			}
		}
	}
	return notes, checkArgs(o.Args, o.Binary, h)
}

// splitArgs splits a command at each word "--" (and at no such word):
// the candidates for the part install wrote before its Options.Args and
// those arguments, for ownCommand to check.
func splitArgs(cmd string) (heads []string, args [][]string) {
	heads, args = append(heads, cmd), append(args, nil)
	for i := 0; ; {
		j := strings.Index(cmd[i:], " -- ")
		end := strings.HasSuffix(cmd[i:], " --") && j < 0
		if j < 0 && !end {
			return heads, args
		}
		if end {
			return heads, args // "--" with nothing after it: not written by install
		}
		at := i + j
		words, ok := shellwords.Split(cmd[at+4:])
		if ok && len(words) > 0 {
			heads, args = append(heads, cmd[:at]), append(args, words)
		}
		i = at + 3
	}
}
