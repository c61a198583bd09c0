// Package hostfacts is what an adapter states about its host beyond the
// translation of events and answers, for installers, doctors and test
// kits. A hook program does not need it, nor does a policy author.
// Adapters implement its optional interfaces; package install and package
// hookstest call them, so that a host's knowledge lives in the host's own
// package and neither of them names a host.
//
// For the installer: [HookFiler] (the hook file's place and layout, as a
// [HookFile], with the trust the host asks for), [Layouter] (several ways
// to register the same events, each a [Layout] of [Registration]
// entries), [HookEnver] (the environment a hook runs in), [Sampler] (a
// sample payload per event), [PluginRenderer] (for a host that loads
// plugin modules instead of running commands: the module that runs the
// hook) and [Forker] (forks of the host, each a [Fork] the installer
// knows by its own name).
//
// For the doctor: [CheckAnswer] (whether the host accepts a hook's
// answer: a [Verdict], derived from the adapter's one reader of answers,
// its [AnswerReader]) and [SettingsChecker] (the host's settings that
// stop hooks, from a [SettingsCheck] of the [HookEntry] values found, as
// [Diagnosis] values).
//
// For test kits: [AnswerReader] (what the host does with an answer, as a
// [Reading]) and [ScenarioRenderer] (what the host sends for an [Act],
// as [Payload] values, from its corpus of realistic payloads).
package hostfacts
