package install

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/install/internal/cliflags"
	"github.com/agenthooks/hooks/install/internal/projectroot"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// Main runs "install", "uninstall" or "doctor" (args[0]) with the flags
// that follow, writing to stdout and stderr, for the hook binary at self
// (its absolute path). It returns the exit code: 0 on success (doctor:
// healthy), 1 on failure (doctor: unhealthy), 2 on a usage error.
func Main(args []string, stdout, stderr io.Writer, self string) int {
	if len(args) == 0 {
		usage(stderr, self)
		return 2
	}
	cmd, args := args[0], args[1:]
	switch cmd {
	case "install", "uninstall", "doctor":
	case "help", "-h", "--help", "-help":
		usage(stdout, self)
		return 0
	default:
		fmt.Fprintf(stderr, "unknown command %q%s\n", cmd, cliflags.DidYouMean(cmd, []string{"install", "uninstall", "doctor", "help"}))
		usage(stderr, self)
		return 2
	}
	o, err := parseFlags(cmd, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout, self)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		usage(stderr, self)
		return 2
	}
	o.Binary = self
	if o.Dir == "" && o.Scope != Plugin && o.Scope != Managed {
		o.Dir = projectroot.Note(stderr)
	}
	if cmd == "install" && o.Hosts == nil && !cliflags.HostsGiven(args) {
		if code := o.detectHosts(stderr); code != 0 {
			return code
		}
	}
	if cmd == "install" && len(o.Hosts) != 1 {
		o.leaveOut(stderr)
	}
	if cmd == "doctor" {
		r, err := Doctor(context.Background(), o)
		if err != nil {
			fmt.Fprintln(stderr, "doctor:", err)
			return exitCode(err)
		}
		r.Write(stdout)
		if !r.Healthy() {
			return 1
		}
		return 0
	}
	if isTemporary(self) && !o.DryRun && cmd == "install" && !o.portable() {
		fmt.Fprintf(stderr, "install: %s looks like a temporary build (go run or go test); hosts would run a file that is soon deleted. Build the binary (go build or go install) and run install from it.\n", self)
		return 1
	}
	var changes []Change
	switch {
	case cmd == "install":
		changes, err = Install(o)
	case o.orphans:
		changes, err = UninstallOrphans(o)
		if err == nil && len(changes) == 0 {
			fmt.Fprintln(stdout, "no entries of a binary that no longer exists")
		}
	default:
		changes, err = Uninstall(o)
	}
	ce := (*CommitError)(nil)
	report(stdout, changes, o.DryRun, err == nil, errors.As(err, &ce))
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
		// A CommitError says itself what was written and undone.
		if ce == nil {
			fmt.Fprintln(stderr, "nothing was written")
		}
		return exitCode(err)
	}
	return 0
}

// exitCode is 2 for an error in the options, 1 for any other.
func exitCode(err error) int {
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

func usage(w io.Writer, self string) {
	fmt.Fprintf(w, `usage: %[1]s install|uninstall|doctor [flags]

  install    register this binary as a hook of each host
  uninstall  remove exactly what install added
  doctor     check the registration, run the hook on sample events, report blockers

flags:
  --hosts LIST        %[3]s, or all (install: default the hosts
                      on this machine, their ~/.claude-like directory or
                      program on PATH; uninstall and doctor: default all)
  --config-root DIR   a host's configuration directory when it is not the
                      standard one (HOST=DIR, or DIR with one --hosts)
  --scope SCOPE       project, local (Claude only), user, managed (the
                      host's system file for every user of the machine:
                      Claude Code's managed settings, Gemini CLI's system
                      settings, Codex's /etc/codex; a host with none is
                      refused by name), or plugin (Claude only: --dir is
                      the plugin's directory, the file its
                      hooks/hooks.json) (default: project; doctor: project,
                      local and user, and managed where the host has it)
  --managed-hooks-only
                      with --scope managed: also set the host's switch that
                      runs managed hooks only (Claude Code's
                      allowManagedHooksOnly); give uninstall the same
  --dir DIR           project directory (default: the git repository's root,
                      else the working directory)
  --binary-in-project PATH
                      commands that work on every clone: they run the
                      binary at PATH inside the project (bin/guard), through
                      the project directory each host gives its hooks
  --binary-on-path NAME
                      commands that run the program NAME found on PATH
  --events LIST       unified events: %[2]s
                      (default: those this program has handlers for; all
                      the host delivers, except Gemini's PreCompress, when
                      it has an Any handler)
  --matcher REGEX     tool-name matcher for tool events (default: every tool)
  --timeout DURATION  the hook's time limit, e.g. 10s or 10 (default 30s)
  --fail-closed       block when the hook cannot decide (Cursor also blocks when it crashes)
  --layout NAME       how a host with several layouts registers its hooks
                      (%[4]s); --cursor-layer is an older name
  --replace           install: take over the entries of other hooks built
                      on this module (another binary, path or name) on the
                      files it writes, so that each event runs one hook;
                      without it install and doctor warn about them
  --observe           observe mode: the hook runs and logs its policy but
                      answers every host with no opinion (roll-out)
  --log [PATH]        the hook appends one JSON line per event to PATH
                      (default: a file in the user's state directory;
                      read it with: report [--log PATH])
  --status-message TEXT
                      the text Claude Code shows while the hook runs (its
                      spinner); other hosts get a note. Give uninstall and
                      doctor the same: an entry with another is the user's
  --async             Claude Code runs the hook in the background, without
                      waiting; only for events whose answer it ignores
                      anyway (others are refused, by name). Give uninstall
                      and doctor the same
  -- ARGS             install: append ARGS to every entry's command, after
                      "--" (the program's own arguments: hookmain.ExtraArgs)
  --dry-run           print a unified diff per file and write nothing
  --force             replace a read-only file (install, uninstall)
  --orphans           uninstall: remove instead the entries of hook binaries
                      that no longer exist (moved or deleted without uninstall)
  --gateway URL       ask the policy gateway at URL instead of local handlers:
                      Claude Code calls it (HTTP hooks); the other hosts run
                      this binary with --gateway, so it must be a gateway
                      bridge (bridgemain.Main). uninstall and doctor need it
                      too to find the HTTP hooks
  --gateway-token-env NAME
                      variable holding the gateway's bearer token
                      (default HOOKS_GATEWAY_TOKEN)
                      --gateway URL,URL…: several gateways, tried in turn
  --gateway-ca FILE   the gateway's private CA (PEM), for the bridge
  --gateway-cert FILE --gateway-key FILE
                      a client certificate for a gateway that asks for one;
                      with these or several URLs Claude Code runs the bridge
                      too (its HTTP hooks do neither)
`, self, eventList(), hostList(), layoutList())
}

// hostList lists the hosts, comma-separated.
func hostList() string {
	var s []string
	for _, h := range Hosts() {
		s = append(s, string(h))
	}
	return strings.Join(s, ",")
}

// layoutList lists the layouts of each host that has several, the
// default first: "cursor: specific (default) or tool-use".
func layoutList() string {
	var s []string
	for _, a := range builtin.Adapters() {
		if lt, ok := a.(hostfacts.Layouter); ok {
			ls := lt.Layouts()
			if len(ls) > 0 {
				ls[0].Name += " (default)"
			}
			s = append(s, string(a.Host())+": "+layoutNames(ls))
		}
	}
	return strings.Join(s, "; ")
}

func parseFlags(cmd string, args []string, stderr io.Writer) (Options, error) {
	var o Options
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	// Main prints the errors, in the usage's --flag style, and the usage.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var hostList, eventList, scope string
	fs.StringVar(&hostList, "hosts", "", "comma-separated hosts")
	fs.StringVar(&scope, "scope", "", "project, local or user")
	fs.StringVar(&o.Dir, "dir", "", "project directory")
	var roots cliflags.List
	fs.Var(&roots, "config-root", "a host's configuration directory (HOST=DIR)")
	fs.StringVar(&o.Gateway, "gateway", "", "policy gateway URL")
	fs.StringVar(&o.GatewayTokenEnv, "gateway-token-env", "", "variable holding the gateway's token")
	fs.StringVar(&o.GatewayCA, "gateway-ca", "", "the gateway's certificate authorities (PEM), for the bridge")
	fs.StringVar(&o.GatewayCert, "gateway-cert", "", "the bridge's client certificate (PEM)")
	fs.StringVar(&o.GatewayKey, "gateway-key", "", "the key of --gateway-cert (PEM)")
	fs.StringVar(&o.ProjectBinary, "binary-in-project", "", "the binary's path inside the project")
	fs.StringVar(&o.PathBinary, "binary-on-path", "", "the binary's name on PATH")
	if cmd != "doctor" {
		fs.StringVar(&eventList, "events", "", "comma-separated unified events")
		fs.StringVar(&o.Matcher, "matcher", "", "tool-name matcher")
		fs.BoolVar(&o.FailClosed, "fail-closed", false, "block when the hook cannot decide")
		fs.Var((*timeoutFlag)(&o.Timeout), "timeout", "time limit (duration or seconds)")
		fs.BoolVar(&o.DryRun, "dry-run", false, "print diffs, write nothing")
		fs.BoolVar(&o.Force, "force", false, "replace a read-only file")
		fs.StringVar(&o.Layout, "layout", "", "registration layout of hosts that offer several")
		if cmd == "uninstall" {
			fs.BoolVar(&o.orphans, "orphans", false, "remove the entries of binaries that no longer exist")
		}
		// The older spelling, from when Cursor was the one host with layouts.
		fs.StringVar(&o.Layout, "cursor-layer", "", "the same as --layout")
		fs.BoolVar(&o.Observe, "observe", false, "observe mode: log decisions, answer no opinion")
		if cmd == "install" {
			fs.BoolVar(&o.Replace, "replace", false, "take over the entries of other hooks built on this module")
		}
		fs.StringVar(&o.Log, "log", "", "decision log file")
		fs.BoolVar(&o.ManagedOnly, "managed-hooks-only", false, "with --scope managed: the host runs managed hooks only")
	}
	// Uninstall and doctor take them too: an entry with a status message
	// or async is ours only when they say so (otherwise the user added
	// it, and it is left alone).
	fs.StringVar(&o.StatusMessage, "status-message", "", "text shown while the hook runs (Claude Code)")
	fs.BoolVar(&o.Async, "async", false, "run in the background, for events whose answer is ignored (Claude Code)")
	if i := slices.Index(args, "--"); i >= 0 && cmd != "doctor" {
		args, o.Args = args[:i], slices.Clone(args[i+1:])
		if len(o.Args) == 0 {
			return o, errors.New("-- with no arguments after it")
		}
	}
	logAlone := false
	if cmd != "doctor" {
		args, logAlone = logWithoutPath(args)
	}
	if err := cliflags.NeedValues(fs, args); err != nil {
		return o, err
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, cliflags.WithHint(doubleDash(err), fs)
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if cliflags.HostsGiven(args) && len(split(hostList)) == 0 {
		return o, errors.New("--hosts is empty (name hosts, or all)")
	}
	if hostList != "all" {
		for _, h := range split(hostList) {
			o.Hosts = append(o.Hosts, hooks.Host(h))
		}
	}
	var err error
	if o.ConfigRoots, err = parseConfigRoots(roots, o.Hosts); err != nil {
		return o, err
	}
	for _, e := range split(eventList) {
		o.Events = append(o.Events, hooks.EventName(e))
	}
	o.DefaultLog = logAlone
	if o.Gateway != "" && (o.Observe || o.Log != "" || o.DefaultLog) {
		return o, errors.New("--observe and --log are the gateway's to apply: set them on the gateway, not with --gateway")
	}
	if o.Log != "" {
		abs, err := filepath.Abs(o.Log)
		if err != nil {
			return o, fmt.Errorf("--log: %w", err)
		}
		o.Log = abs
	}
	o.Scope = Scope(scope)
	if o.Scope == "" && cmd != "doctor" {
		o.Scope = Project
	}
	return o, nil
}

// doubleDash rewrites the flag package's "-name" in err as "--name",
// the style of the usage text.
func doubleDash(err error) error {
	msg := err.Error()
	for _, p := range []string{"not defined: -", "needs an argument: -", " for flag -", " for -"} {
		if i := strings.Index(msg, p); i >= 0 {
			j := i + len(p) - 1
			if !strings.HasPrefix(msg[j:], "--") {
				msg = msg[:j] + "-" + msg[j:]
			}
			break
		}
	}
	msg = strings.Replace(msg, " for flag --", " for --", 1)
	return errors.New(msg)
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// timeoutFlag reads a Go duration or a number of seconds.
type timeoutFlag time.Duration

// String implements flag.Value.
func (t *timeoutFlag) String() string { return time.Duration(*t).String() }

// Set implements flag.Value.
func (t *timeoutFlag) Set(s string) error {
	d, err := hookcli.ParseDuration(s)
	if err != nil {
		return err
	}
	*t = timeoutFlag(d)
	return nil
}

// isTemporary reports a binary built by go run or go test.
func isTemporary(p string) bool {
	p = strings.ReplaceAll(p, `\`, "/")
	return strings.Contains(p, "/go-build") || strings.HasSuffix(p, ".test") || strings.HasSuffix(p, ".test.exe")
}

// report prints what install or uninstall did (written), or would do;
// undone: the writes failed and were undone.
func report(w io.Writer, changes []Change, dry, written, undone bool) {
	for i := range changes {
		c := &changes[i]
		if dry {
			if d := c.Diff(); d != "" {
				fmt.Fprint(w, d)
			}
		}
		var parts []string
		add := func(label string, evs []string) {
			if len(evs) > 0 {
				parts = append(parts, label+" "+strings.Join(evs, ", "))
			}
		}
		add("added", c.Added)
		add("updated", c.Updated)
		add("removed", c.Removed)
		add("unchanged", c.Unchanged)
		if len(parts) == 0 {
			parts = append(parts, "no entries of ours")
		}
		state := ""
		switch {
		case !c.Changed():
			state = " (no change)"
		case undone:
			state = " (not changed: a write failed, see below)"
		case dry || !written:
			state = " (not written)"
		case c.Before == nil:
			state = " (created)"
		case c.Deleted:
			state = " (file removed: install had created it)"
		case c.Backup != "":
			state = " (previous content kept in " + c.Backup + ")"
		}
		fmt.Fprintf(w, "%s %s %s: %s%s\n", c.Host, c.Scope, c.Path, strings.Join(parts, "; "), state)
		for _, n := range c.Notes {
			fmt.Fprintln(w, "  note: "+n)
		}
	}
	if dry && len(changes) > 0 && written {
		fmt.Fprintln(w, "dry run: nothing written")
	}
}

// logWithoutPath reads --log as the hook's own command line does (one
// grammar for both, issue 42): its value is optional, so that --log
// followed by nothing or by another flag is the default log. It returns
// args with such a --log taken out, and whether there was one. Words
// after "--" are the program's own and are left alone.
func logWithoutPath(args []string) ([]string, bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		if (a == "--log" || a == "-log") && (i+1 == len(args) || strings.HasPrefix(args[i+1], "-")) {
			return append(args[:i:i], args[i+1:]...), true
		}
	}
	return args, false
}

// Executable returns the path to register for the running binary: the
// absolute form of the path it was started by (os.Args[0], looked up in
// PATH when it has no directory), so that a binary reached through a
// symbolic link (a package manager's bin directory) is registered by the
// link, which survives upgrades; os.Executable when that path is not the
// running file.
func Executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	arg := ""
	if len(os.Args) > 0 {
		arg = os.Args[0]
	}
	p := arg
	if !strings.ContainsRune(arg, filepath.Separator) && !strings.ContainsRune(arg, '/') {
		if p, err = exec.LookPath(arg); err != nil {
			return exe, nil
		}
	}
	if p, err = filepath.Abs(p); err != nil {
		return exe, nil
	}
	a, err1 := os.Stat(p)
	b, err2 := os.Stat(exe)
	if err1 != nil || err2 != nil || !os.SameFile(a, b) {
		return exe, nil
	}
	return p, nil
}
