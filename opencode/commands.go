package opencode

import (
	"regexp"

	"github.com/agenthooks/hooks/hostfacts"
)

// shellLine is how OpenCode 1.18.33 and Kilo Code CLI 7.7.7 find a
// command's shell lines (their bundles: SHELL_REGEX = /!`([^`]+)`/g,
// matched over the whole template, fenced code blocks and inline code
// included, a line break inside the backquotes included).
var shellLine = regexp.MustCompile("!`[^`]+`")

// includeRef is how Kilo Code CLI 7.7.7 finds the references it replaces
// in a command's text before it runs its shell lines (its bundle's
// ConfigVariable.substitute, markdown mode: {file:path} with the file's
// text, and {env:NAME} with the variable's in the user's commands; not
// after a '$').
var includeRef = regexp.MustCompile(`\{(?:file|env):[^}]+\}`)

const (
	shellWhy   = "runs before any plugin hook: no hook can stop it; review it"
	includeWhy = "brings text into the command before its shell lines run: a shell line in it runs before any plugin hook too; review what it names"
)

// ScanCommand returns the shell lines of src, the text of an OpenCode
// command file, which OpenCode runs while it expands the command, before
// any plugin callback: no hook can stop one (measured: e2e row
// skill-shell-deny). It scans the whole file, front matter included
// (OpenCode scans the text after it): a line there is reported though it
// does not run.
func ScanCommand(src []byte) []hostfacts.CommandLine {
	var out []hostfacts.CommandLine
	for _, m := range shellLine.FindAllIndex(src, -1) {
		out = append(out, hostfacts.CommandLine{Start: m[0], End: m[1], Why: shellWhy})
	}
	return out
}

// ScanKiloCommand is [ScanCommand] for Kilo Code CLI, which also replaces
// {file:path} and {env:NAME} references in a command's text before it
// runs its shell lines: each is reported too, since the text it brings in
// may hold one. A reference in a shell line is reported with it.
func ScanKiloCommand(src []byte) []hostfacts.CommandLine {
	out := ScanCommand(src)
	for _, m := range includeRef.FindAllIndex(src, -1) {
		if m[0] > 0 && src[m[0]-1] == '$' {
			continue
		}
		out = append(out, hostfacts.CommandLine{Start: m[0], End: m[1], Why: includeWhy})
	}
	return out
}
