package hooklog

import (
	"fmt"
	"html"
	"io"
	"slices"
	"strings"
	"time"
)

// WriteHTML writes rep as one self-contained page: the tables and an
// inline SVG chart of the events over time, one series (a polyline) per
// host. It loads nothing (no script, no style sheet, no font), and its
// Content-Security-Policy forbids any load.
func WriteHTML(w io.Writer, rep Report) error {
	return writePage(w, rep, chartOf(rep))
}

// chart is the SVG of the buckets: one series per host.
type chart struct {
	W, H   int
	Series []series
	Ticks  []tick
	Max    int
}

type series struct {
	Host   string
	Color  string
	Points string // "x,y x,y …"
	Total  int
}

type tick struct {
	X     int
	Label string
}

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"}

func chartOf(rep Report) chart {
	c := chart{W: 800, H: 240}
	const left, top, bottom = 40, 10, 30
	var hosts []string
	for _, h := range rep.Hosts {
		hosts = append(hosts, h.Key)
	}
	slices.Sort(hosts)
	for _, b := range rep.Buckets {
		for _, n := range b.Counts {
			c.Max = max(c.Max, n)
		}
	}
	n := len(rep.Buckets)
	x := func(i int) int {
		if n <= 1 {
			return left
		}
		return left + i*(c.W-left-10)/(n-1)
	}
	y := func(v int) int {
		if c.Max == 0 {
			return c.H - bottom
		}
		return c.H - bottom - v*(c.H-bottom-top)/c.Max
	}
	for i, h := range hosts {
		s := series{Host: h, Color: palette[i%len(palette)]}
		for j, b := range rep.Buckets {
			if j > 0 {
				s.Points += " "
			}
			s.Points += fmt.Sprintf("%d,%d", x(j), y(b.Counts[h]))
			s.Total += b.Counts[h]
		}
		c.Series = append(c.Series, s)
	}
	for j := 0; j < n; j += max(n/4, 1) {
		c.Ticks = append(c.Ticks, tick{X: x(j), Label: rep.Buckets[j].Start.UTC().Format(time.DateTime)})
	}
	return c
}

// esc escapes s for HTML text and attribute values.
func esc(s string) string { return html.EscapeString(s) }

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.UTC().Format(time.RFC3339)
}

// writePage renders the page. It is written by hand, every value escaped
// with html.EscapeString, rather than with html/template: a hook binary
// links this package, and html/template's start-up work would be paid by
// every hook process.
func writePage(w io.Writer, rep Report, c chart) error {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Hook decisions</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
td.n{text-align:right}
code{white-space:pre-wrap;word-break:break-all}
</style>
</head>
<body>
<h1>Hook decisions</h1>
`)
	fmt.Fprintf(&b, "<p id=\"summary\">%d events, %s to %s", rep.Events, rfc3339(rep.First), rfc3339(rep.Last))
	if !rep.Since.IsZero() {
		fmt.Fprintf(&b, " (since %s)", rfc3339(rep.Since))
	}
	fmt.Fprintf(&b, ". The hook's own time to answer (reading stdin left out): p50 %.1f ms, p99 %.1f ms.", rep.P50MS, rep.P99MS)
	if rep.Unreadable > 0 {
		fmt.Fprintf(&b, " %d unreadable lines skipped.", rep.Unreadable)
	}
	b.WriteString("</p>\n\n<h2>Events over time, per host</h2>\n")
	fmt.Fprintf(&b, `<svg id="chart" xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="events over time per host">`+"\n", c.W, c.H, c.W, c.H)
	fmt.Fprintf(&b, `<line x1="40" y1="10" x2="40" y2="210" stroke="#999"/><line x1="40" y1="210" x2="%d" y2="210" stroke="#999"/>`+"\n", c.W)
	fmt.Fprintf(&b, `<text x="2" y="20" font-size="11">%d</text><text x="2" y="210" font-size="11">0</text>`+"\n", c.Max)
	for _, t := range c.Ticks {
		fmt.Fprintf(&b, `<text x="%d" y="228" font-size="10">%s</text>`+"\n", t.X, esc(t.Label))
	}
	for _, s := range c.Series {
		fmt.Fprintf(&b, `<polyline class="series" data-host="%s" fill="none" stroke="%s" stroke-width="2" points="%s"><title>%s: %d events</title></polyline>`+"\n",
			esc(s.Host), s.Color, s.Points, esc(s.Host), s.Total)
	}
	b.WriteString("</svg>\n<p id=\"legend\">")
	for _, s := range c.Series {
		fmt.Fprintf(&b, `<span style="color:%s">&#9632;</span> %s (%d) `, s.Color, esc(s.Host), s.Total)
	}
	b.WriteString("</p>\n\n<h2>Events per host, event and decision</h2>\n<table id=\"rows\">\n<tr><th>host</th><th>event</th><th>handler decided</th><th>host received</th><th>user</th><th>events</th></tr>\n")
	for _, r := range rep.Rows {
		sent := esc(r.Sent)
		if r.Observe {
			sent = "none (observe: would " + sent + ")"
		}
		dec := r.Decision
		if dec == "" {
			dec = "—"
		}
		user := r.User
		if user == "" {
			user = "—"
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td class=\"n\">%d</td></tr>\n", esc(r.Host), esc(r.Event), esc(dec), sent, esc(user), r.N)
	}
	b.WriteString("</table>\n")
	counts := func(title, id, head string, cs []Count) {
		fmt.Fprintf(&b, "<h2>%s</h2>\n<table id=\"%s\"><tr><th>%s</th><th>events</th></tr>\n", title, id, head)
		for _, c := range cs {
			fmt.Fprintf(&b, "<tr><td><code>%s</code></td><td class=\"n\">%d</td></tr>\n", esc(c.Key), c.N)
		}
		if len(cs) == 0 {
			b.WriteString("<tr><td colspan=\"2\">none</td></tr>\n")
		}
		b.WriteString("</table>\n")
	}
	counts("Would deny, in observe mode", "would-deny", "host", rep.WouldDeny)
	counts("Top reasons of denies", "reasons", "reason", rep.Reasons)
	counts("Top commands denied", "denied", "command or path", rep.Denied)
	counts("Fail-policy answers", "fails", "why", rep.Fails)
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
