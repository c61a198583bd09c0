package jsonc

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/tailscale/hujson"
)

var seeds = []string{
	`{}`, `[]`, `{"a":1}`, "{\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
	"// c\n{\"a\": [1, 2,], /* x */ \"b\": {},}\n", `[{"a":[{}]}, "s", 1e3, null]`,
	"{\r\n\t\"a\": [\r\n\t\t1\r\n\t]\r\n}", `"x"`, `{"a":1}}`, "[1 // c\n]", `{"\u00e9": "\ud83d\ude00"}`,
	`{"a": 1} // c`, "[] //", "{} // c\r", `{} /* c`, "{} // \u2028", "{} //\xff",
}

// FuzzParse checks that Parse accepts exactly what hujson accepts plus
// the extension of the package doc, that the tree agrees with hujson's,
// and that appending to any container and then removing what was
// appended gives back the original bytes.
func FuzzParse(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := Parse(src)
		hv, herr := hujson.Parse(bytes.Clone(src))
		if herr != nil {
			// The extension: a file that ends inside a line comment is
			// what hujson accepts once a newline ends that comment. A
			// newline appended anywhere else cannot turn an input hujson
			// rejects into one it accepts.
			hv, herr = hujson.Parse(append(bytes.Clone(src), '\n'))
		}
		if (err == nil) != (herr == nil) {
			t.Fatalf("Parse error %v, hujson error %v for %q", err, herr, src)
		}
		if err != nil {
			return
		}
		if d.Strict != isStandard(hv) {
			t.Errorf("Strict = %v for %q", d.Strict, src)
		}
		hv.Standardize()
		if !sameJSON(t, hv.Pack(), src[d.Root.Start:d.Root.End]) {
			t.Fatalf("root text %q is not the same value as %q", src[d.Root.Start:d.Root.End], hv.Pack())
		}
		s := StyleOf(d)
		walk(d.Root, func(c *Node) {
			val := Obj{{"k", []any{"v", 1, true, Obj{}}}}
			e, closed := AppendEdit(src, c, s, func(ind string) string {
				if c.Kind == Object {
					return RenderMember("new", val, ind, s)
				}
				return Render(val, ind, s)
			})
			out := Apply(src, e)
			d2, err := Parse(out)
			if err != nil {
				t.Fatalf("append to %q gives unparsable %q: %v", src[c.Start:c.End], out, err)
			}
			if d.Strict && !d2.Strict {
				t.Fatalf("append made strict JSON non-strict: %q", out)
			}
			c2 := find(d2.Root, c.Start)
			if c2 == nil || c2.Len() != c.Len()+1 {
				t.Fatalf("container at %d not grown in %q", c.Start, out)
			}
			back := Apply(out, RemoveEdit(out, c2, c2.Len()-1, s, closed))
			if !bytes.Equal(back, src) {
				t.Fatalf("append then remove on %q gives %q", src, back)
			}
		})
	})
}

// isStandard reports that v has no comment and no trailing comma:
// hujson's Standardize, which blanks those out, changes nothing.
func isStandard(v hujson.Value) bool {
	c := v.Clone()
	c.Standardize()
	return bytes.Equal(c.Pack(), v.Pack())
}

func sameJSON(t *testing.T, a, b []byte) bool {
	std, err := hujson.Standardize(bytes.Clone(b))
	if err != nil {
		return false
	}
	var x, y bytes.Buffer
	return json.Compact(&x, a) == nil && json.Compact(&y, std) == nil && bytes.Equal(x.Bytes(), y.Bytes())
}

func walk(n *Node, f func(*Node)) {
	switch n.Kind {
	case Object:
		f(n)
		for _, m := range n.Members {
			walk(m.Value, f)
		}
	case Array:
		f(n)
		for _, e := range n.Elems {
			walk(e, f)
		}
	}
}

func find(n *Node, start int) *Node {
	var got *Node
	walk(n, func(c *Node) {
		if c.Start == start && got == nil {
			got = c
		}
	})
	return got
}
