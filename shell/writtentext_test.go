package shell

import "testing"

// TestWrittenText: the text a redirection writes to a code file, when
// the script spells it out.
func TestWrittenText(t *testing.T) {
	for _, tc := range []struct {
		src, path, text string
	}{
		{"cat > tests/test_a.py << 'PY'\ndef test(): pass\nPY\npytest", "tests/test_a.py", "def test(): pass\n"},
		{"cat <<'EOF' > a.js\nx()\nEOF", "a.js", "x()\n"},
		{"echo 'import os' > conftest.py && pytest", "conftest.py", "import os\n"},
		{"cd d && echo x >> m.py", "d/m.py", "x\n"},
		{"printf '%s\\n' x > m.py", "m.py", "x\n"},
		{"cat > a.py <<EOF\n$X\nEOF", "", ""},                // expanded at run time
		{"cat x.py > a.py", "", ""},                          // a file's text
		{"echo hi > notes.md", "", ""},                       // no code
		{"cat() { :; }; cat > a.py <<'EOF'\nx\nEOF", "", ""}, // a function
		{"echo $X > a.py", "", ""},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		got, text := "", ""
		if len(s.Texts) > 0 {
			got, text = s.Texts[0].Path.Value, s.Texts[0].Text
		}
		if got != tc.path || text != tc.text {
			t.Errorf("%q: text %q of %q, want %q of %q", tc.src, text, got, tc.text, tc.path)
		}
	}
}
