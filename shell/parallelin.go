package shell

import "strings"

// parallelInput walks GNU parallel's command cmd run on the names of
// its input's lines (no ::: and no -a), or of the file of -a (list, set
// when hasList), when cmd is plain words but for its replacement
// strings ({}, {.}, {/}, {1}, …), words parallel's shell splits at
// blanks (parallel "cat {}" runs cat with the name): each name's word
// is put in place of each replacement string, as xargs -I does (./x |
// parallel "cat {}" reads what ./x prints, as ./x | xargs cat), or
// appended when there is none. It reports false, having walked nothing,
// for any other command (quotes, $, operators: parallel's shell reads
// them).
func (w *walker) parallelInput(cmd []Word, list Word, hasList bool, sc *scope, in stdin, via []string) bool {
	var buf [8]Word
	fields := buf[:0]
	for _, a := range cmd {
		if a.Dynamic {
			return false
		}
		for f := range strings.FieldsSeq(a.Value) {
			if !plainWithReplacements(f) || len(fields) == 64 {
				return false
			}
			fields = append(fields, Static(f))
		}
	}
	if len(fields) == 0 {
		return false
	}
	var names []Word
	switch {
	case w.parArgs != nil:
		names = w.parArgs // parallel cat ::: $(./x)
	case hasList:
		names = w.argFileNames(list, in.from, in.stages, in.file, sc.dir)
	case in.proc != nil && in.file == nil:
		names = w.procNames(in.proc, sc.dir)
	default:
		names = w.inputNames(in.from, in.stages, in.file, sc.dir)
	}
	for _, n := range names {
		run := make([]Word, 0, len(fields)+1)
		replaced := false
		for _, f := range fields {
			if i, j, ok := replacement(f.Value); ok {
				before, after, suf := f.Value[:i], f.Value[j:], f.Value[j:]
				if strings.IndexByte(after, '{') >= 0 {
					after, suf = replaceBraces(after, n.Value), ""
				}
				pre := before
				if f.Value[i:j] == "{}" {
					pre += n.Prefix() // the name itself, not one parallel derives from it
				}
				f = MakeWord(before+n.Value+after, true, pre, suf)
				replaced = true
			}
			run = append(run, f)
		}
		if !replaced {
			run = append(run, n)
		}
		w.run(run, sc, via, stdin{}, false)
	}
	return true
}

// plainWithReplacements reports whether f is a word parallel's shell
// passes as it is, but for its replacement strings: none of the bytes
// plainArgv refuses outside a {…} that holds no blank or brace.
func plainWithReplacements(f string) bool {
	for f != "" {
		i, j, ok := replacement(f)
		if !ok {
			i, j = len(f), len(f)
		}
		if strings.ContainsAny(f[:i], "{} \t\n;|&<>()$`'\"\\*?[~#=") {
			return false
		}
		f = f[j:]
	}
	return true
}

// replacement returns where the first replacement string of parallel
// in f is: a {…} holding no blank or brace.
func replacement(f string) (int, int, bool) {
	i := strings.IndexByte(f, '{')
	if i < 0 {
		return 0, 0, false
	}
	j := strings.IndexAny(f[i+1:], "{} \t")
	if j < 0 || f[i+1+j] != '}' {
		return 0, 0, false
	}
	return i, i + j + 2, true
}

// fourColons returns the file of parallel's arguments after its command,
// when they are one file of names (:::: FILE).
func fourColons(after []Word) (Word, bool) {
	if len(after) != 2 || after[0].Dynamic || after[0].Value != "::::" {
		return Word{}, false
	}
	return after[1], true
}

// parallelSegments walks parallel's command cmd when it is a shell
// string of plain words joined by |, ;, && or || (issue 38: `./x |
// parallel "cat {} | head"` printed app/.env, the string walked with
// "$@" for the names): each part as parallelInput walks a plain command,
// its replacement strings the names of its input (of the file list,
// when hasList), a part with none once, or, when no part has one, with
// the names appended to the last part, where parallel appends them. It
// reports false, having walked nothing, for any other string (quotes,
// $, redirections: parallel's shell reads them).
func (w *walker) parallelSegments(cmd []Word, list Word, hasList bool, sc *scope, in stdin, via []string) bool {
	var b strings.Builder
	for i, a := range cmd {
		if a.Dynamic {
			return false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.Value)
	}
	// The parts, and whether each reads the one before through a pipe.
	var parts []string
	var piped []bool
	text, pipe := b.String(), false
	for text != "" {
		i := strings.IndexAny(text, "|&;\n")
		if i < 0 {
			i = len(text)
		}
		if p := strings.TrimSpace(text[:i]); p != "" {
			parts, piped = append(parts, p), append(piped, pipe)
		}
		if i == len(text) {
			break
		}
		op := text[i : i+1]
		if i+1 < len(text) {
			switch two := text[i : i+2]; two {
			case "||", "&&", "|&":
				op = two
			}
		}
		pipe = op == "|" || op == "|&"
		text = text[i+len(op):]
	}
	if len(parts) < 2 || len(parts) > 16 {
		return false
	}
	some := false
	for i, p := range parts {
		fields := strings.Fields(p)
		if len(fields) == 0 {
			return false
		}
		for _, f := range fields {
			if !plainWithReplacements(f) {
				return false
			}
		}
		_, _, ok := replacement(p)
		if ok && piped[i] {
			return false // cat x | grep {}: a name in a part that reads the one before
		}
		some = some || ok
	}
	for i, p := range parts {
		if _, _, ok := replacement(p); ok || !some && i == len(parts)-1 {
			w.parallelInput([]Word{Static(p)}, list, hasList, sc, in, via)
			continue
		}
		var run []Word
		for f := range strings.FieldsSeq(p) {
			run = append(run, Static(f))
		}
		// After a pipe it reads what the part before prints (cat {} |
		// sh runs the files' text).
		w.run(run, sc, via, stdin{piped: piped[i]}, false)
	}
	return true
}

// parallelDynamic walks parallel's command cmd on the words of its :::
// groups, after, when one is known only at run time (`parallel cat :::
// $(./x)` printed app/.env, walked as cat "$@"): each word in place of
// the replacement strings, or appended, as parallelInput and
// parallelSegments put its input's names. It reports false, having
// walked nothing, when a group is not ::: (::::, :::+) or the command is
// a shell string they do not read.
func (w *walker) parallelDynamic(cmd, after []Word, sc *scope, via []string) bool {
	var names []Word
	for _, a := range after {
		switch {
		case !a.Dynamic && a.Value == ":::":
		case !a.Dynamic && strings.HasPrefix(a.Value, ":::") || len(names) == 64:
			return false
		default:
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		return false
	}
	saved := w.parArgs
	w.parArgs = names
	defer func() { w.parArgs = saved }()
	return w.parallelInput(cmd, Word{}, false, sc, stdin{}, via) || w.parallelSegments(cmd, Word{}, false, sc, stdin{}, via)
}
