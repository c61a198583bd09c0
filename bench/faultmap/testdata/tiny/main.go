// Command tiny is the program whose page faults are recorded in
// ../tiny.script: its package init fills a table on the heap, and its
// main touches a fresh heap buffer and a large global page by page.
package main

import (
	"io"
	"os"
)

// table is built by the package's init.
var table = build(1 << 14)

// sink is a large zeroed global, in .noptrbss.
var sink [1 << 18]byte

//go:noinline
func build(n int) []int {
	t := make([]int, n)
	for i := range t {
		t[i] = i * i
	}
	return t
}

//go:noinline
func touch(buf []byte) int {
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = byte(i)
	}
	return len(buf)
}

func main() {
	in, _ := io.ReadAll(os.Stdin)
	n := touch(make([]byte, 1<<17))
	n += touch(sink[:])
	os.Stdout.Write([]byte{byte(n + len(in) + table[3])})
}
