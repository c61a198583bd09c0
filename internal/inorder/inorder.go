// Package inorder tells, from a shell command's text, whether its
// commands run once each in the order written.
package inorder

import "github.com/agenthooks/hooks/internal/tempvar"

// Texts reports whether every text (a command and the script files it
// runs) runs its commands once each, in the order written: no loop,
// function, trap, pipeline, background job, coprocess or process
// substitution, whose commands may run again or at once with the rest.
// It reads words, not syntax: a word like `for` in a quoted string makes
// it false, which only costs the finer judgement.
func Texts(texts ...string) bool {
	for _, t := range texts {
		for i := 0; i < len(t); i++ {
			switch c := t[i]; c {
			case '|':
				if i+1 < len(t) && t[i+1] == '|' {
					i++
					continue
				}
				return false
			case '&':
				switch {
				case i+1 < len(t) && (t[i+1] == '&' || t[i+1] == '>'):
					i++
					continue
				case i > 0 && (t[i-1] == '>' || t[i-1] == '<'):
					continue
				}
				return false
			case '(':
				if i+1 < len(t) && t[i+1] == ')' {
					return false // a function
				}
				if i > 0 && (t[i-1] == '<' || t[i-1] == '>') {
					return false // <(…), >(…): at once with the command
				}
			}
		}
		for i := 0; i < len(t); {
			j := i
			for j < len(t) && tempvar.IsIdent(t[j]) {
				j++
			}
			switch t[i:j] {
			case "for", "while", "until", "select", "function", "trap", "coproc", "eval", "alias",
				"BASH_ENV", "ENV", "PROMPT_COMMAND":
				return false // or a file the shell runs again of itself
			}
			i = j + 1
		}
	}
	return true
}
