package hookcli

import "strings"

// Subcommands are the words a hook binary takes as its first argument.
var Subcommands = []string{"install", "uninstall", "doctor", "report", "help", "version"}

// Suggest returns the word of words closest to w, for a "did you mean"
// hint: one that w is a prefix of or that w's prefix is (--host for
// --hosts), else one within two edits (one for words of four letters or
// fewer); "" when none is that close. Leading dashes are ignored in the
// comparison and kept in the result.
func Suggest(w string, words []string) string {
	bare := strings.TrimLeft(w, "-")
	if bare == "" {
		return ""
	}
	best, bestD := "", 3
	if len(bare) <= 4 {
		bestD = 2
	}
	for _, c := range words {
		cb := strings.TrimLeft(c, "-")
		if cb == bare {
			continue
		}
		d := distance(bare, cb)
		if len(bare) >= 3 && (strings.HasPrefix(cb, bare) || strings.HasPrefix(bare, cb)) {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the edit distance of a and b in bytes, a swap of two
// neighbours counting as one edit (optimal string alignment).
func distance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// Mistyped reports a command line whose first word looks like a
// misspelled subcommand ("instal"), and the subcommand it is closest to.
// The installer never registers a command whose first argument is a bare
// word, so such a line is a person's, to be answered with usage.
func Mistyped(args []string) (string, bool) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || CommandOf(args) != Hook {
		return "", false
	}
	s := Suggest(args[0], Subcommands)
	return s, s != ""
}

// flagNames are the flags of a hook invocation, for Parse's hints.
var flagNames = []string{flagHost, flagEvent, flagFailOpen, flagFailClosed, flagTimeout,
	flagGateway, flagGatewayTokenEnv, flagGatewayTokenFile, flagGatewayTimeout, flagGatewayCA, flagGatewayCert, flagGatewayKey, flagLog, flagObserve}
