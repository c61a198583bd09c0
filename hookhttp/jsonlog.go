package hookhttp

import (
	"io"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// JSONLogger returns a logger that writes JSON lines on w as
// slog.New(slog.NewJSONHandler(w, nil)) does, except that the request
// records of a [Handler] using it are written by hand: the same keys and
// values (see [Handler.Logger]), built in one pooled buffer without slog
// attributes or encoding/json, and written with one Write. It is
// [Handler.Logger]'s default, on stderr. Lines never interleave: every
// line, request record or not, is written whole under one lock.
func JSONLogger(w io.Writer) *slog.Logger {
	var lw io.Writer = w
	if _, whole := w.(*LogWriter); !whole {
		// A LogWriter queues each Write whole, under its own lock.
		lw = &lockedWriter{w: w}
	}
	return slog.New(&jsonLog{Handler: slog.NewJSONHandler(lw, nil), w: lw})
}

// jsonLog is JSONLogger's handler: slog's JSON handler, which the
// gateway bypasses for its request records.
type jsonLog struct {
	slog.Handler
	w io.Writer // each Write whole (a lockedWriter, or a LogWriter)
}

// lockedWriter makes each Write whole: slog's handler and the request
// records write through it.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// lineBufs holds the buffers of request records; a buffer that grew past
// 16 KiB (a long command with LogCommands) is not kept.
var lineBufs = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// write writes r as the record Handler.log would give slog's JSON
// handler: the same keys in the same order, strings escaped as slog
// escapes them, lists as encoding/json writes them. failed says the fail
// policy answered, policy is the gateway's fail policy.
func (j *jsonLog) write(level slog.Level, r *RequestRecord, failed bool, policy string) {
	bp := lineBufs.Get().(*[]byte)
	b := (*bp)[:0]
	b = append(b, '{')
	if t := r.Time.Add(r.Duration); !t.IsZero() { // as slog: no time key for a zero time
		b = append(b, `"time":"`...)
		b = appendTime(b, t)
		b = append(b, '"', ',')
	}
	b = append(b, `"level":"`...)
	b = append(b, level.String()...)
	b = append(b, `","msg":"hook"`...)
	list := func(key string, vs []string) {
		b = append(b, key...)
		b = append(b, '[')
		for i, v := range vs {
			if i > 0 {
				b = append(b, ',')
			}
			b = fastjson.AppendString(b, v, true)
		}
		b = append(b, ']')
	}
	b = appendStr(b, `,"host":`, string(r.Host))
	b = appendStr(b, `,"event":`, r.NativeEvent)
	b = appendStr(b, `,"unified":`, string(r.Event))
	b = appendStr(b, `,"session":`, r.SessionID)
	b = appendStr(b, `,"tool":`, r.ToolName)
	b = appendStr(b, `,"kind":`, string(r.ToolKind))
	b = appendStr(b, `,"decision":`, r.Decision.String())
	b = appendStr(b, `,"sent":`, r.Sent)
	if r.Command != "" {
		b = appendStr(b, `,"command":`, r.Command)
	}
	if len(r.Paths) > 0 {
		list(`,"paths":`, r.Paths)
	}
	if r.Observe {
		b = append(b, `,"observe":true`...)
		b = appendStr(b, `,"would":`, r.Would)
	}
	if r.Reason != "" {
		b = appendStr(b, `,"reason":`, r.Reason)
	}
	if len(r.Warnings) > 0 {
		list(`,"warnings":`, r.Warnings)
	}
	if failed {
		b = appendStr(b, `,"fail":`, r.Fail)
		b = appendStr(b, `,"policy":`, policy)
		b = appendStr(b, `,"err":`, r.Fail)
	}
	if len(r.Checks) > 0 {
		b = append(b, `,"checks":[`...)
		for i, c := range r.Checks {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = fastjson.AppendString(b, c.Name, true)
			b = append(b, `,"decision":`...)
			b = fastjson.AppendString(b, c.Decision.String(), true)
			b = append(b, `,"duration_ms":`...)
			b = appendMS(b, c.Duration)
			if c.Note != "" {
				b = append(b, `,"note":`...)
				b = fastjson.AppendString(b, c.Note, true)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	// encoding/json writes these floats (at least 0.001, far below 1e21)
	// in 'f' form, as slog's handler does through it.
	b = append(b, `,"duration_ms":`...)
	b = appendMS(b, r.Duration)
	b = append(b, `,"latency":`...)
	b = strconv.AppendInt(b, int64(r.Duration), 10)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(r.Status), 10)
	b = appendStr(b, `,"wire":`, r.Wire)
	if r.User != "" {
		b = appendStr(b, `,"user":`, r.User)
	}
	b = append(b, '}', '\n')
	j.w.Write(b)
	if cap(b) <= 16<<10 {
		*bp = b
		lineBufs.Put(bp)
	}
}

// appendStr appends key (`,"name":`) and v as slog's JSON handler
// writes a string.
func appendStr(b []byte, key, v string) []byte {
	return fastjson.AppendString(append(b, key...), v, false)
}

// A stamp is the second of a log line's time as RFC 3339 writes it,
// kept while the lines of that second are written (lastStamp): only the
// fraction is formatted for each.
type stamp struct {
	sec        int64 // Unix seconds
	loc        *time.Location
	head, zone string // "2006-01-02T15:04:05" and "Z07:00"
}

var lastStamp atomic.Pointer[stamp]

// appendTime appends t as t.AppendFormat(b, time.RFC3339Nano) does
// (TestAppendTime). A location's offset is the same for a whole second.
func appendTime(b []byte, t time.Time) []byte {
	sec, loc := t.Unix(), t.Location()
	st := lastStamp.Load()
	if st == nil || st.sec != sec || st.loc != loc {
		s := t.Truncate(time.Second).Format(time.RFC3339)
		n := len("2006-01-02T15:04:05")
		if len(s) < n || t.Year() < 0 || t.Year() > 9999 {
			return t.AppendFormat(b, time.RFC3339Nano)
		}
		st = &stamp{sec: sec, loc: loc, head: s[:n], zone: s[n:]}
		lastStamp.Store(st)
	}
	b = append(b, st.head...)
	if ns := t.Nanosecond(); ns != 0 {
		var d [10]byte
		d[0] = '.'
		for i := 9; i >= 1; i-- {
			d[i] = byte('0' + ns%10)
			ns /= 10
		}
		n := 10
		for d[n-1] == '0' {
			n--
		}
		b = append(b, d[:n]...)
	}
	return append(b, st.zone...)
}

// appendMS appends ms(d) as strconv.AppendFloat(b, ms(d), 'f', -1, 64)
// does, without its shortest-form search: a whole number of microseconds
// under 10^15 has at most 15 significant digits, so its exact decimal is
// the float's shortest form (TestAppendMS).
func appendMS(b []byte, d time.Duration) []byte {
	u := d.Microseconds()
	if u < 0 || u >= 1e15 {
		return strconv.AppendFloat(b, ms(d), 'f', -1, 64)
	}
	b = strconv.AppendInt(b, u/1000, 10)
	frac := u % 1000
	if frac == 0 {
		return b
	}
	digits := [3]byte{byte('0' + frac/100), byte('0' + frac/10%10), byte('0' + frac%10)}
	n := 3
	for digits[n-1] == '0' {
		n--
	}
	b = append(b, '.')
	return append(b, digits[:n]...)
}
