package judge

import (
	"context"
	"sync"
	"time"
)

// Memory is a Cache in this process: at most Max verdicts (0: 10,000),
// each kept TTL (0: an hour). When full, the oldest verdicts go first.
type Memory struct {
	Max int
	TTL time.Duration

	mu    sync.Mutex
	items map[string]memItem
	order []string // keys, oldest first
}

type memItem struct {
	v       Verdict
	expires time.Time
}

// Get returns the verdict of key, if it holds one not expired.
func (m *Memory) Get(_ context.Context, key string) (Verdict, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.items[key]
	if !ok || time.Now().After(it.expires) {
		return Verdict{}, false, nil
	}
	return it.v, true, nil
}

// Set keeps v under key.
func (m *Memory) Set(_ context.Context, key string, v Verdict) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.items == nil {
		m.items = map[string]memItem{}
	}
	max := m.Max
	if max <= 0 {
		max = 10000
	}
	if _, ok := m.items[key]; !ok {
		for len(m.items) >= max && len(m.order) > 0 {
			delete(m.items, m.order[0])
			m.order = m.order[1:]
		}
		m.order = append(m.order, key)
	}
	m.items[key] = memItem{v: Verdict{Decision: v.Decision, Reason: v.Reason}, expires: time.Now().Add(cmpOr(m.TTL, time.Hour))}
	return nil
}
