package judge

import (
	"encoding/json"
	"slices"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
)

// Facts are what the judge is shown about a tool call: what the adapter
// and package shell computed, the model's own text (Command) only beside
// them. Each string is cut to MaxFactText bytes and each list to MaxFacts
// entries, so that a prompt is bounded whatever the model wrote.
type Facts struct {
	// Host and Event name where the call comes from; Tool and Kind the
	// tool (the host's name, and hooks.ToolKind: shell, write…).
	Host  string `json:"host"`
	Event string `json:"event"`
	Tool  string `json:"tool"`
	Kind  string `json:"kind"`
	// Command is a shell tool's command as the model wrote it.
	Command string `json:"command,omitempty"`
	// Commands are the simple commands it may run (package shell), each
	// as its words after quote removal; Via names what runs it (sudo,
	// bash -c), Dynamic that its name is known only at run time.
	Commands []CommandFact `json:"commands,omitempty"`
	// Writes are the files the command writes or deletes (package shell),
	// or that a file tool writes.
	Writes []WriteFact `json:"writes,omitempty"`
	// Paths are a file tool's paths; Cwd the session's directory.
	Paths []string `json:"paths,omitempty"`
	Cwd   string   `json:"cwd,omitempty"`
	// Input is the native input of a tool that is neither a shell nor a
	// file tool (an MCP tool's arguments), as the host sent it.
	Input string `json:"input,omitempty"`
	// ParseError says that package shell could not read the command.
	ParseError string `json:"parse_error,omitempty"`
}

// A CommandFact is one simple command of a shell tool's command.
type CommandFact struct {
	Args    []string `json:"args"`
	Via     []string `json:"via,omitempty"`
	Dynamic bool     `json:"dynamic,omitempty"`
}

// A WriteFact is one file written.
type WriteFact struct {
	Path      string `json:"path"`
	Delete    bool   `json:"delete,omitempty"`
	Recursive bool   `json:"recursive,omitempty"`
	Dynamic   bool   `json:"dynamic,omitempty"`
}

// The bounds of Facts.
const (
	MaxFactText = 2048
	MaxFacts    = 64
)

// FactsOf computes the facts of a tool event: its host, event and tool,
// and for a shell tool the commands and writes package shell finds.
func FactsOf(ev hooks.Event) Facts {
	b := ev.Common()
	f := Facts{Host: string(b.Host), Event: b.NativeEvent, Cwd: cut(b.Cwd)}
	t := hooks.ToolOf(ev)
	if t == nil {
		return f
	}
	f.Tool, f.Kind = cut(t.Name), string(t.Kind())
	switch in := t.Input.(type) {
	case *hooks.ShellInput:
		f.Command = cut(in.Command)
		s, err := shell.Parse(in.Command)
		if err != nil {
			f.ParseError = cut(err.Error())
			break
		}
		for _, c := range s.Commands {
			if len(f.Commands) == MaxFacts {
				break
			}
			cf := CommandFact{Via: slices.Clone(c.Via), Dynamic: c.Dynamic}
			for _, w := range c.Args {
				if len(cf.Args) == MaxFacts {
					break
				}
				cf.Args = append(cf.Args, cut(w.String()))
			}
			f.Commands = append(f.Commands, cf)
		}
		for _, w := range s.Writes {
			if len(f.Writes) == MaxFacts {
				break
			}
			f.Writes = append(f.Writes, WriteFact{Path: cut(w.Path.String()), Delete: w.Delete, Recursive: w.Recursive, Dynamic: w.Path.Dynamic})
		}
	case *hooks.ReadInput:
		f.Paths = append(f.Paths, cut(in.Path))
	case *hooks.WriteInput:
		f.Paths = append(f.Paths, cut(in.Path))
		f.Writes = append(f.Writes, WriteFact{Path: cut(in.Path)})
	case *hooks.EditInput:
		f.Paths = append(f.Paths, cut(in.Path))
		f.Writes = append(f.Writes, WriteFact{Path: cut(in.Path)})
	case *hooks.DeleteInput:
		f.Paths = append(f.Paths, cut(in.Path))
		f.Writes = append(f.Writes, WriteFact{Path: cut(in.Path), Delete: true})
	case *hooks.PatchInput:
		for _, p := range in.Files {
			if len(f.Paths) == MaxFacts {
				break
			}
			f.Paths = append(f.Paths, cut(p.Path))
		}
	default:
		// Another tool (an MCP tool's arguments): its input as the host
		// sent it, bounded.
		f.Input = cut(string(t.RawInput))
	}
	return f
}

// cut bounds a string to MaxFactText bytes.
func cut(s string) string {
	if len(s) > MaxFactText {
		return s[:MaxFactText]
	}
	return s
}

// normalized is the facts' canonical JSON, the cache key's part: the
// same facts give the same bytes. The session's directory is left out:
// the same command is the same question in any checkout.
func (f Facts) normalized() []byte {
	f.Cwd = ""
	b, _ := json.Marshal(f)
	return b
}
