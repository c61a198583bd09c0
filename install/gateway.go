package install

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/internal/httphook"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// With Options.Gateway, the hooks ask a policy gateway (a hookhttp.Handler)
// instead of running local handlers:
//
//   - Claude Code gets HTTP hooks: {"type": "http", "url": "<gateway>?host=claude&timeout=N",
//     "timeout": N, "headers": {"Authorization": "Bearer ${NAME}"}, "allowedEnvVars": ["NAME"]},
//     the entry hookhttp.ClaudeHook builds. They are recognised as ours by
//     their URL (without the host and timeout parameters).
//   - Cursor, Gemini CLI and Codex run commands only: they get the
//     binary's command with --gateway URL (and --gateway-token-env NAME
//     when NAME is not the default), so the binary must be a bridge, built
//     with bridgemain.Main as examples/bridge is. A binary built with
//     hookmain.Run answers every call with its fail policy and the stderr
//     line "... no gateway bridge ..."; doctor runs each entry and reports
//     it.
//
// Package install itself sends no HTTP request and links no HTTP client:
// every hook binary links it.

// gatewayOpts are what an entry needs besides its registration.
type gatewayOpts struct {
	url      string // the gateway URL; "" for local hooks
	tokenEnv string // "" for the default
	observe  bool   // --observe (Options.Observe)
	log      string // --log PATH (Options.Log), "" for none
	// defaultLog writes --log with no path (Options.DefaultLog), when log
	// is "".
	defaultLog bool
	// args are written after "--" at the end of the command (Options.Args).
	args []string
	// statusMessage and async are the entry keys of hosts that take them
	// (Options.StatusMessage, Options.Async).
	statusMessage string
	async         bool
	// replace: install first removes the entries of other hooks built on
	// this module (Options.Replace).
	replace bool
}

// tokenEnvOrDefault is the variable the token is read from.
func (g gatewayOpts) tokenEnvOrDefault() string {
	if g.tokenEnv == "" {
		return httphook.DefaultTokenEnv
	}
	return g.tokenEnv
}

// checkGateway validates the gateway options.
func (o *Options) checkGateway(hs []*host) error {
	if o.Gateway == "" {
		if o.GatewayTokenEnv != "" {
			return errors.New("--gateway-token-env needs --gateway")
		}
		return nil
	}
	if err := httphook.CheckURL(o.Gateway); err != nil {
		return err
	}
	if o.GatewayTokenEnv != "" && !httphook.EnvName(o.GatewayTokenEnv) {
		return errors.New("--gateway-token-env " + o.GatewayTokenEnv + ": not a variable name Claude Code fills in headers (upper-case letters, digits and _, not starting with a digit)")
	}
	if !httphook.IsHTTPS(o.Gateway) && !loopbackURL(o.Gateway) {
		return errors.New("the gateway URL is plain http to a host other than this machine: the bearer token would travel in clear (the bridge refuses to send it, Claude Code would); use https")
	}
	if shellwords.WindowsPath(o.Binary) && strings.Contains(o.Gateway, "%") {
		for _, h := range hs {
			if h.WindowsShell == hostfacts.ShellCmd {
				return errors.New("the gateway URL holds %, which cmd.exe (" + h.Title + "'s shell on Windows) expands even in quotes; use a URL without percent-encoding")
			}
		}
	}
	return nil
}

// loopbackURL reports an http URL to localhost, 127.0.0.0/8 or [::1].
func loopbackURL(u string) bool {
	rest := u[strings.Index(u, "//")+2:]
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	host := rest
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		return end > 0 && host[1:end] == "::1"
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	host = strings.ToLower(host)
	if host == "localhost" {
		return true
	}
	parts := strings.Split(host, ".")
	if len(parts) != 4 || parts[0] != "127" {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}

// httpEntries reports whether host h gets HTTP hook entries for a gateway.
func (h *host) httpEntries(g gatewayOpts) bool { return g.url != "" && h.JSON.HTTP }

// withoutHTTPUnsupported drops the registrations of the events on which
// the host runs no HTTP hook (hostfacts.JSONSettings.NoHTTP).
func (h *host) withoutHTTPUnsupported(regs []reg, notes []string) ([]reg, []string) {
	var out []reg
	for _, r := range regs {
		if slices.Contains(h.JSON.NoHTTP, r.native) {
			notes = append(notes, fmt.Sprintf("%s runs no HTTP hook on %s; not registered (a %s policy needs a command hook)", h.Title, r.native, r.native))
			continue
		}
		out = append(out, r)
	}
	return out, notes
}

// gatewayHooks returns the gateway URLs (without the host and timeout
// parameters) of the HTTP hooks in a Claude Code file that call a hooks
// gateway (their URL has host=claude), each once: entries install
// --gateway writes, which an install without --gateway does not see.
func gatewayHooks(h *host, src []byte) []string {
	if src == nil {
		return nil
	}
	ed, err := h.open(src, "", gatewayOpts{})
	if err != nil || ed.hooks() == nil {
		return nil
	}
	var urls []string
	for _, m := range ed.hooks().Members {
		if m.Value.Kind != jsonc.Array {
			continue
		}
		for _, g := range m.Value.Elems {
			hs := g.Get("hooks")
			if g.Kind != jsonc.Object || hs == nil || hs.Kind != jsonc.Array {
				continue
			}
			for _, x := range hs.Elems {
				u := str(x.Get("url"))
				if x.Kind == jsonc.Object && isHTTP(x) && hasParam(u, "host=claude") {
					urls = appendNew(urls, httphook.Base(u))
				}
			}
		}
	}
	return urls
}

// hasParam reports whether URL u's query holds the parameter p ("k=v").
func hasParam(u, p string) bool {
	_, q, ok := strings.Cut(u, "?")
	if !ok {
		return false
	}
	for x := range strings.SplitSeq(q, "&") {
		if x == p {
			return true
		}
	}
	return false
}

// bridgeCommand is Command with the bridge's arguments: --gateway URL and,
// when the token variable is not the default, --gateway-token-env NAME;
// then --observe and --log PATH when asked.
func bridgeCommand(binary string, h *host, failClosed bool, limit time.Duration, g gatewayOpts) string {
	cmd := command(binary, h, failClosed, limit)
	if g.url != "" {
		cmd += " --gateway " + quoteArg(g.url, binary, h)
		if g.tokenEnv != "" && g.tokenEnv != httphook.DefaultTokenEnv {
			cmd += " --gateway-token-env " + g.tokenEnv
		}
	}
	if g.observe {
		cmd += " --observe"
	}
	switch {
	case g.log != "":
		cmd += " --log " + shellwords.QuotePath(g.log, h.WindowsShell)
	case g.defaultLog:
		cmd += " --log"
	}
	if len(g.args) > 0 {
		cmd += " --"
		for _, a := range g.args {
			cmd += " " + quoteExtra(a, binary, h)
		}
	}
	return cmd
}

// quoteArg quotes an argument (a gateway URL, which holds no quote, space
// or backslash) for the shell the host runs a command with; the binary's
// path tells a Windows command from a POSIX one.
func quoteArg(s, binary string, h *host) string {
	if shellwords.WindowsPath(binary) {
		if strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-:/") == "" {
			return s
		}
		switch h.WindowsShell {
		case hostfacts.ShellCmd:
			return `"` + s + `"`
		case hostfacts.ShellBash:
			return shellwords.PosixQuote(s)
		}
		return "'" + s + "'" // PowerShell
	}
	if strings.Trim(s, shellwords.SafeChars) == "" {
		return s
	}
	return shellwords.PosixQuote(s)
}
