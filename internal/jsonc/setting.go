package jsonc

import "os"

// Setting returns the value at path in the JSON (or JSONC) file, or nil
// when the file cannot be read or parsed or has no such value.
func Setting(file string, path ...string) *Node {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	d, err := Parse(b)
	if err != nil {
		return nil
	}
	n := d.Root
	for _, k := range path {
		if n = n.Get(k); n == nil {
			return nil
		}
	}
	return n
}
