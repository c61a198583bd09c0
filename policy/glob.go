package policy

import (
	"errors"
	"path"
	"strings"
)

// checkGlob reports whether g is a glob [matchGlob] can match.
func checkGlob(g string) error {
	if g == "" {
		return errors.New("an empty glob")
	}
	if strings.ContainsRune(g, 0) {
		return errors.New("a glob with a NUL byte")
	}
	for _, e := range strings.Split(strings.TrimPrefix(g, "~/"), "/") {
		if e == "**" {
			continue
		}
		if _, err := path.Match(e, ""); err != nil {
			return errors.New("bad glob " + quote(g) + ": " + err.Error())
		}
	}
	return nil
}

func quote(s string) string { return "\"" + s + "\"" }

// matchGlob reports whether the clean, slash-separated path p matches
// glob g, element by element: ** matches any number of elements, other
// elements as path.Match does. g is checked ([checkGlob]).
func matchGlob(g, p string) bool {
	return matchElems(strings.Split(g, "/"), strings.Split(p, "/"))
}

// matchElems matches glob elements g against path elements p by
// dynamic programming, in time proportional to len(g)*len(p) whatever
// the ** elements: a model-chosen deep path cannot make it slow.
func matchElems(g, p []string) bool {
	// ok[j] reports whether g[i:] matches p[j:], for i from len(g) down.
	ok := make([]bool, len(p)+1)
	ok[len(p)] = true
	for i := len(g) - 1; i >= 0; i-- {
		next := make([]bool, len(p)+1)
		if g[i] == "**" {
			// ** matches p[j:k] for any k >= j.
			reach := false
			for j := len(p); j >= 0; j-- {
				reach = reach || ok[j]
				next[j] = reach
			}
		} else {
			for j := len(p) - 1; j >= 0; j-- {
				if ok[j+1] {
					m, _ := path.Match(g[i], p[j])
					next[j] = m
				}
			}
		}
		ok = next
	}
	return ok[0]
}
