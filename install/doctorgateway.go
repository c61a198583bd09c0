package install

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks/install/internal/argsecrets"
	"github.com/agenthooks/hooks/install/internal/hookrun"
	"github.com/agenthooks/hooks/internal/failline"
	"github.com/agenthooks/hooks/internal/httphook"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// checkHTTPEntry checks one Claude Code HTTP hook of ours: the variables
// its headers use, and the gateway's answer when the binary is a bridge
// that can ask it (doctor itself sends no HTTP request).
func (d *doctor) checkHTTPEntry(h *host, s Scope, p string, ed *editor, f found, event string) {
	n := f.node
	url := str(n.Get("url"))
	if err := httphook.CheckURL(url); err != nil {
		d.add(h.name, s, p, event, Fail, "url: %v", err)
		return
	}
	if what := argsecrets.InURL(url); what != "" {
		d.add(h.name, s, p, event, Warn, "the URL carries what looks like a secret (%s): the settings file keeps it in clear; "+
			"send it in a header from an environment variable (--gateway-token-env)", what)
	}
	allowed := map[string]bool{}
	if a := n.Get("allowedEnvVars"); a != nil && a.Kind == jsonc.Array {
		for _, x := range a.Elems {
			allowed[str(x)] = true
		}
	}
	token := ""
	if hd := n.Get("headers"); hd != nil && hd.Kind == jsonc.Object {
		for _, m := range hd.Members {
			for _, v := range headerVars(str(m.Value)) {
				switch {
				case !httphook.EnvName(v):
					d.add(h.name, s, p, event, Fail, "header %s uses $%s: Claude Code fills only upper-case names and sends it as it is", m.Key, v)
				case !allowed[v]:
					d.add(h.name, s, p, event, Fail, "header %s uses $%s, which is not in allowedEnvVars: Claude Code sends it empty", m.Key, v)
				default:
					if m.Key == "Authorization" {
						token = v
					}
					d.httpVars = appendNew(d.httpVars, v)
					if d.e.getenv(v) == "" {
						d.add(h.name, s, p, event, Warn, "%s is not set here: if Claude Code runs without it, it sends an empty token, a gateway that checks tokens answers 401, and Claude Code lets the action go on", v)
					}
				}
			}
		}
	}
	d.httpURLs = appendNew(d.httpURLs, url)
	limit := DefaultTimeout
	if to := n.Get("timeout"); to != nil {
		if v, err := strconv.Atoi(string(ed.doc.Src[to.Start:to.End])); err == nil && v > 0 {
			limit = h.limitOf(v)
		}
	}
	fi, err := os.Stat(d.o.Binary)
	if err != nil || fi.IsDir() || runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
		d.add(h.name, s, p, event, Info, "Claude Code calls the gateway itself; not checked (doctor sends no HTTP request, and %s cannot be run to send one)", d.o.Binary)
		return
	}
	pl := payload(h, event, d.e.dir)
	if pl == nil {
		d.add(h.name, s, p, event, Info, "no sample payload for this event; not run")
		return
	}
	g := gatewayOpts{url: url, tokenEnv: token}
	if token == "" {
		g.tokenEnv = "HOOKS_DOCTOR_NO_TOKEN"
	}
	d.add(h.name, s, p, event, Info, "not run")
	d.jobs = append(d.jobs, job{finding: len(d.r.Findings) - 1, h: h, event: event,
		command: bridgeCommand(d.o.Binary, h, false, limit, g), payload: pl, dir: d.e.dir,
		limit: min(limit, time.Minute), httpURL: url})
}

// checkGatewayAnswer revises the verdict l, msg of a job that went
// through a gateway bridge: a binary without a bridge, or a gateway that
// gave no answer (the bridge's fail policy decided), is a failure.
func checkGatewayAnswer(j job, r hookrun.Result, l Level, msg string) (Level, string) {
	all := string(r.Stdout) + "\n" + string(r.Stderr)
	switch {
	case strings.Contains(all, failline.NoBridge):
		if j.httpURL != "" {
			return Info, "Claude Code calls the gateway itself; not checked: doctor sends no HTTP request, and this binary has no gateway bridge to send one"
		}
		return Fail, "this binary has no gateway bridge: given --gateway it answers every call with its fail policy and never asks the gateway. Build it with bridgemain.Main (as examples/bridge), or install without --gateway"
	case strings.Contains(all, failline.Prefix) || strings.Contains(all, "fail-closed policy"):
		return Fail, "the gateway gave no decision, its or the bridge's fail policy answered: " + oneLine([]byte(failLine(r)))
	}
	if j.httpURL != "" && l == OK {
		msg = "the gateway (asked through this binary as a bridge): " + msg
	}
	return l, msg
}

// failLine is the fail policy's line of a run's output.
func failLine(r hookrun.Result) string {
	for _, b := range [][]byte{r.Stderr, r.Stdout} {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, failline.Prefix) || strings.Contains(l, "fail-closed policy") {
				return l
			}
		}
	}
	return string(r.Stderr)
}

// httpBlockers reports Claude Code settings that stop our HTTP
// hooks: allowedHttpHookUrls that does not allow their URL (Claude Code
// then skips the hook and the action goes on), httpHookAllowedEnvVars
// without their token variable (sent empty).
func (d *doctor) httpBlockers(h *host) {
	if len(d.httpURLs) == 0 {
		return
	}
	files := []string{h.path(User, d.e), h.path(Project, d.e), h.path(Local, d.e)}
	files = append(files, h.Managed.Paths(d.e.getenv)...)
	for _, p := range files {
		// A file that cannot be read is reported by the adapter's
		// CheckSettings, which reads the same files.
		root, _ := jsonc.Load(p, jsonc.JSON)
		if v := root.Lookup("allowedHttpHookUrls"); v != nil && v.Kind == jsonc.Array {
			for _, u := range d.httpURLs {
				ok := false
				for _, x := range v.Elems {
					ok = ok || x.Kind == jsonc.String && globMatch(x.Str, u)
				}
				if !ok {
					d.add(h.name, "", "", "", Fail, "%s sets allowedHttpHookUrls without a pattern matching %s: Claude Code skips these hooks and lets every action go on", p, u)
				}
			}
		}
		if v := root.Lookup("httpHookAllowedEnvVars"); v != nil && v.Kind == jsonc.Array {
			for _, name := range d.httpVars {
				ok := false
				for _, x := range v.Elems {
					ok = ok || str(x) == name
				}
				if !ok {
					d.add(h.name, "", "", "", Fail, "%s sets httpHookAllowedEnvVars without %s: Claude Code sends the gateway an empty token", p, name)
				}
			}
		}
	}
}

// headerVars returns the names of the $NAME and ${NAME} references in a
// header value, as Claude Code reads them (any letters, so that lower-case
// names are reported).
func headerVars(v string) []string {
	var out []string
	for i := 0; i < len(v); i++ {
		if v[i] != '$' || i+1 == len(v) {
			continue
		}
		j, braces := i+1, v[i+1] == '{'
		if braces {
			j++
		}
		k := j
		for k < len(v) && (v[k] == '_' || v[k] >= 'A' && v[k] <= 'Z' || v[k] >= 'a' && v[k] <= 'z' || v[k] >= '0' && v[k] <= '9' && k > j) {
			k++
		}
		if k == j || braces && (k == len(v) || v[k] != '}') {
			continue
		}
		out = append(out, v[j:k])
		i = k
	}
	return out
}

// globMatch matches s against a pattern whose * stands for any run of
// characters: more lenient than Claude Code's matching, so a URL it does
// not match is one Claude Code refuses.
func globMatch(pattern, s string) bool {
	if pattern == "*" {
		return true
	}
	parts := strings.Split(strings.ToLower(pattern), "*")
	s = strings.ToLower(s)
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for i, part := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(s, part)
		}
		k := strings.Index(s, part)
		if k < 0 {
			return false
		}
		s = s[k+len(part):]
	}
	return s == ""
}

func appendNew(s []string, x string) []string {
	if contains(s, x) {
		return s
	}
	return append(s, x)
}
