// Package gitenv is the environment of the git processes a hook starts
// to read a repository's state (the footing's and the guard's reads).
// The hook runs outside the host's sandbox, and the model may have
// written the repository's configuration: such a read must neither
// write the repository nor run a program that configuration names.
package gitenv

import "os"

// Env returns the hook's environment, then extra, then what keeps git
// from taking optional locks (GIT_OPTIONAL_LOCKS=0), from prompting
// (GIT_TERMINAL_PROMPT=0), and from fetching: a partial clone fetches
// an object it lacks from its promisor remote, which runs the
// remote.NAME.uploadpack command (or ssh, or an ext:: transport) the
// repository names. GIT_ALLOW_PROTOCOL naming no protocol forbids every
// transport, above the repository's protocol.*.allow, and
// GIT_NO_LAZY_FETCH turns the lazy fetch off.
func Env(extra ...string) []string {
	env := append(os.Environ(), extra...)
	return append(env, "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "GIT_ALLOW_PROTOCOL=none", "GIT_NO_LAZY_FETCH=1")
}
