package claudewire

import "encoding/json"

// Answer is a hook's JSON answer as the answer readers of Droid and Qwen
// Code (hostfacts.AnswerReader) decode it: the members both hosts read,
// each reading them its own way.
type Answer struct {
	Continue   *bool           `json:"continue"`
	StopReason string          `json:"stopReason"`
	Decision   string          `json:"decision"`
	Reason     string          `json:"reason"`
	Specific   *SpecificAnswer `json:"hookSpecificOutput"`
}

// SpecificAnswer is the hookSpecificOutput of an [Answer].
type SpecificAnswer struct {
	PermissionDecision       string          `json:"permissionDecision"`
	PermissionDecisionReason string          `json:"permissionDecisionReason"`
	UpdatedInput             json.RawMessage `json:"updatedInput"`
	AdditionalContext        string          `json:"additionalContext"`
}
