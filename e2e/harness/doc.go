// Package harness runs real agent clients (Claude Code, Gemini CLI, Codex,
// Copilot CLI, Qwen Code, Factory Droid; Cursor cannot run here) headless
// against a fake model server, with a hook registered in each client's
// own configuration, inside throw-away HOME directories.
//
// It installs the pinned clients from e2e/clients (package.json and
// package-lock.json; Claude Code twice, its newest pin under an npm alias)
// into <module root>/.cache/e2e/npm-<lock hash> with npm ci, builds
// the isolated configuration of a run (Host.Register is the one place that
// writes hook registrations, so an installer can replace it), runs the
// client under a hard timeout in its own process group, and gathers what
// happened: the model requests, the hook payloads, the client's output and
// the files left in the project.
package harness
