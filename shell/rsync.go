package shell

import (
	"path"
	"strings"
)

var rsyncSpec = Spec{Short: "vqcarRbuldLkKHpEAXogDtUNOJSnWxyCIhPzT:e:f:B:M:i0468", Permute: true, Long: []string{
	"rsh=", "rsync-path=", "filter=", "exclude=", "include=", "exclude-from=", "include-from=", "files-from=",
	"temp-dir=", "compare-dest=", "copy-dest=", "link-dest=", "backup-dir=", "suffix=", "chmod=", "chown=",
	"usermap=", "groupmap=", "log-file=", "log-file-format=", "out-format=", "password-file=", "partial-dir=",
	"max-size=", "min-size=", "bwlimit=", "timeout=", "contimeout=", "port=", "sockopts=", "protocol=", "iconv=",
	"checksum-choice=", "compress-choice=", "block-size=", "modify-window=", "max-delete=", "only-write-batch=",
	"write-batch=", "read-batch=", "remote-option=", "info=", "debug=", "stderr=", "outbuf=", "address=",
	"config=", "dparam=", "compress-level=", "skip-compress=", "early-input=", "copy-as=", "stop-after=",
	"stop-at=", "delete", "delete-before", "delete-during", "delete-delay", "delete-after", "delete-excluded",
	"del", "remove-source-files", "remove-sent-files", "archive", "recursive", "verbose", "dry-run", "list-only", "mkpath",
	"relative", "no-relative", "no-R", "no-implied-dirs", "from0"}}

// rsyncEffects: rsync reads its local sources and writes the local
// destination (the last operand, and each source's name in it); every
// --delete* option deletes files in the destination's tree (Recursive),
// --remove-source-files the sources' files (Recursive); --files-from
// the names its list holds under dest (see LinesOf); -e/--rsh is a
// command run locally (through the shell's parser: rsync splits it into
// words itself); -n/--dry-run and --list-only write nothing.
func rsyncEffects(w *walker, c *Command, sc *scope, in stdin) {
	f := w.flags(c, rsyncSpec)
	via := plus(c.Via, c.Name)
	if e, ok := f.Value("e", "rsh"); ok {
		w.nestedWord(e, &scope{dir: sc.dir}, via)
	}
	valueEffects(w, c, sc, f, Reads, "exclude-from", "include-from", "files-from", "password-file", "read-batch")
	valueEffects(w, c, sc, f, Writes, "log-file", "only-write-batch", "write-batch")
	ops := f.Operands
	if len(ops) == 0 || f.Has("n", "dry-run", "list-only") {
		return
	}
	if len(ops) == 1 {
		if !isRemote(ops[0]) {
			w.reads(c, sc, ops[0])
		}
		return
	}
	dest, srcs := ops[len(ops)-1], ops[:len(ops)-1]
	del := false
	for _, o := range f.Options {
		del = del || strings.HasPrefix(o.Name, "del")
	}
	for _, s := range srcs {
		if isRemote(s) {
			continue
		}
		if f.Has("remove-source-files", "remove-sent-files") {
			w.deletes(c, sc, s, true)
		} else {
			w.reads(c, sc, s)
		}
	}
	if isRemote(dest) {
		return
	}
	w.writes(c, sc, dest)
	if list, ok := f.Value("files-from"); ok {
		// The names the list holds (from each source's folder) land at
		// their paths under dest: the list is read as xargs's is.
		var names []Word
		if readsStdin(list) {
			names = w.stdinNames(in, sc, f.Has("0", "from0"))
		} else {
			names = linesOf([]Word{list}, sc.dir)
		}
		for _, n := range names {
			w.writes(c, sc, joinDir(dest, n))
		}
		if del {
			w.deletes(c, sc, dest, true)
		}
		return
	}
	recursive := f.Has("r", "a", "recursive", "archive")
	if relative(f) {
		// -R: each source lands at its own path under dest (the part
		// after a /./ in it, else all of it less a leading /).
		for _, s := range srcs {
			if isRemote(s) {
				continue
			}
			at := joinDir(dest, relPart(s))
			w.writes(c, sc, at)
			if recursive {
				w.tree(c, sc, at, s)
			}
		}
		if del {
			w.deletes(c, sc, dest, true)
		}
		return
	}
	for _, s := range srcs {
		if !strings.HasSuffix(s.Suffix(), "/") {
			w.writes(c, sc, into(dest, s))
		}
		if recursive {
			// src/ copies the directory's contents into dest; src, the
			// directory itself into dest/NAME.
			if strings.HasSuffix(s.Suffix(), "/") || s.Dynamic && s.Suffix() == "" {
				w.tree(c, sc, dest, s)
			} else {
				treeInto(w, c, sc, dest, s, true)
			}
		}
	}
	if del {
		w.deletes(c, sc, dest, true)
	}
}

// readsStdin reports whether a list file names the standard input.
func readsStdin(list Word) bool {
	switch list.Value {
	case "-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return !list.Dynamic
	}
	return false
}

// stdinNames returns the names a list read from the standard input in
// holds, one a line (NUL-separated with nul): each line when the input's
// text is known (a here-string, static output piped in; at most
// maxXargsItems of them), else the words of where they come from, as for
// xargs (inputNames).
func (w *walker) stdinNames(in stdin, sc *scope, nul bool) []Word {
	from, stages := in.from, in.stages
	w.resolve(&in)
	if in.doc != nil && !in.doc.Dynamic {
		sep := "\n"
		if nul {
			sep = "\x00"
		}
		lines := strings.Split(in.doc.Value, sep)
		if len(lines) <= maxXargsItems {
			var names []Word
			for _, l := range lines {
				if l != "" {
					names = append(names, Static(l))
				}
			}
			return names
		}
		return []Word{{Value: "(input)", Dynamic: true}}
	}
	return w.inputNames(from, stages, in.file, sc.dir)
}

// relative reports whether rsync's flags f keep each source's path under
// the destination (-R, --relative, the last of it and --no-relative
// winning).
func relative(f Flags) bool {
	on := false
	for _, o := range f.Options {
		switch o.Name {
		case "R", "relative":
			on = true
		case "no-relative", "no-R":
			on = false
		}
	}
	return on
}

// relPart is the path rsync -R recreates under the destination for
// source s: the part after the last /./ in it, or all of it less a
// leading / (and ./); dynamic when s is.
func relPart(s Word) Word {
	v := s.Value
	if s.Dynamic {
		if i := strings.LastIndex(s.Prefix(), "/./"); i >= 0 {
			return MakeWord(v[i+3:], true, s.Prefix()[i+3:], s.Suffix())
		}
		return MakeWord(strings.TrimLeft(v, "/"), true, strings.TrimLeft(s.Prefix(), "/"), s.Suffix())
	}
	if i := strings.LastIndex(v, "/./"); i >= 0 {
		v = v[i+3:]
	}
	v = strings.TrimPrefix(path.Clean("/"+v), "/")
	if v == "" {
		v = "."
	}
	return Static(v)
}
