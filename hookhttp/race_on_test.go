//go:build race

package hookhttp_test

// raceOn reports that the race detector is on: it slows every handler
// several times over, so the soak test's timing says nothing then.
const raceOn = true
