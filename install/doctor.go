package install

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// Level grades a finding.
type Level int

// The levels, from harmless to blocking.
const (
	Info Level = iota
	OK
	Warn
	Fail
)

// String returns "info", "ok", "warn" or "FAIL".
func (l Level) String() string {
	return [...]string{"info", "ok", "warn", "FAIL"}[l]
}

// Finding is one line of a doctor report.
type Finding struct {
	Host  hooks.Host
	Scope Scope // "" for the host as a whole
	Path  string
	// Event is the native event the finding is about, if any.
	Event string
	Level Level
	Msg   string
}

// Report is the outcome of Doctor.
type Report struct {
	Findings []Finding
	// Entries counts the entries of ours found.
	Entries int
}

// Healthy reports that entries of ours were found and nothing fails.
func (r *Report) Healthy() bool {
	if r.Entries == 0 {
		return false
	}
	for _, f := range r.Findings {
		if f.Level == Fail {
			return false
		}
	}
	return true
}

// Write prints the report, one finding per line (multi-line advice
// indented), and a verdict.
func (r *Report) Write(w io.Writer) {
	last := ""
	for _, f := range r.Findings {
		head := string(f.Host)
		if f.Scope != "" {
			head += " " + string(f.Scope) + " " + f.Path
		}
		if head != last {
			fmt.Fprintln(w, head)
			last = head
		}
		msg := f.Msg
		if f.Event != "" {
			msg = f.Event + ": " + msg
		}
		fmt.Fprintf(w, "  %-4s %s\n", f.Level, strings.ReplaceAll(msg, "\n", "\n       "))
	}
	switch {
	case r.Entries == 0:
		fmt.Fprintln(w, "unhealthy: no hook entries of this binary were found; run install")
	case r.Healthy():
		fmt.Fprintf(w, "healthy: %d entries checked\n", r.Entries)
	default:
		fmt.Fprintln(w, "unhealthy: see FAIL above")
	}
}

type doctor struct {
	ctx  context.Context
	o    Options
	e    env
	r    *Report
	jobs []job
	// entries are the entries of ours found in the host's files.
	entries []hostfacts.HookEntry
	// httpURLs and httpVars are the URLs and header variables of the
	// Claude Code HTTP hooks of ours found.
	httpURLs, httpVars []string
	// broken are the hook files already reported as unreadable, which
	// the adapter's settings checks would report again.
	broken map[string]bool
	// absent: the host being checked is not on this machine, and was not
	// named; what its adapter says would stop it is information.
	absent bool
	// lowered counts the findings made information for that reason.
	lowered int
}

func (d *doctor) add(h hooks.Host, s Scope, path, event string, l Level, format string, args ...any) {
	d.r.Findings = append(d.r.Findings, Finding{Host: h, Scope: s, Path: path, Event: event, Level: l, Msg: fmt.Sprintf(format, args...)})
}

// Doctor checks, for each host of o.Hosts and each scope (o.Scope, or all
// when it is ""), that the entries of o.Binary are there and point at an
// executable, runs the binary on a synthetic payload of each registered
// event and checks the answer is one the host accepts (schema-valid on
// Codex), and reports what would stop the host from running the hooks.
func Doctor(ctx context.Context, o Options) (*Report, error) {
	hs, e, err := o.prepare()
	if err != nil {
		return nil, err
	}
	d := &doctor{ctx: ctx, o: o, e: e, r: &Report{}, broken: map[string]bool{}}
	scopes := Scopes()
	if o.Scope != "" {
		scopes = []Scope{o.Scope}
	}
	for _, h := range hs {
		n := 0
		d.entries = nil
		p := presence(h, cmp.Or(e.configRoots[h.name], h.ConfigDir(e.home, e.getenv)), e.getenv("PATH"))
		d.absent, d.lowered = !p.Present && o.Hosts == nil, 0
		for _, s := range scopes {
			n += d.checkFile(h, s)
		}
		// Every scope: the managed file too, when it holds entries of ours
		// (one that cannot be read is the adapter's to report).
		if ours := d.managedFacts(h); ours && o.Scope == "" {
			n += d.checkFile(h, Managed)
		}
		if n == 0 {
			l := Info
			if o.Hosts != nil {
				l = Fail
			}
			d.add(h.name, "", "", "", l, "not installed (%s)", scopeList(scopes))
			continue
		}
		d.r.Entries += n
		from := len(d.r.Findings)
		d.hostBlockers(h)
		if d.absent {
			d.absentHost(p, from)
		}
	}
	d.runJobs()
	return d.r, nil
}

// absentHost (for a host not named in Options.Hosts) makes the findings from index from on, what would stop a
// host this machine does not have from running the hooks (folder trust,
// say), information rather than failures, and says why.
func (d *doctor) absentHost(p Presence, from int) {
	n := d.lowered
	for i := from; i < len(d.r.Findings); i++ {
		if f := &d.r.Findings[i]; f.Level > Info {
			f.Level, n = Info, n+1
			f.Msg = "(not on this machine) " + f.Msg
		}
	}
	if n > 0 {
		d.add(p.Host, "", "", "", Info, "this machine has no %s (%s): what it would need before it runs the hooks is information here", p.Title, p.Why)
	}
}

func scopeList(ss []Scope) string {
	var s []string
	for _, x := range ss {
		s = append(s, string(x))
	}
	return "scopes checked: " + strings.Join(s, ", ")
}

// checkFile checks one file and returns how many entries of ours it has.
func (d *doctor) checkFile(h *host, s Scope) int {
	d.checkCommands(h, s)
	if h.Scripts {
		return d.checkScripts(h, s)
	}
	if h.PluginModule != "" {
		return d.checkPlugin(h, s)
	}
	p := h.path(s, d.e)
	if p == "" {
		return 0
	}
	src, err := readFile(p)
	if err != nil {
		d.add(h.name, s, p, "", Fail, "cannot read: %v", err)
		d.broken[p] = true
		return 0
	}
	if src == nil {
		return 0
	}
	if h.TOML {
		return d.checkTOMLFile(h, s, p, src)
	}
	ed, err := h.open(src, d.o.Binary, d.o.gateway())
	if err != nil {
		d.add(h.name, s, p, "", Fail, "%v", err)
		d.broken[p] = true
		return 0
	}
	for _, b := range ed.orphans() {
		l := Warn
		if h.ErrorBlocks {
			l = Fail
		}
		d.add(h.name, s, p, "", l, "%s", orphanNote(h, b))
	}
	for _, n := range doublesNote(ed.doubles(nil), false) {
		d.add(h.name, s, p, "", Warn, "%s", strings.TrimPrefix(n, "warning: "))
	}
	evs, cmds := ed.customised()
	for i := range evs {
		d.add(h.name, s, p, "", Warn, "%s", customisedNote(evs[i], cmds[i]))
		if words, _ := splitCommand(cmds[i]); len(words) > 0 {
			secrets := d.warnSecret(h, s, p, evs[i], words[1:])
			// A customised entry that is one plain command still runs
			// this hook with these arguments: one it rejects makes it
			// answer every call as fail-closed.
			if plainCommand(words) {
				if _, err := hookcli.Parse(words[1:]); err != nil {
					d.add(h.name, s, p, evs[i], Fail, "the hook rejects its arguments, so it answers every call as fail-closed: %s", redact(err.Error(), secrets))
				}
			}
		}
	}
	fs := ed.ours(nil)
	if len(fs) == 0 {
		return 0
	}
	if h.Version {
		switch v := ed.doc.Root.Get("version"); {
		case v == nil:
			d.add(h.name, s, p, "", Fail, "no \"version\": 1: %s ignores the file; run install again to add it", h.Title)
		case string(ed.doc.Src[v.Start:v.End]) != "1":
			d.add(h.name, s, p, "", Fail, "\"version\" is %s; %s expects 1", ed.doc.Src[v.Start:v.End], h.Title)
		}
	}
	var events []string
	for _, f := range fs {
		events = append(events, ed.hooks().Members[f.member].Key)
	}
	d.add(h.name, s, p, "", OK, "%d entries: %s", len(fs), strings.Join(events, ", "))
	d.portableNote(h, s, p, fs)
	var entries []hostfacts.HookEntry
	for _, f := range fs {
		event := ed.hooks().Members[f.member].Key
		d.checkEntry(h, s, p, ed, f, event)
		entries = append(entries, hookEntry(ed, f, p, s))
	}
	d.entries = append(d.entries, entries...)
	if sc, ok := h.adapter.(hostfacts.SettingsChecker); ok {
		d.diagnoses(h, sc.CheckEntries(d.settingsCheck(h, entries)))
	}
	return len(fs)
}

// knownEvent reports a native event the host delivers.
func knownEvent(h *host, native string) (hooks.EventName, bool) {
	for _, c := range h.adapter.Capabilities() {
		if c.Native == native {
			return c.Event, true
		}
	}
	return "", false
}

// plainCommand reports whether the words of a command line are one simple
// command: no shell operator, redirection or substitution, whose
// arguments would then be the shell's and not the hook's.
func plainCommand(words []string) bool {
	for _, w := range words {
		if strings.ContainsAny(w, ";&|<>()`$") {
			return false
		}
	}
	return true
}

// warnSecret warns when a hook's arguments carry what looks like a
// secret, without showing it, and returns the secrets found so that other
// messages can leave them out.
func (d *doctor) warnSecret(h *host, s Scope, p, event string, args []string) []string {
	what, secrets := secretsIn(args)
	if what != "" {
		d.add(h.name, s, p, event, Warn, "the command line carries what looks like a secret (%s): the settings file keeps it in clear, and "+
			"Claude Code shows a blocking Stop or SubagentStop hook's whole command line to the model (2.1.259 and later); "+
			"have the hook read it from the environment instead", what)
	}
	return secrets
}

// checkEntry checks one entry's command and runs it.
func (d *doctor) checkEntry(h *host, s Scope, p string, ed *editor, f found, event string) {
	if _, ok := knownEvent(h, event); !ok {
		d.add(h.name, s, p, event, Warn, "%s has no such event; the entry never runs", h.name)
		return
	}
	if isHTTP(f.node) {
		d.checkHTTPEntry(h, s, p, ed, f, event)
		return
	}
	limit := DefaultTimeout
	if to := f.node.Get(h.TimeoutKey); to != nil {
		if n, err := strconv.Atoi(string(ed.doc.Src[to.Start:to.End])); err == nil && n > 0 {
			limit = h.limitOf(n)
		}
	}
	failClosed := false
	if fc := f.node.Get("failClosed"); fc != nil && fc.Kind == jsonc.True {
		failClosed = true
	}
	d.checkCommand(h, s, p, event, str(f.node.Get(h.CommandKey)), limit, failClosed)
}

// checkCommand checks an entry's command line, whose time limit in the
// file is limit, and queues its run.
func (d *doctor) checkCommand(h *host, s Scope, p, event, command string, limit time.Duration, failClosed bool) {
	words, _ := splitCommand(command)
	secrets := d.warnSecret(h, s, p, event, words[1:])
	bin, how := words[0], words[0]
	if hd, ok := h.headOf(command); ok {
		how = hd.describe()
		var err error
		if bin, err = hd.resolve(d.e); err != nil {
			d.add(h.name, s, p, event, Fail, "the command's binary %s is not found (%v)%s", how, err, missingEffect(h))
			return
		}
	}
	if fi, err := os.Stat(bin); err != nil {
		d.add(h.name, s, p, event, Fail, "the command's binary %s is missing (%v)%s", how, err, missingEffect(h))
		return
	} else if fi.IsDir() || runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0 {
		d.add(h.name, s, p, event, Fail, "the command's binary %s is not an executable file%s", how, missingEffect(h))
		return
	}
	args, argErr := hookcli.Parse(words[1:])
	viaGateway := args.GatewaySet
	switch {
	case argErr != nil:
		d.add(h.name, s, p, event, Fail, "the hook rejects its arguments, so it answers every call as fail-closed: %s", redact(argErr.Error(), secrets))
	case viaGateway && args.Gateway == "":
		d.add(h.name, s, p, event, Fail, "--gateway has no URL: a bridge answers every call with its fail policy")
	case args.Timeout > limit:
		d.add(h.name, s, p, event, Warn, "--timeout %s is longer than the host's limit %s: the host may kill the hook before it answers", args.Timeout, limit)
	}
	if argErr == nil && args.Observe {
		d.add(h.name, s, p, event, Warn, "the hook is observing (--observe): it runs its policy and logs it, but answers no opinion, so none of its denies takes effect")
	}
	if argErr == nil && args.LogSet {
		d.add(h.name, s, p, event, Info, "decisions are logged to %s", orDefaultLog(args.Log))
	}
	pl := payload(h, event, d.e.dir)
	if pl == nil {
		d.add(h.name, s, p, event, Info, "no sample payload for this event; not run")
		return
	}
	dir := d.e.dir
	if h.UserInDir && s == User {
		dir = filepath.Join(d.e.home, filepath.FromSlash(h.Dir))
	}
	d.add(h.name, s, p, event, Info, "not run")
	d.jobs = append(d.jobs, job{finding: len(d.r.Findings) - 1, h: h, event: event, command: h.forDoctor(command, d.e.dir),
		payload: pl, dir: dir, limit: min(limit, time.Minute), failClosed: failClosed, gateway: viaGateway})
}

// job is one run of the hook, whose verdict fills a finding.
type job struct {
	finding             int
	h                   *host
	event, command, dir string
	payload             []byte
	limit               time.Duration
	failClosed          bool
	// gateway: the command forwards to a gateway (--gateway); httpURL: the
	// job stands for a Claude Code HTTP hook to that URL, run through the
	// binary as a bridge.
	gateway bool
	httpURL string
}

// runJobs runs the hooks, a few at a time, once per command and event,
// and fills in their findings.
func (d *doctor) runJobs() {
	type key struct{ command, event, dir string }
	results := map[key]*runResult{}
	var order []key
	byKey := map[key]job{}
	for _, j := range d.jobs {
		k := key{j.command, j.event, j.dir}
		if _, ok := results[k]; !ok {
			results[k] = new(runResult)
			order = append(order, k)
			byKey[k] = j
		}
	}
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for _, k := range order {
		j := byKey[k]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			*results[k] = runHook(d.ctx, j.command, j.payload, j.dir, hostEnv(j.h, d.e), j.limit)
			<-sem
		}()
	}
	wg.Wait()
	for _, j := range d.jobs {
		r := *results[key{j.command, j.event, j.dir}]
		l, msg := checkAnswer(j.h, j.event, r, j.failClosed)
		if j.gateway || j.httpURL != "" {
			l, msg = checkGatewayAnswer(j, r, l, msg)
		}
		d.r.Findings[j.finding].Level, d.r.Findings[j.finding].Msg = l, msg
	}
}

// missingEffect says what the host does when the hook cannot run.
func missingEffect(h *host) string {
	if h.ErrorBlocks && h.PluginModule != "" {
		return ": " + h.Title + "'s plugin cannot start it, and blocks every call"
	}
	if h.ErrorBlocks {
		return ": " + h.Title + " blocks every matching call (the shell exits 127)"
	}
	return ""
}

// hostEnv is the environment the host gives its hooks, in part: what its
// adapter states (hostfacts.HookEnver).
func hostEnv(h *host, e env) []string {
	if he, ok := h.adapter.(hostfacts.HookEnver); ok {
		return he.HookEnv(e.dir, filepath.Dir(h.path(User, e)), doctorSession)
	}
	return nil
}

// hostBlockers reports host-wide settings that stop the hooks: those of
// Claude Code's HTTP hooks, and what the adapter finds
// (hostfacts.SettingsChecker).
func (d *doctor) hostBlockers(h *host) {
	if h.HTTP {
		d.httpBlockers(h)
	}
	if sc, ok := h.adapter.(hostfacts.SettingsChecker); ok {
		d.diagnoses(h, sc.CheckSettings(d.settingsCheck(h, d.entries)))
	}
}

// settingsCheck is what an adapter's hostfacts.SettingsChecker is told.
func (d *doctor) settingsCheck(h *host, entries []hostfacts.HookEntry) hostfacts.SettingsCheck {
	return hostfacts.SettingsCheck{Dir: d.e.dir, Home: d.e.home, Getenv: d.e.getenv, Binary: d.o.Binary,
		UserFile: h.path(User, d.e), Entries: entries}
}

// diagnoses adds an adapter's diagnoses to the report, each under the
// scope of its file, but those about a file already reported as broken
// (hostfacts.CannotRead).
func (d *doctor) diagnoses(h *host, ds []hostfacts.Diagnosis) {
	for _, x := range ds {
		if d.broken[x.File] {
			continue
		}
		var s Scope
		if x.File != "" {
			for _, sc := range append(Scopes(), Managed) {
				if h.path(sc, d.e) == x.File {
					s = sc
				}
			}
		}
		l, msg := levelOf(x.Verdict), x.Msg
		if d.absent && l > Info {
			l, msg, d.lowered = Info, "(not on this machine) "+msg, d.lowered+1
		}
		d.add(h.name, s, x.File, x.Event, l, "%s", msg)
	}
}

// hookEntry describes f, an entry of ours in the file at path of scope s,
// for the adapter.
func hookEntry(ed *editor, f found, path string, s Scope) hostfacts.HookEntry {
	m := ed.hooks().Members[f.member]
	e := hostfacts.HookEntry{File: path, Project: s != User, Managed: s == Managed, Event: m.Key, Group: f.group, Index: f.handler,
		Entry: json.RawMessage(ed.doc.Src[f.node.Start:f.node.End])}
	if g := m.Value.Elems[f.group]; g != f.node {
		if mt := g.Get("matcher"); mt != nil {
			e.Matcher = json.RawMessage(ed.doc.Src[mt.Start:mt.End])
		}
	}
	return e
}

// orDefaultLog names the log of --log PATH, or of --log alone.
func orDefaultLog(path string) string {
	if path == "" {
		return "the default file in the user's state directory"
	}
	return path
}

// checkTOMLFile checks a TOML hook file ([hostfacts.HookFile.TOML]) and
// returns how many entries of ours it has: each one's event and command,
// run as the host would run it.
func (d *doctor) checkTOMLFile(h *host, s Scope, p string, src []byte) int {
	entries, err := scanTOML(src)
	if err != nil {
		d.add(h.name, s, p, "", Fail, "%v", err)
		d.broken[p] = true
		return 0
	}
	mine := h.tomlOurs(entries, d.o.Binary, nil)
	if len(mine) == 0 {
		return 0
	}
	var events []string
	for _, i := range mine {
		events = append(events, entries[i].values["event"])
	}
	d.add(h.name, s, p, "", OK, "%d entries: %s", len(mine), strings.Join(events, ", "))
	var found []hostfacts.HookEntry
	for _, i := range mine {
		e := entries[i]
		event := e.values["event"]
		found = append(found, hostfacts.HookEntry{File: p, Project: s != User, Event: event, Group: i, Index: -1})
		if _, ok := knownEvent(h, event); !ok {
			d.add(h.name, s, p, event, Warn, "%s has no such event; the entry never runs", h.name)
			continue
		}
		limit := h.limitOf(int(h.adapter.Timeout() / h.TimeoutUnit))
		if n, err := strconv.Atoi(e.values["timeout"]); err == nil && n > 0 {
			limit = h.limitOf(n)
		}
		d.checkCommand(h, s, p, event, e.values["command"], limit, false)
	}
	d.entries = append(d.entries, found...)
	if sc, ok := h.adapter.(hostfacts.SettingsChecker); ok {
		d.diagnoses(h, sc.CheckEntries(d.settingsCheck(h, found)))
	}
	return len(mine)
}
