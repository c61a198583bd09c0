package hooks

// FailResult answers payload with h's fail policy, exactly as Serve does
// when it cannot reach a decision; cause says why and becomes Result.Err.
// Transports use it for failures of their own: an oversize request body, an
// unreachable policy gateway. The payload is parsed when it can be, so that
// the answer fits its event (a fail-closed PreToolUse gets the host's deny);
// otherwise (nil, truncated or invalid payload) the host's answer for an
// unknown event is used, where a block is exit code 2 with the reason on
// stderr.
func FailResult(a Adapter, h Handlers, payload []byte, cause error) Result {
	var ev Event = &OtherEvent{Base: Base{Host: a.Host()}}
	if payload != nil {
		if e, err := a.Parse(payload); err == nil {
			ev = e
		} else {
			ev = &OtherEvent{Base: Base{Host: a.Host(), NativeEvent: nativeName(payload)}}
		}
	}
	return failResult(a, h, ev, cause)
}
