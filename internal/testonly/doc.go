// Package testonly groups the packages that serve only tests: golden
// and capture runners (hosttest), benchmark helpers (benchtest), a
// reference JSON parser (hostref), txtar fixtures (txtar), subprocess
// helpers (proctest), the gateway's drain load (drainload) and the
// OTLP export check, a module of its own (otlptest). No package outside
// them may import one from a non-test file; its test says so, and that
// every other internal package serves code that ships.
package testonly
