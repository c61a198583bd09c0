package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/policies/guard"
	"github.com/agenthooks/hooks/policy"
)

// policyUsage is the help of the policy subcommand.
const policyUsage = `usage:
  guard policy check [--managed] [FILE]   validate FILE (as the managed layer with --managed),
                                          or every layer for the working directory; exit 2 on an error
  guard policy explain [--host NAME] < payload.json
                                          which files were read and which rule decided, with its facts
`

// policyCommand runs `guard policy …` and returns the exit code: 0, or 2
// for a policy file that cannot be used or a bad argument.
func policyCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, policyUsage)
		return 2
	}
	switch args[0] {
	case "check":
		return policyCheck(args[1:], stdout, stderr)
	case "explain":
		return policyExplain(args[1:], stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, policyUsage)
		return 0
	}
	fmt.Fprintf(stderr, "guard policy: unknown subcommand %q\n%s", args[0], policyUsage)
	return 2
}

// policyCheck validates one file, or the layers for the working
// directory.
func policyCheck(args []string, stdout, stderr io.Writer) int {
	layer := policy.Project
	if len(args) > 0 && args[0] == "--managed" {
		layer, args = policy.Managed, args[1:]
	}
	if len(args) > 1 {
		fmt.Fprint(stderr, policyUsage)
		return 2
	}
	if len(args) == 1 {
		f, err := policy.ReadFile(args[0], layer)
		if err != nil {
			fmt.Fprintln(stderr, "guard policy check:", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s: ok, %d rules\n", f.Path, len(f.Rules))
		return 0
	}
	cwd, _ := os.Getwd()
	set, err := policy.Load(cwd)
	if err != nil {
		fmt.Fprintln(stderr, "guard policy check:", err)
		return 2
	}
	describeFiles(stdout, cwd, set)
	return 0
}

// describeFiles says which layer files exist and what they hold.
func describeFiles(w io.Writer, cwd string, set *policy.Set) {
	read := map[string]*policy.File{}
	if set != nil {
		for _, f := range set.Files {
			read[f.Path] = f
		}
	}
	for i, p := range policy.Paths(cwd) {
		switch f := read[p]; {
		case p == "":
			fmt.Fprintf(w, "%s: none (no path)\n", policy.Layer(i))
		case f != nil:
			fmt.Fprintf(w, "%s: %s: ok, %d rules\n", policy.Layer(i), p, len(f.Rules))
		default:
			_, err := os.Stat(p)
			if errors.Is(err, fs.ErrNotExist) {
				fmt.Fprintf(w, "%s: %s: none\n", policy.Layer(i), p)
			}
		}
	}
	if set != nil {
		for _, warn := range set.Warnings {
			fmt.Fprintln(w, warn)
		}
	}
}

// policyExplain reads a payload and says what decided it.
func policyExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var host hooks.Host
	if len(args) == 2 && args[0] == "--host" {
		host = hooks.Host(args[1])
	} else if len(args) != 0 {
		fmt.Fprint(stderr, policyUsage)
		return 2
	}
	payload, err := io.ReadAll(io.LimitReader(stdin, hooks.DefaultMaxInput))
	if err != nil {
		fmt.Fprintln(stderr, "guard policy explain:", err)
		return 2
	}
	var a hooks.Adapter
	if host != "" {
		if a = builtin.Named(host); a == nil {
			fmt.Fprintf(stderr, "guard policy explain: unknown host %q\n", host)
			return 2
		}
	} else if a, err = hooks.Detect(builtin.Adapters(), payload); err != nil {
		fmt.Fprintln(stderr, "guard policy explain:", err)
		return 2
	}
	ev, err := a.Parse(payload)
	if err != nil {
		fmt.Fprintln(stderr, "guard policy explain:", err)
		return 2
	}
	cwd := ev.Common().Cwd
	fmt.Fprintf(stdout, "event: %s %s, cwd %q\n", a.Host(), ev.Name(), cwd)
	set, err := policy.Load(cwd)
	if err != nil {
		fmt.Fprintln(stdout, "files: unusable, the guard denies every tool call:", err)
		return 2
	}
	describeFiles(stdout, cwd, set)
	t := hooks.ToolOf(ev)
	if t == nil {
		fmt.Fprintln(stdout, "decision: none (not a tool event)")
		return 0
	}
	ctx := context.Background()
	if r := guard.JudgeWith(ctx, guard.ConfigOf(set), cwd, t); r.Decision == hooks.DecisionDeny {
		fmt.Fprintf(stdout, "decided by: built-in rule\ndecision: deny\nreason: %s\n", r.Reason)
		return 0
	}
	fmt.Fprintln(stdout, "built-in rules: no objection")
	v := set.Eval(ctx, ev)
	for _, m := range v.Matches {
		mode := ""
		if m.Rule.Observe() {
			mode = " (observe: not enforced)"
		}
		fmt.Fprintf(stdout, "matched: rule %s, %s%s\n", m.Rule, m.Rule.Decision, mode)
		for _, f := range m.Facts {
			fmt.Fprintf(stdout, "  %s\n", f)
		}
	}
	r := v.Response()
	switch {
	case v.Unseen != "":
		fmt.Fprintf(stdout, "decided by: policy (unseen)\ndecision: deny\nreason: %s\n", v.Unseen)
	case v.Rule != nil:
		fmt.Fprintf(stdout, "decided by: rule %s\ndecision: %s\nreason: %s\n", v.Rule, v.Decision, r.Reason)
	default:
		fmt.Fprintln(stdout, "decision: none")
	}
	if v.Context != "" {
		fmt.Fprintf(stdout, "context: %s\n", v.Context)
	}
	return 0
}

// doctorPolicy is the policy files' part of `guard doctor`: the files of
// each layer for the working directory, and what is wrong with one that
// cannot be used (the guard then denies every tool call).
func doctorPolicy(w io.Writer) {
	cwd, _ := os.Getwd()
	fmt.Fprintln(w, "policy files:")
	set, err := policy.Load(cwd)
	if err != nil {
		fmt.Fprintf(w, "  ERROR %v: the guard denies every tool call until it is fixed (guard policy check)\n", err)
		return
	}
	var b strings.Builder
	describeFiles(&b, cwd, set)
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		fmt.Fprintln(w, "  "+line)
	}
}
