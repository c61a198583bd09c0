package install

import (
	"fmt"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

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
	if o.StatusMessage != "" && !h.StatusMessage {
		notes = append(notes, fmt.Sprintf("%s has no status message for a hook; --status-message not written", h.name))
	}
	if strings.ContainsAny(o.StatusMessage, "\r\n") {
		return nil, usageError{fmt.Errorf("--status-message: one line, please")}
	}
	if o.Async {
		if !h.Async {
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
