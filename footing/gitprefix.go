package footing

import (
	"path/filepath"
	"strings"
)

// checkoutPrefix returns the --prefix of git checkout-index's words
// vals, when it is one other than "./" (the last one given wins).
func checkoutPrefix(vals []string) (string, bool) {
	pre := ""
	for _, v := range vals {
		if v == "--" {
			break
		}
		if p, ok := strings.CutPrefix(v, "--prefix="); ok {
			pre = p
		}
	}
	return pre, pre != "" && pre != "./"
}

// prefixHolds reports whether git checkout-index --prefix=pre may write
// a footing file: each file lands at pre followed by its path in the
// repository, so under pre when it ends in a slash, and beside it
// otherwise (--prefix=x- writes x-.claude/…); a folder that holds no
// footing file, and is in none, gets none. A prefix with a variable, a
// ~ or a .. is taken to hold one.
func (p *place) prefixHolds(pre string) bool {
	if strings.ContainsAny(pre, "$~`*?[") || strings.Contains(pre, "..") {
		return true
	}
	d := pre
	if !strings.HasSuffix(d, "/") {
		d = filepath.Dir(d)
	}
	_, touches := p.Touches(d, true)
	return touches
}
