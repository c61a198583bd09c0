package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// uploadOnlyTo reports whether c sends the files it names only to hosts
// listed in the policy's upload_hosts: rule 7 then lets it name a
// credential file. It is true only for curl, wget, scp and rsync when
// every destination the command names is a static URL (curl, wget) or
// remote (scp, rsync) whose host is a listed name, compared without
// case and a trailing dot, and the command has nothing that could send
// the data elsewhere or show it to the model: no proxy (an option, or
// any "proxy" in the script, which covers the environment variables),
// no --resolve or --connect-to, no DNS or config-file option, no
// redirect following, no trace of the sent data, no ssh option or
// command, no dynamic word. Anything it cannot read is false: the
// command stays denied.
//
// envRisk is uploadEnvRisk of the whole script, worked out once per call
// by the caller, not once per command.
func uploadOnlyTo(c *shell.Command, envRisk bool, hosts []string) bool {
	if len(hosts) == 0 || envRisk || c.Dynamic || len(c.Args) < 2 || !plainProgram(c) {
		return false
	}
	for _, a := range c.Args {
		if a.Dynamic {
			return false
		}
	}
	switch c.Name {
	case "curl":
		return curlOnlyTo(c.Args[1:], hosts)
	case "wget":
		return wgetOnlyTo(c.Args[1:], hosts)
	case "scp", "rsync":
		return copyOnlyTo(c.Name, c.Args[1:], hosts)
	}
	return false
}

// plainProgram reports whether c runs the system's own program by its
// plain name or a system directory (not ./curl, not /tmp/x/curl, which
// package shell also names curl), run by the script itself or through
// a wrapper that passes its words on unchanged (bash -c, command, nohup,
// time): not xargs or find -exec, which add words of their own (a URL
// read from stdin), nor sudo or env, whose own words name the file.
func plainProgram(c *shell.Command) bool {
	switch c.Args[0].Value {
	case c.Name, "/usr/bin/" + c.Name, "/bin/" + c.Name, "/usr/local/bin/" + c.Name, "/opt/homebrew/bin/" + c.Name:
	default:
		return false
	}
	for _, v := range c.Via {
		switch v {
		case "bash", "sh", "command", "nohup", "time":
		default:
			return false
		}
	}
	return true
}

// uploadEnvRisk reports whether src, the whole tool call's script, may
// point an upload elsewhere through its environment, a configuration
// file it names or a definition of its own: a proxy variable or option,
// where curl, wget or ssh read their configuration, the resolver's host
// aliases, a preloaded library, PATH, a function, alias or hash entry
// that shadows the program (`curl() { command curl -x … "$@"; }`).
func uploadEnvRisk(src string) bool {
	if strings.ContainsAny(src, "()") {
		return true
	}
	l := strings.ToLower(src)
	for _, w := range []string{"alias", "function", "hash", "enable", "path=", "bash_env", "env=", "shellopts"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	for _, w := range []string{"proxy", "curl_home", "curlrc", "wgetrc", "home=", "xdg_config_home", "hostaliases",
		"ld_preload", "ld_library_path", "dyld_", "ssh_config", "git_ssh", "rsync_rsh", "rsync_connect_prog", "ssh_auth_sock", "resolv", "/etc/hosts"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// curlValueOpts returns curl's options that take a value, long and
// short (a short one's value may be attached: -dx). Those that point the
// request elsewhere or print what is sent are in curlRefused too. A
// function, not a variable: no work at start-up.
func curlValueOpts() []string {
	return []string{
		"-d", "--data", "--data-ascii", "--data-binary", "--data-raw", "--data-urlencode", "--json", "-F", "--form",
		"--form-string", "-T", "--upload-file", "-H", "--header", "-X", "--request", "-o", "--output", "-u", "--user",
		"-A", "--user-agent", "-e", "--referer", "-b", "--cookie", "-c", "--cookie-jar", "-m", "--max-time",
		"--connect-timeout", "-w", "--write-out", "--retry", "--retry-delay", "--retry-max-time", "--cacert", "--capath",
		"-E", "--cert", "--key", "--cert-type", "--key-type", "--oauth2-bearer", "-r", "--range", "-C", "--continue-at",
		"-z", "--time-cond", "--limit-rate", "-Y", "--speed-limit", "-y", "--speed-time", "--output-dir", "--max-filesize",
		"-K", "--config", "-x", "--proxy", "--url", "--resolve", "--connect-to",
		"--doh-url", "--dns-servers", "--interface", "--unix-socket", "--abstract-unix-socket", "--preproxy",
		"--trace", "--trace-ascii", "--libcurl", "-D", "--dump-header", "--stderr", "--variable", "--expand-url",
		"--expand-data", "--expand-header",
	}
}

// curlRefused returns curl's options that make an upload go elsewhere than
// its URLs' hosts say (a proxy, another address for the name, a socket,
// a resolver, a config file of more options, redirects), or that show
// the data sent to the model (a trace on stdout, the request as C code,
// variables read from files). A short option is refused in a cluster too.
func curlRefused() []string {
	return []string{
		"-x", "--proxy", "--preproxy", "--resolve", "--connect-to", "--doh-url", "--dns-servers", "--interface",
		"--unix-socket", "--abstract-unix-socket", "-K", "--config", "-L", "--location", "--location-trusted",
		"--trace", "--trace-ascii", "--libcurl", "--variable", "--expand-url", "--expand-data", "--expand-header",
		"-:", "--next", "-g", "--globoff", "-q", "--disable", "--proto-default", "--ftp-port", "-P", "--socks4",
		"--socks4a", "--socks5", "--socks5-hostname", "--haproxy-protocol", "--ipfs-gateway", "--url-query",
	}
}

// curlOnlyTo reports whether the curl arguments args send only to hosts.
func curlOnlyTo(args []shell.Word, hosts []string) bool {
	curlValueOpts, curlRefused := curlValueOpts(), curlRefused()
	urls := 0
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		if a == "--" {
			for _, u := range args[i+1:] {
				if !urlToListed(u.Value, hosts) {
					return false
				}
				urls++
			}
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if !urlToListed(a, hosts) {
				return false
			}
			urls++
			continue
		}
		name, _, attached := strings.Cut(a, "=")
		if !strings.HasPrefix(a, "--") {
			// A cluster of short options: each letter is an option; a
			// value option's value is the rest of the word or the next.
			for j := 1; j < len(a); j++ {
				o := "-" + a[j:j+1]
				if contains(curlRefused, o) {
					return false
				}
				if contains(curlValueOpts, o) {
					if j == len(a)-1 {
						i++
					}
					break
				}
			}
			continue
		}
		if contains(curlRefused, name) {
			return false
		}
		if name == "--url" {
			v := ""
			if attached {
				_, v, _ = strings.Cut(a, "=")
			} else if i+1 < len(args) {
				i++
				v = args[i].Value
			}
			if !urlToListed(v, hosts) {
				return false
			}
			urls++
			continue
		}
		if contains(curlValueOpts, name) && !attached {
			i++
		}
	}
	return urls > 0
}

// wgetOnlyTo reports whether the wget arguments args send only to hosts:
// every operand a URL to a listed host; no -e (wgetrc commands, which can
// set a proxy), no -i (URLs read from a file), no --config, no debug
// output (which shows the body sent). wget follows the redirects a
// listed host answers with, as curl -L would (refused there because the
// model asks for it): what a listed host does with the data is its
// owner's to decide.
func wgetOnlyTo(args []shell.Word, hosts []string) bool {
	refused := []string{"-e", "--execute", "-i", "--input-file", "--config", "-B", "--base", "--bind-address",
		"--bind-dns-address", "--dns-servers", "--use-askpass", "-d", "--debug", "-o", "--output-file", "-a",
		"--append-output", "--rejected-log"}
	valued := []string{"-O", "--output-document", "-T", "--timeout", "-t", "--tries", "-U", "--user-agent",
		"--header", "--post-data", "--post-file", "--body-data", "--body-file", "--method", "--user", "--password",
		"-P", "--directory-prefix", "--ca-certificate", "--certificate", "--private-key", "-w", "--wait"}
	urls := 0
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		if !strings.HasPrefix(a, "-") || a == "-" {
			if !urlToListed(a, hosts) {
				return false
			}
			urls++
			continue
		}
		name, _, attached := strings.Cut(a, "=")
		if strings.HasPrefix(a, "--") {
			if contains(refused, name) {
				return false
			}
			if contains(valued, name) && !attached {
				i++
			}
			continue
		}
		for j := 1; j < len(a); j++ {
			o := "-" + a[j:j+1]
			if contains(refused, o) {
				return false
			}
			if contains(valued, o) {
				if j == len(a)-1 {
					i++
				}
				break
			}
		}
	}
	return urls > 0
}

// copyOnlyTo reports whether the scp or rsync arguments args copy only
// to remotes on hosts: every operand that names a remote
// ([user@]host:path, scp://, rsync://, host::module) is on a listed host,
// at least one does, and no option can change where ssh connects or what
// it runs (-o, -F, -J, -S, -e, --rsh, a port's forwarding, …): only
// options of no value from a short list are let through.
func copyOnlyTo(prog string, args []shell.Word, hosts []string) bool {
	safe := "rpqvCBTz346aAhHlgoDtuScnP"
	if prog == "scp" {
		safe = "rpqvCBT346"
	}
	remotes := 0
	for _, w := range args {
		a := w.Value
		if strings.HasPrefix(a, "--") {
			switch a {
			case "--archive", "--recursive", "--verbose", "--compress", "--progress", "--partial", "--times", "--checksum",
				"--dry-run", "--human-readable", "--stats", "--update":
				continue
			}
			return false
		}
		if strings.HasPrefix(a, "-") {
			for _, c := range a[1:] {
				if !strings.ContainsRune(safe, c) {
					return false
				}
			}
			continue
		}
		host, remote := remoteHost(a)
		if !remote {
			continue // a local file: the source
		}
		if !listed(host, hosts) {
			return false
		}
		remotes++
	}
	return remotes > 0
}

// remoteHost returns the host of an scp or rsync operand that names a
// remote, and whether it does. A local path holding a colon after a
// slash (./a:b) is local, as scp and rsync read it.
func remoteHost(a string) (string, bool) {
	for _, scheme := range []string{"scp://", "rsync://", "sftp://"} {
		if len(a) >= len(scheme) && strings.EqualFold(a[:len(scheme)], scheme) {
			return userHost(a[len(scheme):])
		}
	}
	colon := strings.IndexByte(a, ':')
	if colon < 0 {
		return "", false
	}
	if slash := strings.IndexByte(a, '/'); slash >= 0 && slash < colon {
		return "", false
	}
	h, _ := userHost(a[:colon])
	return h, true
}

// userHost returns the host of [user@]host[:port][/…]: "" (never a listed
// name) when the user part holds more than a plain name or the host is
// not one authorityHost reads.
func userHost(s string) (string, bool) {
	if at := strings.IndexByte(s, '@'); at >= 0 {
		user := s[:at]
		if user == "" {
			return "", true
		}
		for i := 0; i < len(user); i++ {
			c := user[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
				return "", true
			}
		}
		s = s[at+1:]
	}
	h, _ := authorityHost(s)
	return h, true
}

// urlToListed reports whether u is an http or https URL (or one with no
// scheme, which curl and wget take as http) whose host is a listed name.
func urlToListed(u string, hosts []string) bool {
	rest := u
	if i := strings.Index(u, "://"); i >= 0 {
		switch strings.ToLower(u[:i]) {
		case "http", "https":
		default:
			return false
		}
		rest = u[i+3:]
	}
	h, ok := authorityHost(rest)
	return ok && listed(h, hosts)
}

// authorityHost returns the host of the authority at the start of s (up
// to the first /, ? or #), without its port. It is not ok for an
// authority with a user (user@host: which part is the host is where
// parsers disagree), or with anything but letters, digits, dots, hyphens
// and a numeric port: no percent-escapes, brackets, backslashes, braces
// (curl's globs), spaces or non-ASCII bytes.
func authorityHost(s string) (string, bool) {
	end := len(s)
	for i := 0; i < len(s); i++ {
		if s[i] == '/' || s[i] == '?' || s[i] == '#' {
			end = i
			break
		}
	}
	auth := s[:end]
	host, port, hasPort := strings.Cut(auth, ":")
	if hasPort {
		if port == "" || len(port) > 5 {
			return "", false
		}
		for i := 0; i < len(port); i++ {
			if port[i] < '0' || port[i] > '9' {
				return "", false
			}
		}
	}
	if host == "" {
		return "", false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-') {
			return "", false
		}
	}
	return host, true
}

// listed reports whether host is one of hosts (lower-case, no trailing
// dot, as package policy stores them), compared without case and one
// trailing dot.
func listed(host string, hosts []string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	for _, h := range hosts {
		if host == h {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
