package judge

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/agenthooks/hooks"
)

// Judge asks a model for verdicts. Set the fields before use; Judge is
// then safe for concurrent use.
type Judge struct {
	// URL is the API's base URL: an OpenAI-compatible chat-completions
	// API (POST URL/chat/completions), or with Format Anthropic the
	// Messages API (POST URL/v1/messages).
	URL string
	// Format is the API's wire (default OpenAI).
	Format Format
	// Model is the model asked; Key the API key (sent as a bearer token,
	// or x-api-key for Anthropic), never logged.
	Model string
	Key   string
	// Timeout bounds one question, the cache's look-up included (0:
	// DefaultTimeout). Keep it well under the hook's own deadline.
	Timeout time.Duration
	// Cache holds verdicts (nil: none); see [Memory] and package
	// hookhttp/judge/rediscache.
	Cache Cache
	// Client sends the requests (nil: http.DefaultClient's transport,
	// no redirects followed).
	Client *http.Client

	flight sync.Map // key → *call: one question in flight per key
}

// Format is the wire of a model API.
type Format int

// The formats.
const (
	OpenAI    Format = iota // chat completions
	Anthropic               // Messages
)

// DefaultTimeout is Judge.Timeout when 0.
const DefaultTimeout = 3 * time.Second

// MaxReason caps the reason kept from a verdict.
const MaxReason = 512

// maxAnswer caps the model API's answer read.
const maxAnswer = 1 << 20

// A Question is what a rule asks the judge.
type Question struct {
	// PolicyVersion and Rule name the policy loaded and the rule asking:
	// with the facts, the cache key (a new policy asks again).
	PolicyVersion string
	Rule          string
	// Instructions are the rule's own words to the judge (what to allow,
	// what to deny): the policy author's text, given as instructions.
	Instructions string
	// Fail answers when there is no verdict: hooks.DecisionAsk,
	// DecisionDeny or DecisionAllow (the rule's judge_fail; NoDecision is
	// taken as DecisionDeny).
	Fail hooks.Decision
	// Facts are the tool call's.
	Facts Facts
}

// A Verdict is the judge's answer, or the rule's Fail decision.
type Verdict struct {
	Decision hooks.Decision
	// Reason is the model's reason (bounded to MaxReason), or why there
	// is no verdict.
	Reason string
	// Cached reports that the verdict came from the cache.
	Cached bool
	// Err, when not nil, says why Decision is the rule's Fail decision.
	Err error
}

// Cache holds verdicts by key. Get and Set must be safe for concurrent
// use and bounded in time by ctx; an error is a miss (Get) or ignored
// (Set): a cache down costs a question to the model, never an answer.
type Cache interface {
	Get(ctx context.Context, key string) (Verdict, bool, error)
	Set(ctx context.Context, key string, v Verdict) error
}

// Key is the cache key of q: a SHA-256 of the policy version, the rule,
// its instructions and the normalized facts.
func Key(q Question) string {
	h := sha256.New()
	for _, s := range []string{q.PolicyVersion, q.Rule, q.Instructions} {
		fmt.Fprintf(h, "%d:%s\n", len(s), s)
	}
	h.Write(q.Facts.normalized())
	return "hooks-judge:" + hex.EncodeToString(h.Sum(nil))
}

// call is a question in flight, shared by the requests that ask it at
// once.
type call struct {
	done chan struct{}
	v    Verdict
}

// Decide answers q: from the cache, else from the model within the
// judge's Timeout. A verdict it cannot get takes q.Fail. It reports the
// verdict as the check "judge:RULE" (hooks.ReportCheck) with the reason
// and "(cached)" when it came from the cache. It never panics and never
// takes longer than the Timeout or ctx.
func (j *Judge) Decide(ctx context.Context, q Question) Verdict {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, cmpOr(j.Timeout, DefaultTimeout))
	defer cancel()
	v := j.decide(ctx, q)
	note := v.Reason
	switch {
	case v.Err != nil:
		note = "no verdict (" + v.Err.Error() + "): judge_fail " + v.Decision.String()
	case v.Cached:
		note = "(cached) " + note
	}
	hooks.ReportCheck(ctx, hooks.Check{Name: "judge:" + q.Rule, Decision: v.Decision, Duration: time.Since(start), Note: note})
	return v
}

func (j *Judge) decide(ctx context.Context, q Question) Verdict {
	key := Key(q)
	if j.Cache != nil {
		// A quarter of the time at most: a cache down or slow costs a
		// question to the model, never the answer.
		cctx, cancel := context.WithTimeout(ctx, cmpOr(j.Timeout, DefaultTimeout)/4)
		v, ok, err := j.Cache.Get(cctx, key)
		cancel()
		if err == nil && ok && valid(v.Decision) {
			v.Cached, v.Err = true, nil
			return v
		}
	}
	// One question per key at once: the others wait for its verdict.
	c := &call{done: make(chan struct{})}
	if prev, loaded := j.flight.LoadOrStore(key, c); loaded {
		p := prev.(*call)
		select {
		case <-p.done:
			v := p.v
			if v.Err == nil {
				v.Cached = true
			}
			return v
		case <-ctx.Done():
			return failed(q, fmt.Errorf("judge: %w", ctx.Err()))
		}
	}
	defer func() {
		j.flight.Delete(key)
		close(c.done)
	}()
	v, err := j.ask(ctx, q)
	if err != nil {
		c.v = failed(q, err)
		return c.v
	}
	c.v = v
	if j.Cache != nil {
		// Kept before the answer, so that the next question finds it,
		// within a quarter of the time at most.
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cmpOr(j.Timeout, DefaultTimeout)/4)
		j.Cache.Set(sctx, key, v)
		cancel()
	}
	return v
}

// failed is q's Fail decision for err.
func failed(q Question, err error) Verdict {
	d := q.Fail
	if !valid(d) {
		d = hooks.DecisionDeny
	}
	return Verdict{Decision: d, Reason: "judge gave no verdict: " + err.Error(), Err: err}
}

func valid(d hooks.Decision) bool {
	return d == hooks.DecisionAllow || d == hooks.DecisionDeny || d == hooks.DecisionAsk
}

func cmpOr(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// ask sends q to the model and reads its verdict.
func (j *Judge) ask(ctx context.Context, q Question) (Verdict, error) {
	system, user, err := prompt(q)
	if err != nil {
		return Verdict{}, err
	}
	var body any
	url := strings.TrimRight(j.URL, "/")
	switch j.Format {
	case Anthropic:
		url += "/v1/messages"
		body = map[string]any{"model": j.Model, "max_tokens": 300, "temperature": 0, "system": system,
			"messages": []map[string]string{{"role": "user", "content": user}}}
	default:
		url += "/chat/completions"
		body = map[string]any{"model": j.Model, "temperature": 0, "response_format": map[string]string{"type": "json_object"},
			"messages": []map[string]string{{"role": "system", "content": system}, {"role": "user", "content": user}}}
	}
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return Verdict{}, errors.New("judge: bad -judge-url")
	}
	req.Header.Set("Content-Type", "application/json")
	if j.Key != "" {
		if j.Format == Anthropic {
			req.Header.Set("x-api-key", j.Key)
			req.Header.Set("anthropic-version", "2023-06-01")
		} else {
			req.Header.Set("Authorization", "Bearer "+j.Key)
		}
	}
	client := j.Client
	if client == nil {
		client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	resp, err := client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return Verdict{}, errors.New("judge: timed out")
		}
		return Verdict{}, errors.New("judge: unreachable")
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Verdict{}, fmt.Errorf("judge: the API answered %d", resp.StatusCode)
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		if ctx.Err() != nil {
			return Verdict{}, errors.New("judge: timed out")
		}
		return Verdict{}, errors.New("judge: answer cut short")
	}
	if len(raw) > maxAnswer {
		return Verdict{}, errors.New("judge: answer too large")
	}
	text, err := content(j.Format, raw)
	if err != nil {
		return Verdict{}, err
	}
	return parseVerdict(text)
}

// content is the model's text in an API answer.
func content(f Format, raw []byte) (string, error) {
	if f == Anthropic {
		var a struct {
			Content []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"content"`
		}
		if json.Unmarshal(raw, &a) != nil || len(a.Content) != 1 || a.Content[0].Type != "text" {
			return "", errors.New("judge: not a Messages answer with one text block")
		}
		return a.Content[0].Text, nil
	}
	var c struct {
		Choices []struct {
			Message struct {
				Content *string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if json.Unmarshal(raw, &c) != nil || len(c.Choices) != 1 || c.Choices[0].Message.Content == nil {
		return "", errors.New("judge: not a chat completion with one choice")
	}
	return *c.Choices[0].Message.Content, nil
}

// parseVerdict reads the model's text: exactly one JSON object with a
// decision among allow, deny and ask and a reason, nothing else (white
// space around it aside).
func parseVerdict(text string) (Verdict, error) {
	var v struct {
		Decision *string `json:"decision"`
		Reason   *string `json:"reason"`
	}
	d := json.NewDecoder(strings.NewReader(text))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return Verdict{}, errors.New("judge: the verdict is not the JSON object asked for")
	}
	if _, err := d.Token(); err != io.EOF {
		return Verdict{}, errors.New("judge: text after the verdict")
	}
	if v.Decision == nil || v.Reason == nil {
		return Verdict{}, errors.New("judge: the verdict lacks decision or reason")
	}
	var dec hooks.Decision
	switch *v.Decision {
	case "allow":
		dec = hooks.DecisionAllow
	case "deny":
		dec = hooks.DecisionDeny
	case "ask":
		dec = hooks.DecisionAsk
	default:
		return Verdict{}, errors.New("judge: the decision is not allow, deny or ask")
	}
	reason := strings.TrimSpace(*v.Reason)
	if len(reason) > MaxReason {
		reason = reason[:MaxReason]
	}
	return Verdict{Decision: dec, Reason: reason}, nil
}

// Response is the answer of a judged rule for v: allow, deny or ask, with
// the reason naming the rule and the judge's reason (or why there was no
// verdict). An ask goes to hosts that cannot ask as each host's adapter
// fits it, as any other ask.
func (v Verdict) Response(rule string) hooks.Response {
	reason := "judge (" + rule + "): " + v.Reason
	if v.Err != nil {
		reason = "judge (" + rule + ") gave no verdict (" + v.Err.Error() + "); the rule's judge_fail answers"
	}
	switch v.Decision {
	case hooks.DecisionAllow:
		r := hooks.Allow()
		r.Reason = reason
		return r
	case hooks.DecisionAsk:
		return hooks.Ask(reason)
	}
	return hooks.Deny(reason)
}
