package shell

import "strings"

// editorEffects: an editor may write every file it opens (ed, ex, vim
// -es read their commands from standard input or -c); commands given
// with -c, +CMD or --cmd are code in the editor's language ("vim" for
// vi, ex and vim, whose ! runs a shell command).
func editorEffects(w *walker, c *Command, sc *scope, in stdin) {
	spec := Spec{Short: "bCdeEhlLmMnNRrsvxyZAFHDoOpc:S:T:u:U:w:W:i:q:t:V::", Permute: true, Long: []string{"cmd=",
		"clean", "noplugin", "not-a-term", "ttyfail", "startuptime=", "servername=", "remote", "remote-silent",
		"remote-wait", "remote-send=", "remote-expr=", "headless", "listen=", "embed"}}
	if c.Name == "ed" || c.Name == "red" {
		spec = Spec{Short: "GlrsvEp:", Permute: true, Long: []string{"prompt=", "quiet", "silent", "verbose",
			"restricted", "loose-exit-status", "extended-regexp", "traditional", "strip-trailing-cr"}}
	}
	f := w.flags(c, spec)
	lang := c.Name
	switch lang {
	case "vi", "vim", "nvim", "view", "ex", "red":
		lang = "vim"
	}
	for _, o := range f.Options {
		switch o.Name {
		case "c", "cmd", "remote-send", "remote-expr":
			w.runsCode(c, sc, lang, o.Value, Word{})
		case "S", "u", "i", "W", "w":
			if o.Name == "w" || o.Name == "W" {
				w.writes(c, sc, o.Value)
			} else {
				w.runsCode(c, sc, lang, Word{}, o.Value)
			}
		}
	}
	for _, o := range f.Operands {
		if strings.HasPrefix(o.Prefix(), "+") {
			w.runsCode(c, sc, lang, MakeWord(o.Value[1:], o.Dynamic, o.Prefix()[1:], o.Suffix()), Word{})
			continue
		}
		w.writes(c, sc, o)
	}
	if in.doc != nil || in.piped || in.file != nil {
		w.stdinCode(c, sc, lang, in)
	}
}

// patchEffects: patch writes the files its patch names (read here from
// a here-document on standard input: its ---/+++ lines; otherwise known
// only at run time), or the file operand, or -o FILE; it reads -i FILE.
func patchEffects(w *walker, c *Command, sc *scope, in stdin) {
	f := w.flags(c, Spec{Short: "bceEfnNRstuZlB:d:D:F:g:i:o:p:r:V:Y:z:", Permute: true, Long: []string{"backup",
		"prefix=", "directory=", "ifdef=", "fuzz=", "get=", "input=", "output=", "strip=", "reject-file=",
		"version-control=", "basename-prefix=", "suffix=", "dry-run", "reverse", "forward", "quiet", "silent",
		"unified", "context", "ed", "normal", "force", "batch", "posix", "binary", "merge=?", "read-only=",
		"remove-empty-files", "follow-symlinks", "verbose", "backup-if-mismatch", "no-backup-if-mismatch"}})
	if f.Has("dry-run") {
		return
	}
	dir := Word{}
	if d, ok := f.Value("d", "directory"); ok {
		dir = d
	}
	// patch changes to -d's folder before it opens any file it is named.
	inDir := func(x Word) Word {
		if x.Dynamic || x.Value != "-" {
			return joinDir(dir, x)
		}
		return x
	}
	for _, o := range f.Options {
		switch {
		case !o.HasValue:
		case o.Name == "i" || o.Name == "input":
			w.reads(c, sc, inDir(o.Value))
		case o.Name == "r" || o.Name == "reject-file":
			w.writes(c, sc, inDir(o.Value))
		}
	}
	if o, ok := f.Value("o", "output"); ok {
		w.writes(c, sc, inDir(o))
		return
	}
	if len(f.Operands) > 0 {
		w.writes(c, sc, joinDir(dir, f.Operands[0]))
		if len(f.Operands) > 1 {
			w.reads(c, sc, inDir(f.Operands[1]))
		}
		return
	}
	strip := -1
	if p, ok := f.Value("p", "strip"); ok && !p.Dynamic {
		strip = 0
		for _, ch := range p.Value {
			if ch >= '0' && ch <= '9' {
				strip = strip*10 + int(ch-'0')
			}
		}
	}
	if _, given := f.Value("i", "input"); in.doc != nil && !in.doc.Dynamic && !given {
		if ps, ok := patchFiles(in.doc.Value, strip); ok {
			for _, p := range ps {
				w.writes(c, sc, joinDir(dir, p))
			}
			return
		}
	}
	// The files land under dir, named by the patch (Effect.From): -i
	// FILE (read from dir: patch changes to it first), the file
	// redirected in, or the standard input.
	switch src, given := f.Value("i", "input"); {
	case given:
		w.tree(c, sc, dir, inDir(src))
	case in.file != nil:
		w.tree(c, sc, dir, *in.file)
	default:
		w.tree(c, sc, dir, Static("-"))
	}
}

// patchFiles returns the files a unified or context diff names in its
// "--- " and "+++ " lines, with strip leading components removed (-1:
// both the name as written and its base name, as patch may pick either).
func patchFiles(doc string, strip int) ([]Word, bool) {
	var out []Word
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, Static(p))
		}
	}
	for _, line := range strings.Split(doc, "\n") {
		var name string
		switch {
		case strings.HasPrefix(line, "+++ "), strings.HasPrefix(line, "--- "), strings.HasPrefix(line, "*** "):
			name = line[4:]
		case strings.HasPrefix(line, "Index: "):
			name = line[7:]
		default:
			continue
		}
		if i := strings.IndexByte(name, '\t'); i >= 0 {
			name = name[:i]
		}
		name = strings.TrimSpace(name)
		if name == "" || name == "/dev/null" {
			continue
		}
		if strings.ContainsAny(name, `"\ `) {
			// A quoted name, or a timestamp after a space (GNU patch
			// takes either): read as a patch this does not list.
			return nil, false
		}
		if strip < 0 {
			add(name)
			if i := strings.LastIndexByte(name, '/'); i >= 0 {
				add(name[i+1:])
			}
			continue
		}
		p := name
		for k := 0; k < strip; k++ {
			i := strings.IndexByte(p, '/')
			if i < 0 {
				break
			}
			p = p[i+1:]
		}
		add(p)
	}
	return out, len(out) > 0
}

// renameEffects: rename moves files to new names. The perl rename
// (rename 's/OLD/NEW/' FILE…, the first operand perl code) names them by
// its code: the new names are known only at run time. The util-linux
// rename (rename FROM TO FILE…) replaces the first FROM in each name by
// TO: the new names are computed.
func renameEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, Spec{Short: "vnfsloaie:E:d", Permute: true, Long: []string{"verbose", "no-act", "nono", "force",
		"symlink", "no-overwrite", "last", "all", "interactive", "expr=", "filename", "path", "fullpath"}})
	if f.Has("n", "no-act", "nono") {
		return
	}
	ops := f.Operands
	perlish := f.Has("e", "E", "expr") || len(ops) > 0 && !ops[0].Dynamic &&
		(strings.HasPrefix(ops[0].Value, "s") || strings.HasPrefix(ops[0].Value, "y") || strings.HasPrefix(ops[0].Value, "tr")) &&
		len(ops[0].Value) > 1 && !isWordChar(ops[0].Value[1]) && !(len(ops) > 2)
	if perlish || len(ops) < 3 {
		if code, ok := f.Value("e", "E", "expr"); ok {
			w.runsCode(c, sc, "perl", code, Word{})
		} else if len(ops) > 0 {
			w.runsCode(c, sc, "perl", ops[0], Word{})
			ops = ops[1:]
		}
		for _, o := range ops {
			w.deletes(c, sc, o, false)
			w.writes(c, sc, Word{Value: "(renamed " + o.Value + ")", Dynamic: true})
		}
		return
	}
	from, to := ops[0], ops[1]
	for _, o := range ops[2:] {
		w.deletes(c, sc, o, false)
		if o.Dynamic || from.Dynamic || to.Dynamic || !strings.Contains(o.Value, from.Value) {
			w.writes(c, sc, Word{Value: "(renamed " + o.Value + ")", Dynamic: true})
			continue
		}
		w.writes(c, sc, Static(strings.Replace(o.Value, from.Value, to.Value, 1)))
	}
}

// isWordChar reports whether b is a letter, digit or underscore.
func isWordChar(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
