// Command nothing is a hook built on hookmain.Run that has no handler: it
// answers every event with no opinion. In the round-trip benchmark
// (bench/roundtrip.sh) it is what the library costs before any policy.
package main

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
)

func main() {
	hookmain.Run(hooks.Handlers{})
}
