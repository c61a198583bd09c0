package tempvar

import (
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Refs returns the variables of src that hold what a git command prints
// of a revision (h=$(git rev-parse HEAD), b=$(git branch
// --show-current)): a commit's hex name, a branch or a tag, one word
// that is never an option (git refuses a ref name that starts with "-"
// or holds a space, and rev-parse prints an unknown static word as it is).
// A variable counts only when the script names it nowhere else but in
// its one assignment and in expansions.
func Refs(src string) []string {
	var vars []string
	for rest := src; ; {
		i := strings.Index(rest, "=$(git ")
		if i < 0 {
			return vars
		}
		j := i
		for j > 0 && IsIdent(rest[j-1]) {
			j--
		}
		name := rest[j:i]
		body, _, closed := strings.Cut(rest[i+3:], ")")
		if closed && name != "" && PrintsRef(body) && onlyAssigned(src, name) {
			vars = append(vars, name)
		}
		rest = rest[i+len("=$(git "):]
	}
}

// PrintsRef reports whether the command text cmd (git and its words, as
// in a substitution) prints one revision: git rev-parse, merge-base,
// rev-list -1, describe, branch --show-current or symbolic-ref --short
// HEAD with only static revisions and options that keep the output one
// ref.
func PrintsRef(cmd string) bool {
	f := strings.Fields(cmd)
	if len(f) < 2 || f[0] != "git" {
		return false
	}
	var opts []string
	switch f[1] {
	case "rev-parse":
		opts = []string{"--verify", "-q", "--quiet", "--short", "--abbrev-ref", "--symbolic-full-name"}
	case "merge-base":
		opts = []string{"--fork-point"}
	case "rev-list":
		opts = []string{"-1", "-n1", "--max-count=1", "--first-parent"}
	case "describe":
		opts = []string{"--tags", "--always", "--dirty", "--long", "--exact-match"}
	case "branch":
		return len(f) == 3 && f[2] == "--show-current"
	case "symbolic-ref":
		return len(f) == 4 && f[2] == "--short" && f[3] == "HEAD"
	default:
		return false
	}
	for _, w := range f[2:] {
		if !refToken(w) && !slices.Contains(opts, w) && !strings.HasPrefix(w, "--short=") && !strings.HasPrefix(w, "--abbrev=") {
			return false
		}
	}
	return true
}

// refToken reports whether w is a static revision: no quote, expansion,
// glob or leading "-".
func refToken(w string) bool {
	if w == "" || w[0] == '-' {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(IsIdent(c) || strings.IndexByte("./~^@{}:-", c) >= 0) {
			return false
		}
	}
	return true
}

// IsRef reports whether w, known only at run time, is one of vars ($h,
// ${h}) or a substitution that prints one revision ($(git rev-parse
// HEAD)): a single word that is not an option.
func IsRef(w shell.Word, vars []string) bool {
	if body, ok := strings.CutPrefix(w.Value, "$("); ok && strings.HasSuffix(body, ")") {
		return PrintsRef(body[:len(body)-1])
	}
	for _, v := range vars {
		if w.Value == "$"+v || w.Value == "${"+v+"}" {
			return true
		}
	}
	return false
}
