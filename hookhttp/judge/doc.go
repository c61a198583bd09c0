// Package judge asks a language model about the gray zone: the tool
// calls a policy's deterministic rules leave undecided, which a rule
// hands over with decision "judge". The model gets the facts the policy
// computed (package shell's commands and writes, the adapter's tool kind
// and paths; never the raw payload alone), stated as data between
// delimiters it is told never to obey, and must answer one strict JSON
// object {"decision": "allow|deny|ask", "reason": "…"}. Anything else —
// text around the object, an unknown field, a decision outside the three,
// a timeout, an HTTP error — is no verdict: the rule's Fail decision
// answers ([Verdict].Err says why).
//
// Verdicts are cached by (policy version, rule, normalized facts): in
// memory ([Memory]) for one gateway, or shared by several through a
// [Cache] such as package hookhttp/judge/rediscache, so that replicas ask
// the model once. Every verdict is reported as a check
// (hooks.ReportCheck: "judge:RULE", with the model's reason and whether it
// came from the cache), which the gateway's record carries.
//
// The package links net/http and is meant for a gateway only: hook
// binaries never link it (see deps_test.go).
package judge
