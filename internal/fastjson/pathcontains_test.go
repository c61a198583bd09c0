package fastjson

import (
	"encoding/json"
	"strings"
	"testing"
)

// pathContainsRef is PathContains the slow way: decode with encoding/json,
// read backslashes as slashes, look for part.
func pathContainsRef(data []byte, part string) bool {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return false
	}
	s, ok := v.(string)
	return ok && strings.Contains(strings.ReplaceAll(s, `\`, "/"), part)
}

var pathContainsSeeds = []string{
	`"/home/dev/.qwen/projects/x/chat.jsonl"`, ` "/home/dev/.qwen/projects/" `, `"C:\\Users\\dev\\.qwen\\projects\\x"`,
	`"/home/dev/.qwen/project/x"`, `"/home/dev/\u002eqwen/projects/x"`, `"\/home\/dev\/.qwen\/projects\/x"`,
	`["/.qwen/projects/"]`, `{"a":"/.qwen/projects/"}`, `null`, `"/.qwen/projects/\xff"`, `"/.qwen/pro` + "\x01" + `jects/"`,
	`"/.qwen/projects/" x`, `"/.qwen/projects/`, ``, `"`, `""`, `"\\.qwen\\projects\\"`, `"/.qwen/projects/\ud800"`,
}

// TestPathContains checks PathContains against encoding/json on paths
// with and without escapes, other values and invalid input.
func TestPathContains(t *testing.T) {
	for _, s := range pathContainsSeeds {
		got, want := PathContains([]byte(s), "/.qwen/projects/"), pathContainsRef([]byte(s), "/.qwen/projects/")
		if got != want {
			t.Errorf("PathContains(%q) = %v, encoding/json says %v", s, got, want)
		}
	}
}

func FuzzPathContains(f *testing.F) {
	for _, s := range pathContainsSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := PathContains([]byte(s), "/.qwen/projects/"), pathContainsRef([]byte(s), "/.qwen/projects/"); got != want {
			t.Errorf("PathContains(%q) = %v, encoding/json says %v", s, got, want)
		}
	})
}
