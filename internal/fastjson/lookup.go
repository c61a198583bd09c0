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
	return Value{d.b, d.s, d.open, d.close + 1}
}

// Has reports whether the object value v has a member key, whatever its
// value (null included).
func (v Value) Has(key string) bool {
	_, ok := v.Get(key)
	return ok
}

// StringAt returns the value of key when it is a string, else "".
func (v Value) StringAt(key string) string {
	m, ok := v.Get(key)
	if !ok {
		return ""
	}
	s, _ := m.String()
	return s
}

// BoolAt returns true when the value of key is true, else false.
func (v Value) BoolAt(key string) bool {
	m, ok := v.Get(key)
	if !ok {
		return false
	}
	b, _ := m.Bool()
	return b
}

// RawAt returns the text of the value of key (see [Value.Raw]), or nil
// when key is absent or null.
func (v Value) RawAt(key string) []byte {
	m, ok := v.Get(key)
	if !ok || m.IsNull() {
		return nil
	}
	return m.Raw()
}

// ObjectAt returns the value of key when it is an object.
func (v Value) ObjectAt(key string) (Value, bool) {
	m, ok := v.Get(key)
	if !ok || !m.IsObject() {
		return Value{}, false
	}
	return m, true
}
