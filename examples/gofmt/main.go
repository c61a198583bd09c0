// Command gofmt is an example hook: after a write, edit or patch of a .go
// file it runs `gofmt -l` on the file and, when the file is not formatted,
// tells the model through additional context. Hosts that cannot take
// context on that event get a one-line warning on stderr instead.
package main

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/writes"
)

func main() {
	hookmain.Run(hooks.Handlers{PostToolUse: check})
}

func check(ctx context.Context, ev *hooks.PostToolUseEvent) (hooks.Response, error) {
	var bad []string
	for _, p := range writes.Paths(&ev.Tool) {
		if !strings.HasSuffix(p, ".go") {
			continue
		}
		if !filepath.IsAbs(p) && ev.Cwd != "" {
			p = filepath.Join(ev.Cwd, p)
		}
		if unformatted(ctx, p) {
			bad = append(bad, p)
		}
	}
	if len(bad) == 0 {
		return hooks.Response{}, nil
	}
	return hooks.AddContext("These Go files are not gofmt-formatted: " + strings.Join(bad, ", ") +
		". Run `gofmt -w` on them before going on."), nil
}

// unformatted reports whether gofmt -l lists the file. A file gofmt cannot
// parse is reported too (gofmt exits non-zero); when gofmt itself cannot
// run, the file is not reported.
func unformatted(ctx context.Context, file string) bool {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "gofmt", "-l", file).Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return true
	}
	return err == nil && strings.TrimSpace(string(out)) != ""
}
