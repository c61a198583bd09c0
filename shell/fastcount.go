package shell

import "strings"

// simpleCount counts the words of src as simpleIn reads them (their
// starts: an over-count only for redirections), its commands and its >
// bytes; ok is false for a byte no simple line holds, or an open quote.
func simpleCount(src string) (words, ops, redirs int, ok bool) {
	ops = 1
	inWord := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if wordByte(c) || c == '>' {
			if !inWord {
				words, inWord = words+1, true
			}
			if c == '>' {
				redirs++
			}
			continue
		}
		switch c {
		case '\'', '"':
			// What the quotes hold is checked as the words are read.
			j := strings.IndexByte(src[i+1:], c)
			if j < 0 {
				return 0, 0, 0, false
			}
			i += j + 1
			if !inWord {
				words, inWord = words+1, true
			}
		case ' ', '\t':
			inWord = false
		case ';', '|', '&':
			// && and || are one operator, and the & of >& none (an
			// over-count only costs room).
			if i+1 < len(src) && src[i+1] == c && c != ';' {
				i++
			}
			if c != '&' || i == 0 || src[i-1] != '>' {
				ops++
			}
			inWord = false
		default:
			return 0, 0, 0, false
		}
	}
	return words, ops, redirs, true
}
