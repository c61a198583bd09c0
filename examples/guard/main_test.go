package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/hookmain"
)

var update = flag.Bool("update", false, "rewrite the .want files")

// TestGuardAnswers runs the guard, as the binary does, on a payload of each
// host for a denied command, a safe command and a denied .env write, and
// for the tricks a model can play with a tool call's arguments (a case
// variant or an escaped duplicate of "command", side fields of the wrong
// type, no "command" at all), with and without --host, under the default
// fail-open policy, and compares what the host receives with the .want
// file next to the payload. Every payload but a -safe one must be denied
// with the guard's own reason.
func TestGuardAnswers(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) < 12+4*4+3 {
		t.Fatalf("want 7 payloads for each of 4 hosts and 3 content-type tricks, found %d", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		host, _, _ := strings.Cut(name, "-")
		t.Run(name, func(t *testing.T) {
			payload, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, args := range [][]string{{"--host", host}, nil} {
				var stdout, stderr bytes.Buffer
				code := hookmain.Main(context.Background(), handlers(), args, bytes.NewReader(payload), &stdout, &stderr)
				got = append(got, fmt.Sprintf("exit %d\nstdout %sstderr %s", code, stdout.String(), stderr.String()))
			}
			if got[0] != got[1] {
				t.Errorf("--host %s and detection answer differently:\n%s\n%s", host, got[0], got[1])
			}
			want := strings.TrimSuffix(f, ".json") + ".want"
			if *update {
				os.WriteFile(want, []byte(got[0]), 0o644)
			}
			w, err := os.ReadFile(want)
			if err != nil {
				t.Fatal(err)
			}
			if string(w) != got[0] {
				t.Errorf("got:\n%s\nwant:\n%s", got[0], w)
			}
			switch {
			case strings.HasSuffix(name, "-safe"):
				if strings.Contains(got[0], "deny") {
					t.Errorf("safe command denied:\n%s", got[0])
				}
			default:
				if !strings.Contains(got[0], "deny") || !strings.Contains(got[0], "guard:") {
					t.Errorf("dangerous call not denied with the guard's reason:\n%s", got[0])
				}
			}
		})
	}
}
