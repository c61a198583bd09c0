package hookmain

// growStack grows the calling goroutine's stack to at least 32 KiB in one
// step, while the stack is shallow, and touches none of it.
//
// A hook process serves one event on its main goroutine, and a policy that
// parses a command (package shell and its parser recurse some thirty
// frames deep) outgrows the 8 KiB stack the package initialisers left:
// the runtime then doubles the stack twice, deep in the walk, and each
// copy reads the unwinding tables of every frame on the stack. In a short
// process every page of those tables is touched for the first time, and
// on a VM a first touch is what a hook's start-up costs (BENCHMARKS.md,
// issue 27: eight to nine page faults fewer, about 0.04 of a minimal Go
// program, for a hook that does nothing and for examples/guard alike).
//
// The frame is reserved by the function's prologue, which the runtime
// grows the stack for before the body runs; never is false at run time,
// so the body writes nothing and the new stack's pages stay untouched
// until a handler uses them.
//
//go:noinline
func growStack(never bool) byte {
	if never {
		var frame [28 << 10]byte
		return touch(frame[:])
	}
	return 0
}

// stackNever is growStack's argument: always false, but a variable, so
// that the compiler keeps the body it may not run.
var stackNever bool

// touch keeps growStack's frame from being optimised away.
//
//go:noinline
func touch(b []byte) byte { return b[len(b)/2] }
