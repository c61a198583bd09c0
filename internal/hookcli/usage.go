package hookcli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
)

// ModulePath is this module's import path, whose version Version reports.
const ModulePath = "github.com/agenthooks/hooks"

// Usage writes the hook binary's usage: how hosts run it and its
// subcommands. name is the program's name (os.Args[0]).
func Usage(w io.Writer, name string) {
	fmt.Fprintf(w, `usage: %[1]s [--host NAME] [--event NAME] [--fail-closed|--fail-open] [--timeout DURATION] [--observe] [--log [PATH]] < event.json
       %[1]s install|uninstall|doctor [flags]   (%[1]s install --help for the flags)
       %[1]s report [--log PATH] [--since DURATION] [--json] [--html FILE]
       %[1]s help | version

A hook program: an AI coding agent runs it with one JSON event on stdin and
reads the decision from stdout and the exit code. Register it with install.

  --host NAME          the host that runs it (claude, cursor, gemini, codex,
                       copilot, qwen, droid, kimi, cline, opencode, pi or
                       auggie;
                       Kilo Code CLI runs it as opencode); without it the host
                       is detected from the payload
  --event NAME         the host's event name, for hosts whose payload has none
  --fail-closed        block when the hook cannot decide (bad input, handler
                       error, panic or timeout); --fail-open lets it go on
  --timeout DURATION   the host's time limit for this hook (10s, or 10)
  --observe            observe mode: run the policy and log what it decides,
                       but answer the host with no opinion
  --log [PATH]         append one JSON line per event to PATH (default: a file
                       in the user's state directory); read it with report
  --gateway URL        forward to a policy gateway (gateway bridges only), with
                       --gateway-token-env NAME, --gateway-token-file PATH and
                       --gateway-timeout DURATION

Any other argument is a configuration error: the hook then answers as
--fail-closed would and names the argument on stderr.
`, filepath.Base(name))
}

// WriteVersion writes the program's name and version, and the version of
// this module it was built with, as the build info records them.
func WriteVersion(w io.Writer, name string) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintf(w, "%s: no build information\n", filepath.Base(name))
		return
	}
	fmt.Fprintln(w, versionLine(filepath.Base(name), bi))
}

func versionLine(name string, bi *debug.BuildInfo) string {
	main := bi.Main.Version
	if main == "" {
		main = "(unknown)"
	}
	if main == "(devel)" {
		main = vcsVersion(bi.Settings)
	}
	line := fmt.Sprintf("%s %s %s", name, bi.Main.Path, main)
	if bi.Main.Path == ModulePath {
		return line
	}
	for _, d := range bi.Deps {
		if d.Path == ModulePath {
			v := d.Version
			if d.Replace != nil {
				v += " => " + d.Replace.Path + " " + d.Replace.Version
			}
			return line + ", " + ModulePath + " " + v
		}
	}
	return line
}

// vcsVersion is the version of a main module built from a work tree
// rather than fetched at a version: the revision and commit time that go
// build stamped ("(devel) 6840e26f3f2d 2026-12-02T08:55:53Z", with
// "+dirty" after the revision when the tree had changes), or "(devel)"
// and how to get them when the build recorded none (-buildvcs=false, in
// GOFLAGS or on the command line, or a tree git does not know).
func vcsVersion(settings []debug.BuildSetting) string {
	var rev, at string
	dirty := false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "(devel, no revision recorded: build with -buildvcs=true)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	if at == "" {
		return "(devel) " + rev
	}
	return "(devel) " + rev + " " + at
}

// IsTerminal reports whether r is a character device (a terminal): a
// person typing, not a host writing an event. (Like a terminal, the null
// device, which never holds an event, counts.)
func IsTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
