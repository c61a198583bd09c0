package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp/judge"
	"github.com/agenthooks/hooks/hookhttp/judge/rediscache"
	"github.com/agenthooks/hooks/policy"
)

// judgeFlags are the judge's settings: the model's API (-judge-url,
// -judge-format, -judge-model, its key in the variable -judge-key-env),
// the time one question may take (-judge-timeout) and where verdicts are
// kept (-cache: redis://HOST:PORT shares them between gateways; "": this
// gateway's memory).
type judgeFlags struct {
	url, format, model, keyEnv string
	timeout                    time.Duration
	cache                      string
}

// newJudge returns the judge of f, nil when f names no API; close
// releases its cache's connections.
func newJudge(ctx context.Context, f judgeFlags, getenv func(string) string, hookTimeout time.Duration) (j policy.Judger, close func(), err error) {
	close = func() {}
	if f.url == "" {
		if f.model != "" || f.cache != "" {
			return nil, close, errors.New("-judge-model and -cache need -judge-url")
		}
		return nil, close, nil
	}
	jd := &judge.Judge{URL: f.url, Model: f.model, Key: getenv(f.keyEnv), Timeout: f.timeout}
	switch f.format {
	case "", "openai":
	case "anthropic":
		jd.Format = judge.Anthropic
	default:
		return nil, close, fmt.Errorf("-judge-format %q: openai or anthropic", f.format)
	}
	if jd.Model == "" {
		return nil, close, errors.New("-judge-url needs -judge-model")
	}
	if jd.Timeout <= 0 || jd.Timeout > hookTimeout/2 {
		return nil, close, fmt.Errorf("-judge-timeout %v: keep it above 0 and at most half of -timeout (%v), so that a slow model leaves the rule's judge_fail time to answer", jd.Timeout, hookTimeout)
	}
	switch f.cache {
	case "":
		jd.Cache = &judge.Memory{}
	default:
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		rc, err := rediscache.New(ctx, f.cache, 0)
		if err != nil {
			return nil, close, err
		}
		jd.Cache, close = rc, func() { rc.Close() }
	}
	return judger{j: jd}, close, nil
}

// judger asks a judge.Judge about a "judge" rule: the rule's reason as
// the instructions, the facts package shell and the adapter computed, its
// judge_fail when there is no verdict, cached under the policy's version.
type judger struct{ j *judge.Judge }

// Judge implements policy.Judger.
func (g judger) Judge(ctx context.Context, q policy.Question) (hooks.Decision, string) {
	r := q.Rule
	fail := hooks.DecisionAsk
	switch r.JudgeFail {
	case "deny":
		fail = hooks.DecisionDeny
	case "allow":
		fail = hooks.DecisionAllow
	}
	v := g.j.Decide(ctx, judge.Question{PolicyVersion: q.Version, Rule: r.Name, Instructions: r.Reason, Fail: fail, Facts: judge.FactsOf(q.Event)})
	if v.Err != nil {
		return v.Decision, "no verdict (" + v.Err.Error() + "): judge_fail " + r.JudgeFail
	}
	return v.Decision, v.Reason
}
