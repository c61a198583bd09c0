package hooks

// An AskTaker is an [Adapter] whose host honours an ask on some builds
// only, on events whose capability row does not claim one: it tells from
// the payload (Cursor: cursor_version) whether the build that sent ev
// does. [Fit] then sends the ask as is, instead of
// [FitOptions.AskFallback], unless [FitOptions.AskFallbackAlways].
type AskTaker interface {
	// TakesAsk reports whether the host build that sent ev honours an ask
	// on it (shows the user a prompt), by what is known of that build.
	TakesAsk(ev Event) bool
}

// takesAsk reports whether a's host build that sent ev takes an ask that
// its capability row does not claim.
func takesAsk(a Adapter, ev Event, o FitOptions) bool {
	at, ok := a.(AskTaker)
	return ok && !o.AskFallbackAlways && at.TakesAsk(ev)
}
