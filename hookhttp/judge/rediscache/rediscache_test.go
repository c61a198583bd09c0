package rediscache

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp/judge"
)

// startRedis runs Debian's redis-server on a free port, without
// persistence, until the test ends, and returns its URL.
func startRedis(t testing.TB) (string, *exec.Cmd) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("HOOKS_REQUIRE_REDIS") != "" {
			t.Fatal("redis-server not found, and HOOKS_REQUIRE_REDIS is set")
		}
		t.Skip("redis-server not found (apt-get install redis-server; .ci/run installs it)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := fmt.Sprintf("redis://127.0.0.1:%d", port)
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			return url, cmd
		}
		if time.Now().After(deadline) {
			t.Fatal("redis-server did not start")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func fakeModel(t *testing.T, asked *atomic.Int32) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"content": `{"decision":"deny","reason":"deploys to production"}`}}}})
	}))
	t.Cleanup(s.Close)
	return s
}

func question() judge.Question {
	ev := &hooks.PreToolUseEvent{Base: hooks.Base{Host: "codex", NativeEvent: "PreToolUse"},
		Tool: hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "make deploy"}}}
	return judge.Question{PolicyVersion: "v1", Rule: "deploys", Fail: hooks.DecisionAsk, Facts: judge.FactsOf(ev)}
}

// Two gateways (two judges, each with its own Redis connection) ask the
// model once: the second finds the first's verdict in Redis.
func TestTwoReplicasAskOnce(t *testing.T) {
	url, redisProc := startRedis(t)
	var asked atomic.Int32
	model := fakeModel(t, &asked)
	ctx := context.Background()
	var replicas []*judge.Judge
	for range 2 {
		c, err := New(ctx, url, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		replicas = append(replicas, &judge.Judge{URL: model.URL, Cache: c})
	}
	v1 := replicas[0].Decide(ctx, question())
	v2 := replicas[1].Decide(ctx, question())
	if v1.Decision != hooks.DecisionDeny || v1.Cached || v2.Decision != hooks.DecisionDeny || !v2.Cached || v2.Reason != "deploys to production" {
		t.Errorf("replica 1: %+v; replica 2: %+v", v1, v2)
	}
	if n := asked.Load(); n != 1 {
		t.Errorf("model asked %d times by two replicas, want 1", n)
	}
	// Redis gone: the judge still answers, from the model.
	redisProc.Process.Kill()
	redisProc.Wait()
	q := question()
	q.Rule = "other"
	start := time.Now()
	v := replicas[0].Decide(ctx, q)
	if v.Decision != hooks.DecisionDeny || v.Err != nil || v.Cached || time.Since(start) > 2*time.Second {
		t.Errorf("Redis down: %+v after %v", v, time.Since(start))
	}
}

// A value in Redis that is not a verdict is a miss, never a decision.
func TestForeignValueIsAMiss(t *testing.T) {
	url, _ := startRedis(t)
	c, err := New(context.Background(), url, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	key := judge.Key(question())
	for _, raw := range []string{`{"decision":"allow!","reason":"x"}`, `not json`, `{"decision":""}`} {
		c.client.Set(context.Background(), key, raw, time.Minute)
		if v, ok, err := c.Get(context.Background(), key); ok || err != nil {
			t.Errorf("%q: %+v %v %v", raw, v, ok, err)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:6379", "redis://", "127.0.0.1:6379"} {
		if _, err := New(context.Background(), u, 0); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := New(ctx, "redis://127.0.0.1:1", 0); err == nil {
		t.Error("no server there, yet New succeeded")
	}
}

// BenchmarkDecideRedisCached is the judge's cache-hit path through a real
// redis-server on 127.0.0.1: one GET a question, the model never asked.
func BenchmarkDecideRedisCached(b *testing.B) {
	url, _ := startRedis(b)
	c, err := New(context.Background(), url, time.Minute)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	j := &judge.Judge{URL: "http://127.0.0.1:1", Cache: c}
	q := question()
	c.Set(context.Background(), judge.Key(q), judge.Verdict{Decision: hooks.DecisionDeny, Reason: "deploys to production"})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if v := j.Decide(ctx, q); !v.Cached {
			b.Fatal(v)
		}
	}
}
