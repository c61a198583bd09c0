package hostfacts

import "io/fs"

// ScenarioRenderer is implemented by adapters that can render a unified
// scenario ([Act]) as their host sends it, quirks included, starting from
// a corpus of realistic payloads modelled field for field on what the
// real client sends.
type ScenarioRenderer interface {
	// Corpus returns the host's payload templates, named
	// "<native event>[-<native tool>].json", with neutral values (the
	// project is /home/dev/project).
	Corpus() fs.FS
	// RenderAct returns the native payloads the host sends for a (a host
	// may send several: Cursor fires two hooks for one shell command), or
	// none and a reason when the host cannot do what a describes.
	RenderAct(a Act) (ps []Payload, skip string, err error)
}

// An Act is a scenario: one action of an agent, as a test kit describes it
// to a [ScenarioRenderer]. Only the fields its Kind uses are set.
type Act struct {
	Kind ActKind
	// Command is the shell command (ActShell, ActPostShell) and Output
	// what it printed (ActPostShell) or the model's text (ActModelResponse).
	Command, Output string
	// Path is the file (as the model wrote it: relative or absolute), To
	// the destination of a move.
	Path, To string
	// Content is what ActWrite writes; Old and New what ActEdit replaces.
	Content, Old, New string
	// Prompt is the user's prompt (ActPrompt, ActModelRequest).
	Prompt string
	// Active is a stop's "a stop hook already continued the agent".
	Active bool
	// Permission asks for the host's permission request instead of its
	// pre-tool event.
	Permission bool
}

// ActKind is what an [Act] does.
type ActKind uint8

// The kinds of [Act].
const (
	ActShell         ActKind = iota + 1 // run a shell command
	ActRead                             // read a file
	ActWrite                            // write a file
	ActEdit                             // replace text in a file
	ActMove                             // move a file by a patch
	ActPrompt                           // submit a prompt
	ActStop                             // the agent stops
	ActSessionStart                     // a session starts
	ActPostShell                        // a shell command ran
	ActPostWrite                        // a file write succeeded
	ActDelete                           // delete a file
	ActModelRequest                     // a call to the model, the user's last message Prompt
	ActModelResponse                    // a chunk of the model's answer, its text Output
	ActToolSelection                    // the model is offered its tools
)

// A Payload is one native payload of an [Act].
type Payload struct {
	// Native is the native event name, Tool the native tool name ("" for
	// events without a tool).
	Native, Tool string
	// Variant says what sets this payload apart from the host's others
	// for the same act ("apply_patch heredoc").
	Variant string
	// JSON is the payload, as the host writes it on stdin.
	JSON []byte
}
