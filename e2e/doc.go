// Package e2e is the real-client conformance suite: it installs the pinned
// Claude Code, Gemini CLI and Codex clients, runs them headless against
// fake model servers (package fakemodel) with the hook program of
// e2e/testhook registered in their real configuration files, and checks
// what actually happened: which events fired and how they parse, whether a
// deny stopped the tool, what the model was shown next.
//
// `go test ./e2e/...` runs it, and so does `go test ./...`; `go test
// -short` skips the client runs. With -update (or HOOKS_E2E_WRITE=1) it
// also rewrites the golden payload fixtures in testdata/ and CONFORMANCE.md
// at the module root.
package e2e
