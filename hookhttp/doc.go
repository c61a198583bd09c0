// Package hookhttp serves hooks over HTTP: one policy service (a gateway)
// that every developer's agent consults, built from the same hooks.Handlers
// a command hook uses.
//
// # The gateway
//
// Handler is an http.Handler. It takes a POST whose body is a hook payload
// of any host (the host is named by the "host" query parameter or the
// X-Hooks-Host header, or detected), runs hooks.Server.Answer (Inline) and answers
// with the host's native decision. It uses net/http only, so it mounts on
// any mux and composes with any middleware. Serve it with the settings of
// NewServer.
//
// The handler runs on the request's goroutine. When its deadline passes
// first, the fail policy's answer is sent at once, whole (with its length)
// and with "Connection: close"; a handler that ignores its context still
// holds that goroutine and connection until it returns. Over HTTP/2, and
// behind a ResponseWriter that cannot flush, an answer cannot end before
// ServeHTTP returns: there the handler runs on a goroutine of its own,
// ServeHTTP returns at the deadline, and the handler's context ends then.
// A handler's context also ends when its client goes away.
//
// # Limits
//
// A handler that ignores its context cannot be stopped; the gateway keeps
// such handlers from piling up, and answers at once, with the fail
// policy, what it will not start (Result.Err names the limit):
//
//   - [Handler.MaxInFlight] ([DefaultMaxInFlight], 64) caps the requests being
//     answered, each counted from the read of its body until its handler
//     returns, also past its deadline ([ErrBusy]).
//   - [Handler.MaxOverdue] ([DefaultMaxOverdue], 4) caps the handlers still
//     running [OverdueGrace] (100 ms) past their deadline ([ErrOverdue]):
//     payloads that make the policy overrun cannot pile handlers up,
//     whatever the rate they arrive at.
//   - [Handler.MaxHeap] (off by default) refuses new requests while the Go
//     heap holds more than that many bytes ([ErrHeap]).
//   - Handlers.MaxInput (8 MiB) caps a request body; a refused request's
//     body is read up to [BusyPeek] (64 KiB) only, to answer for its event.
//
// The fail policy's answer is a 200 in the host's dialect, like every
// other decision: Claude Code lets the action go on after a 503, so a
// fail-closed gateway answers its deny or block instead.
//
// # Stopping
//
// [Serve] (and [ListenAndServe]) serve an http.Server until a context ends,
// then stop without dropping a request: the listener closes (new
// connections are refused before anything is sent), every answer from
// then on carries "Connection: close", and connections still idle after
// [ShutdownGrace] (1 s) are closed before http.Server.Shutdown waits for
// the rest ([ShutdownTimeout], 10 s). http.Server.Shutdown alone closes idle
// keep-alive connections at once, and a request a client is sending on
// one at that moment is lost: Claude Code lets that action go on.
//
// # Claude Code over HTTP
//
// Claude Code can POST hook events itself: a hook of "type": "http" (see
// ClaudeHTTPHook for the settings entry). Its contract, from the Claude Code
// hooks reference (https://code.claude.com/docs/en/hooks, "HTTP hooks" and
// "HTTP response handling"; settings fields in
// https://code.claude.com/docs/en/settings) is:
//
//   - The request is a POST of the event JSON, Content-Type
//     application/json, with the "headers" of the hook entry. Header values
//     may use $VAR or ${VAR}, filled only for names listed in the entry's
//     "allowedEnvVars"; any other variable becomes an empty string.
//   - A 2xx answer with an empty body is success with no output; a 2xx
//     answer with a JSON body is read exactly like a command hook's stdout.
//   - A non-2xx answer, a connection failure or a timeout is a non-blocking
//     error: the action goes on. There is no exit code, so a block must be
//     a 2xx JSON decision ("decision": "block", or hookSpecificOutput with
//     permissionDecision "deny").
//
// Handler therefore answers every decision it reaches, fail policy
// included, with status 200. Where an adapter answers with the universal
// block of a command hook (exit code 2, reason on stderr: a fail-closed
// answer to an unparseable or oversize event, or a deny on an event outside
// the capability matrix), the HTTP answer is the top-level
// {"decision":"block","reason":"..."}, which Claude Code honours on every
// event (measured for command hooks in the project's reference notes,
// protocols/claude.md §7: "decision:block → deny plus blockingError …
// applies to every event").
// Only what is not a decision gets a non-2xx status: a wrong method (405),
// failed authentication (401), an unsupported wire version (400). Claude
// Code lets the action go on for those, whatever the fail policy: a gateway
// with a wrong token fails open for Claude (releases from 2.1.295 on accept
// "onFailure": "block" on the hook entry to block instead).
//
// # Forwarding for command-only hosts
//
// Every host but Claude Code runs only commands. The same hook binary, run
// with --gateway URL (see HasGateway and BridgeMain), forwards stdin to the
// gateway and prints the host-native answer (Bridge.Forward). Such a
// binary's main, with the installer's subcommands as well, is
// [github.com/agenthooks/hooks/hookhttp/bridgemain.Main]: package hookhttp
// itself does not link the installer. The bridge
// asks for the envelope wire: request header X-Hooks-Wire: envelope/1, and
// the gateway answers 200 with the same header (and no Content-Type: the
// header names the body's form) and a JSON Reply holding
// stdout, the stderr line, the exit code and the warning lines, so the
// bridge reproduces byte for byte what hooks.Server.Serve would have written
// locally. Plain HTTP callers (Claude) never send that header and get
// Claude's body. A network error, a timeout, a non-200 status, anything
// that is not a valid envelope, and an envelope the host would not take
// (an exit code other than 0 or 2, stdout its adapter's answer check
// rejects) is answered by the bridge with its own fail policy, in the
// host's dialect. The bridge's time budget per call is
// explicit (Bridge.Timeout, 10 s by default) and always below 90% of the
// host's own timeout; it sends it as X-Hooks-Timeout so that the gateway's
// handler deadline (90% of it) falls inside it.
//
// # Security
//
// Authentication is pluggable (Handler.Auth); Bearer compares tokens in
// constant time. [Handler.Identify] also names the developer who asked
// ([Tokens]: a file of NAME SHA256HEX lines, read again on change), which
// every record carries (RequestRecord.User) and [RateLimit] counts by.
// [KeyPair] serves TLS from files read again on rotation; the bridge
// trusts [Bridge].RootCAs, presents [Bridge].Certificates and asks
// [Bridge].Fallback gateways in turn when one gives no answer. A host the gateway does not serve (an unknown "host"
// query parameter or X-Hooks-Host, or the two disagreeing) is a
// configuration error, answered as fail-closed would whatever
// Handlers.Fail says. The request body is read as a command hook's stdin is, by
// hooks.Server.Read: capped at Handlers.MaxInput (8 MiB by default), an
// oversize body is answered with the fail policy, never processed, and
// never read past the cap. No panic escapes: a panicking
// handler, adapter or detector is answered with the fail policy. Decisions
// are logged through log/slog with host, event, tool, decision, status and
// latency; payload contents, headers and tokens are never logged, and
// error texts never carry the gateway URL (it may hold a secret).
//
// # Records
//
// Every request gives one [RequestRecord] (the hooks.Record of a hook's
// decision log, the checks the policy reported, status and wire), which
// Handler.Logger logs (by default [JSONLogger] on stderr, through a
// [LogWriter], so that a log nobody reads cannot hold an answer) and
// Handler.OnRecord receives. Package hookhttp/otelexport sends records
// to an OpenTelemetry collector as spans; only programs that import it
// link the OpenTelemetry SDK, never this package or a hook binary.
package hookhttp
