package hooks

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/agenthooks/hooks/internal/fastjson"
)

// ToolKind is the unified kind of a tool.
type ToolKind string

// The unified tool kinds.
const (
	KindShell  ToolKind = "shell"  // run a shell command
	KindRead   ToolKind = "read"   // read a file
	KindWrite  ToolKind = "write"  // create or overwrite a file
	KindEdit   ToolKind = "edit"   // replace text in a file
	KindPatch  ToolKind = "patch"  // apply a multi-file patch (Codex apply_patch)
	KindDelete ToolKind = "delete" // delete a file (Cursor Delete)
	KindMCP    ToolKind = "mcp"    // call an MCP server's tool
	KindOther  ToolKind = "other"  // anything else; see Tool.Name and Tool.RawInput
)

// Tool is the tool of a tool event.
type Tool struct {
	// Name is the host's own tool name ("Bash", "run_shell_command", "Shell", …).
	Name string `json:"name"`
	// ID is the host's tool-call id, when it gives one.
	ID string `json:"id,omitempty"`
	// Input is the typed input: *ShellInput, *ReadInput, *WriteInput,
	// *EditInput, *PatchInput, *DeleteInput, *MCPInput, or RawInput for
	// any other tool.
	Input ToolInput `json:"input"`
	// RawInput is the native tool input as received.
	RawInput json.RawMessage `json:"-"`
	// InputErr, when not nil, says that Input could not be read fully from
	// RawInput: a field a policy reads (a shell command, a file path, a
	// patch) is missing, of the wrong type, or ambiguous (a duplicate or a
	// case variant of its key that the host may read otherwise). Input then
	// holds what could be read. The event still reaches the handler; a
	// policy that gates tools should deny such a call.
	InputErr error `json:"-"`
}

// Kind returns the unified kind of the tool.
func (t *Tool) Kind() ToolKind {
	if t == nil || t.Input == nil {
		return KindOther
	}
	return t.Input.Kind()
}

// MarshalJSON adds the kind to the JSON form of a tool.
func (t Tool) MarshalJSON() ([]byte, error) {
	type plain Tool
	return json.Marshal(struct {
		Kind ToolKind `json:"kind"`
		plain
	}{t.Kind(), plain(t)})
}

// checkDepth returns why the raw input cannot be read whole by the
// library's own means: it nests deeper than encoding/json's limit
// (fastjson.MaxDepth), so that json.Unmarshal of RawInput (a handler's,
// or a rewrite's merge) fails, while the host, reading with JSON.parse,
// runs the call. The model wrote it: a Server sets it as InputErr, never
// the fail policy.
func (t *Tool) checkDepth() error {
	if fastjson.Deeper(t.RawInput, fastjson.MaxDepth) {
		return fmt.Errorf("tool input of %s nests more than %d levels deep, past what encoding/json reads", t.Name, fastjson.MaxDepth)
	}
	return nil
}

// check returns why a typed input lacks what a policy needs to judge it: a
// shell call with no command, a file tool with no path, an MCP call with
// no tool. The model writes a tool's input, so this is never a reason for
// the fail policy: Process sets it as InputErr (when the adapter did not
// already say why) and the handler decides.
func (t *Tool) check() error {
	var missing string
	switch in := t.Input.(type) {
	case *ShellInput:
		if in.Command == "" {
			missing = "command"
		}
	case *ReadInput:
		if in.Path == "" {
			missing = "path"
		}
	case *WriteInput:
		if in.Path == "" {
			missing = "path"
		}
	case *EditInput:
		if in.Path == "" {
			missing = "path"
		}
	case *DeleteInput:
		if in.Path == "" {
			missing = "path"
		}
	case *PatchInput:
		if in.Patch == "" {
			missing = "patch text"
		}
	case *MCPInput:
		if in.Tool == "" {
			missing = "MCP tool name"
		}
	}
	if missing != "" {
		return fmt.Errorf("%s tool %q has no %s", t.Kind(), t.Name, missing)
	}
	return nil
}

// ToolInput is a typed tool input. Its dynamic type is one of *ShellInput,
// *ReadInput, *WriteInput, *EditInput, *PatchInput, *DeleteInput,
// *MCPInput or RawInput.
// A Response's UpdatedInput is a ToolInput too.
type ToolInput interface {
	Kind() ToolKind
}

// ShellInput is the input of a shell command.
type ShellInput struct {
	Command     string        `json:"command"`
	Cwd         string        `json:"cwd,omitempty"`
	Timeout     time.Duration `json:"timeout,omitempty"`
	Description string        `json:"description,omitempty"`
	// Patch is set when the host itself applies the command as a patch
	// (Codex intercepts `apply_patch <<'EOF' … EOF` run through the
	// shell); its files are part of writes.Paths. It is ignored in an
	// UpdatedInput: Command is what runs.
	Patch *PatchInput `json:"patch,omitempty"`
}

// ReadInput is the input of a file read.
type ReadInput struct {
	Path string `json:"path"`
}

// WriteInput is the input of a whole-file write.
type WriteInput struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// TextEdit replaces Old with New in a file.
type TextEdit struct {
	Old        string `json:"old"`
	New        string `json:"new"`
	ReplaceAll bool   `json:"replace_all,omitempty"`
}

// EditInput is the input of an in-place edit of one file (Claude Edit and
// MultiEdit, Gemini replace, Cursor afterFileEdit).
type EditInput struct {
	Path  string     `json:"path"`
	Edits []TextEdit `json:"edits"`
}

// PatchOp is what a patch does to one file.
type PatchOp string

// The patch operations.
const (
	PatchAdd    PatchOp = "add"
	PatchUpdate PatchOp = "update"
	PatchDelete PatchOp = "delete"
)

// FileChange is one file of a patch.
type FileChange struct {
	Op   PatchOp `json:"op"`
	Path string  `json:"path"`
	// MoveTo is the new path when an update also renames the file.
	MoveTo string `json:"move_to,omitempty"`
	// Body is the file's section of the patch: the new content for an add,
	// the hunks for an update.
	Body string `json:"body,omitempty"`
}

// PatchInput is the input of a multi-file patch (Codex apply_patch).
type PatchInput struct {
	// Patch is the raw patch text.
	Patch string `json:"patch"`
	// Files are the per-file changes parsed from Patch.
	Files []FileChange `json:"files"`
}

// DeleteInput is the input of a file deletion (Cursor Delete).
type DeleteInput struct {
	Path string `json:"path"`
}

// MCPInput is the input of an MCP tool call.
type MCPInput struct {
	// Server is the MCP server's name; "" when the host does not say
	// (Cursor, unless the payload carries mcp_server_name).
	Server string `json:"server,omitempty"`
	// Tool is the server's own tool name.
	Tool string `json:"tool"`
	// Arguments is the call's arguments object.
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// RawInput is the native input of a tool with no unified kind. As an
// UpdatedInput it is sent to the host unchanged.
type RawInput json.RawMessage

// MarshalJSON returns r itself (or null when empty).
func (r RawInput) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return json.RawMessage(r).MarshalJSON()
}

// Kind methods.

func (*ShellInput) Kind() ToolKind  { return KindShell }
func (*ReadInput) Kind() ToolKind   { return KindRead }
func (*WriteInput) Kind() ToolKind  { return KindWrite }
func (*EditInput) Kind() ToolKind   { return KindEdit }
func (*PatchInput) Kind() ToolKind  { return KindPatch }
func (*DeleteInput) Kind() ToolKind { return KindDelete }
func (*MCPInput) Kind() ToolKind    { return KindMCP }
func (RawInput) Kind() ToolKind     { return KindOther }

// ToolOutput is a tool's result on a post event.
type ToolOutput struct {
	// Text is the output as text: Claude's Bash stdout and stderr, Codex's
	// string, Gemini's llmContent, Cursor's output, … ("" when none).
	Text string `json:"text,omitempty"`
	// Raw is the native tool output (Cursor's tool_output string decoded).
	Raw json.RawMessage `json:"raw,omitempty"`
}
