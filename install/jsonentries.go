package install

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/argsecrets"
	"github.com/agenthooks/hooks/install/internal/keyorder"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/internal/httphook"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// want is the entry install writes for one registration.
type want struct {
	native     string
	matcher    string
	command    string
	timeout    int // in the host's unit
	name       string
	failClosed bool
	// statusMessage and async are written when set, on hosts that take
	// them (hostfacts.JSONSettings StatusMessage, Async).
	statusMessage string
	async         bool
	// http, when its URL is set, makes the entry a Claude Code HTTP hook
	// (command is then unused).
	http httphook.Entry
}

// found is one of our entries in a file.
type found struct {
	member  int // index of the event's member in "hooks"
	group   int // index in the event's array
	handler int // index in the group's "hooks" array; -1 for Cursor
	node    *jsonc.Node
	st      keyorder.State
}

// editor holds one parsed file of one host.
type editor struct {
	h       *host
	binary  string
	gateway string // HTTP hook entries for this gateway are ours too
	doc     *jsonc.Doc
	style   jsonc.Style
	// statusMessage and async are the entry keys of the options: an
	// entry holding others (a status message the user added) is the
	// user's, left alone.
	statusMessage string
	async         bool
}

// ErrNotJSON is wrapped by the errors about a file that does not parse,
// or that its host could not read; such a file is never written.
var ErrNotJSON = errors.New("not a valid configuration file")

func (h *host) open(src []byte, binary string, g gatewayOpts) (*editor, error) {
	if len(strings.TrimSpace(string(src))) == 0 {
		return nil, fmt.Errorf("%w: the file is empty; delete it, or write {} in it", ErrNotJSON)
	}
	d, err := jsonc.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotJSON, err)
	}
	if !h.JSON.JSONC && !d.Strict {
		return nil, fmt.Errorf("%w: it has comments or trailing commas, which %s does not read (it ignores the whole file); remove them first", ErrNotJSON, h.name)
	}
	if d.Commas {
		return nil, fmt.Errorf("%w: it has a trailing comma, which %s does not read (it ignores the whole file); remove it first", ErrNotJSON, h.name)
	}
	if d.Root.Kind != jsonc.Object {
		return nil, fmt.Errorf("%w: the top-level value is not an object", ErrNotJSON)
	}
	ed := &editor{h: h, binary: binary, doc: d, style: jsonc.StyleOf(d), statusMessage: g.statusMessage, async: g.async}
	if h.httpEntries(g) {
		ed.gateway = g.url
	}
	if !h.JSON.TopLevel && d.Root.Count("hooks") > 1 {
		return nil, fmt.Errorf("%w: \"hooks\" appears twice", ErrNotJSON)
	}
	if hk := ed.hooks(); hk != nil {
		// A repeated name among the hooks: JSON.parse (most hosts) reads
		// the last one, this editor and doctor would read another.
		if w := hk.Repeated(); w != "" {
			if !h.JSON.TopLevel {
				w = `"hooks".` + w
			}
			return nil, fmt.Errorf("%w: %s appears twice, and %s reads only one of them; remove the other first", ErrNotJSON, w, h.name)
		}
		if hk.Kind != jsonc.Object {
			return nil, fmt.Errorf("%w: \"hooks\" is not an object", ErrNotJSON)
		}
		for _, m := range hk.Members {
			if m.Value.Kind != jsonc.Array && ed.isEvent(m.Key) {
				return nil, fmt.Errorf("%w: %s is not an array", ErrNotJSON, h.where(m.Key))
			}
		}
	}
	return ed, nil
}

// where names an event's key in the file: "hooks"."Event", or "Event"
// when the events are the top-level keys.
func (h *host) where(event string) string {
	if h.JSON.TopLevel {
		return jsonc.Quote(event)
	}
	return `"hooks".` + jsonc.Quote(event)
}

// isEvent reports a key of "hooks" that is a hook event (Gemini keeps
// settings such as "enabled" there too).
func (ed *editor) isEvent(key string) bool {
	if ed.h.JSON.JSONC {
		switch key {
		case "enabled", "disabled", "notifications":
			return false
		}
	}
	return true
}

func (ed *editor) apply(e jsonc.Edit) error {
	src := jsonc.Apply(ed.doc.Src, e)
	d, err := jsonc.Parse(src)
	if err != nil {
		return fmt.Errorf("internal error: an edit broke the file: %v", err)
	}
	ed.doc = d
	return nil
}

// hooks returns the object holding the events: "hooks", or the whole
// file when the events are its top-level keys.
func (ed *editor) hooks() *jsonc.Node {
	if ed.h.JSON.TopLevel {
		return ed.doc.Root
	}
	return ed.doc.Root.Get("hooks")
}

// handlerKeys are the keys of a Claude-style handler or of a Cursor entry
// whose order records the state; http selects those of an HTTP hook
// (whose "headers" and "allowedEnvVars" follow them).
func (h *host) handlerKeys(http bool) []string {
	switch {
	case http:
		return []string{"type", "url", "timeout"}
	case h.JSON.CommandKey != "command":
		return []string{"type", h.JSON.CommandKey, h.JSON.TimeoutKey}
	case h.JSON.Flat:
		return []string{"command", "type", "timeout", "failClosed"}
	case h.JSON.JSONC:
		return []string{"type", "name", "command", "timeout"}
	}
	return []string{"type", "command", "timeout"}
}

// versionState reports that the order of an entry's keys records whether
// install added "version": 1 (Cursor's four keys have the orders for
// it; Copilot's three do not, and its file is the binary's own, which
// install creates).
func (h *host) versionState(http bool) bool {
	return h.JSON.Version && !http && len(h.handlerKeys(false)) >= 4
}

// isHTTP reports an HTTP hook entry.
func isHTTP(n *jsonc.Node) bool { return str(n.Get("type")) == "http" }

func (h *host) want(r reg, binary string, failClosed bool, g gatewayOpts) (want, error) {
	if h.WindowsShell == hostfacts.ShellCmd && shellwords.WindowsPath(binary) && strings.Contains(binary, "%") {
		return want{}, fmt.Errorf("the binary's path %s holds %%, which cmd.exe (%s's shell on Windows) expands even in quotes; put the binary in a folder without %%", binary, h.Title)
	}
	name := h.entryName(binary)
	limit := h.limitOf(h.units(r.limit))
	w := want{
		native:     r.native,
		matcher:    r.matcher,
		command:    h.command(binary, r.native, failClosed, limit, g),
		timeout:    h.units(r.limit),
		name:       name,
		failClosed: failClosed,
	}
	if h.JSON.StatusMessage {
		w.statusMessage = g.statusMessage
	}
	if h.JSON.Async {
		w.async = g.async
	}
	if h.httpEntries(g) {
		e, err := httphook.Claude(g.url, g.tokenEnvOrDefault(), limit)
		if err != nil {
			return w, err
		}
		w.http, w.command = e, ""
	}
	return w, nil
}

// binaryName is the entry name install writes for Gemini CLI: the
// binary's file name without .exe.
func binaryName(binary string) string {
	return strings.TrimSuffix(filepath.Base(strings.ReplaceAll(binary, `\`, "/")), ".exe")
}

// element renders the array element for w: a matcher group holding one
// handler, or a Cursor entry; its keys are ordered by st.
func (h *host) element(w want, st keyorder.State) jsonc.Obj {
	values := map[string]any{"type": "command", h.JSON.CommandKey: w.command, h.JSON.TimeoutKey: w.timeout, "name": w.name, "failClosed": w.failClosed}
	http := w.http.URL != ""
	if http {
		values["type"], values["url"] = "http", w.http.URL
	}
	var handler jsonc.Obj
	if h.JSON.Flat && w.matcher != "" {
		handler = append(handler, jsonc.KV{K: "matcher", V: w.matcher})
	}
	for _, k := range keyorder.Permute(h.handlerKeys(http), st.Index(h.versionState(http))) {
		handler = append(handler, jsonc.KV{K: k, V: values[k]})
	}
	if w.statusMessage != "" {
		handler = append(handler, jsonc.KV{K: "statusMessage", V: w.statusMessage})
	}
	if w.async {
		handler = append(handler, jsonc.KV{K: "async", V: true})
	}
	if http && w.http.TokenEnv != "" {
		handler = append(handler,
			jsonc.KV{K: "headers", V: jsonc.Obj{{K: "Authorization", V: w.http.Authorization()}}},
			jsonc.KV{K: "allowedEnvVars", V: []any{w.http.TokenEnv}})
	}
	if h.JSON.Flat {
		return handler
	}
	var group jsonc.Obj
	if w.matcher != "" {
		group = append(group, jsonc.KV{K: "matcher", V: w.matcher})
	}
	return append(group, jsonc.KV{K: "hooks", V: []any{handler}})
}

// stateOf reads the state from the order of n's keys; an entry whose keys
// were reordered or changed reads as "nothing was created" (keyorder.State{}).
func (h *host) stateOf(n *jsonc.Node) keyorder.State {
	keys := h.handlerKeys(isHTTP(n))
	var order []string
	for _, m := range n.Members {
		if slices.Index(keys, m.Key) >= 0 {
			order = append(order, m.Key)
		}
	}
	if st, ok := keyorder.At(keyorder.Rank(keys, order), h.versionState(isHTTP(n))); ok {
		return st
	}
	return keyorder.State{}
}

// ours returns our entries, in document order; with only set, those of
// the named events.
func (ed *editor) ours(only map[string]bool) []found {
	return ed.matching(only, ed.isOurs)
}

// matching returns the entries (handlers, or Cursor's flat entries) for
// which match is true, in document order; with only set, those of the
// named events.
func (ed *editor) matching(only map[string]bool, match func(*jsonc.Node) bool) []found {
	hk := ed.hooks()
	if hk == nil {
		return nil
	}
	var fs []found
	for mi, m := range hk.Members {
		if m.Value.Kind != jsonc.Array || (only != nil && !only[m.Key]) {
			continue
		}
		for gi, g := range m.Value.Elems {
			if g.Kind != jsonc.Object {
				continue
			}
			if ed.h.JSON.Flat {
				if match(g) {
					fs = append(fs, found{member: mi, group: gi, handler: -1, node: g, st: ed.h.stateOf(g)})
				}
				continue
			}
			hs := g.Get("hooks")
			if hs == nil || hs.Kind != jsonc.Array {
				continue
			}
			for hi, x := range hs.Elems {
				if x.Kind == jsonc.Object && match(x) {
					fs = append(fs, found{member: mi, group: gi, handler: hi, node: x, st: ed.h.stateOf(x)})
				}
			}
		}
	}
	return fs
}

// isOurs reports an entry of ours: exactly an entry install writes, a
// command running our binary for this host (ownCommand) or, with a
// gateway, an HTTP hook calling it, with no key install does not write.
// Anything else, even an entry that runs our binary, is the user's.
func (ed *editor) isOurs(n *jsonc.Node) bool {
	if !ed.exactKeys(n) {
		return false
	}
	if ed.gateway != "" && isHTTP(n) {
		return httphook.SameGateway(str(n.Get("url")), ed.gateway)
	}
	c := n.Get(ed.h.JSON.CommandKey)
	return c != nil && c.Kind == jsonc.String && ed.h.ownCommand(c.Str, ed.binary)
}

// customised returns the entries that run our binary for this host but
// are not ones install writes (the user's, left alone): their events
// and commands.
func (ed *editor) customised() (events, commands []string) {
	hk := ed.hooks()
	if hk == nil {
		return nil, nil
	}
	check := func(event string, n *jsonc.Node) {
		c := n.Get(ed.h.JSON.CommandKey)
		if n.Kind == jsonc.Object && c != nil && c.Kind == jsonc.String && !ed.isOurs(n) && callsBinary(c.Str, ed.binary, ed.h) {
			events, commands = append(events, event), append(commands, c.Str)
		}
	}
	for _, m := range hk.Members {
		if m.Value.Kind != jsonc.Array {
			continue
		}
		for _, g := range m.Value.Elems {
			if ed.h.JSON.Flat || g.Kind != jsonc.Object {
				check(m.Key, g)
				continue
			}
			if hs := g.Get("hooks"); hs != nil && hs.Kind == jsonc.Array {
				for _, x := range hs.Elems {
					check(m.Key, x)
				}
			}
		}
	}
	return events, commands
}

// customisedNote is the remark about a customised entry. Anything in the
// command that looks like a secret is shown as <secret>.
func customisedNote(event, command string) string {
	words, _ := shellwords.Split(command)
	if len(words) > 0 {
		_, secrets := argsecrets.All(words[1:])
		command = argsecrets.Redact(command, secrets)
	}
	return fmt.Sprintf("%s: customised entry, left alone: %s runs this binary but is not an entry install writes, so install, uninstall and doctor do not manage it", event, jsonc.Quote(command))
}

// exactKeys reports a handler (or Cursor entry) holding only keys
// install writes, each once and of the type install writes.
func (ed *editor) exactKeys(n *jsonc.Node) bool {
	http := isHTTP(n)
	keys := ed.h.handlerKeys(http)
	if http {
		keys = append(keys, "headers", "allowedEnvVars")
	}
	if ed.h.JSON.Flat {
		keys = append(keys, "matcher")
	}
	if ed.h.JSON.StatusMessage && ed.statusMessage != "" {
		keys = append(keys, "statusMessage")
	}
	if ed.h.JSON.Async && ed.async {
		keys = append(keys, "async")
	}
	for _, m := range n.Members {
		if slices.Index(keys, m.Key) < 0 || n.Count(m.Key) != 1 {
			return false
		}
		v := m.Value
		var ok bool
		switch m.Key {
		case "timeout", ed.h.JSON.TimeoutKey:
			ok = v.Kind == jsonc.Number
		case "failClosed":
			ok = v.Kind == jsonc.True || v.Kind == jsonc.False
		case "async":
			ok = v.Kind == jsonc.True
		case "statusMessage":
			ok = v.Kind == jsonc.String && v.Str == ed.statusMessage
		case "type":
			ok = v.Kind == jsonc.String && (v.Str == "command" || http)
		case "headers":
			ok = v.Kind == jsonc.Object
		case "allowedEnvVars":
			ok = v.Kind == jsonc.Array
		case "name":
			ok = v.Kind == jsonc.String && v.Str == ed.h.entryName(ed.binary)
		default:
			ok = v.Kind == jsonc.String
		}
		if !ok {
			return false
		}
	}
	return true
}

// soleInGroup reports that f's handler is alone in a group that has no
// key but matcher and hooks, so the whole group is ours.
func (ed *editor) soleInGroup(f found) bool {
	if ed.h.JSON.Flat {
		return true
	}
	g := ed.hooks().Members[f.member].Value.Elems[f.group]
	for _, m := range g.Members {
		if m.Key != "matcher" && m.Key != "hooks" {
			return false
		}
	}
	return g.Get("hooks").Len() == 1
}

// same reports that f is already the entry w asks for.
func (ed *editor) same(f found, w want) bool {
	if !ed.soleInGroup(f) {
		return false
	}
	n := f.node
	mnode := n
	if !ed.h.JSON.Flat {
		mnode = ed.hooks().Members[f.member].Value.Elems[f.group]
	}
	if str(mnode.Get("matcher")) != w.matcher {
		return false
	}
	if w.http.URL != "" {
		if !isHTTP(n) || str(n.Get("url")) != w.http.URL || n.Get("command") != nil || !sameAuth(n, w.http) {
			return false
		}
	} else {
		if str(n.Get(ed.h.JSON.CommandKey)) != w.command {
			return false
		}
		if t := n.Get("type"); t != nil && str(t) != "command" {
			return false
		}
	}
	if to := n.Get(ed.h.JSON.TimeoutKey); to == nil || to.Kind != jsonc.Number ||
		string(ed.doc.Src[to.Start:to.End]) != strconv.Itoa(w.timeout) {
		return false
	}
	if ed.h.JSON.JSONC && str(n.Get("name")) != w.name {
		return false
	}
	if str(n.Get("statusMessage")) != w.statusMessage || (n.Get("async") != nil) != w.async {
		return false
	}
	if ed.h.JSON.FailClosed {
		fc := n.Get("failClosed")
		if (fc != nil && fc.Kind == jsonc.True) != w.failClosed {
			return false
		}
	}
	return true
}

// sameAuth reports that an HTTP hook entry's headers and allowedEnvVars
// are exactly those of e.
func sameAuth(n *jsonc.Node, e httphook.Entry) bool {
	hd, env := n.Get("headers"), n.Get("allowedEnvVars")
	if e.TokenEnv == "" {
		return hd == nil && env == nil
	}
	return hd != nil && hd.Kind == jsonc.Object && hd.Len() == 1 && str(hd.Get("Authorization")) == e.Authorization() &&
		env != nil && env.Kind == jsonc.Array && env.Len() == 1 && str(env.Elems[0]) == e.TokenEnv
}

func str(n *jsonc.Node) string {
	if n == nil || n.Kind != jsonc.String {
		return ""
	}
	return n.Str
}
