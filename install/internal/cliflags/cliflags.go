// Package cliflags holds the pieces of the install, uninstall and doctor
// command line that the flag package lacks: a check that every flag has
// its value, "did you mean" hints, and a repeatable flag.
package cliflags

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/agenthooks/hooks/internal/hookcli"
)

// NeedValues checks, before fs parses args, that every flag that takes a
// value and is written without "=" is followed by one: the flag package
// would take the next flag (install --dir --hosts claude) as the value,
// and a flag at the end of the line must be named by the error. A value
// that starts with "-" and a letter is written --name=-value.
func NeedValues(fs *flag.FlagSet, args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			return nil // the flag package stops here too
		}
		name, _, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := fs.Lookup(name)
		if f == nil || hasVal || isBool(f) {
			continue
		}
		if i+1 >= len(args) || looksLikeFlag(args[i+1]) {
			return fmt.Errorf("--%s needs a value (write --%s=VALUE for a value that starts with -)", name, name)
		}
		i++
	}
	return nil
}

// looksLikeFlag reports an argument that is a flag, not a value: "-"
// followed by a letter or another "-" ("-3" is a value).
func looksLikeFlag(a string) bool {
	return len(a) >= 2 && a[0] == '-' && (a[1] == '-' || 'a' <= a[1] && a[1] <= 'z' || 'A' <= a[1] && a[1] <= 'Z')
}

// isBool reports a flag that takes no value.
func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// WithHint adds "did you mean --x?" to the flag package's error for a
// flag fs does not define, when one of its flags is close to it.
func WithHint(err error, fs *flag.FlagSet) error {
	msg := err.Error()
	const undefined = "flag provided but not defined: "
	i := strings.Index(msg, undefined)
	if i < 0 {
		return err
	}
	bad := msg[i+len(undefined):]
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
	if h := DidYouMean(bad, names); h != "" {
		return errors.New(msg + h)
	}
	return err
}

// DidYouMean is "; did you mean W?" for the word of words closest to w,
// or "".
func DidYouMean(w string, words []string) string {
	if s := hookcli.Suggest(w, words); s != "" {
		return "; did you mean " + s + "?"
	}
	return ""
}

// List is a flag that may be given several times.
type List []string

// String implements flag.Value.
func (l *List) String() string { return strings.Join(*l, ",") }

// Set implements flag.Value.
func (l *List) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// HostsGiven reports --hosts among args (as all, or a list).
func HostsGiven(args []string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "hosts" {
			return true
		}
	}
	return false
}
