package jsonc

import (
	"errors"
	"io/fs"
	"os"
)

// Load reads and parses the JSON (or JSONC) file and returns its
// top-level value: nil and no error when there is no such file, an error
// when it cannot be read or does not parse. A caller checking a host's
// settings must report that error, not take the file for one that sets
// nothing.
func Load(file string) (*Node, error) {
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	d, err := Parse(b)
	if err != nil {
		return nil, err
	}
	return d.Root, nil
}

// Lookup returns the value at path under n (each element a member name),
// or nil when there is none; n may be nil.
func (n *Node) Lookup(path ...string) *Node {
	for _, k := range path {
		if n = n.Get(k); n == nil {
			return nil
		}
	}
	return n
}

// Setting returns the value at path in the file, as [Load] and
// [Node.Lookup] do: nil and no error when the file does not exist or has
// no such value.
func Setting(file string, path ...string) (*Node, error) {
	n, err := Load(file)
	return n.Lookup(path...), err
}
