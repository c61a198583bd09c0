package hooklog

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
	"time"
)

// A Report sums up a decision log: what [Summarize] returns and "report"
// prints.
type Report struct {
	// Since is the start of the window (zero: the whole log); First and
	// Last the times of the first and last event in it.
	Since time.Time `json:"since,omitzero"`
	First time.Time `json:"first,omitzero"`
	Last  time.Time `json:"last,omitzero"`
	// Events is the number of events; Unreadable the lines that were not
	// a Line (a torn or foreign line); TooLong the lines over
	// [MaxReadLine] bytes, skipped unread.
	Events     int `json:"events"`
	Unreadable int `json:"unreadable"`
	TooLong    int `json:"too_long,omitempty"`
	// Hosts counts the events of each host; Users those of each user
	// (the developer a gateway named, or the login of a hook's own log;
	// "" when the line names none).
	Hosts []Count `json:"hosts"`
	Users []Count `json:"users"`
	// Rows counts events per host, native event, handler decision, what
	// was sent (or would have been, in observe mode) and user.
	Rows []Row `json:"rows"`
	// WouldDeny counts, per host, the events of observe mode that would
	// have been denied (deny, or a halt).
	WouldDeny []Count `json:"would_deny"`
	// Reasons are the most frequent reasons of a deny (sent, or would-be);
	// Denied the most frequent commands (or paths) denied.
	Reasons []Count `json:"reasons"`
	Denied  []Count `json:"denied"`
	// Fails counts the fail policy's answers by reason.
	Fails []Count `json:"fails"`
	// P50MS and P99MS are the median and 99th percentile of the hook's
	// own time to answer, in milliseconds: each line's duration_ms less
	// its stdin_ms, the time the host took to write the payload.
	P50MS float64 `json:"p50_ms"`
	P99MS float64 `json:"p99_ms"`
	// Buckets are the events over time, per host, for a chart.
	Buckets []Bucket `json:"buckets"`
}

// A Count is how often Key occurred.
type Count struct {
	Key string `json:"key"`
	N   int    `json:"n"`
}

// A Row is a number of events of one host, event, decision and answer.
type Row struct {
	Host     string `json:"host"`
	Event    string `json:"event"`
	Decision string `json:"decision"`
	// Sent is what the host received; in observe mode (Observe) what it
	// would have received.
	Sent    string `json:"sent"`
	Observe bool   `json:"observe"`
	User    string `json:"user"`
	N       int    `json:"n"`
}

// A Bucket is the number of events of each host in one slice of time.
type Bucket struct {
	Start  time.Time      `json:"start"`
	Counts map[string]int `json:"counts"`
}

// top is the number of reasons and commands a report lists.
const top = 10

// Files returns the files of the log at path, oldest first: the rotated
// ones that exist (PATH.N … PATH.1), then PATH.
func Files(path string) []string {
	n := 0
	for {
		if _, err := os.Stat(rotated(path, n+1)); err != nil {
			break
		}
		n++
	}
	out := make([]string, 0, n+1)
	for i := n; i >= 1; i-- {
		out = append(out, rotated(path, i))
	}
	return append(out, path)
}

// ReadFiles reads the lines of the files (skipping those that do not
// exist), keeping those at or after since; bad counts the lines that are
// not a Line, long those over [MaxReadLine] bytes, skipped unread.
func ReadFiles(files []string, since time.Time) (lines []Line, bad, long int, err error) {
	found := false
	for _, p := range files {
		f, err := openRead(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, 0, 0, err
		}
		found = true
		ls, b, n, err := Read(f, since)
		f.Close()
		if err != nil {
			return nil, 0, 0, err
		}
		lines, bad, long = append(lines, ls...), bad+b, long+n
	}
	if !found && len(files) > 0 {
		return nil, 0, 0, &fs.PathError{Op: "open", Path: files[len(files)-1], Err: fs.ErrNotExist}
	}
	return lines, bad, long, nil
}

// MaxReadLine is the longest line [Read] reads: a hook writes lines of at
// most [MaxLine] bytes, so a longer one is foreign (another program's
// output, a file appended to the log). Such a line is skipped, and
// counted, without being held in memory: a report reads a log of any
// line lengths in bounded memory.
const MaxReadLine = 1 << 20

// Read reads lines from r, keeping those at or after since; bad counts
// the lines that are not a Line, long those over MaxReadLine bytes.
func Read(r io.Reader, since time.Time) (lines []Line, bad, long int, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		switch {
		case len(buf)+len(chunk) > MaxReadLine:
			long++
			buf = buf[:0]
			for errors.Is(err, bufio.ErrBufferFull) { // the rest of the line, unread
				_, err = br.ReadSlice('\n')
			}
		case errors.Is(err, bufio.ErrBufferFull):
			buf = append(buf, chunk...)
			continue
		default:
			ln := chunk
			if len(buf) > 0 {
				buf = append(buf, chunk...)
				ln = buf
			}
			if l, ok := parseLine(ln); !ok {
				bad++
			} else if l != nil && !l.Time.Before(since) {
				lines = append(lines, *l)
			}
			buf = buf[:0]
		}
		if err == io.EOF {
			return lines, bad, long, nil
		}
		if err != nil {
			return nil, 0, 0, err
		}
	}
}

// parseLine reads one line of the log: nil for an empty line, ok false
// for one that is not a Line.
func parseLine(b []byte) (*Line, bool) {
	b = bytes.TrimRight(b, "\r\n")
	if len(b) == 0 {
		return nil, true
	}
	var l Line
	if json.Unmarshal(b, &l) != nil || l.Time.IsZero() {
		return nil, false
	}
	// A log written by an older hook, or by hand, may hold a secret: a
	// report never shows one.
	l = l.Redacted()
	return &l, true
}

// Summarize sums lines up; buckets is the number of time slices of the
// chart (at least 1).
func Summarize(lines []Line, since time.Time, buckets int) Report {
	rep := Report{Since: since, Events: len(lines)}
	if len(lines) == 0 {
		return rep
	}
	lines = slices.Clone(lines)
	slices.SortStableFunc(lines, func(a, b Line) int { return a.Time.Compare(b.Time) })
	rep.First, rep.Last = lines[0].Time, lines[len(lines)-1].Time
	hosts, users, rows, would, reasons, denied, fails := map[string]int{}, map[string]int{}, map[Row]int{}, map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	durs := make([]float64, 0, len(lines))
	for _, l := range lines {
		hosts[l.Host]++
		users[l.User]++
		sent := l.Sent
		if l.Observe {
			sent = l.Would
		}
		rows[Row{Host: l.Host, Event: l.Event, Decision: l.Decision, Sent: sent, Observe: l.Observe, User: l.User}]++
		if sent == "deny" || sent == "halt" {
			if l.Observe {
				would[l.Host]++
			}
			if l.Reason != "" {
				reasons[l.Reason]++
			}
			if what := l.Command; what != "" {
				denied[what]++
			} else if len(l.Paths) > 0 {
				denied[l.Paths[0]]++
			}
		}
		if l.Fail != "" {
			fails[l.Fail]++
		}
		durs = append(durs, max(l.DurationMS-l.StdinMS, 0))
	}
	rep.Hosts, rep.Users = counts(hosts, 0), counts(users, 0)
	for r, n := range rows {
		r.N = n
		rep.Rows = append(rep.Rows, r)
	}
	slices.SortFunc(rep.Rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(a.Host, b.Host), cmp.Compare(a.Event, b.Event), cmp.Compare(a.Decision, b.Decision),
			cmp.Compare(a.Sent, b.Sent), boolCmp(a.Observe, b.Observe), cmp.Compare(a.User, b.User))
	})
	rep.WouldDeny, rep.Reasons, rep.Denied, rep.Fails = counts(would, 0), counts(reasons, top), counts(denied, top), counts(fails, top)
	slices.Sort(durs)
	rep.P50MS, rep.P99MS = percentile(durs, 50), percentile(durs, 99)
	rep.Buckets = bucket(lines, max(buckets, 1))
	return rep
}

func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// counts is m sorted by count (most first), then key, at most n (all when
// n is 0).
func counts(m map[string]int, n int) []Count {
	out := make([]Count, 0, len(m))
	for k, v := range m {
		out = append(out, Count{k, v})
	}
	slices.SortFunc(out, func(a, b Count) int { return cmp.Or(cmp.Compare(b.N, a.N), cmp.Compare(a.Key, b.Key)) })
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// percentile is the p-th percentile of sorted (nearest rank).
func percentile(sorted []float64, p int) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[min(max(i-1, 0), len(sorted)-1)]
}

// bucket splits the span of lines (sorted by time) into n slices.
func bucket(lines []Line, n int) []Bucket {
	first, last := lines[0].Time, lines[len(lines)-1].Time
	span := last.Sub(first)
	step := span/time.Duration(n) + 1
	out := make([]Bucket, n)
	for i := range out {
		out[i] = Bucket{Start: first.Add(time.Duration(i) * step), Counts: map[string]int{}}
	}
	for _, l := range lines {
		i := min(int(l.Time.Sub(first)/step), n-1)
		out[i].Counts[l.Host]++
	}
	return out
}
