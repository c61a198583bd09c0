package jsonc

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
)

// A Dialect is what a host's own reader accepts of what [Parse] does.
type Dialect int

const (
	// JWCC is all that Parse accepts: comments and trailing commas.
	JWCC Dialect = iota
	// Comments is JSON with comments but no trailing comma: Gemini CLI
	// and Qwen Code strip the comments and hand the rest to JSON.parse.
	Comments
	// JSON is strict JSON, as JSON.parse reads it: Claude Code.
	JSON
)

// Check returns an error when the document uses what dialect d lacks: a
// host that reads d ignores the whole file then.
func (doc *Doc) Check(d Dialect) error {
	switch {
	case d == JSON && !doc.Strict:
		return errors.New("it has comments or trailing commas, which the host's reader (JSON.parse) rejects: the host ignores the whole file")
	case d == Comments && doc.Commas:
		return errors.New("it has a trailing comma, which the host's reader rejects (it strips comments, then JSON.parse): the host ignores the whole file")
	}
	return nil
}

// Load reads and parses the file, which a host reads in dialect d, and
// returns its top-level value: nil and no error when there is no such
// file, an error when it cannot be read, does not parse, or is not in d
// ([Doc.Check]). A caller checking a host's settings must report that
// error, not take the file for one that sets nothing.
func Load(file string, d Dialect) (*Node, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	doc, err := Parse(b)
	if err != nil {
		return nil, err
	}
	if err := doc.Check(d); err != nil {
		return nil, err
	}
	return doc.Root, nil
}

// Lookup returns the value at path under n (each element a member name),
// or nil when there is none; n may be nil. It reads as JSON.parse does,
// which the hosts use: of members with the same name, the last one counts.
func (n *Node) Lookup(path ...string) *Node {
	for _, k := range path {
		if n = n.last(k); n == nil {
			return nil
		}
	}
	return n
}

// last returns the value of the last member named key, or nil.
func (n *Node) last(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := len(n.Members) - 1; i >= 0; i-- {
		if n.Members[i].Key == key {
			return n.Members[i].Value
		}
	}
	return nil
}

// Setting returns the value at path in the file, as [Load] and
// [Node.Lookup] do: nil and no error when the file does not exist or has
// no such value.
func Setting(file string, d Dialect, path ...string) (*Node, error) {
	n, err := Load(file, d)
	return n.Lookup(path...), err
}

// Repeated returns where the first name repeated within one object is,
// depth first, as a path of quoted names and indexes ("hooks"."Stop"),
// or "" when every object's names are distinct. Hosts read a repeated
// name differently (JSON.parse keeps the last one, other readers the
// first, or fail), so a file with one means different things to a
// reader of it and to its host.
func (n *Node) Repeated() string {
	if n == nil {
		return ""
	}
	switch n.Kind {
	case Object:
		seen := make(map[string]bool, len(n.Members))
		for _, m := range n.Members {
			if seen[m.Key] {
				return Quote(m.Key)
			}
			seen[m.Key] = true
		}
		for _, m := range n.Members {
			if w := m.Value.Repeated(); w != "" {
				return Quote(m.Key) + "." + w
			}
		}
	case Array:
		for i, e := range n.Elems {
			if w := e.Repeated(); w != "" {
				return "[" + strconv.Itoa(i) + "]." + w
			}
		}
	}
	return ""
}
