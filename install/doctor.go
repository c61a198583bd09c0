package install

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/argsecrets"
	"github.com/agenthooks/hooks/install/internal/managedfile"
	"github.com/agenthooks/hooks/install/internal/safefile"
	"github.com/agenthooks/hooks/install/internal/shellwords"
	"github.com/agenthooks/hooks/internal/hookcli"
	"github.com/agenthooks/hooks/internal/jsonc"
)

// DoctorEnv is set to "1" in the environment of the hook processes doctor
// runs, so that a hook can tell a check from a real event (and, say, not
// log it).
const DoctorEnv = "HOOKS_DOCTOR"

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
	if h.Format == hostfacts.FormatScripts {
		return d.checkScripts(h, s)
	}
	if h.Format == hostfacts.FormatPlugins {
		return d.checkPlugin(h, s)
	}
	p := h.path(s, d.e)
	if p == "" {
		return 0
	}
	src, err := safefile.Read(p)
	if err != nil {
		d.add(h.name, s, p, "", Fail, "cannot read: %v", err)
		d.broken[p] = true
		return 0
	}
	if src == nil {
		return 0
	}
	if h.Format == hostfacts.FormatTOML {
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
		if words, _ := shellwords.Split(cmds[i]); len(words) > 0 {
			secrets := d.warnSecret(h, s, p, evs[i], words[1:])
			// A customised entry that is one plain command still runs
			// this hook with these arguments: one it rejects makes it
			// answer every call as fail-closed.
			if plainCommand(words) {
				if _, err := hookcli.Parse(words[1:]); err != nil {
					d.add(h.name, s, p, evs[i], Fail, "the hook rejects its arguments, so it answers every call as fail-closed: %s", argsecrets.Redact(err.Error(), secrets))
				}
			}
		}
	}
	fs := ed.ours(nil)
	if len(fs) == 0 {
		return 0
	}
	if h.JSON.Version {
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
	what, secrets := argsecrets.All(args)
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
	if to := f.node.Get(h.JSON.TimeoutKey); to != nil {
		if n, err := strconv.Atoi(string(ed.doc.Src[to.Start:to.End])); err == nil && n > 0 {
			limit = h.limitOf(n)
		}
	}
	failClosed := false
	if fc := f.node.Get("failClosed"); fc != nil && fc.Kind == jsonc.True {
		failClosed = true
	}
	d.checkCommand(h, s, p, event, str(f.node.Get(h.JSON.CommandKey)), limit, failClosed)
}

// hostBlockers reports host-wide settings that stop the hooks: those of
// Claude Code's HTTP hooks, and what the adapter finds
// (hostfacts.SettingsChecker).
func (d *doctor) hostBlockers(h *host) {
	if h.JSON.HTTP {
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

// managedFacts reports, for doctor, whether h honours a managed scope,
// and whether its managed file is there and holds entries of ours (the
// entries themselves are checked as every scope's are). It returns
// whether the file holds entries of ours.
func (d *doctor) managedFacts(h *host) (ours bool) {
	if d.o.Scope != "" && d.o.Scope != Managed {
		return false
	}
	m := h.Managed
	p := h.path(Managed, d.e)
	if p == "" {
		l := Info
		if d.o.Scope == Managed && d.o.Hosts != nil {
			l = Fail
		}
		d.add(h.name, Managed, "", "", l, "%v", h.noManaged(d.e.goos))
		return false
	}
	state := "absent"
	if src, err := safefile.Read(p); err == nil && src != nil {
		state = "present, with no entry of ours"
		if ed, err := h.open(src, d.o.Binary, d.o.gateway()); err == nil && len(ed.ours(nil)) > 0 {
			state, ours = "present, with entries of ours", true
		}
		if m.OnlyManaged != "" && managedfile.IsTrue(src, m.OnlyManaged) {
			state += fmt.Sprintf("; %q is set: only managed hooks run", m.OnlyManaged)
		}
	}
	msg := fmt.Sprintf("honours a managed scope: the file is %s (%s)", state, m.Evidence)
	if m.Needs != "" {
		msg += "; " + m.Needs
	}
	d.add(h.name, Managed, p, "", Info, "%s", msg)
	return ours
}
