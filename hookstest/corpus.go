package hookstest

import (
	"io/fs"
	"path"
	"testing/fstest"

	"github.com/agenthooks/hooks/hostfacts"
)

// Corpus returns the payload corpus the scenarios start from: one
// realistic native payload per host, event and tool, named
// "<host>/<native event>[-<native tool>].json" ("claude/PreToolUse-Bash.json",
// "cursor/beforeShellExecution.json", "codex/PreToolUse-apply_patch.json";
// Copilot's PascalCase registration form as "copilot/pascal-PreToolUse-Bash.json",
// since file names may not differ by case alone).
// The payloads are modelled field for field on what the real clients send,
// with neutral values (the project is /home/dev/project). Use them directly
// when a test needs a native payload the scenarios do not cover. It is
// the union of the adapters' own corpora ([hostfacts.ScenarioRenderer]).
func Corpus() fs.FS {
	m := fstest.MapFS{}
	for _, a := range adapters() {
		r, ok := a.(hostfacts.ScenarioRenderer)
		if !ok {
			continue
		}
		c := r.Corpus()
		fs.WalkDir(c, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if b, err := fs.ReadFile(c, p); err == nil {
				m[path.Join(string(a.Host()), p)] = &fstest.MapFile{Data: b, Mode: 0o444}
			}
			return nil
		})
	}
	return m
}
