package policy

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/pelletier/go-toml/v2"
)

// MaxFileSize is the largest policy file read: a larger one is an error.
const MaxFileSize = 1 << 20

// A File is one policy file, decoded and checked.
type File struct {
	// Path is the file's name as given to [Parse] or [ReadFile].
	Path string
	// Layer is the layer it was read as.
	Layer Layer
	// Version is the format's version: 1.
	Version int
	// Guard holds the built-in guard's knobs.
	Guard Guard
	// Rules are the file's rules, in order.
	Rules []Rule
}

// Guard is the [guard] table: knobs of the shipped guard's rules.
type Guard struct {
	// Scratch are more directory names rule 1 treats as scratch.
	Scratch []string
	// Secrets are more file globs rule 3 protects; a leading ~/ is the
	// user's home.
	Secrets []string
	// UploadHosts are the host names rule 7 lets a credential file be
	// sent to (curl, wget, scp, rsync; see [CheckUploadHost] for the
	// form of a name).
	UploadHosts []string
	// Locked, in the managed file only, makes lower layers' weakening
	// keys ignored.
	Locked bool
}

// A Rule is one [[rule]] of a policy file. See the package
// documentation for each key.
type Rule struct {
	Name     string
	Command  string
	Flags    []string
	Reads    string
	Writes   string
	Deletes  string
	Event    string
	Tool     string
	MCP      string
	Hosts    []string
	Decision string
	Reason   string
	Mode     string
	// JudgeFail is, for a rule whose Decision is "judge", what stands
	// when no verdict can be had (no judge where the rule is evaluated, a
	// timeout, an answer that is not a verdict): "ask" (the default),
	// "deny" or "allow".
	JudgeFail string

	// File and Line say where the rule is written.
	File string
	Line int

	words []string // Command split
	kinds []hooks.ToolKind
}

// Observe reports whether the rule is decided and logged only.
func (r *Rule) Observe() bool { return r.Mode == "observe" }

// An Error is a policy file that cannot be used: the file, the line (0
// when unknown) and the key it is about.
type Error struct {
	File string
	Line int
	Key  string
	Msg  string
}

// Error returns "file:line: key: msg".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// wire is the file as TOML holds it.
type wire struct {
	Version *int       `toml:"version"`
	Guard   wireGuard  `toml:"guard"`
	Rule    []wireRule `toml:"rule"`
}

type wireGuard struct {
	Scratch     []string `toml:"scratch"`
	Secrets     []string `toml:"secrets"`
	UploadHosts []string `toml:"upload_hosts"`
	Locked      bool     `toml:"locked"`
}

type wireRule struct {
	Name     string   `toml:"name"`
	Command  string   `toml:"command"`
	Flags    []string `toml:"flags"`
	Reads    string   `toml:"reads"`
	Writes   string   `toml:"writes"`
	Deletes  string   `toml:"deletes"`
	Event    string   `toml:"event"`
	Tool     string   `toml:"tool"`
	MCP      string   `toml:"mcp"`
	Hosts    []string `toml:"hosts"`
	Decision string   `toml:"decision"`
	Reason   string   `toml:"reason"`
	Mode     string   `toml:"mode"`
	// JudgeFail is read only with decision = "judge".
	JudgeFail string `toml:"judge_fail"`
}

// ReadFile reads and parses the policy file name as layer l. A file
// larger than [MaxFileSize], or one that is not a regular file (a FIFO,
// a device, a directory), is an error.
func ReadFile(name string, l Layer) (*File, error) {
	// Only a regular file: a FIFO would block the open and the read (the
	// hook would hang until the host's deadline and its fail policy), a
	// device never ends.
	if st, err := os.Stat(name); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, &Error{File: name, Msg: "not a regular file (" + st.Mode().Type().String() + ")"}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, &Error{File: name, Msg: "not a regular file"}
	}
	var b bytes.Buffer
	if _, err := b.ReadFrom(limitReader(f, MaxFileSize+1)); err != nil {
		return nil, &Error{File: name, Msg: err.Error()}
	}
	if b.Len() > MaxFileSize {
		return nil, &Error{File: name, Msg: fmt.Sprintf("larger than %d bytes", MaxFileSize)}
	}
	return Parse(name, l, b.Bytes())
}

// Parse decodes and checks the policy file data, named name, as layer
// l. Every error is an [*Error].
func Parse(name string, l Layer, data []byte) (*File, error) {
	var w wire
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, decodeError(name, err)
	}
	lines := &lineFinder{src: data}
	if w.Version == nil {
		return nil, &Error{File: name, Line: 1, Key: "version", Msg: "missing: the file must start with version = 1"}
	}
	if *w.Version != 1 {
		return nil, &Error{File: name, Line: lines.top("version"), Key: "version", Msg: fmt.Sprintf("%d is not a known version (1)", *w.Version)}
	}
	f := &File{Path: name, Layer: l, Version: 1, Guard: Guard(w.Guard)}
	if f.Guard.Locked && l != Managed {
		return nil, &Error{File: name, Line: lines.table("guard", "locked"), Key: "guard.locked", Msg: "only the managed file can lock the policy"}
	}
	for i, s := range f.Guard.Scratch {
		if s == "" || strings.ContainsAny(s, `/\*?[`) || s == "." || s == ".." || strings.EqualFold(s, ".git") {
			return nil, &Error{File: name, Line: lines.table("guard", "scratch"), Key: fmt.Sprintf("guard.scratch[%d]", i),
				Msg: fmt.Sprintf("%q is not a directory name (a plain name such as \"out\", no slash, no glob, not .git)", s)}
		}
	}
	for i, s := range f.Guard.Secrets {
		if err := checkGlob(s); err != nil {
			return nil, &Error{File: name, Line: lines.table("guard", "secrets"), Key: fmt.Sprintf("guard.secrets[%d]", i), Msg: err.Error()}
		}
	}
	for i, h := range f.Guard.UploadHosts {
		if err := CheckUploadHost(h); err != nil {
			return nil, &Error{File: name, Line: lines.table("guard", "upload_hosts"), Key: fmt.Sprintf("guard.upload_hosts[%d]", i), Msg: err.Error()}
		}
		f.Guard.UploadHosts[i] = strings.ToLower(strings.TrimSuffix(h, "."))
	}
	seen := map[string]bool{}
	for i := range w.Rule {
		r, err := checkRule(&w.Rule[i])
		at := func(key string) int { return lines.rule(i, key) }
		if err != nil {
			return nil, &Error{File: name, Line: at(err.key), Key: fmt.Sprintf("rule[%d].%s", i, err.key), Msg: err.msg}
		}
		if seen[r.Name] {
			return nil, &Error{File: name, Line: at("name"), Key: fmt.Sprintf("rule[%d].name", i), Msg: fmt.Sprintf("%q is the name of an earlier rule", r.Name)}
		}
		seen[r.Name] = true
		r.File, r.Line = name, lines.ruleLine(i)
		f.Rules = append(f.Rules, *r)
	}
	return f, nil
}

// keyError is an error about one key of a rule.
type keyError struct{ key, msg string }

// checkRule checks one rule and returns it compiled.
func checkRule(w *wireRule) (*Rule, *keyError) {
	r := &Rule{Name: w.Name, Command: w.Command, Flags: w.Flags, Reads: w.Reads, Writes: w.Writes, Deletes: w.Deletes,
		Event: w.Event, Tool: w.Tool, MCP: w.MCP, Hosts: w.Hosts, Decision: w.Decision, Reason: w.Reason, Mode: w.Mode,
		JudgeFail: w.JudgeFail}
	if strings.TrimSpace(r.Name) == "" {
		return nil, &keyError{"name", "missing: every rule needs a unique name"}
	}
	if len(r.Name) > 100 || strings.ContainsFunc(r.Name, func(c rune) bool { return c < ' ' || c == 0x7f }) {
		return nil, &keyError{"name", "at most 100 characters, no control characters"}
	}
	switch r.Decision {
	case "deny", "ask", "allow", "context", "judge":
	case "":
		return nil, &keyError{"decision", "missing: deny, ask, allow, context or judge"}
	default:
		return nil, &keyError{"decision", fmt.Sprintf("%q is not deny, ask, allow, context or judge", r.Decision)}
	}
	switch {
	case r.Decision != "judge" && r.JudgeFail != "":
		return nil, &keyError{"judge_fail", "only a rule with decision = \"judge\" has one"}
	case r.Decision == "judge" && r.JudgeFail == "":
		r.JudgeFail = "ask"
	case r.Decision == "judge" && r.JudgeFail != "ask" && r.JudgeFail != "deny" && r.JudgeFail != "allow":
		return nil, &keyError{"judge_fail", fmt.Sprintf("%q is not ask, deny or allow", r.JudgeFail)}
	}
	if r.Reason == "" && r.Decision != "allow" {
		return nil, &keyError{"reason", "missing: a " + r.Decision + " rule says why (the model reads it)"}
	}
	switch r.Mode {
	case "", "observe", "enforce":
	default:
		return nil, &keyError{"mode", fmt.Sprintf("%q is not observe or enforce", r.Mode)}
	}
	if r.Command != "" {
		r.words = strings.Fields(r.Command)
		if len(r.words) == 0 || strings.ContainsAny(r.Command, "\"'`$|;&<>()\\*?[") || strings.HasPrefix(r.words[0], "-") {
			return nil, &keyError{"command", fmt.Sprintf("%q is not a program and its leading words (such as \"npm publish\"): no quotes, operators or globs", r.Command)}
		}
		r.words[0] = strings.ToLower(r.words[0])
		if strings.Contains(r.words[0], "/") {
			return nil, &keyError{"command", fmt.Sprintf("%q: name the program, not its path (/usr/bin/npm is npm)", r.words[0])}
		}
		for _, w := range r.words[1:] {
			if strings.HasPrefix(w, "-") {
				return nil, &keyError{"command", fmt.Sprintf("%q: options go in flags, not in command", w)}
			}
		}
	}
	if len(r.Flags) > 0 && r.Command == "" {
		return nil, &keyError{"flags", "flags need a command"}
	}
	for _, fl := range r.Flags {
		if len(fl) < 2 || fl[0] != '-' || fl == "--" || strings.ContainsAny(fl, " =") {
			return nil, &keyError{"flags", fmt.Sprintf("%q is not an option such as -f or --force", fl)}
		}
	}
	for _, g := range [...]struct{ key, glob string }{{"reads", r.Reads}, {"writes", r.Writes}, {"deletes", r.Deletes}} {
		if g.glob == "" {
			continue
		}
		if err := checkGlob(g.glob); err != nil {
			return nil, &keyError{g.key, err.Error()}
		}
	}
	if r.MCP != "" {
		if err := checkGlob(r.MCP); err != nil || !strings.Contains(r.MCP, "/") {
			return nil, &keyError{"mcp", fmt.Sprintf("%q is not a server/tool glob such as \"github/*\"", r.MCP)}
		}
	}
	if r.Event != "" && !knownEvent(hooks.EventName(r.Event)) {
		return nil, &keyError{"event", fmt.Sprintf("%q is not a unified event name (PreToolUse, PostToolUse, PermissionRequest, …)", r.Event)}
	}
	if r.Tool != "" {
		for _, k := range strings.Split(r.Tool, "|") {
			kind := hooks.ToolKind(strings.TrimSpace(k))
			switch kind {
			case hooks.KindShell, hooks.KindRead, hooks.KindWrite, hooks.KindEdit, hooks.KindPatch, hooks.KindDelete, hooks.KindMCP, hooks.KindOther:
				r.kinds = append(r.kinds, kind)
			default:
				return nil, &keyError{"tool", fmt.Sprintf("%q is not a tool kind (shell, read, write, edit, patch, delete, mcp, other)", k)}
			}
		}
	}
	for _, h := range r.Hosts {
		if builtin.Named(hooks.Host(h)) == nil {
			return nil, &keyError{"hosts", fmt.Sprintf("%q is not a host this module knows", h)}
		}
	}
	if r.Command == "" && r.Reads == "" && r.Writes == "" && r.Deletes == "" && r.Tool == "" && r.MCP == "" {
		return nil, &keyError{"name", "the rule has no condition (command, reads, writes, deletes, tool or mcp): it would match every call"}
	}
	if (r.Command != "" || len(r.Flags) > 0) && len(r.kinds) > 0 && !slicesContains(r.kinds, hooks.KindShell) {
		return nil, &keyError{"tool", "a command rule can only match a shell tool"}
	}
	return r, nil
}

func slicesContains(ks []hooks.ToolKind, k hooks.ToolKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// knownEvent reports whether n is a unified event name.
func knownEvent(n hooks.EventName) bool {
	switch n {
	case hooks.SessionStart, hooks.SessionEnd, hooks.UserPromptSubmit, hooks.PreToolUse, hooks.PostToolUse,
		hooks.PostToolUseFailure, hooks.PermissionRequest, hooks.Stop, hooks.SubagentStart, hooks.SubagentStop,
		hooks.PreCompact, hooks.Notification, hooks.PreModel, hooks.PostModel, hooks.PreToolSelection:
		return true
	}
	return false
}

// decodeError turns a TOML decoder's error into an [*Error].
func decodeError(name string, err error) error {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) && len(sm.Errors) > 0 {
		e := &sm.Errors[0]
		row, _ := e.Position()
		return &Error{File: name, Line: row, Key: strings.Join(e.Key(), "."), Msg: "unknown key"}
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, _ := de.Position()
		return &Error{File: name, Line: row, Key: strings.Join(de.Key(), "."), Msg: de.Error()}
	}
	return &Error{File: name, Msg: err.Error()}
}
