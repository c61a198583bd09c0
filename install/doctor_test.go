package install

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/claude"
	"github.com/agenthooks/hooks/codex"
	"github.com/agenthooks/hooks/cursor"
	"github.com/agenthooks/hooks/gemini"
	"github.com/agenthooks/hooks/internal/hookcli"
)

// testHookEnv makes the test binary act as a hook program (see TestMain):
// its value picks the behaviour.
const testHookEnv = "HOOKS_INSTALL_TEST_HOOK"

// TestMain runs the test binary as a hook program (testHookEnv) or as an
// installer process of the parallel tests (childEnv); otherwise it runs
// the tests with the user's state directory (backups, locks) pointed at
// a temporary directory, so that no test writes to the real one.
func TestMain(m *testing.M) {
	if mode, ok := os.LookupEnv(testHookEnv); ok {
		os.Exit(testHook(mode))
	}
	if os.Getenv(childEnv) != "" {
		os.Exit(childMain())
	}
	dir, err := os.MkdirTemp("", "install-state")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_STATE_HOME", dir)
	os.Setenv("LocalAppData", dir)
	// Every host is on the test machine, as far as Main's default --hosts
	// can tell (the tests of Detect set a PATH of their own).
	if err := fakePrograms(filepath.Join(dir, "bin")); err != nil {
		panic(err)
	}
	os.Setenv("PATH", filepath.Join(dir, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testHook is a hook program built on the real adapters: "allow" has no
// opinion, "deny" denies tool calls, "context" adds context everywhere;
// "crash", "text" and "trailing" misbehave.
func testHook(mode string) int {
	switch mode {
	case "crash":
		fmt.Fprintln(os.Stderr, "panic: boom")
		return 1
	case "text":
		fmt.Println("hello there")
		return 0
	case "trailing":
		fmt.Println(`{"decision":"block","reason":"no"}`)
		fmt.Println("debug: done")
		return 0
	}
	args, argErr := hookcli.Parse(os.Args[1:])
	if args.GatewaySet && argErr == nil {
		switch mode {
		case "nobridge": // as hookmain.Main without a bridge
			fmt.Fprintln(os.Stderr, "hooks: fail-open: --gateway given, but this binary has no gateway bridge (build it with bridgemain.Main instead of hookmain.Run)")
			return 0
		case "bridge": // a bridge whose gateway denies, or is down
			if strings.Contains(args.Gateway, "down") {
				fmt.Fprintln(os.Stderr, "hooks: fail-open: gateway unreachable: dial tcp 127.0.0.1:9: connect: connection refused")
				return 0
			}
			mode = "deny"
		}
	}
	var h hooks.Handlers
	switch mode {
	case "deny":
		h.PreToolUse = func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) {
			return hooks.Deny("blocked by the test policy"), nil
		}
	case "context":
		h.Any = func(context.Context, hooks.Event) (hooks.Response, error) {
			return hooks.AddContext("project rules"), nil
		}
	}
	srv := &hooks.Server{Adapters: builtin.Adapters(), Handlers: h}
	return srv.Serve(context.Background(), hookcli.Request(args, argErr, &srv.Handlers), os.Stdin, os.Stdout, os.Stderr)
}

// sandbox is a project and a home directory, with $HOME pointing at it.
type sandbox struct {
	project, home, bin string
}

func newSandbox(t *testing.T, mode string) *sandbox {
	t.Helper()
	root := t.TempDir()
	s := &sandbox{project: filepath.Join(root, "project"), home: filepath.Join(root, "home")}
	for _, d := range []string{s.project, s.home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", s.home)
	for _, k := range []string{"CODEX_HOME", "CLAUDE_CONFIG_DIR", "GEMINI_CLI_TRUST_WORKSPACE", "GEMINI_CLI_TRUSTED_FOLDERS_PATH"} {
		t.Setenv(k, "")
	}
	t.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", filepath.Join(root, "no-system-settings.json"))
	t.Setenv(testHookEnv, mode)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s.bin = exe
	return s
}

func (s *sandbox) opts(hs ...hooks.Host) Options {
	return Options{Binary: s.bin, Hosts: hs, Dir: s.project, Home: s.home}
}

func (s *sandbox) install(t *testing.T, o Options) {
	t.Helper()
	if _, err := Install(o); err != nil {
		t.Fatal(err)
	}
}

func (s *sandbox) doctor(t *testing.T, o Options) (*Report, string) {
	t.Helper()
	r, err := Doctor(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	r.Write(&b)
	return r, b.String()
}

// trust makes the project trusted by Gemini CLI and Codex, and trusts the
// Codex hooks with the lines doctor prints.
func (s *sandbox) trust(t *testing.T, advice string) {
	t.Helper()
	write(t, "/", map[string][]byte{
		strings.TrimPrefix(filepath.Join(s.home, ".gemini", "trustedFolders.json"), "/"): []byte(fmt.Sprintf("{\n  %q: \"TRUST_FOLDER\"\n}\n", s.project)),
	})
	var toml strings.Builder
	fmt.Fprintf(&toml, "[projects.%s]\ntrust_level = \"trusted\"\n", strconv.Quote(s.project))
	for _, l := range strings.Split(advice, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "[hooks.state.") || strings.HasPrefix(l, "trusted_hash = ") {
			toml.WriteString(l + "\n")
		}
	}
	p := filepath.Join(s.home, ".codex", "config.toml")
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(toml.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func fails(r *Report) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Level == Fail {
			out = append(out, fmt.Sprintf("%s %s %s: %s", f.Host, f.Scope, f.Event, f.Msg))
		}
	}
	return out
}

// A fresh install on all four hosts, with the real adapters answering,
// is healthy once Gemini and Codex trust it, and doctor says exactly what
// to do until then.
func TestDoctorHealthyAfterTrust(t *testing.T) {
	for _, mode := range []string{"deny", "allow", "context"} {
		t.Run(mode, func(t *testing.T) {
			if testing.Short() && mode != "deny" {
				t.Skip("short")
			}
			s := newSandbox(t, mode)
			s.install(t, s.opts())
			r, out := s.doctor(t, s.opts())
			if r.Healthy() {
				t.Fatalf("healthy before trust:\n%s", out)
			}
			var advice string
			for _, f := range r.Findings {
				if f.Level != Fail {
					continue
				}
				switch {
				case f.Host == codex.Host && strings.Contains(f.Msg, "/hooks"):
					advice = f.Msg
				case f.Host == codex.Host && strings.Contains(f.Msg, "trusted project"):
				case f.Host == gemini.Host && strings.Contains(f.Msg, "trusted folders"):
				default:
					t.Errorf("unexpected failure: %s %s %s: %s", f.Host, f.Scope, f.Event, f.Msg)
				}
			}
			if advice == "" {
				t.Fatalf("no Codex trust advice:\n%s", out)
			}
			s.trust(t, advice)
			r, out = s.doctor(t, s.opts())
			if !r.Healthy() {
				t.Fatalf("unhealthy after trust: %s\n%s", strings.Join(fails(r), "\n"), out)
			}
			ran := 0
			for _, f := range r.Findings {
				if f.Event != "" && f.Level == OK && (strings.HasPrefix(f.Msg, "answered") || f.Msg == "no opinion") {
					ran++
				}
			}
			if ran < 30 {
				t.Errorf("only %d events answered:\n%s", ran, out)
			}
			if mode == "deny" && !strings.Contains(out, "blocked by the test policy") {
				t.Errorf("the deny does not show:\n%s", out)
			}
		})
	}
}

// Doctor fails on answers a host would not take.
func TestDoctorBadAnswers(t *testing.T) {
	for _, mode := range []string{"crash", "trailing"} {
		t.Run(mode, func(t *testing.T) {
			s := newSandbox(t, mode)
			o := s.opts()
			o.Events = []hooks.EventName{hooks.PreToolUse}
			s.install(t, o)
			r, out := s.doctor(t, o)
			for _, h := range Hosts() {
				if hh, _ := lookupHost(builtin.Adapters(), h); hh.UserOnly != "" {
					continue // no project scope: TestKimiDoctor
				}
				bad := false
				for _, f := range r.Findings {
					if f.Host == h && f.Event != "" && f.Level == Fail && !strings.Contains(f.Msg, "trust") {
						bad = true
					}
				}
				if !bad && !(mode == "trailing" && h == cursor.Host) {
					t.Errorf("%s: no failure for %s answers:\n%s", h, mode, out)
				}
			}
		})
	}
}

// Cursor with failClosed blocks on empty output: doctor must say so if
// the hook prints nothing on a gating event.
func TestDoctorCursorFailClosed(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(cursor.Host)
	o.FailClosed = true
	s.install(t, o)
	r, out := s.doctor(t, o)
	for _, f := range r.Findings {
		if f.Level == Fail {
			t.Errorf("%s: %s\n%s", f.Event, f.Msg, out)
		}
	}
}

func TestDoctorBlockers(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(claude.Host, cursor.Host, gemini.Host)
	o.Events = []hooks.EventName{hooks.Stop}
	s.install(t, o)
	write(t, "/", map[string][]byte{
		strings.TrimPrefix(filepath.Join(s.home, ".claude", "settings.json"), "/"): []byte(`{"disableAllHooks": true}`),
		strings.TrimPrefix(filepath.Join(s.home, ".gemini", "settings.json"), "/"): []byte("{\n  // off\n  \"hooksConfig\": {\"enabled\": false, \"disabled\": [\"" + filepath.Base(s.bin) + "\"]}\n}\n"),
		strings.TrimPrefix(filepath.Join(s.project, ".cursor", "hooks.json"), "/"): []byte(`{"hooks":{"stop":[{"command":"` + s.bin + ` --host cursor"}]}}`),
	})
	r, out := s.doctor(t, s.opts(claude.Host, cursor.Host, gemini.Host))
	for _, want := range []string{"disableAllHooks", "hooksConfig.enabled", "hooksConfig.disabled", "no \"version\": 1", "trusted folders"} {
		found := false
		for _, f := range fails(r) {
			found = found || strings.Contains(f, want)
		}
		if !found {
			t.Errorf("no failure about %s:\n%s", want, out)
		}
	}
	if r.Healthy() {
		t.Error("healthy")
	}
}

// A settings file the doctor cannot parse is a finding, never a file
// that sets nothing; one ending in a line comment without a newline (Gemini
// CLI reads it) is read. A hook file that does not parse is reported once.
func TestDoctorUnreadableSettings(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(gemini.Host)
	o.Events = []hooks.EventName{hooks.Stop}
	s.install(t, o)
	system := filepath.Join(s.home, "system-settings.json")
	t.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", system)
	for _, tc := range []struct {
		text, want string
		level      Level
	}{
		{`{"hooksConfig": {"enabled": false}} // off`, "sets hooksConfig.enabled to false", Fail},
		{`{"hooksConfig": {"enabled": false},`, "cannot read " + system + ": line 1, column 36: ", Warn},
	} {
		write(t, "/", map[string][]byte{strings.TrimPrefix(system, "/"): []byte(tc.text)})
		r, out := s.doctor(t, o)
		found := false
		for _, f := range r.Findings {
			found = found || f.Level == tc.level && strings.Contains(f.Msg, tc.want)
		}
		if !found {
			t.Errorf("%s: no %v finding with %q:\n%s", tc.text, tc.level, tc.want, out)
		}
	}
	os.Remove(system)
	user := filepath.Join(s.home, ".gemini", "settings.json")
	write(t, "/", map[string][]byte{strings.TrimPrefix(user, "/"): []byte(`{"hooks": {`)})
	r, out := s.doctor(t, o)
	n := 0
	for _, f := range r.Findings {
		if f.Path == user {
			n++
		}
	}
	if n != 1 || r.Healthy() {
		t.Errorf("%d findings about %s, want 1:\n%s", n, user, out)
	}
}

func TestDoctorMissingBinary(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(gemini.Host)
	o.Binary = filepath.Join(s.home, "bin", "gone")
	o.Events = []hooks.EventName{hooks.PreToolUse}
	s.install(t, o)
	r, out := s.doctor(t, o)
	if r.Healthy() || !strings.Contains(out, "missing") || !strings.Contains(out, "blocks every matching call") {
		t.Errorf("missing binary not reported:\n%s", out)
	}
}

func TestDoctorNotInstalled(t *testing.T) {
	s := newSandbox(t, "allow")
	var stdout, stderr bytes.Buffer
	code := Main([]string{"doctor", "--dir", s.project}, &stdout, &stderr, s.bin)
	if code != 1 || !strings.Contains(stdout.String(), "no hook entries") {
		t.Errorf("exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	code = Main([]string{"doctor", "--hosts", "claude", "--dir", s.project}, &stdout, &stderr, s.bin)
	if code != 1 || !strings.Contains(stdout.String(), "FAIL not installed") {
		t.Errorf("exit %d:\n%s", code, stdout.String())
	}
}

// A trusted Codex hook whose entry changed is reported as modified.
func TestDoctorCodexModified(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(codex.Host)
	o.Events = []hooks.EventName{hooks.Stop}
	s.install(t, o)
	r, _ := s.doctor(t, o)
	advice := ""
	for _, f := range r.Findings {
		if strings.Contains(f.Msg, "/hooks") {
			advice = f.Msg
		}
	}
	s.trust(t, advice)
	if r, out := s.doctor(t, o); !r.Healthy() {
		t.Fatalf("unhealthy:\n%s", out)
	}
	o.Timeout = 7e9
	s.install(t, o)
	r, out := s.doctor(t, o)
	if r.Healthy() || !strings.Contains(out, "changed since it was trusted") || !strings.Contains(out, "set the trusted_hash of") {
		t.Errorf("modified hook not reported:\n%s", out)
	}
}

// A registered command with an argument the hook does not accept (a typo
// of --fail-closed) makes the hook answer every call as fail-closed:
// doctor flags it as a failure, naming the argument.
func TestDoctorUnknownArgument(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(claude.Host)
	o.Events = []hooks.EventName{hooks.PreToolUse}
	s.install(t, o)
	p := filepath.Join(s.project, ".claude", "settings.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(b), " --host claude", " --host claude --fail-closd", 1)
	if edited == string(b) {
		t.Fatalf("no command to edit in:\n%s", b)
	}
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	r, out := s.doctor(t, o)
	found := false
	for _, f := range fails(r) {
		found = found || strings.Contains(f, `unknown argument "--fail-closd"`) && strings.Contains(f, "rejects its arguments")
	}
	if r.Healthy() || !found {
		t.Errorf("unknown argument not flagged:\n%s", out)
	}
}

// TestDoctorWarnsSecret: doctor warns about a token in a registered hook's
// command line, says why (Claude Code shows it to the model on a Stop
// block), and never prints the token.
func TestDoctorWarnsSecret(t *testing.T) {
	s := newSandbox(t, "allow")
	o := s.opts(claude.Host)
	o.Events = []hooks.EventName{hooks.Stop}
	s.install(t, o)
	path := filepath.Join(s.project, ".claude", "settings.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "--host claude", "--host claude --api-key "+fakeAnthropic, 1)
	if edited == string(data) {
		t.Fatalf("no command to edit in:\n%s", data)
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	r, out := s.doctor(t, o)
	if !anyContains(findings(r, Warn), "looks like a secret (the value of --api-key") || !strings.Contains(out, "shows a blocking Stop") {
		t.Errorf("no secret warning:\n%s", out)
	}
	if strings.Contains(out, fakeAnthropic) || strings.Contains(out, fakeAnthropic[8:]) {
		t.Errorf("doctor printed the secret:\n%s", out)
	}
}

// fakeAnthropic looks like a real key (made up; not a live credential).
const fakeAnthropic = "sk-ant-api03-Qx7vR2mK9pL4wN8sT1yB6cF3hJ5dG0aE"
