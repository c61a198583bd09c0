package cursor

import (
	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// Layer is a choice of which of Cursor's two tool-gate layers an installer
// registers. Cursor fires both for the same call (preToolUse(Shell) and
// beforeShellExecution, preToolUse(Read) and beforeReadFile, preToolUse(MCP)
// and beforeMCPExecution; postToolUse and afterShellExecution/afterFileEdit
// after it), so registering both would judge one call twice.
type Layer uint8

// The layers.
const (
	// SpecificLayer, the recommended one, judges Shell commands on
	// beforeShellExecution, MCP calls on beforeMCPExecution and file reads
	// on beforeReadFile, and every other tool (Write, StrReplace, Delete,
	// Grep, Task and tools Cursor adds later) on preToolUse with
	// OtherToolsMatcher. beforeShellExecution is reported to fire in both
	// the IDE and cursor-agent, while the CLI reportedly may not fire
	// preToolUse; shell commands, the most dangerous calls, are therefore
	// gated wherever hooks run. The cost: UpdatedInput (a rewrite) works only
	// on preToolUse, so it is dropped, with a warning, for Shell, Read and
	// MCP calls.
	SpecificLayer Layer = iota
	// ToolUseLayer judges every tool on preToolUse, the only event that
	// honours UpdatedInput. Use it when a policy rewrites Shell, Read or MCP
	// calls, and only where preToolUse is known to fire (the IDE; measured on
	// 3.9.16).
	ToolUseLayer
)

// OtherToolsMatcher is the preToolUse matcher of SpecificLayer: a
// JavaScript regular expression (Cursor tests tool_name with new
// RegExp(matcher).test) matching every tool name except Shell, Read and
// MCP:<tool>, which the specific events judge. It excludes instead of
// listing, so a tool Cursor adds later is still judged. Were Cursor to
// reject the expression, its documented behaviour for an invalid matcher
// is to match everything: a call would be judged twice, never not at all.
const OtherToolsMatcher = `^(?!(Shell|Read)$|MCP:)`

// Registrations returns the entries to register for layer l: one per
// unified event Cursor can deliver, with every tool call judged by exactly
// one gate entry and reported by exactly one post entry (postToolUse, which
// covers every tool, fires in the CLI and takes context; the after*
// events are observe-only duplicates).
func Registrations(l Layer) []hostfacts.Registration {
	regs := []hostfacts.Registration{
		{Event: EventSessionStart, Unified: hooks.SessionStart},
		{Event: EventSessionEnd, Unified: hooks.SessionEnd},
		{Event: EventBeforeSubmitPrompt, Unified: hooks.UserPromptSubmit},
	}
	if l == ToolUseLayer {
		regs = append(regs, hostfacts.Registration{Event: EventPreToolUse, Unified: hooks.PreToolUse})
	} else {
		regs = append(regs,
			hostfacts.Registration{Event: EventBeforeShellExecution, Unified: hooks.PreToolUse},
			hostfacts.Registration{Event: EventBeforeMCPExecution, Unified: hooks.PreToolUse},
			hostfacts.Registration{Event: EventBeforeReadFile, Unified: hooks.PreToolUse},
			hostfacts.Registration{Event: EventPreToolUse, Matcher: OtherToolsMatcher, Unified: hooks.PreToolUse},
		)
	}
	return append(regs,
		hostfacts.Registration{Event: EventPostToolUse, Unified: hooks.PostToolUse},
		hostfacts.Registration{Event: EventPostToolUseFailure, Unified: hooks.PostToolUseFailure},
		hostfacts.Registration{Event: EventStop, Unified: hooks.Stop},
		hostfacts.Registration{Event: EventSubagentStart, Unified: hooks.SubagentStart},
		hostfacts.Registration{Event: EventSubagentStop, Unified: hooks.SubagentStop},
		hostfacts.Registration{Event: EventPreCompact, Unified: hooks.PreCompact},
	)
}

// RecommendedEvents returns Registrations(SpecificLayer), the registration
// this package recommends; see SpecificLayer for why.
func RecommendedEvents() []hostfacts.Registration { return Registrations(SpecificLayer) }

// Layouts implements [hostfacts.Layouter]: SpecificLayer ("specific", the
// default) and ToolUseLayer ("tool-use"), the only one whose tool entries
// take a user's tool-name matcher.
func (*Adapter) Layouts() []hostfacts.Layout {
	return []hostfacts.Layout{
		{Name: "specific", Entries: Registrations(SpecificLayer),
			NoMatcher: "the default layout judges Shell, Read and MCP calls on their own events, where a tool-name matcher does not apply"},
		{Name: "tool-use", Entries: Registrations(ToolUseLayer)},
	}
}
