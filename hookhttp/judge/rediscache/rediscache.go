// Package rediscache shares a judge's verdicts between gateways through
// Redis (github.com/redis/go-redis/v9), so that replicas serving one
// company ask the model once per question. Only a gateway links it.
package rediscache

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp/judge"
	"github.com/redis/go-redis/v9"
)

// Cache is a judge.Cache in Redis: each verdict a key (judge.Key) holding
// {"decision","reason"} for TTL.
type Cache struct {
	client *redis.Client
	ttl    time.Duration
}

// DefaultTTL is how long a verdict is kept when New is given 0.
const DefaultTTL = 24 * time.Hour

// New connects to the Redis server of a redis:// or rediss:// URL
// (redis://HOST:PORT, with a password and database number if any) and
// keeps verdicts ttl (0: DefaultTTL). It checks the server answers
// within ctx.
func New(ctx context.Context, rawURL string, ttl time.Duration) (*Cache, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "" {
		return nil, errors.New("-cache: want a redis://HOST:PORT URL")
	}
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, errors.New("-cache: want a redis://HOST:PORT URL")
	}
	// Bounded: a slow Redis costs a question to the model, never the
	// hook's deadline.
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout = time.Second, 500*time.Millisecond, 500*time.Millisecond
	opt.MaxRetries, opt.DialerRetries = 0, 1
	// go-redis logs its dial errors on stderr by itself; the judge
	// already turns them into a question to the model.
	redis.SetLogger(quiet{})
	c := &Cache{client: redis.NewClient(opt), ttl: ttl}
	if c.ttl <= 0 {
		c.ttl = DefaultTTL
	}
	if err := c.client.Ping(ctx).Err(); err != nil {
		c.client.Close()
		return nil, fmt.Errorf("-cache: redis at %s does not answer: %v", u.Host, err)
	}
	return c, nil
}

// stored is a verdict as kept in Redis.
type stored struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

// Get returns the verdict of key, if Redis holds a valid one.
func (c *Cache) Get(ctx context.Context, key string) (judge.Verdict, bool, error) {
	b, err := c.client.Get(ctx, key).Bytes()
	if errors.Is(err, redis.Nil) {
		return judge.Verdict{}, false, nil
	}
	if err != nil {
		return judge.Verdict{}, false, err
	}
	var s stored
	if json.Unmarshal(b, &s) != nil {
		return judge.Verdict{}, false, nil
	}
	var d hooks.Decision
	switch s.Decision {
	case "allow":
		d = hooks.DecisionAllow
	case "deny":
		d = hooks.DecisionDeny
	case "ask":
		d = hooks.DecisionAsk
	default:
		return judge.Verdict{}, false, nil
	}
	if len(s.Reason) > judge.MaxReason {
		s.Reason = s.Reason[:judge.MaxReason]
	}
	return judge.Verdict{Decision: d, Reason: s.Reason}, true, nil
}

// Set keeps v under key for the cache's TTL.
func (c *Cache) Set(ctx context.Context, key string, v judge.Verdict) error {
	b, _ := json.Marshal(stored{Decision: v.Decision.String(), Reason: v.Reason})
	return c.client.Set(ctx, key, b, c.ttl).Err()
}

// Close closes the connections.
func (c *Cache) Close() error { return c.client.Close() }

// quiet is a go-redis logger that says nothing.
type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}
