package shell

import (
	"strings"
	"testing"
)

// FuzzRunnerFiles: the task runners' files are the model's to write.
// Reading any text ends without a panic, a recipe or task read is named
// in the text, and stripping JSON comments never makes text longer.
func FuzzRunnerFiles(f *testing.F) {
	for _, s := range []string{
		"clean:\n\trm -rf src\n", "build: clean && test\n  #!/bin/sh\n  echo\n[default]\nx:\n", "alias a := b\n",
		"version: '3'\ntasks:\n  a:\n    cmds:\n      - cmd: x\n      - task: b\n    deps: [c]\n  b: y\n",
		"tasks:\n  a:\n    - |\n      x\n  b:\n    cmd: >\n      y\n", `{"tasks":{"a":"x" /* c */}} // d`,
		"tasks:\n\t- \"a\n  \"b':\n", "{{\n}}", "\"unterminated",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		j := readJustfile(text)
		for _, b := range j.run(nil) {
			_ = b
		}
		for n := range j.body {
			if !strings.Contains(text, n) {
				t.Errorf("recipe %q is not in the text", n)
			}
		}
		for n, task := range readTaskfile(text) {
			if !strings.Contains(text, n) && !strings.Contains(text, "\\") {
				t.Errorf("task %q is not in the text", n)
			}
			_ = task
		}
		if s := stripJSONComments(text); len(s) > len(text) {
			t.Errorf("stripJSONComments made %d bytes of %d", len(s), len(text))
		}
	})
}
