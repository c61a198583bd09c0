package fastjson

// Lookups by key on an object value, for the adapters that read a few
// fields of a payload one by one. Each reads the last member whose key is
// exactly key (the one JSON.parse keeps) and ignores a value of another
// type, so that a side field of the wrong type never fails a read.

// Value returns the document's object as a [Value]. A zero Doc (what a
// failed [Object] returns) gives a zero Value, which has no members.
func (d *Doc) Value() Value {
	if d.s == "" {
		return Value{}
	}
	return Value{b: d.b, s: d.s, start: d.open, end: d.close + 1}
}

// Has reports whether the object value v has a member key, whatever its
// value (null included).
func (v Value) Has(key string) bool {
	_, ok := v.Get(key)
	return ok
}

// StringAt returns the value of key when it is a string, else "".
func (v Value) StringAt(key string) string { return stringOf(v.Get(key)) }

// BoolAt returns true when the value of key is true, else false.
func (v Value) BoolAt(key string) bool { return boolOf(v.Get(key)) }

// RawAt returns the text of the value of key (see [Value.Raw]), or nil
// when key is absent or null.
func (v Value) RawAt(key string) []byte { return rawOf(v.Get(key)) }

// ObjectAt returns the value of key when it is an object.
func (v Value) ObjectAt(key string) (Value, bool) { return objectOf(v.Get(key)) }

// Picked is the members of an object value for a fixed set of keys, read
// in one pass by [Value.Pick], for an adapter that reads a dozen fields of
// a payload: each lookup is then a search among the keys, not a scan of
// the document. Its accessors are those of [Value]; a key that was not
// picked panics (a programming error, which any test of the caller finds).
type Picked struct {
	keys  []string
	vals  []Value
	found []bool
}

// Pick reads the members of the object value v whose keys are in keys,
// keeping the last of duplicates. vals and found are its storage, each
// as long as keys, so that picking need not allocate.
func (v Value) Pick(keys []string, vals []Value, found []bool) Picked {
	p := Picked{keys, vals[:len(keys)], found[:len(keys)]}
	clear(p.found)
	v.Members(func(k string, m Value) bool {
		for i, key := range keys {
			if k == key {
				p.vals[i], p.found[i] = m, true
				break
			}
		}
		return true
	})
	return p
}

// Get returns the value of key, as [Value.Get].
func (p *Picked) Get(key string) (Value, bool) {
	for i, k := range p.keys {
		if k == key {
			return p.vals[i], p.found[i]
		}
	}
	panic("fastjson: key " + key + " was not picked")
}

// Has is [Value.Has].
func (p *Picked) Has(key string) bool {
	_, ok := p.Get(key)
	return ok
}

// StringAt is [Value.StringAt].
func (p *Picked) StringAt(key string) string { return stringOf(p.Get(key)) }

// BoolAt is [Value.BoolAt].
func (p *Picked) BoolAt(key string) bool { return boolOf(p.Get(key)) }

// RawAt is [Value.RawAt].
func (p *Picked) RawAt(key string) []byte { return rawOf(p.Get(key)) }

// ObjectAt is [Value.ObjectAt].
func (p *Picked) ObjectAt(key string) (Value, bool) { return objectOf(p.Get(key)) }

func stringOf(v Value, ok bool) string {
	if !ok {
		return ""
	}
	s, _ := v.String()
	return s
}

func boolOf(v Value, ok bool) bool {
	if !ok {
		return false
	}
	b, _ := v.Bool()
	return b
}

func rawOf(v Value, ok bool) []byte {
	if !ok || v.IsNull() {
		return nil
	}
	return v.Raw()
}

func objectOf(v Value, ok bool) (Value, bool) {
	if !ok || !v.IsObject() {
		return Value{}, false
	}
	return v, true
}
