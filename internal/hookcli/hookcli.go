// Package hookcli owns the command-line grammar of a hook binary: the
// words a host's registered command passes to it (--host, --event,
// --fail-closed, --timeout, the gateway bridge's flags), the subcommands
// (install, uninstall, doctor, report, help, version), usage and version text.
// hookmain, hookhttp and install all read a command line through it, so
// that they cannot disagree on what it means.
//
// An argument the grammar does not know is an error, never a warning: a
// misspelled --fail-closed must not leave a hook failing open. Callers
// answer such a command line as fail-closed would.
package hookcli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
)

// Args are the arguments of a hook invocation.
type Args struct {
	// Host is --host NAME: the adapter to use ("" to detect).
	Host hooks.Host
	// Event is --event NAME: the native event, for hosts whose payload
	// does not name it (Copilot CLI's camelCase registrations).
	Event string
	// Fail is --fail-open or --fail-closed, when FailSet.
	Fail    hooks.FailPolicy
	FailSet bool
	// Timeout is --timeout DURATION: the host's time limit for the hook.
	Timeout time.Duration
	// Gateway is --gateway URL, when GatewaySet: forward the payload to a
	// policy gateway (only a gateway bridge, bridgemain.Main, can).
	Gateway    string
	GatewaySet bool
	// GatewayTokenEnv is --gateway-token-env NAME.
	GatewayTokenEnv string
	// GatewayTokenFile is --gateway-token-file PATH.
	GatewayTokenFile string
	// GatewayTimeout is --gateway-timeout DURATION.
	GatewayTimeout time.Duration
	// GatewayCA is --gateway-ca FILE: the only authorities (PEM) the
	// gateway's certificate may be signed by.
	GatewayCA string
	// GatewayCert and GatewayKey are --gateway-cert FILE and
	// --gateway-key FILE: the client certificate shown to a gateway that
	// asks for one.
	GatewayCert string
	GatewayKey  string
	// Log is --log [PATH], when LogSet: append every event's record to
	// PATH ("" for the default file in the user's state directory).
	Log    string
	LogSet bool
	// Observe is --observe: run the policy, log what it decides, and send
	// the host no opinion.
	Observe bool
}

// Command is what a command line asks for.
type Command int

// The commands.
const (
	Hook      Command = iota // answer one event (the default)
	Help                     // help, -h, --help: print usage
	Version                  // version, --version: print the version
	Install                  // install [flags]
	Uninstall                // uninstall [flags]
	Doctor                   // doctor [flags]
	Report                   // report [flags]: read the decision log
)

// CommandOf returns what args ask for: a subcommand named by its first
// word, usage when any word is -h or --help, the version when any word is
// --version, else a hook invocation.
func CommandOf(args []string) Command {
	if len(args) > 0 {
		switch args[0] {
		case "install":
			return Install
		case "uninstall":
			return Uninstall
		case "doctor":
			return Doctor
		case "report":
			return Report
		case "help":
			return Help
		case "version":
			return Version
		}
	}
	for _, a := range args {
		if a == "--" {
			break // the program's own arguments follow
		}
		switch a {
		case "-h", "-help", "--help":
			return Help
		case "-version", "--version":
			return Version
		}
	}
	return Hook
}

// Error is a command line the grammar does not accept. It lists every
// argument at fault.
type Error struct {
	Problems []string
}

func (e *Error) Error() string {
	return "bad hook arguments: " + strings.Join(e.Problems, "; ")
}

// flag names, as written by the installer.
const (
	flagHost             = "--host"
	flagEvent            = "--event"
	flagFailOpen         = "--fail-open"
	flagFailClosed       = "--fail-closed"
	flagTimeout          = "--timeout"
	flagGateway          = "--gateway"
	flagGatewayTokenEnv  = "--gateway-token-env"
	flagGatewayTokenFile = "--gateway-token-file"
	flagGatewayTimeout   = "--gateway-timeout"
	flagGatewayCA        = "--gateway-ca"
	flagGatewayCert      = "--gateway-cert"
	flagGatewayKey       = "--gateway-key"
	flagLog              = "--log"
	flagObserve          = "--observe"
)

// Parse reads a hook invocation's arguments. Each flag is written
// --name VALUE or --name=VALUE (one leading dash works too); "--" ends
// them, and the words after it are the program's own, left alone
// (install writes them from its Options.Args). Every
// argument it does not know, a flag given twice, a missing or malformed
// value, --fail-open with --fail-closed, and a --gateway-* flag without
// --gateway is an error (*Error); the Args hold what could be read, so
// that the fail answer can still be given in the host's dialect.
func Parse(args []string) (Args, error) {
	var a Args
	var bad []string
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			break // the program's own arguments (hookmain.ExtraArgs)
		}
		name, val, hasVal := strings.Cut(arg, "=")
		if strings.HasPrefix(name, "-") && !strings.HasPrefix(name, "--") {
			name = "-" + name
		}
		known := true
		switch name {
		case flagHost, flagEvent, flagTimeout, flagGateway, flagGatewayTokenEnv, flagGatewayTokenFile, flagGatewayTimeout,
			flagGatewayCA, flagGatewayCert, flagGatewayKey:
			if !hasVal {
				if i+1 >= len(args) || strings.HasPrefix(args[i+1], "-") {
					bad = append(bad, name+" needs a value")
					continue
				}
				i++
				val = args[i]
			}
		case flagLog:
			// The value is optional: --log alone is the default file.
			if !hasVal && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				val, hasVal = args[i], true
			}
			if hasVal && val == "" {
				bad = append(bad, name+": empty value")
				continue
			}
		case flagFailOpen, flagFailClosed, flagObserve:
			if hasVal {
				bad = append(bad, name+" takes no value")
				continue
			}
		default:
			known = false
		}
		if !known {
			p := "unknown argument " + strconv.Quote(arg)
			if s := Suggest(name, flagNames); s != "" && strings.HasPrefix(arg, "-") {
				p += " (did you mean " + s + "?)"
			}
			bad = append(bad, p)
			continue
		}
		if seen[name] {
			bad = append(bad, name+" given twice")
			continue
		}
		seen[name] = true
		var err error
		switch name {
		case flagHost:
			a.Host, err = hooks.Host(val), nonEmpty(val)
		case flagEvent:
			a.Event, err = val, nonEmpty(val)
		case flagFailOpen:
			a.Fail, a.FailSet = hooks.FailOpen, true
		case flagFailClosed:
			a.Fail, a.FailSet = hooks.FailClosed, true
		case flagTimeout:
			a.Timeout, err = ParseDuration(val)
		case flagGateway:
			a.Gateway, a.GatewaySet = val, true
		case flagGatewayTokenEnv:
			a.GatewayTokenEnv, err = val, nonEmpty(val)
		case flagGatewayTokenFile:
			a.GatewayTokenFile, err = val, nonEmpty(val)
		case flagGatewayTimeout:
			a.GatewayTimeout, err = ParseDuration(val)
		case flagGatewayCA:
			a.GatewayCA, err = val, nonEmpty(val)
		case flagGatewayCert:
			a.GatewayCert, err = val, nonEmpty(val)
		case flagGatewayKey:
			a.GatewayKey, err = val, nonEmpty(val)
		case flagLog:
			a.Log, a.LogSet = val, true
		case flagObserve:
			a.Observe = true
		}
		if err != nil {
			bad = append(bad, name+": "+err.Error())
		}
	}
	if seen[flagFailOpen] && seen[flagFailClosed] {
		bad = append(bad, "--fail-open and --fail-closed both given")
		a.Fail = hooks.FailClosed
	}
	if !a.GatewaySet {
		for _, f := range []string{flagGatewayTokenEnv, flagGatewayTokenFile, flagGatewayTimeout, flagGatewayCA, flagGatewayCert, flagGatewayKey} {
			if seen[f] {
				bad = append(bad, f+" given without --gateway")
			}
		}
	}
	if seen[flagGatewayCert] != seen[flagGatewayKey] {
		bad = append(bad, "--gateway-cert and --gateway-key go together")
	}
	if bad != nil {
		return a, &Error{Problems: bad}
	}
	return a, nil
}

func nonEmpty(v string) error {
	if v == "" {
		return errors.New("empty value")
	}
	return nil
}

// ParseDuration reads a time limit: a Go duration (10s, 1m30s) or a
// number of seconds (10, 2.5), above 0 and at most 24 hours.
func ParseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		n, err2 := strconv.ParseFloat(s, 64)
		if err2 != nil {
			return 0, fmt.Errorf("%q is not a duration (10s, 1m) or a number of seconds", s)
		}
		d = time.Duration(n * float64(time.Second))
	}
	if d <= 0 || d > 24*time.Hour {
		return 0, fmt.Errorf("%q is out of range", s)
	}
	return d, nil
}

// FormatDuration writes a limit as ParseDuration reads it: whole seconds
// when it is a whole number of them (10s), else a Go duration.
func FormatDuration(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return d.String()
}

// Words returns a's arguments as the installer writes them, in the order
// --host, --event, --fail-closed or --fail-open, --timeout, the gateway's
// flags, --observe, then --log; values are not quoted for any shell.
func (a Args) Words() []string {
	var w []string
	if a.Host != "" {
		w = append(w, flagHost, string(a.Host))
	}
	if a.Event != "" {
		w = append(w, flagEvent, a.Event)
	}
	if a.FailSet {
		if a.Fail == hooks.FailClosed {
			w = append(w, flagFailClosed)
		} else {
			w = append(w, flagFailOpen)
		}
	}
	if a.Timeout > 0 {
		w = append(w, flagTimeout, FormatDuration(a.Timeout))
	}
	if a.GatewaySet {
		w = append(w, flagGateway, a.Gateway)
		if a.GatewayTokenEnv != "" {
			w = append(w, flagGatewayTokenEnv, a.GatewayTokenEnv)
		}
		if a.GatewayTokenFile != "" {
			w = append(w, flagGatewayTokenFile, a.GatewayTokenFile)
		}
		if a.GatewayTimeout > 0 {
			w = append(w, flagGatewayTimeout, FormatDuration(a.GatewayTimeout))
		}
		if a.GatewayCA != "" {
			w = append(w, flagGatewayCA, a.GatewayCA)
		}
		if a.GatewayCert != "" {
			w = append(w, flagGatewayCert, a.GatewayCert, flagGatewayKey, a.GatewayKey)
		}
	}
	if a.Observe {
		w = append(w, flagObserve)
	}
	if a.LogSet {
		w = append(w, flagLog)
		if a.Log != "" {
			w = append(w, a.Log)
		}
	}
	return w
}

// Request is the request a hook's arguments make, given the error Parse
// returned for them: a command line with an error is a configuration
// error, answered as fail-closed would (in the host's dialect when --host
// or detection tells it) with the error as the reason, so that a
// misspelled --fail-closed never leaves a hook failing open. --fail-open
// and --fail-closed set h.Fail; --observe sets h.Observe, on a command line
// without error only (a configuration error is answered as fail-closed
// would, in observe mode too).
func Request(a Args, err error, h *hooks.Handlers) hooks.Request {
	if a.FailSet {
		h.Fail = a.Fail
	}
	if a.Observe && err == nil {
		h.Observe = true
	}
	req := hooks.Request{Host: a.Host, Event: a.Event, HostTimeout: a.Timeout}
	if err != nil {
		h.Fail = hooks.FailClosed
		req.Err = err
	}
	return req
}
