package hookstest

import (
	"fmt"
	"strings"

	"github.com/agenthooks/hooks"
)

// rendered is one native payload of a scenario. A host may get several
// for one scenario: Cursor fires two hooks for one shell command, Codex
// receives a file write as its apply_patch tool or as a heredoc run
// through the shell.
type rendered struct {
	host    hooks.Host
	native  string // native event name
	tool    string // native tool name, "" for events without a tool
	variant string // what sets this payload apart from the host's others
	payload []byte
}

// render renders s for host. It returns no payload and a reason when the
// host cannot do what s describes.
func render(host hooks.Host, s Scenario) (cases []rendered, skip string, err error) {
	if err := s.validate(); err != nil {
		return nil, "", err
	}
	switch host {
	case "claude":
		return renderClaude(s)
	case "cursor":
		return renderCursor(s)
	case "gemini":
		return renderGemini(s)
	case "codex":
		return renderCodex(s)
	case "copilot":
		return renderCopilot(s)
	case "qwen":
		return renderQwen(s)
	case "droid":
		return renderDroid(s)
	}
	return nil, "", fmt.Errorf("hookstest: no renderer for host %q (known: claude, cursor, gemini, codex, copilot, qwen, droid)", host)
}

// fill loads host/name from the corpus and sets the fields kv (alternating
// keys and values).
func fill(host hooks.Host, name, native, tool, variant string, kv ...any) (rendered, error) {
	p, err := template(host, name)
	if err != nil {
		return rendered{}, err
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if err := p.set(kv[i].(string), kv[i+1]); err != nil {
			return rendered{}, err
		}
	}
	return rendered{host: host, native: native, tool: tool, variant: variant, payload: p.b}, nil
}

// collect gathers fill results, stopping at the first error.
func collect(rs ...func() (rendered, error)) ([]rendered, string, error) {
	var out []rendered
	for _, f := range rs {
		r, err := f()
		if err != nil {
			return nil, "", err
		}
		out = append(out, r)
	}
	return out, "", nil
}

// one is fill for a host that sends one payload.
func one(host hooks.Host, name, native, tool string, kv ...any) ([]rendered, string, error) {
	return collect(func() (rendered, error) { return fill(host, name, native, tool, "", kv...) })
}

// lines prefixes every line of text with mark, each ending in a newline.
func lines(mark, text string) string {
	if text == "" {
		return ""
	}
	var b strings.Builder
	for _, l := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
		b.WriteString(mark)
		b.WriteString(strings.TrimSuffix(l, "\n"))
		b.WriteByte('\n')
	}
	return b.String()
}

// postContent is the content of the file a PostWrite scenario wrote.
const postContent = "written by the agent\n"
