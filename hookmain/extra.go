package hookmain

import (
	"os"
	"slices"
)

// ExtraArgs returns the program's own arguments: the words after the
// first "--" of its command line, which install writes from its "-- ARGS"
// (install.Options.Args) and which [Run] leaves alone. It returns nil
// when there is no "--".
func ExtraArgs() []string {
	return extraArgs(os.Args[1:])
}

func extraArgs(args []string) []string {
	i := slices.Index(args, "--")
	if i < 0 {
		return nil
	}
	return slices.Clone(args[i+1:])
}
