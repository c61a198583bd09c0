// Package hostfacts is what an adapter states about its host beyond the
// translation of events and answers: how the host reads a hook's answer
// ([AnswerReader]) and what it sends for a scenario ([ScenarioRenderer]),
// for test kits and doctors. A hook program does not need it; a policy
// author does not either. Adapters implement its interfaces; the test kit
// (hookstest) and the installer (install) call them, so that a host's
// knowledge lives in the host's own package.
package hostfacts
