package fastjson

// The Set methods store v into a Go value of a struct field's type exactly
// as encoding/json would, including null (which leaves a string, bool or
// number unchanged and sets a pointer or slice to nil). They return false
// when v has a type encoding/json would reject for that Go type.

// SetString stores a string (or null) into *p.
func (v Value) SetString(p *string) bool {
	if v.IsNull() {
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

// SetBool stores true or false (or null) into *p.
func (v Value) SetBool(p *bool) bool {
	if v.IsNull() {
		return true
	}
	b, ok := v.Bool()
	if ok {
		*p = b
	}
	return ok
}

// SetInt stores an integer (or null) into *p.
func (v Value) SetInt(p *int) bool {
	if v.IsNull() {
		return true
	}
	n, ok := v.Int()
	if ok {
		*p = n
	}
	return ok
}

// SetFloat stores a number (or null) into *p.
func (v Value) SetFloat(p *float64) bool {
	if v.IsNull() {
		return true
	}
	f, ok := v.Float()
	if ok {
		*p = f
	}
	return ok
}

// SetStrings stores an array of strings into *p, or nil for null. *p must
// be nil (it returns false otherwise): encoding/json decodes into an
// existing slice element by element, keeping old elements where the new
// array has null.
func (v Value) SetStrings(p *[]string) bool {
	if *p != nil {
		return false
	}
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
