package shell

// The here-documents of nestScan: their delimiters and bodies.

// readHeredoc reads the delimiter of the here-document whose operator
// ends before i and queues it; it returns the index of the delimiter's
// last byte.
func readHeredoc(src string, i int, pending *[]heredoc) int {
	h := heredoc{}
	if i < len(src) && src[i] == '-' {
		h.tabs = true
		i++
	}
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	var b []byte
	for ; i < len(src) && !isBlankOrMeta(src[i]); i++ {
		switch c := src[i]; c {
		case '\\':
			h.quoted = true
			if i+1 < len(src) {
				i++
				b = append(b, src[i])
			}
		case '\'', '"':
			h.quoted = true
			j := indexFrom(src, i+1, c)
			if j < 0 {
				j = len(src)
			}
			b = append(b, src[i+1:j]...)
			i = j
			h.hashAfterQuote = h.hashAfterQuote || i+1 < len(src) && src[i+1] == '#'
		default:
			b = append(b, c)
		}
	}
	h.delim = string(b)
	*pending = append(*pending, h)
	return i - 1
}

// startBodies skips, at the newline src[i], the bodies of the pending
// here-documents with a quoted delimiter and pushes an fHdoc frame for
// the first one that is not quoted (the others follow when it ends). It
// returns the index of the last byte consumed.
func (s *nesting) startBodies(src string, i int) int {
	for len(s.pending) > 0 {
		h := s.pending[0]
		s.pending = s.pending[1:]
		if !h.quoted {
			s.open(frame{kind: fHdoc, hdoc: h.delim, tabs: h.tabs})
			// An empty body: the delimiter is the next line.
			if j := skipTabs(src, i+1, h.tabs); lineIs(src, j, h.delim) {
				s.stack = s.stack[:len(s.stack)-1]
				s.cur--
				i = lineEnd(src, j)
				continue
			}
			return i
		}
		for j := i + 1; ; {
			if j >= len(src) {
				return len(src)
			}
			if k := skipTabs(src, j, h.tabs); lineIs(src, k, h.delim) {
				i = lineEnd(src, k)
				break
			}
			j = lineEnd(src, j) + 1
		}
	}
	return i
}

// skipTabs returns the index of the first byte from src[j] on that is not
// a tab when tabs (a <<- here-document, whose lines lose their leading
// tabs), else j.
func skipTabs(src string, j int, tabs bool) int {
	for tabs && j < len(src) && src[j] == '\t' {
		j++
	}
	return j
}

// lineIs reports whether the line starting at src[j] is s.
func lineIs(src string, j int, s string) bool {
	if j+len(s) > len(src) || src[j:j+len(s)] != s {
		return false
	}
	return j+len(s) == len(src) || src[j+len(s)] == '\n'
}

// lineEnd returns the index of the newline that ends the line holding
// src[j], or len(src).
func lineEnd(src string, j int) int {
	for j < len(src) && src[j] != '\n' {
		j++
	}
	return j
}
