package hooklog

import (
	"fmt"
	"html/template"
	"io"
	"slices"
	"time"
)

// WriteHTML writes rep as one self-contained page: the tables and an
// inline SVG chart of the events over time, one series (a polyline) per
// host. It loads nothing (no script, no style sheet, no font), and its
// Content-Security-Policy forbids any load.
func WriteHTML(w io.Writer, rep Report) error {
	return page.Execute(w, struct {
		Report
		Chart chart
	}{rep, chartOf(rep)})
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

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"rfc3339": func(t time.Time) string {
		if t.IsZero() {
			return "—"
		}
		return t.UTC().Format(time.RFC3339)
	},
	"ms": func(v float64) string { return fmt.Sprintf("%.1f", v) },
	"counts": func(id, head string, cs []Count) any {
		return struct {
			ID, Head string
			Counts   []Count
		}{id, head, cs}
	},
}).Parse(`<!DOCTYPE html>
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
<p id="summary">{{.Events}} events, {{rfc3339 .First}} to {{rfc3339 .Last}}{{if not .Since.IsZero}} (since {{rfc3339 .Since}}){{end}}.
Time to answer: p50 {{ms .P50MS}} ms, p99 {{ms .P99MS}} ms.{{if .Unreadable}} {{.Unreadable}} unreadable lines skipped.{{end}}</p>

<h2>Events over time, per host</h2>
<svg id="chart" xmlns="http://www.w3.org/2000/svg" width="{{.Chart.W}}" height="{{.Chart.H}}" viewBox="0 0 {{.Chart.W}} {{.Chart.H}}" role="img" aria-label="events over time per host">
<line x1="40" y1="10" x2="40" y2="210" stroke="#999"/>
<line x1="40" y1="210" x2="{{.Chart.W}}" y2="210" stroke="#999"/>
<text x="2" y="20" font-size="11">{{.Chart.Max}}</text>
<text x="2" y="210" font-size="11">0</text>
{{range .Chart.Ticks}}<text x="{{.X}}" y="228" font-size="10">{{.Label}}</text>
{{end}}{{range .Chart.Series}}<polyline class="series" data-host="{{.Host}}" fill="none" stroke="{{.Color}}" stroke-width="2" points="{{.Points}}"><title>{{.Host}}: {{.Total}} events</title></polyline>
{{end}}</svg>
<p id="legend">{{range .Chart.Series}}<span style="color:{{.Color}}">&#9632;</span> {{.Host}} ({{.Total}}) {{end}}</p>

<h2>Events per host, event and decision</h2>
<table id="rows">
<tr><th>host</th><th>event</th><th>handler decided</th><th>host received</th><th>events</th></tr>
{{range .Rows}}<tr><td>{{.Host}}</td><td>{{.Event}}</td><td>{{or .Decision "—"}}</td><td>{{if .Observe}}none (observe: would {{.Sent}}){{else}}{{.Sent}}{{end}}</td><td class="n">{{.N}}</td></tr>
{{end}}</table>
{{define "counts"}}<table id="{{.ID}}"><tr><th>{{.Head}}</th><th>events</th></tr>
{{range .Counts}}<tr><td><code>{{.Key}}</code></td><td class="n">{{.N}}</td></tr>
{{else}}<tr><td colspan="2">none</td></tr>
{{end}}</table>{{end}}
<h2>Would deny, in observe mode</h2>
{{template "counts" (counts "would-deny" "host" .WouldDeny)}}
<h2>Top reasons of denies</h2>
{{template "counts" (counts "reasons" "reason" .Reasons)}}
<h2>Top commands denied</h2>
{{template "counts" (counts "denied" "command or path" .Denied)}}
<h2>Fail-policy answers</h2>
{{template "counts" (counts "fails" "why" .Fails)}}
</body>
</html>
`))
