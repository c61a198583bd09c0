package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// printedCredential returns a credential file an echo or printf of s
// names.
func (at *place) printedCredential(s *shell.Script, extra []string) (string, bool) {
	for _, c := range s.Commands {
		if c.Name != "echo" && c.Name != "printf" {
			continue
		}
		for _, a := range c.Args[1:] {
			if f, ok := secretInWord(a.Value, extra); ok {
				return f, true
			}
			if a.Dynamic {
				continue
			}
			for w := range strings.FieldsSeq(a.Value) {
				if t, ok := at.linkedSecret(w, extra); ok {
					return w + " (a link to " + t + ")", true // echo lnk > names
				}
			}
		}
	}
	return "", false
}
