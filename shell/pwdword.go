package shell

import "strings"

// mayBePWD reports whether path p may start with $PWD/ or ${PWD}/: a
// check of its first bytes, inlined where each effect is recorded.
func mayBePWD(p Word) bool {
	v := p.Value
	return p.Dynamic && len(v) >= 6 && v[0] == '$' && (v[1] == 'P' || v[1] == '{' && v[2] == 'P')
}

// atPWD returns the scope a path *p of a command walked in sc is
// relative to, and makes *p relative to it: sc, *p left alone, unless
// *p starts with $PWD (see pwdPath). Not inlined, and given a pointer:
// the frame of the effect it is called for stays small.
//
//go:noinline
func (w *walker) atPWD(sc *scope, p *Word) *scope {
	if w.box == nil {
		if at, rel, ok := w.pwdPath(*p, sc); ok {
			*p = rel
			return at
		}
	}
	return sc
}

// pwdPath reads a path that starts with $PWD/ ($PWD/x, ${PWD}/x; $PWD
// alone is left as it is, as a container's mount reads it):
// bash expands PWD to the folder its shell is in, so after a cd in the
// same script (cd d; cat "$PWD/x") it names x in that folder, d/x, not
// the one the script started in. It returns the scope of that shell
// (the one whose command is being walked: not that of a program's own
// -C folder, env -C d cat "$PWD/x" reads ./x) and the rest of the path,
// relative to it. Not when the rest holds another expansion or a
// pattern, nor when the script may set PWD itself (PWD=…, read PWD,
// export PWD, declare PWD: any PWD its text names other than as $PWD
// or ${PWD}, OLDPWD included), read once per script.
func (w *walker) pwdPath(p Word, sc *scope) (*scope, Word, bool) {
	v := p.Value
	var rest string
	switch {
	case strings.HasPrefix(v, "$PWD"):
		rest = v[len("$PWD"):]
	case strings.HasPrefix(v, "${PWD}"):
		rest = v[len("${PWD}"):]
	default:
		return nil, Word{}, false
	}
	if len(rest) < 2 || rest[0] != '/' || strings.ContainsAny(rest, "$`*?[{\\") {
		return nil, Word{}, false
	}
	if w.pwdSet == 0 {
		w.pwdSet = 1
		if setsPWD(w.top) {
			w.pwdSet = 2
		}
	}
	if w.pwdSet == 2 {
		return nil, Word{}, false
	}
	if w.shellAt != nil {
		sc = w.shellAt
	}
	if rest = strings.TrimLeft(rest, "/"); rest == "" {
		return nil, Word{}, false
	}
	return sc, Static(rest), true
}

// setsPWD reports whether script text src names PWD other than as
// $PWD or ${PWD}: an assignment, read, export, declare or unset of it,
// or OLDPWD.
func setsPWD(src string) bool {
	for i := 0; ; {
		j := strings.Index(src[i:], "PWD")
		if j < 0 {
			return false
		}
		j += i
		if !(j >= 1 && src[j-1] == '$' || j >= 2 && src[j-2:j] == "${") {
			return true
		}
		i = j + len("PWD")
	}
}
