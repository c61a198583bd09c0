package fastjson

// The Set methods store v into a Go value of a struct field's type as
// encoding/json decodes a value into a fresh field: null stores the zero
// value, so that of duplicate keys the last one decides, as JSON.parse
// has it. They return false when v has a type encoding/json would reject
// for that Go type, and leave *p alone then.

// SetString stores a string (or "" for null) into *p.
func (v Value) SetString(p *string) bool {
	if v.IsNull() {
		*p = ""
		return true
	}
	s, ok := v.String()
	if ok {
		*p = s
	}
	return ok
}

// SetStringPtr stores a string into **p, or nil for null.
func (v Value) SetStringPtr(p **string) bool {
	if v.IsNull() {
		*p = nil
		return true
	}
	s, ok := v.String()
	if ok {
		*p = &s
	}
	return ok
}

// SetBool stores true or false (or false for null) into *p.
func (v Value) SetBool(p *bool) bool {
	if v.IsNull() {
		*p = false
		return true
	}
	b, ok := v.Bool()
	if ok {
		*p = b
	}
	return ok
}

// SetInt stores an integer (or 0 for null) into *p.
func (v Value) SetInt(p *int) bool {
	if v.IsNull() {
		*p = 0
		return true
	}
	n, ok := v.Int()
	if ok {
		*p = n
	}
	return ok
}

// SetFloat stores a number (or 0 for null) into *p.
func (v Value) SetFloat(p *float64) bool {
	if v.IsNull() {
		*p = 0
		return true
	}
	f, ok := v.Float()
	if ok {
		*p = f
	}
	return ok
}

// SetStrings stores an array of strings into *p (null elements read as
// ""), or nil for null, replacing what *p held.
func (v Value) SetStrings(p *[]string) bool {
	if v.IsNull() {
		*p = nil
		return true
	}
	ss, ok := v.Strings()
	if ok {
		*p = ss
	}
	return ok
}
