// Package stackstart gives a hook process's main goroutine a 32 KiB stack
// before any other package of the program is initialised. Import it for
// its side effect (hookmain does):
//
//	import _ "github.com/agenthooks/hooks/internal/stackstart"
//
// A goroutine starts with a 2 KiB stack, and the main goroutine of a hook
// outgrows it four times: twice in the standard library's and the shell
// parser's initialisers (internal/godebug, the parser's regular
// expressions), then twice more when a policy parses a command, some
// thirty frames deep. Each growth copies the stack and reads the unwinding
// tables of every frame on it, and the first growth into each size carves
// a fresh pool of stacks, writing a word into each; in a process that
// lives for one event every one of those pages is touched for the first
// time, which on a VM is most of what a hook costs to start (BENCHMARKS.md,
// issue 27: 21 page faults fewer for examples/guard, 9 for a hook that does
// nothing).
//
// This package has no imports, so that Go's initialisation order (the
// lexically first package whose imports are initialised) runs it right
// after the runtime's, before any package that grows the stack. Its
// initialiser allocates nothing and writes none of the new stack: the
// frame that asks for it is reserved by the function's prologue, and the
// body that would use it never runs.
package stackstart

func init() { grow(never) }

// never is grow's argument: always false, but a variable, so that the
// compiler keeps the frame of the branch it never takes.
var never bool

// grow asks for a frame of 28 KiB, which the runtime grows the stack to
// 32 KiB for, in one copy of the few frames below it.
//
//go:noinline
func grow(use bool) byte {
	if use {
		var frame [28 << 10]byte
		return touch(frame[:])
	}
	return 0
}

// touch keeps grow's frame from being optimised away.
//
//go:noinline
func touch(b []byte) byte { return b[len(b)/2] }
