package tempvar

import (
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Refs returns the variables of src that hold the commit names a git
// command prints (h=$(git rev-parse HEAD), b=$(git merge-base HEAD
// main)): hex, or a static word rev-parse prints back as it is (not
// starting with "-"); one word that is never an option. A ref's own name
// is not one of them: git update-ref takes refs/heads/--output=x, and git
// branch --show-current then prints --output=x. A variable counts only
// when the script names it nowhere else but in its one assignment and in
// expansions.
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
// in a substitution) prints one commit's name in hex: git rev-parse,
// merge-base or rev-list -1 with static revisions and only options that
// keep the output a hex name. (rev-parse --abbrev-ref, describe, branch
// --show-current and symbolic-ref print a ref's name, which may start
// with "-".)
func PrintsRef(cmd string) bool {
	f := strings.Fields(cmd)
	if len(f) < 2 || f[0] != "git" {
		return false
	}
	var opts []string
	switch f[1] {
	case "rev-parse":
		opts = []string{"--verify", "-q", "--quiet", "--short"}
	case "merge-base":
		opts = []string{"--fork-point"}
	case "rev-list":
		opts = []string{"-1", "-n1", "--max-count=1", "--first-parent"}
	default:
		return false
	}
	for _, w := range f[2:] {
		if !refToken(w) && !slices.Contains(opts, w) && !strings.HasPrefix(w, "--short=") {
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
// ${h}) or a substitution that prints one commit's hex name ($(git
// rev-parse HEAD)): a single word that is not an option.
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
