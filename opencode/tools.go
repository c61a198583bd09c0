package opencode

import (
	"fmt"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/internal/fastjson"
)

// OpenCode's tools with a unified kind (1.18.33, the same in 1.18.34). Paths are absolute or
// relative to the session's directory.
const (
	ToolShell = "bash"        // {command, workdir?, timeout? (ms), description?}
	ToolWrite = "write"       // {filePath, content}
	ToolEdit  = "edit"        // {filePath, oldString, newString, replaceAll?}
	ToolRead  = "read"        // {filePath, offset?, limit?}
	ToolPatch = "apply_patch" // {patchText}: read by ParsePatch (offered to GPT models instead of write and edit)
	// ToolBackgroundProcess is Kilo Code CLI's (7.7.7): {action, command?,
	// workdir?, id?, description?, …}; action "start" runs command, a
	// shell command, in the background (asking the bash permission).
	ToolBackgroundProcess = "background_process"
)

// Kilo Code CLI's tools new in 7.7.9 (bundle: their definitions and
// argument schemas in the kilo binary; not yet seen in a capture). None
// reads, writes or runs anything a unified kind describes, so each is a
// hooks.RawInput (hooks.KindOther): a policy matches them by name. Each
// tool call the agent makes later because of them (a goal's next turns, a
// scheduled prompt's) reaches the plugin as any other call does.
const (
	// ToolGoal is {action: "start"|"resume", objective?}: it arms a goal
	// loop that keeps the session working toward objective across turns
	// after this one (asking the "goal" permission).
	ToolGoal = "goal"
	// ToolCronCreate is {prompt, cron?|when?|delay?}: it schedules the
	// session to be resumed with prompt, once or on a five-field cron
	// schedule: text that becomes the agent's input later.
	ToolCronCreate = "cron_create"
	// ToolCronList is {}: it lists the session's scheduled prompts.
	ToolCronList = "cron_list"
	// ToolCronDelete is {id}: it cancels a scheduled prompt.
	ToolCronDelete = "cron_delete"
	// ToolLinkPR is {url}: it records which pull request the session works
	// on (a pull request of the worktree's repository, checked), in
	// Kilo's own state; it creates nothing on the forge.
	ToolLinkPR = "link_pr"
)

// parseTool reads a tool call's name, id and arguments.
func parseTool(name, id string, raw []byte) hooks.Tool {
	t := hooks.Tool{Name: name, ID: id, RawInput: raw}
	var isObject bool
	t.Input, isObject, t.InputErr = typedInput(name, raw)
	if !isObject {
		if _, rawIn := t.Input.(hooks.RawInput); !rawIn {
			t.InputErr = fmt.Errorf("the args of %s are not a JSON object", name)
		}
	}
	return t
}

// typedInput types the arguments raw of tool name; isObject is false when
// raw is not one JSON object.
func typedInput(name string, raw []byte) (in hooks.ToolInput, isObject bool, err error) {
	path := fastjson.Field{Key: "filePath"}
	switch name {
	case ToolShell:
		cmd := fastjson.Field{Key: "command"}
		dir := fastjson.Field{Key: "workdir", Optional: true}
		var desc string
		var timeout time.Duration
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			switch k {
			case "description":
				desc, _ = v.String()
			case "timeout":
				ms, _ := v.Float()
				timeout = time.Duration(ms * float64(time.Millisecond))
			}
		}, &cmd, &dir)
		return &hooks.ShellInput{Command: cmd.Value, Cwd: dir.Value, Timeout: timeout, Description: desc}, isObject, fastjson.Errs(name, &cmd, &dir)
	case ToolBackgroundProcess:
		// A call that carries a command is its shell command (only
		// "start" runs it; "restart" reruns the command of a process
		// already started); the others (list, status, logs, stop, restart)
		// run nothing new.
		cmd := fastjson.Field{Key: "command", Optional: true}
		dir := fastjson.Field{Key: "workdir", Optional: true}
		var action, desc string
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			switch k {
			case "action":
				action, _ = v.String()
			case "description":
				desc, _ = v.String()
			}
		}, &cmd, &dir)
		err := fastjson.Errs(name, &cmd, &dir)
		if err == nil && cmd.Value == "" && action != "start" {
			return hooks.RawInput(raw), isObject, nil
		}
		return &hooks.ShellInput{Command: cmd.Value, Cwd: dir.Value, Description: desc}, isObject, err
	case ToolWrite:
		content := fastjson.Field{Key: "content"}
		isObject = fastjson.Args(raw, nil, &path, &content)
		return &hooks.WriteInput{Path: path.Value, Content: content.Value}, isObject, fastjson.Errs(name, &path, &content)
	case ToolEdit:
		old := fastjson.Field{Key: "oldString", Optional: true}
		next := fastjson.Field{Key: "newString", Optional: true}
		var all bool
		isObject = fastjson.Args(raw, func(k string, v fastjson.Value) {
			if k == "replaceAll" {
				all, _ = v.Bool()
			}
		}, &path, &old, &next)
		return &hooks.EditInput{Path: path.Value, Edits: []hooks.TextEdit{{Old: old.Value, New: next.Value, ReplaceAll: all}}}, isObject, fastjson.Errs(name, &path, &old, &next)
	case ToolRead:
		isObject = fastjson.Args(raw, nil, &path)
		return &hooks.ReadInput{Path: path.Value}, isObject, fastjson.Errs(name, &path)
	case ToolPatch:
		text := fastjson.Field{Key: "patchText"}
		isObject = fastjson.Args(raw, nil, &text)
		p := &hooks.PatchInput{Patch: text.Value}
		err := fastjson.Errs(name, &text)
		if err == nil {
			var perr error
			if p.Files, perr = ParsePatch(text.Value); perr != nil {
				err = fmt.Errorf("%s: %w", name, perr)
			}
		}
		return p, isObject, err
	}
	return hooks.RawInput(raw), true, nil
}
