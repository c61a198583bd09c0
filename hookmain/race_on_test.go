//go:build race

package hookmain_test

// raceEnabled reports that the race detector is on: it changes allocation
// counts, so the allocation budget is checked without it.
const raceEnabled = true
