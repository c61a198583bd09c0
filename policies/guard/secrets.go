package guard

import (
	"context"
	"sort"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/secrets"
	"github.com/agenthooks/hooks/shell"
)

// RedactOutput is rule 7 on PostToolUse: when the output of the tool that
// ran holds a secret ([secrets.Scan]), the model reads it with each
// secret replaced by a marker and the rest kept ([hooks.ReplaceOutput]).
func RedactOutput(_ context.Context, ev *hooks.PostToolUseEvent) (hooks.Response, error) {
	if red, n := secrets.Redact(ev.Output.Text); n > 0 {
		return hooks.ReplaceOutput(red), nil
	}
	if len(ev.Output.Raw) > 0 && ev.Output.Text == "" {
		// No text was read out of the tool's native output: redact it
		// whole, as text.
		if red, n := secrets.Redact(string(ev.Output.Raw)); n > 0 {
			return hooks.ReplaceOutput(red), nil
		}
	}
	return hooks.Response{}, nil
}

// BlockSecretPrompt is rule 7 on UserPromptSubmit: a prompt that holds a
// secret is blocked before the model reads it; the reason names the kinds
// found, never the secret.
func BlockSecretPrompt(_ context.Context, ev *hooks.UserPromptSubmitEvent) (hooks.Response, error) {
	fs := secrets.Scan(ev.Prompt)
	if len(fs) == 0 {
		return hooks.Response{}, nil
	}
	kinds := map[string]bool{}
	for _, f := range fs {
		kinds[f.Kind] = true
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	return hooks.Deny("guard: rule 7 (secrets stay): the prompt holds a secret (" + strings.Join(names, ", ") +
		"), which would be sent to the model provider; remove it (put it in an environment variable or a file the agent does not read) and send the prompt again"), nil
}

// secretReads is rule 7 for the shell: a command that names a credential
// file ([IsSecretFile], with the policy file's secrets globs) in its words, its redirections or its inline code
// is denied, as one whose output (or upload) may carry the secret;
// `source .env` and `. .env`, which load it into the shell without
// printing it, pass.
func secretReads(s *shell.Script, at *place) (string, bool) {
	extra := at.cfg.secrets()
	if f, ok := redirectsSecret(at.src, extra); ok {
		return reasonSecretRead("< "+f, f), true
	}
	if strings.Contains(at.src, "$(<") {
		if r, ok := at.varInputs(s, extra); ok {
			return r, true
		}
	}
	if r, deny := gitWrittenReads(s, at, extra); deny {
		return r, true
	}
	hosts := at.cfg.uploadHosts()
	envRisk := len(hosts) > 0 && uploadEnvRisk(at.src)
	loads := at.dotenvLoads(s)
	var lists *listings // the folders s lists, once a read needs them
	// envLoads is whether a command may load a file into an environment
	// (source, ., --env-file: loadsSecret), which envDumps reads for.
	envLoads := false
	for _, c := range s.Commands {
		envArgs := hasEnvFileArg(c)
		envLoads = envLoads || envArgs || c.Name == "source" || c.Name == "."
		if quietOnContent(c) || len(hosts) > 0 && uploadOnlyTo(c, envRisk, hosts) || loads != nil && loads[c] {
			continue
		}
		var search *lineSearch // c's test of the files it reads, when a line search (see grepShows)
		searchAsked := false
		if !archiver(c.Name) {
			// most commands: archiveToPrintLink's test, inline
		} else if f, ok := at.archiveToPrintLink(s, c); ok {
			return reasonSecretRead(c.String()+" (its archive written through "+f+", a link to the output)", f), true
		}
		var tree *shell.TreeSearch // a reader that recurses into the folders it is given
		if shell.MaySearch(c.Name) {
			if t, ok := shell.SearchOf(c); ok {
				tree = &t
			}
		}
		if t := tree; t != nil {
			if t.Hidden && at.runsFsckLostFound(s) {
				return reasonSecretRead(c.String()+" (after git fsck --lost-found, whose blobs under .git/lost-found it may print)",
					".git/lost-found"), true
			}
			if f, wide, ok := at.searchShows(*t, extra); ok {
				if wide {
					return reasonWideSearch(c.String(), f), true
				}
				return reasonSecretRead(c.String()+" (searching "+f+")", f), true
			}
		}
		if t := tree; t != nil {
			if r, ok := at.varSearch(s, c, *t, extra); ok {
				return r, true
			}
		}
		if !credentialPrinter(c.Name) {
			// printsCredentials' test, inline
		} else if f, ok := printsCredentials(c); ok {
			return reasonSecretRead(c.String(), f), true
		}
		in, hasIn := c.InputFile()
		if hasIn {
			// cat < lnk, lnk a link on the disk to a credential file
			// (redirectsSecret reads the name); cat < "$(./x)", a name
			// a program makes up.
			if f, ok := at.readThrough(in, extra); ok {
				return reasonSecretRead(c.String()+" < "+in.Value+" (a link)", f), true
			}
			if in.Dynamic && strings.IndexByte(in.Value, '$') >= 0 {
				if r, ok := at.varRead(s, c, true, in, true, extra); ok {
					return r, true
				}
			}
			if in.Dynamic && at.dir != "" && !(at.cfg != nil && at.cfg.Away) {
				if x, ok := computedNames(in, extra); ok && !at.substSearchSafe(s, in, extra) {
					return reasonComputedNames(c.String()+" < "+in.Value, in.Value, x), true
				}
				if x, made, ok := at.variableNames(s, &lists, in, extra); ok {
					if !made {
						return reasonSecretRead(c.String()+" < "+in.Value, x), true
					}
					return reasonComputedNames(c.String()+" < "+in.Value, in.Value, x), true
				}
			}
		}
		if f, ok := at.historyShows(c, extra); ok {
			return reasonSecretRead(c.String(), f), true
		}
		// --env-file loads a file into a process's environment (docker,
		// podman, node, …) without printing it.
		var loads map[string]bool // nil (nothing loaded) unless the command has --env-file
		for i := 1; envArgs && i < len(c.Args); i++ {
			a := c.Args[i].Value
			if !envFileOpt(c.Args[i-1].Value) && !envFileOpt(a) {
				continue
			}
			if loads == nil {
				loads = map[string]bool{}
			}
			if c.Args[i-1].Value == "--env-file" {
				loads[a] = true
			} else if f, ok := strings.CutPrefix(a, "--env-file="); ok {
				loads[f], loads[a] = true, true
			}
		}
		// Each word is told from a credential file's name first (most are
		// not); what lets one through (a value --env-file loads, what a
		// search leaves out, jq's program) is asked only of one that is.
		var secretArgs uint64 // bit i-1: c.Args[i] names a credential file (its first 64 words)
		for i := 1; i < len(c.Args); i++ {
			a := c.Args[i].Value
			f, ok := secretInWord(a, extra)
			if !ok {
				if c.Args[i].Dynamic && strings.IndexByte(a, '$') >= 0 && !excludes(c.Args[i-1].Value, a) && !(loads != nil && loads[a]) {
					// f=app/.env; grep KEY "$f"; curl -d @"$f" (varreads.go)
					if r, ok := at.varRead(s, c, false, c.Args[i], strings.Contains(a, "@$"), extra); ok {
						return r, true
					}
				}
				continue
			}
			if i <= 64 {
				secretArgs |= 1 << (i - 1)
			}
			if loads != nil && loads[a] || excludes(c.Args[i-1].Value, a) {
				continue
			}
			if i == jqFilter(c) {
				continue // jq's program is read below, as jq's code
			}
			return reasonSecretRead(c.String(), f), true
		}
		for _, e := range c.Effects {
			if e.Kind == shell.Reads && e.From != nil {
				// tar -xOf o.tar, unzip -p o.zip: the members printed.
				if f, ok := at.membersShown(s, e, extra); ok {
					return reasonSecretRead(c.String(), f), true
				}
			}
			if e.By == "env-file" || loads != nil && loads[e.Path.Value] || e.Kind == shell.Writes || e.Kind == shell.Deletes {
				// A write or a delete is rule 3's.
				continue
			}
			// A path that is one of c's words was told above: secretInWord
			// answers the same of the same text.
			if j := argIndex(c, e.Path.Value); j > 0 && j <= 64 && secretArgs&(1<<(j-1)) == 0 {
				// not a credential file's name
			} else if f, ok := secretInWord(e.Path.Value, extra); ok {
				return reasonSecretRead(c.String(), f), true
			}
			if e.Kind == shell.Reads {
				if f, ok := at.readThrough(e.Path, extra); ok {
					return reasonSecretRead(c.String()+" ("+e.Path.Value+", a link)", f), true
				}
			}
			if e.Kind == shell.Reads && e.Path.Dynamic && underGit(e.Path.Value) && at.runsFsckLostFound(s) {
				return reasonSecretRead(c.String(), e.Path.Value+" (in .git, after git fsck --lost-found, whose blobs it may name)"), true
			}
			if len(e.Path.Value) >= len("lost-found") && strings.Contains(e.Path.Value, "lost-found") {
				// A scan of the path, not of the script: a scan of 16 KiB
				// for "lost-found" cost more than this one of each read.
				if f, ok := lostFound(e.Path.Value); ok {
					return reasonSecretRead(c.String(), f), true
				}
			}
			if e.Kind == shell.Reads && e.From == nil && !e.Path.Dynamic && at.dir != "" && archiveBytesName(e.Path.Value) {
				if f, ok := at.archiveBytesShown(s, c, e, extra); ok {
					return reasonSecretRead(c.String(), f), true
				}
			}
			if f, ok := at.secretGlob(e.Path, extra); ok {
				return reasonSecretRead(c.String(), f), true
			}
			if e.Kind == shell.Reads && e.Path.Dynamic && strings.Contains(e.Path.Value, "(output of ") &&
				!at.gitAsked(e.Path) && !at.noCredentialUnder(e.Path, extra) {
				// The names a search prints, read (grep -rl KEY . | xargs
				// cat): a credential file under the folder searched may be one.
				return reasonSecretRead(c.String(), e.Path.Value+": a credential file under it may be one"), true
			}
			if e.Kind == shell.Reads && e.Path.Dynamic && strings.IndexByte(e.Path.Value, '$') >= 0 {
				if r, ok := at.varRead(s, c, false, e.Path, true, extra); ok {
					return r, true
				}
			}
			if e.Kind == shell.Reads && e.Path.Dynamic && at.dir != "" && !(at.cfg != nil && at.cfg.Away) {
				if x, ok := computedNames(e.Path, extra); ok && !at.substSearchSafe(s, e.Path, extra) {
					return reasonComputedNames(c.String(), e.Path.Value, x), true
				}
				if x, made, ok := at.variableNames(s, &lists, e.Path, extra); ok {
					if !made {
						return reasonSecretRead(c.String(), x), true
					}
					return reasonComputedNames(c.String(), e.Path.Value, x), true
				}
			}
			if e.Kind == shell.Reads && e.Path.Dynamic {
				if !searchAsked {
					search, searchAsked = at.grepShows(s, c), true
				}
				if f, ok := at.listedReads(s, &lists, e.Path, extra, search, tree); ok {
					return reasonSecretRead(c.String(), f), true
				}
			}
			if e.Kind == shell.RunsCode {
				if e.Lang() == "jq" {
					if f, ok := secretInJq(c, e.Code().Value, extra); ok {
						return reasonSecretRead(c.String(), f), true
					}
					continue
				}
				if f, ok := secretInCode(e.Code().Value, extra); ok {
					return reasonSecretRead(c.String(), f), true
				}
			}
		}
		if hasIn && !in.Dynamic && at.dir != "" && archiveBytesName(in.Value) {
			// cat < x.tar, zcat < x.tgz: an archive's bytes read from the
			// standard input, as from a file given.
			if f, ok := at.archiveBytesShown(s, c, shell.Effect{Kind: shell.Reads, Path: in}, extra); ok {
				return reasonSecretRead(c.String()+" < "+in.Value, f), true
			}
		}
	}
	if !envLoads && len(at.dotenvLoads(s)) == 0 {
		return "", false // envDumps finds no load
	}
	return envDumps(s, at, extra)
}

// hasEnvFileArg reports whether one of c's words starts with --env-file.
func hasEnvFileArg(c *shell.Command) bool {
	for i := range c.Args {
		if envFileOpt(c.Args[i].Value) {
			return true
		}
	}
	return false
}

// argIndex returns the index of the first of c's words, past its name,
// whose text is p (0: none).
func argIndex(c *shell.Command, p string) int {
	for i := 1; i < len(c.Args); i++ {
		if len(c.Args[i].Value) == len(p) && c.Args[i].Value == p {
			return i
		}
	}
	return 0
}

// quietOnContent reports whether c never prints (nor sends) the content
// of the files it is given: it loads them into the shell (source, .),
// prints their names or metadata (ls, stat, wc, test), or takes its
// operands as text (echo, printf). wc --files0-from and du, file -f,
// which print the lines of a file as names, are not.
func quietOnContent(c *shell.Command) bool {
	switch c.Name {
	case "source", ".", "echo", "printf", "ls", "stat", "test", "[", "chmod", "chown", "touch":
		return true
	case "wc":
		for _, a := range c.Args {
			if strings.Contains(a.Value, "files0") {
				return false
			}
		}
		return true
	}
	return false
}

// reasonSecretRead is rule 7's reason for a command that reads file.
func reasonSecretRead(cmd, file string) string {
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` reads or sends " + file + ", a credential file, whose content " +
		"would reach the model or leave the machine; load it without printing it (source .env && …), or ask the user"
}

// reasonComputedNames is rule 7's reason for cmd reading files whose
// names p program x prints at run time (see computedNames).
func reasonComputedNames(cmd, p, x string) string {
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` reads files whose names " + x + " prints when it runs (" + p +
		"), which may be a credential file's, whose content would reach the model; name the files, or list them with " +
		"ls, find or git ls-files"
}

// reasonWideSearch is rule 7's reason for a tree search over a tree
// too big to check whose pattern may match a credential's line (see
// searchShows).
func reasonWideSearch(cmd, dir string) string {
	return "guard: rule 7 (secrets stay): `" + clip(cmd) + "` searches " + dir + ", a tree of more entries than the guard " +
		"reads to find credential files, for text that may be a credential's line (API_KEY=…); search a narrower folder, " +
		"or list the matching files first (grep -rl)"
}

// readsSecretFile is rule 7 for the file tools: a Read of a credential
// file is denied.
func readsSecretFile(t *hooks.Tool, extra []string) (string, bool) {
	in, ok := t.Input.(*hooks.ReadInput)
	if !ok || !IsSecretFile(in.Path, extra) {
		return "", false
	}
	return "guard: rule 7 (secrets stay): " + in.Path + " is a credential file, and reading it puts its secrets in the " +
		"model's context; ask the user for what you need from it", true
}

// redirectsSecret returns the credential file an input redirection in
// src reads (`cat < .env`, `nc host 80 <.env`, `done < ~/.netrc`):
// package shell does not report the file a redirection reads, so the
// command's text is read for "<" and the word after it, in nested
// scripts and quoted text too (a quoted "< .env" is denied with them).
func redirectsSecret(src string, extra []string) (string, bool) {
	for i := 0; i < len(src); i++ {
		lt := strings.IndexByte(src[i:], '<')
		if lt < 0 {
			break
		}
		i += lt
		if i+1 < len(src) && strings.IndexByte("<(&", src[i+1]) >= 0 || i > 0 && src[i-1] == '<' {
			continue
		}
		j := i + 1
		if j < len(src) && src[j] == '>' {
			j++
		}
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		k := j
		for k < len(src) && strings.IndexByte(" \t\n;|&)`", src[k]) < 0 {
			k++
		}
		if w := strings.Trim(src[j:k], `"'\`); w != "" && IsSecretFile(w, extra) {
			return w, true
		}
	}
	return "", false
}
