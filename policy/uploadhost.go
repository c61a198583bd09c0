package policy

import (
	"fmt"
	"strings"
)

// CheckUploadHost reports whether h is a host name the [guard] table's
// upload_hosts may list: a DNS name of ASCII letters, digits and hyphens
// in dot-separated labels (an internationalised name in its xn-- form),
// one trailing dot allowed, with at least one dot. Not a URL, not a
// wildcard, no user, port or path, not an IP address: a name a URL's
// host is compared with, case-insensitively, exactly.
func CheckUploadHost(h string) error {
	name := strings.TrimSuffix(h, ".")
	bad := func(why string) error {
		return fmt.Errorf("%q is not a host name (%s); write a plain name such as \"artifacts.example.com\"", h, why)
	}
	switch {
	case name == "":
		return bad("empty")
	case len(name) > 253:
		return bad("longer than 253 characters")
	case strings.Contains(name, "://"):
		return bad("a URL: the scheme and path do not belong here")
	case strings.ContainsAny(name, "*?[]"):
		return bad("wildcards are not supported: list each host")
	case strings.ContainsAny(name, "@:/\\"):
		return bad("no user, port or path")
	case !strings.Contains(name, "."):
		return bad("a name with at least one dot, so that a bare word such as a shell variable is never a host")
	}
	digitsOnly := true
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return bad("a label is empty, longer than 63 characters or starts or ends with a hyphen")
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			switch {
			case c >= '0' && c <= '9':
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '-':
				digitsOnly = false
			default:
				return bad(fmt.Sprintf("%q is not a letter, digit or hyphen (an internationalised name is listed in its xn-- form)", c))
			}
		}
	}
	if digitsOnly {
		return bad("an IP address: list a name")
	}
	return nil
}
