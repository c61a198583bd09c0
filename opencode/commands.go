package opencode

import (
	"bytes"

	"github.com/agenthooks/hooks/hostfacts"
)

// shellLines returns the start and end of each shell line of src as
// OpenCode 1.18.33 and Kilo Code CLI 7.7.7 find them (their bundles:
// SHELL_REGEX = /!`([^`]+)`/g, matched over the whole template, fenced
// code blocks and inline code included, a line break inside the
// backquotes included): the matches of that expression, leftmost first,
// in one pass (no regular expression is compiled in a hook binary).
func shellLines(src []byte) [][2]int {
	var out [][2]int
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("!`"))
		if j < 0 {
			return out
		}
		start := i + j
		n := bytes.IndexByte(src[start+2:], '`')
		switch {
		case n < 0:
			return out // no closing backquote after this one, nor after any later
		case n == 0:
			i = start + 1 // "!``": nothing between the backquotes
		default:
			i = start + 2 + n + 1
			out = append(out, [2]int{start, i})
		}
	}
}

// includeRefs returns the start and end of each reference Kilo Code CLI
// 7.7.7 replaces in a command's text before it runs its shell lines (its
// bundle's ConfigVariable.substitute, markdown mode: {file:path} with the
// file's text, {env:NAME} with the variable's in the user's commands):
// the matches of /\{(?:file|env):[^}]+\}/g, leftmost first; not after a
// '$', which Kilo skips.
func includeRefs(src []byte) [][2]int {
	var out [][2]int
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '{')
		if j < 0 {
			return out
		}
		start := i + j
		rest := src[start+1:]
		var prefix int
		switch {
		case bytes.HasPrefix(rest, []byte("file:")):
			prefix = len("file:")
		case bytes.HasPrefix(rest, []byte("env:")):
			prefix = len("env:")
		default:
			i = start + 1
			continue
		}
		n := bytes.IndexByte(rest[prefix:], '}')
		switch {
		case n < 0:
			return out // no closing brace after this one, nor after any later
		case n == 0:
			i = start + 1 // "{file:}": nothing before the brace
		default:
			i = start + 1 + prefix + n + 1
			if start == 0 || src[start-1] != '$' {
				out = append(out, [2]int{start, i})
			}
		}
	}
}

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
	for _, m := range shellLines(src) {
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
	for _, m := range includeRefs(src) {
		out = append(out, hostfacts.CommandLine{Start: m[0], End: m[1], Why: includeWhy})
	}
	return out
}
