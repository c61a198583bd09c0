package hookhttp

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
)

// keys returns the keys and values of one JSON object line, in order,
// values decoded (numbers as json.Number).
func keys(t testing.TB, line []byte) ([]string, map[string]any) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(line))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	var order []string
	d = json.NewDecoder(bytes.NewReader(line))
	d.Token() // {
	for d.More() {
		k, _ := d.Token()
		order = append(order, k.(string))
		var v json.RawMessage
		d.Decode(&v)
	}
	return order, m
}

// sameLine fails unless JSONLogger's line for r holds what slog's JSON
// handler writes for it: the same keys, in the same order, with the same
// values.
func sameLine(t testing.TB, r RequestRecord, failed bool) {
	t.Helper()
	var viaSlog, byHand bytes.Buffer
	g := &Handler{Handlers: hooks.Handlers{Fail: hooks.FailClosed}}
	level := slog.LevelInfo
	if failed {
		level = slog.LevelWarn
	}
	g.log(context.Background(), slog.New(slog.NewJSONHandler(&viaSlog, nil)), level, &r, failed)
	JSONLogger(&byHand).Handler().(*jsonLog).write(level, &r, failed, g.Handlers.Fail.String())
	ko, mo := keys(t, viaSlog.Bytes())
	kh, mh := keys(t, byHand.Bytes())
	if !reflect.DeepEqual(ko, kh) || !reflect.DeepEqual(mo, mh) {
		t.Errorf("slog:    %s\nby hand: %s", viaSlog.Bytes(), byHand.Bytes())
	}
	if bytes.Count(byHand.Bytes(), []byte("\n")) != 1 || !bytes.HasSuffix(byHand.Bytes(), []byte("\n")) {
		t.Errorf("not one line: %q", byHand.Bytes())
	}
}

func nasty() RequestRecord {
	r := RequestRecord{Record: hooks.Record{
		Time: time.Date(2026, 12, 2, 1, 2, 3, 456789012, time.UTC), Duration: 1234567 * time.Nanosecond,
		Host: "codex", NativeEvent: "PreToolUse", Event: hooks.PreToolUse, SessionID: "s-\"1\"", ToolKind: hooks.KindShell, ToolName: "Bash",
		Command: "echo '<a>&b' \\ \"q\"\n\t\b\f\x01 é \u2028 \xff", Paths: []string{"/home/dev/<x>.env", "a&b"},
		Decision: hooks.DecisionAsk, Sent: "deny", Reason: "no <rm> & \"why\"", Warnings: []string{"ask sent as deny", "<dropped>"},
		Checks: []hooks.Check{{Name: "rm<rf>", Decision: hooks.DecisionDeny, Duration: 1500 * time.Microsecond, Note: "n&b"}, {Name: "x", Duration: 0}},
	}, Status: 200, Wire: "envelope", User: "alice.o'brien@example.com"}
	return r
}

func TestJSONLoggerLine(t *testing.T) {
	r := nasty()
	sameLine(t, r, false)
	r.Observe, r.Would, r.Sent = true, "deny", "none"
	sameLine(t, r, false)
	r.Fail = "hook failed: <parse> error"
	sameLine(t, r, true)
	sameLine(t, RequestRecord{Status: 500, Wire: "http"}, true)
	sameLine(t, RequestRecord{Record: hooks.Record{Duration: 3 * time.Hour}}, false)
}

func FuzzJSONLoggerLine(f *testing.F) {
	f.Add("rm -rf /", "no", "/a/.env", "w", "check", int64(1500000))
	f.Add("\x00\u2029<>&\"\\", "\xfe", "", "", "", int64(1))
	f.Fuzz(func(t *testing.T, command, reason, path, warning, check string, d int64) {
		if d < 0 || d > int64(time.Hour) {
			d = 1
		}
		r := nasty()
		r.Command, r.Reason, r.Paths, r.Warnings = command, reason, []string{path}, []string{warning}
		r.Checks = []hooks.Check{{Name: check, Duration: time.Duration(d), Note: reason}}
		r.Duration = time.Duration(d)
		sameLine(t, r, d%2 == 0)
	})
}

// Lines of concurrent requests and other records never interleave.
func TestJSONLoggerConcurrent(t *testing.T) {
	var out bytes.Buffer
	lg := JSONLogger(&out)
	r := nasty()
	r.Command = strings.Repeat("x", 5000)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 50 {
				if i%2 == 0 {
					lg.Handler().(*jsonLog).write(slog.LevelInfo, &r, false, "closed")
				} else {
					lg.Info("other", "n", i)
				}
			}
		})
	}
	wg.Wait()
	lines := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
	if len(lines) != 400 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if !json.Valid(l) {
			t.Fatalf("torn line %.100q", l)
		}
	}
}

// The request record costs no allocation of its own with JSONLogger.
func TestJSONLoggerAllocs(t *testing.T) {
	r := nasty()
	j := JSONLogger(discard{}).Handler().(*jsonLog)
	if n := testing.AllocsPerRun(100, func() { j.write(slog.LevelInfo, &r, false, "closed") }); n != 0 {
		t.Errorf("%v allocations per record", n)
	}
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// TestAppendMS: appendMS writes what strconv.AppendFloat writes for
// ms(d), the form slog's JSON handler gives.
func TestAppendMS(t *testing.T) {
	ds := []time.Duration{0, 1, 999, time.Microsecond, 10 * time.Microsecond, 100 * time.Microsecond,
		1500 * time.Microsecond, time.Millisecond, 1234567 * time.Nanosecond, time.Second, 90 * time.Minute,
		-time.Millisecond, -1500 * time.Microsecond, 1e15 * time.Microsecond / 1000 * 999, time.Duration(1<<63 - 1), time.Duration(-1 << 63)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		ds = append(ds, time.Duration(r.Int64N(int64(1e18))), time.Duration(r.Int64N(1e9)), time.Duration(r.Int64N(1e6))*time.Microsecond)
	}
	for _, d := range ds {
		want := string(strconv.AppendFloat(nil, ms(d), 'f', -1, 64))
		if got := string(appendMS(nil, d)); got != want {
			t.Errorf("appendMS(%d) = %s, want %s", d, got, want)
		}
	}
}

// TestAppendTime: appendTime writes what t.AppendFormat writes with
// time.RFC3339Nano, the form slog's JSON handler gives, also for times
// of the same second in other zones.
func TestAppendTime(t *testing.T) {
	locs := []*time.Location{time.UTC, time.Local, time.FixedZone("", 5*3600+30*60), time.FixedZone("", -7*3600)}
	if l, err := time.LoadLocation("Europe/Paris"); err == nil {
		locs = append(locs, l)
	}
	base := []time.Time{time.Now(), time.Unix(0, 0), time.Unix(-1, 5), time.Date(2026, 3, 29, 0, 59, 59, 999999999, time.UTC),
		time.Date(2026, 3, 29, 1, 0, 0, 0, time.UTC), time.Date(-5, 1, 1, 0, 0, 0, 1, time.UTC), time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC)}
	r := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		base = append(base, time.Unix(r.Int64N(4e9), r.Int64N(1e9)), time.Unix(1.8e9, r.Int64N(1e9)/1000*1000))
	}
	for _, b := range base {
		for _, l := range locs {
			tm := b.In(l)
			want := string(tm.AppendFormat(nil, time.RFC3339Nano))
			if got := string(appendTime(nil, tm)); got != want {
				t.Errorf("appendTime(%v) = %s, want %s", tm, got, want)
			}
		}
	}
}
