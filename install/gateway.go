package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/internal/hookcli"
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
	// files are the bridge's TLS files (--gateway-ca, --gateway-cert,
	// --gateway-key; see gatewayfiles.go).
	files gatewayFiles
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
		return o.checkGatewayFiles()
	}
	if err := o.checkGatewayFiles(); err != nil {
		return err
	}
	if o.GatewayTokenEnv != "" && !httphook.EnvName(o.GatewayTokenEnv) {
		return errors.New("--gateway-token-env " + o.GatewayTokenEnv + ": not a variable name Claude Code fills in headers (upper-case letters, digits and _, not starting with a digit)")
	}
	for _, u := range gatewayURLs(o.Gateway) {
		if !httphook.IsHTTPS(u) && !loopbackURL(u) {
			if u != o.Gateway {
				u = " " + u
			} else {
				u = ""
			}
			return errors.New("the gateway URL" + u + " is plain http to a host other than this machine: the bearer token would travel in clear (the bridge refuses to send it, Claude Code would); use https")
		}
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
// With several gateways or TLS files it runs the bridge instead
// (gatewayOpts.bridgeOnly).
func (h *host) httpEntries(g gatewayOpts) bool { return g.url != "" && h.JSON.HTTP && !g.bridgeOnly() }

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
		cmd += gatewayFileArgs(g, h)
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

// The bridge's newer flags, written by install into each host's command:
// several gateway URLs (--gateway URL,URL…: the bridge fails over in
// turn), the gateway's private CA (--gateway-ca FILE) and a client
// certificate (--gateway-cert FILE --gateway-key FILE). Claude Code's
// HTTP hooks can do none of these (one URL, the system's authorities, no
// client certificate: a gateway that asks for one would be unreachable,
// and Claude Code lets the action go on), so with any of them Claude
// Code runs the bridge's command as the other hosts do.

// gatewayFiles are the bridge's TLS files, absolute paths.
type gatewayFiles struct {
	ca, cert, key string
}

// gatewayURLs returns the URLs of --gateway, split at commas.
func gatewayURLs(v string) []string {
	var urls []string
	for u := range strings.SplitSeq(v, ",") {
		urls = append(urls, strings.TrimSpace(u))
	}
	return urls
}

// bridgeOnly reports whether g needs the bridge: HTTP hooks cannot fail
// over, trust a private CA or present a client certificate.
func (g gatewayOpts) bridgeOnly() bool {
	return strings.Contains(g.url, ",") || g.files != (gatewayFiles{})
}

// checkGatewayFiles checks the TLS files of o and the URLs of Gateway,
// and makes the files' paths absolute (a hook runs from any directory):
// the certificate and key go together, and a path holds no space, quote,
// $ or % (the entry's command must read back as install's own). Install
// also checks that they exist (gatewayFilesExist); uninstall and doctor
// do not need them to.
func (o *Options) checkGatewayFiles() error {
	f := []*string{&o.GatewayCA, &o.GatewayCert, &o.GatewayKey}
	names := []string{"--gateway-ca", "--gateway-cert", "--gateway-key"}
	if o.Gateway == "" {
		for i, p := range f {
			if *p != "" {
				return errors.New(names[i] + " needs --gateway")
			}
		}
		return nil
	}
	if (o.GatewayCert == "") != (o.GatewayKey == "") {
		return errors.New("--gateway-cert and --gateway-key go together")
	}
	for i, p := range f {
		if *p == "" {
			continue
		}
		if strings.ContainsAny(*p, " \t\n\"'`$%") || !shellwords.WindowsPath(*p) && strings.Contains(*p, `\`) {
			return errors.New(names[i] + " " + *p + ": a path without spaces, quotes, $ or % (it is written into each host's command line)")
		}
		abs, err := filepath.Abs(*p)
		if err != nil {
			return errors.New(names[i] + ": " + err.Error())
		}
		*p = abs
	}
	for _, u := range gatewayURLs(o.Gateway) {
		if err := httphook.CheckURL(u); err != nil {
			return err
		}
	}
	return nil
}

// gatewayFilesExist checks that the TLS files of o are regular files.
func (o *Options) gatewayFilesExist() error {
	for _, f := range [...]struct{ flag, path string }{{"--gateway-ca", o.GatewayCA}, {"--gateway-cert", o.GatewayCert}, {"--gateway-key", o.GatewayKey}} {
		if f.path == "" {
			continue
		}
		fi, err := os.Stat(f.path)
		if err != nil {
			return errors.New(f.flag + ": " + err.Error())
		}
		if !fi.Mode().IsRegular() {
			return errors.New(f.flag + " " + f.path + ": not a regular file")
		}
	}
	return nil
}

// gatewayFileArgs are the flags of g's TLS files, for a command of h.
func gatewayFileArgs(g gatewayOpts, h *host) string {
	var s string
	for _, f := range [...]struct{ flag, path string }{{"--gateway-ca", g.files.ca}, {"--gateway-cert", g.files.cert}, {"--gateway-key", g.files.key}} {
		if f.path != "" {
			s += " " + f.flag + " " + shellwords.QuotePath(f.path, h.WindowsShell)
		}
	}
	return s
}

// takeGatewayFiles reads the flags gatewayFileArgs writes from the front
// of words into g, and returns the words left; ok is false for a flag
// whose value does not read back as one path.
func takeGatewayFiles(words []string, g *gatewayOpts) (rest []string, ok bool) {
	for _, f := range [...]struct {
		flag string
		dst  *string
	}{{"--gateway-ca", &g.files.ca}, {"--gateway-cert", &g.files.cert}, {"--gateway-key", &g.files.key}} {
		if len(words) < 2 || words[0] != f.flag {
			continue
		}
		p, ok := shellwords.Split(words[1])
		if !ok || len(p) != 1 {
			return words, false
		}
		*f.dst, words = p[0], words[2:]
	}
	return words, true
}

// checkBridgeFiles reports the TLS files an entry's bridge command names
// that are missing: the bridge would answer every call fail-closed.
func (d *doctor) checkBridgeFiles(h *host, s Scope, p, event string, args hookcli.Args) {
	for _, f := range [...]struct{ flag, path string }{{"--gateway-ca", args.GatewayCA}, {"--gateway-cert", args.GatewayCert}, {"--gateway-key", args.GatewayKey}} {
		if f.path == "" {
			continue
		}
		if fi, err := os.Stat(f.path); err != nil || !fi.Mode().IsRegular() {
			d.add(h.name, s, p, event, Fail, "%s %s is missing or not a file: the bridge answers every call fail-closed", f.flag, f.path)
		}
	}
}
