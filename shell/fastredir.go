package shell

import "strings"

// fileOp returns the operator of the redirection to a file that starts s
// (>, >>, 1>, 2>, 1>>, 2>>; not >&, >| or >( ) and its length, or 0.
func fileOp(s string) (string, int) {
	i := 0
	if len(s) > 0 && (s[0] == '1' || s[0] == '2') {
		i = 1
	}
	if i >= len(s) || s[i] != '>' {
		return "", 0
	}
	op := ">"
	if i+1 < len(s) && s[i+1] == '>' {
		op = ">>"
	}
	if j := i + len(op); j < len(s) && (s[j] == '&' || s[j] == '|' || s[j] == '(' || s[j] == '>') {
		return "", 0
	}
	return op, i + len(op)
}

// redirPrefix returns the length of the redirection 2>&1, >/dev/null or
// 2>/dev/null that starts s and ends at a blank, an operator or the end,
// or 0.
func redirPrefix(s string) int {
	if len(s) < 4 || s[0] != '>' && s[1] != '>' {
		return 0
	}
	for _, r := range [...]string{"2>&1", ">/dev/null", "2>/dev/null", "1>/dev/null"} {
		if strings.HasPrefix(s, r) && (len(s) == len(r) || strings.IndexByte(" \t;|", s[len(r)]) >= 0 ||
			s[len(r)] == '&' && len(s) > len(r)+1 && s[len(r)+1] == '&') {
			return len(r)
		}
	}
	return 0
}
