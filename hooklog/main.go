package hooklog

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"
)

// Main runs "report" with args (the words after it), for a log at
// defaultPath unless --log names one, and returns the exit code: 0, 1 when
// the log cannot be read or the page written, 2 for a usage error. --log
// may be given more than once, and each may be a glob (the gathered logs
// of a fleet: report --log 'fleet/*.jsonl'); each log is read with its
// rotated files.
//
//	report [--log PATH]... [--since DURATION] [--json] [--html FILE]
func Main(args []string, defaultPath string, now time.Time, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var paths logPaths
	fs.Var(&paths, "log", "a decision log, or a glob of them (again for more)")
	since := fs.Duration("since", 0, "only the events of the last DURATION")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	html := fs.String("html", "", "write the report as an HTML page to FILE")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *since < 0 {
		msg := "unexpected argument"
		if err != nil {
			msg = err.Error()
		} else if fs.NArg() > 0 {
			msg += " " + fs.Arg(0)
		} else {
			msg = "--since must not be negative"
		}
		fmt.Fprintf(stderr, "report: %s\nusage: report [--log PATH]... [--since DURATION] [--json] [--html FILE]\n", msg)
		return 2
	}
	if len(paths) == 0 && defaultPath != "" {
		paths = logPaths{defaultPath}
	}
	if len(paths) == 0 {
		fmt.Fprintln(stderr, "report: no log: give --log PATH")
		return 2
	}
	var files []string
	for _, p := range paths {
		matches, err := filepath.Glob(p)
		if err != nil || len(matches) == 0 || !strings.ContainsAny(p, "*?[") {
			// Not a glob, or one that matches nothing: the path as given,
			// whatever its name (a log may be called LOG.1).
			files = append(files, Files(p)...)
			continue
		}
		for _, m := range matches {
			if !isRotated(m) { // read with its log, by Files
				files = append(files, Files(m)...)
			}
		}
	}
	var from time.Time
	if *since > 0 {
		from = now.Add(-*since)
	}
	lines, bad, long, err := ReadFiles(files, from)
	if err != nil {
		fmt.Fprintln(stderr, "report:", err)
		return 1
	}
	rep := Summarize(lines, from, 48)
	rep.Unreadable, rep.TooLong = bad, long
	if *html != "" {
		if err := writeHTMLFile(*html, rep); err != nil {
			fmt.Fprintln(stderr, "report:", err)
			return 1
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(stderr, "report:", err)
			return 1
		}
		return 0
	}
	WriteText(stdout, rep)
	return 0
}

func writeHTMLFile(path string, rep Report) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = WriteHTML(f, rep)
	return errors.Join(err, f.Close())
}

// WriteText writes rep as plain text tables.
func WriteText(w io.Writer, rep Report) {
	span := "the whole log"
	if !rep.Since.IsZero() {
		span = "since " + rep.Since.Format(time.RFC3339)
	}
	fmt.Fprintf(w, "%d events (%s", rep.Events, span)
	if rep.Events > 0 {
		fmt.Fprintf(w, "; %s to %s", rep.First.Format(time.RFC3339), rep.Last.Format(time.RFC3339))
	}
	fmt.Fprintf(w, "); the hook's own time to answer (reading stdin left out) p50 %.1f ms, p99 %.1f ms\n", rep.P50MS, rep.P99MS)
	if rep.Unreadable > 0 {
		fmt.Fprintf(w, "%d unreadable lines skipped\n", rep.Unreadable)
	}
	if rep.TooLong > 0 {
		fmt.Fprintf(w, "%d lines longer than %d bytes skipped unread (not written by a hook)\n", rep.TooLong, MaxReadLine)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "\nHOST\tEVENT\tDECISION\tSENT\tUSER\tN")
	for _, r := range rep.Rows {
		sent := r.Sent
		if r.Observe {
			sent = "none (observe: would " + r.Sent + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\n", r.Host, r.Event, orDash(r.Decision), sent, orDash(r.User), r.N)
	}
	tw.Flush()
	section := func(title string, cs []Count) {
		if len(cs) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s\n", title)
		for _, c := range cs {
			fmt.Fprintf(w, "  %6d  %s\n", c.N, oneLine(c.Key))
		}
	}
	section("Would deny (observe mode), per host", rep.WouldDeny)
	section("Top reasons of denies", rep.Reasons)
	section("Top commands denied", rep.Denied)
	section("Fail-policy answers", rep.Fails)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// logPaths is the repeatable --log flag.
type logPaths []string

func (l *logPaths) String() string { return strings.Join(*l, ",") }

func (l *logPaths) Set(v string) error {
	if v == "" {
		return errors.New("empty path")
	}
	*l = append(*l, v)
	return nil
}

// isRotated reports whether p is a rotated file of a log (LOG.1, …),
// which [Files] of the log itself reads: a glob matching both must not
// read it twice.
func isRotated(p string) bool {
	ext := filepath.Ext(p)
	if len(ext) < 2 {
		return false
	}
	for _, c := range ext[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
