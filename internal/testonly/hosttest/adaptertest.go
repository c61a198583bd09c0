package hosttest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	conformance "github.com/agenthooks/hooks/adaptertest"
	"github.com/agenthooks/hooks/internal/testonly/txtar"
)

var update = flag.Bool("update", false, "rewrite golden fixtures with the current results")

// Golden runs every testdata file dir/*.txtar through adapter a. A fixture
// holds "input.json" (the native payload), "event.json" (the expected
// unified event), and any number of "response/NAME.json" (a Response in
// fixture form) each with "output/NAME" (exit code, stdout, stderr and
// warnings the host receives). With -update, event.json and the outputs
// are rewritten from the current code; review the diff.
func Golden(t *testing.T, a hooks.Adapter, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in %s (%v)", dir, err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ar := txtar.Parse(data)
			input := bytes.TrimSpace(ar.Get("input.json"))
			if len(input) == 0 {
				t.Fatal("fixture has no input.json")
			}
			ev, err := a.Parse(input)
			got := DumpEvent(ev)
			if err != nil {
				got = []byte("parse error: " + err.Error() + "\n")
			}
			check(t, ar, "event.json", got)
			for _, f := range ar.Files {
				name, ok := strings.CutPrefix(f.Name, "response/")
				if !ok {
					continue
				}
				name = strings.TrimSuffix(name, ".json")
				var fr Response
				if err := json.Unmarshal(f.Data, &fr); err != nil {
					t.Fatalf("%s: %v", f.Name, err)
				}
				resp, err := fr.ToHooks()
				if err != nil {
					t.Fatalf("%s: %v", f.Name, err)
				}
				h := hooks.Handlers{Any: func(context.Context, hooks.Event) (hooks.Response, error) { return resp, nil }}
				res := (&hooks.Server{Handlers: h}).Answer(context.Background(), hooks.Request{Adapter: a, Payload: input})
				CheckHygiene(t, a.Host(), res.Output)
				check(t, ar, "output/"+name, DumpResult(res))
			}
			if *update {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func check(t *testing.T, ar *txtar.Archive, name string, got []byte) {
	t.Helper()
	if *update {
		ar.Set(name, got)
		return
	}
	want := ar.Get(name)
	if want == nil {
		t.Errorf("fixture lacks %s (run with -update); got:\n%s", name, got)
		return
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s mismatch (run with -update to accept)\n--- want\n%s--- got\n%s", name, want, got)
	}
}

// CheckHygiene is adaptertest.CheckOutput, the published check, for the
// module's own tests.
func CheckHygiene(t *testing.T, host hooks.Host, out hooks.Output) {
	t.Helper()
	conformance.CheckOutput(t, host, out)
}

// Captures returns the paths of the real payloads in
// testdata/captures/sub of the module (copied from real clients; see
// testdata/README.md). It fails the test when the folder is missing or
// empty: those payloads ship with the module, so nothing is skipped.
func Captures(t *testing.T, sub string) []string {
	t.Helper()
	dir := SharedDir(t, "captures", sub)
	var paths []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl")) {
			paths = append(paths, p)
		}
		return nil
	})
	sort.Strings(paths)
	if len(paths) == 0 {
		t.Fatalf("no captures in %s", dir)
	}
	return paths
}

// SharedDir returns testdata/<elem...> of the module root: the recorded
// facts (captures, schemas) the tests read. It fails the test when the
// folder does not exist.
func SharedDir(t testing.TB, elem ...string) string {
	t.Helper()
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(append([]string{root, "testdata"}, elem...)...)
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("%s not found: %v", dir, err)
	}
	return dir
}

// ModuleRoot returns the directory holding go.mod, searching upward from
// the working directory.
func ModuleRoot() (string, error) {
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
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// Updating reports whether the test binary runs with -update (the flag is
// defined here, once for every package that imports hosttest).
func Updating() bool { return *update }
