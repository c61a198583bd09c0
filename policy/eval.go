package policy

import (
	"context"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
	"github.com/agenthooks/hooks/writes"
)

// A Verdict is what a [Set] decides on an event.
type Verdict struct {
	// Decision is hooks.DecisionDeny, DecisionAsk or DecisionAllow, or
	// NoDecision when no enforced deny, ask or allow rule matched.
	Decision hooks.Decision
	// Rule is the rule that decided: the first enforced rule of the
	// strongest decision; nil with NoDecision, or when the call could not
	// be read (see Unseen).
	Rule *Rule
	// Unseen says why the call could not be checked against the rules
	// that need its facts (a command that does not parse, a command
	// known only at run time): the decision is then deny.
	Unseen string
	// Context is the reasons of the enforced context rules that matched,
	// one a line.
	Context string
	// Matches are every rule that matched, observed ones too, in order.
	Matches []Match
	// Judged is, when Rule's decision is "judge", the reason its judge
	// gave (or why the rule's judge_fail stood).
	Judged string
}

// A Match is a rule that matched, with the facts it matched.
type Match struct {
	Rule *Rule
	// Facts are what matched: "command: sudo npm publish --force",
	// "writes: /home/dev/project/secrets/key".
	Facts []string
}

// Response returns the verdict as a hook's answer: a deny or an ask
// with the rule's name and reason ("policy: rule no-npm-publish:
// publishing is done by CI"), an allow, or no opinion; Context is added.
func (v *Verdict) Response() hooks.Response {
	var r hooks.Response
	switch {
	case v.Unseen != "":
		r = hooks.Deny(v.Unseen)
	case v.Rule == nil:
	case v.Decision == hooks.DecisionDeny:
		r = hooks.Deny("policy: rule " + v.Rule.Name + ": " + v.reason())
	case v.Decision == hooks.DecisionAsk:
		r = hooks.Ask("policy: rule " + v.Rule.Name + ": " + v.reason())
	case v.Decision == hooks.DecisionAllow:
		r = hooks.Allow()
		r.Reason = "policy: rule " + v.Rule.Name
		if why := v.reason(); why != "" {
			r.Reason += ": " + why
		}
	}
	r.Context = v.Context
	return r
}

// reason is the deciding rule's reason, with its judge's for a judged
// rule ("the gray zone: the judge: a read-only listing").
func (v *Verdict) reason() string {
	if v.Rule.Decision != "judge" || v.Judged == "" {
		return v.Rule.Reason
	}
	if v.Rule.Reason == "" {
		return "the judge: " + v.Judged
	}
	return v.Rule.Reason + "; the judge: " + v.Judged
}

// rank orders decisions: deny > ask > allow > none.
func rank(d hooks.Decision) int {
	switch d {
	case hooks.DecisionDeny:
		return 3
	case hooks.DecisionAsk:
		return 2
	case hooks.DecisionAllow:
		return 1
	}
	return 0
}

func decisionOf(s string) hooks.Decision {
	switch s {
	case "deny":
		return hooks.DecisionDeny
	case "ask":
		return hooks.DecisionAsk
	case "allow":
		return hooks.DecisionAllow
	}
	return hooks.NoDecision
}

// Eval evaluates the set's rules on ev, with the precedence of the
// package documentation. Each rule that matched is reported to ctx
// ([hooks.ReportCheck]) by its name, with "observe" in its note when it
// is observed only, so that the decision log, report and a gateway's
// spans carry it. A nil Set decides nothing.
func (s *Set) Eval(ctx context.Context, ev hooks.Event) Verdict {
	var v Verdict
	if s == nil || len(s.Rules) == 0 {
		return v
	}
	c := &call{ev: ev, base: ev.Common(), tool: hooks.ToolOf(ev), ctx: ctx}
	var ctxText []string
	for _, r := range s.Rules {
		start := time.Now()
		facts, unseen := c.match(r)
		if unseen != "" && !r.Observe() && (r.Decision == "deny" || r.Decision == "ask") {
			if v.Unseen == "" {
				v.Unseen = "policy: rule " + r.Name + " cannot be checked: " + unseen
			}
			v.Decision = hooks.DecisionDeny
			hooks.ReportCheck(ctx, hooks.Check{Name: "policy:" + r.Name, Decision: hooks.DecisionDeny, Duration: time.Since(start), Note: "unseen: " + unseen})
			continue
		}
		if facts == nil {
			continue
		}
		v.Matches = append(v.Matches, Match{Rule: r, Facts: facts})
		d := decisionOf(r.Decision)
		note := strings.Join(facts, "; ")
		judged := ""
		if r.Decision == "judge" {
			if r.Observe() && s.Judge == nil {
				d = decisionOf(r.JudgeFail)
			} else {
				d, judged = s.judge(ctx, r, ev)
			}
		}
		if r.Observe() {
			hooks.ReportCheck(ctx, hooks.Check{Name: "policy:" + r.Name, Decision: d, Duration: time.Since(start), Note: "observe: " + note})
			continue
		}
		hooks.ReportCheck(ctx, hooks.Check{Name: "policy:" + r.Name, Decision: d, Duration: time.Since(start), Note: note})
		if r.Decision == "context" {
			ctxText = append(ctxText, r.Reason)
			continue
		}
		if rank(d) > rank(v.Decision) {
			v.Decision, v.Rule, v.Judged = d, r, judged
		}
	}
	if v.Unseen != "" {
		v.Rule = nil
	}
	v.Context = strings.Join(ctxText, "\n")
	return v
}

// A call is the event being evaluated, with its facts computed once,
// when a rule first needs them.
type call struct {
	ctx  context.Context
	ev   hooks.Event
	base *hooks.Base
	tool *hooks.Tool

	parsed    bool
	script    *shell.Script
	parseErr  error
	filesDone bool
	files     []writes.File
	filesErr  error
}

// match returns the facts r matched on the call, nil when it does not
// match; unseen says why the call's facts could not be read for r.
func (c *call) match(r *Rule) (facts []string, unseen string) {
	name := c.ev.Name()
	if r.Event != "" {
		if string(name) != r.Event {
			return nil, ""
		}
	} else if name != hooks.PreToolUse && name != hooks.PermissionRequest {
		return nil, ""
	}
	if len(r.Hosts) > 0 && !contains(r.Hosts, string(c.base.Host)) {
		return nil, ""
	}
	t := c.tool
	if t == nil {
		return nil, ""
	}
	kind := t.Kind()
	if len(r.kinds) > 0 {
		if !slicesContains(r.kinds, kind) {
			return nil, ""
		}
		facts = append(facts, "tool: "+string(kind)+" ("+t.Name+")")
	}
	if t.InputErr != nil {
		return nil, "the " + t.Name + " call's input cannot be read (" + t.InputErr.Error() + ")"
	}
	if r.MCP != "" {
		in, ok := t.Input.(*hooks.MCPInput)
		if !ok {
			return nil, ""
		}
		id := in.Server + "/" + in.Tool
		if ok, _ := path.Match(r.MCP, id); !ok {
			return nil, ""
		}
		facts = append(facts, "mcp: "+id)
	}
	if r.Command != "" {
		f, unseen := c.matchCommand(r)
		if unseen != "" || f == "" {
			return nil, unseen
		}
		facts = append(facts, f)
	}
	for _, g := range [...]struct {
		key, glob string
	}{{"reads", r.Reads}, {"writes", r.Writes}, {"deletes", r.Deletes}} {
		if g.glob == "" {
			continue
		}
		f, unseen := c.matchPaths(g.key, g.glob)
		if unseen != "" || f == "" {
			return nil, unseen
		}
		facts = append(facts, f)
	}
	if facts == nil {
		facts = []string{}
	}
	return facts, ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// parse parses the call's shell command once.
func (c *call) parse() (*shell.Script, error) {
	if !c.parsed {
		c.parsed = true
		if sh, ok := c.tool.Input.(*hooks.ShellInput); ok && sh.Command != "" {
			// A panic in the parser, which the model's input may trigger, is
			// a command that cannot be read: never a crash, which the fail
			// policy (open by default) would answer.
			defer func() {
				if p := recover(); p != nil {
					c.script, c.parseErr = nil, fmt.Errorf("the parser failed: %v", p)
				}
			}()
			c.script, c.parseErr = (&shell.Parser{}).Parse(c.ctx, sh.Command)
		}
	}
	return c.script, c.parseErr
}

// matchCommand returns the fact of the first command of the call that
// r's command matches, or "".
func (c *call) matchCommand(r *Rule) (fact, unseen string) {
	s, err := c.parse()
	if err != nil {
		return "", "the command cannot be read (" + err.Error() + ")"
	}
	if s == nil {
		return "", ""
	}
	for _, cmd := range s.Commands {
		if cmd.Dynamic && cmd.Name == "" {
			return "", "`" + clip(cmd.String()) + "` runs a command known only at run time"
		}
		if cmd.Name != r.words[0] {
			continue
		}
		if len(r.words) > 1 {
			sub, ok := cmd.Subcommand(specOf(cmd.Name))
			if !ok {
				if hidden(cmd) {
					return "", "where the subcommand of `" + clip(cmd.String()) + "` starts is known only at run time"
				}
				continue
			}
			if !leading(cmd.Name, sub, r.words[1:]) {
				continue
			}
		}
		if len(r.Flags) > 0 {
			fl, ok := hasFlag(cmd.Args[1:], r.Flags)
			if !ok {
				continue
			}
			return "command: " + clip(cmd.String()) + " (flag " + fl + ")", ""
		}
		return "command: " + clip(cmd.String()), ""
	}
	return "", ""
}

// hidden reports whether a dynamic word hides where cmd's subcommand
// starts (Subcommand returned false for that reason, not for want of
// one).
func hidden(cmd *shell.Command) bool {
	if len(cmd.Args) < 2 {
		return false
	}
	spec := specOf(cmd.Name)
	spec.Permute = false
	args := cmd.Args[1:]
	f := spec.Parse(args)
	return len(f.Unsure) > 0 || f.End < len(args) && args[f.End].Dynamic
}

// specOf returns the global options of program name, for
// [shell.Command.Subcommand].
func specOf(name string) shell.Spec {
	switch name {
	case "git":
		return shell.Git
	case "npm", "pnpm", "yarn":
		return shell.Npm
	}
	return shell.Spec{}
}

// leading reports whether sub starts with the static words want. npm
// runs a command named by any prefix of two letters or more that names
// one command only (`npm pu` and `npm publ` are npm publish: measured
// with npm 11), so for npm the first word matches as such a prefix.
func leading(program string, sub []shell.Word, want []string) bool {
	if len(sub) < len(want) {
		return false
	}
	for i, w := range want {
		v := sub[i].Value
		if sub[i].Dynamic {
			return false
		}
		if v != w && !(i == 0 && program == "npm" && len(v) >= 2 && strings.HasPrefix(w, v)) {
			return false
		}
	}
	return true
}

// hasFlag returns the first of flags among args (before a "--").
func hasFlag(args []shell.Word, flags []string) (string, bool) {
	for _, a := range args {
		v := a.Value
		if v == "--" {
			return "", false
		}
		for _, f := range flags {
			switch {
			case v == f, strings.HasPrefix(f, "--") && strings.HasPrefix(v, f+"="):
				return f, true
			case len(f) == 2 && len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], f[1]) >= 0:
				return f, true
			}
		}
	}
	return "", false
}

// clip shortens s for a fact.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// String names the rule and where it is written.
func (r *Rule) String() string { return fmt.Sprintf("%s (%s:%d)", r.Name, r.File, r.Line) }

// judge decides the judge rule r on ev by s.Judge, or by r's JudgeFail
// where there is no judge (a hook process), reported as the check
// "judge:NAME" as a judge reports its verdicts.
func (s *Set) judge(ctx context.Context, r *Rule, ev hooks.Event) (hooks.Decision, string) {
	if s.Judge != nil {
		d, why := s.Judge.Judge(ctx, Question{Rule: r, Event: ev, Version: s.Version()})
		switch d {
		case hooks.DecisionAllow, hooks.DecisionAsk, hooks.DecisionDeny:
			return d, why
		}
		return decisionOf(r.JudgeFail), "the judge gave no decision: judge_fail " + r.JudgeFail
	}
	why := "no judge where this rule was evaluated (a judge is a gateway's): judge_fail " + r.JudgeFail
	hooks.ReportCheck(ctx, hooks.Check{Name: "judge:" + r.Name, Decision: decisionOf(r.JudgeFail), Note: why})
	return decisionOf(r.JudgeFail), why
}
