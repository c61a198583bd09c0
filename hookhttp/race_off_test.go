//go:build !race

package hookhttp_test

// raceOn reports that the race detector is on (see race_on_test.go).
const raceOn = false
