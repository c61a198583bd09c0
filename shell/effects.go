package shell

// An Effect is one thing a command does, as the tables of programs in
// this package know it: a file it reads, writes or deletes, code in
// another language it runs, or, for a program the tables do not know, an
// operand it may write ([Unknown]). See [Command.Effects].
//
// Nested shell scripts (bash -c, eval, find -exec, git aliases, …) are
// not effects: what they run is reported as commands of their own, with
// [Command.Via] naming the command that runs them.
type Effect struct {
	// Kind is what the command does.
	Kind EffectKind
	// Recursive reports, for [Deletes], that Path may be a directory
	// whose whole tree is deleted (rm -r, find -delete, rsync --delete,
	// git clean, …); for a [Writes] with Meta, that the change reaches
	// the whole tree (chmod -R).
	Recursive bool
	// Meta reports, for [Writes], that only the file's metadata changes
	// (mode, owner, group, attributes, ACLs: chmod, chown, chgrp,
	// chattr, setfacl, chflags), not its content; such an effect is not
	// one of [Script.Writes].
	Meta bool
	// Path is the file read, written or deleted ([Reads], [Writes],
	// [Deletes], [Unknown]), or the file that holds the code of
	// [RunsCode] (python x.py, awk -f x.awk, source x.sh), resolved
	// against the directory a static cd moved to, as in [Write.Path].
	Path Word
	// run holds the language and code of [RunsCode] (see [Effect.Lang]
	// and [Effect.Code]); nil for every other effect (a pointer: most
	// effects run no code, and an Effect is copied often).
	run *codeRun
	// From is set on a [Writes] of a tree of files whose names come from
	// elsewhere: an archive extracted (tar -x, unzip, 7z x, cpio -i, ar
	// x: the archive, or "-" for the standard input) or a directory
	// copied (cp -r, rsync -r, scp -r, ditto: the source directory).
	// Path is then the directory they land under, as a dynamic word
	// ending in "/…" (see [Write.From]). It is also set on a [Reads] of
	// an archive whose members the command prints (tar -xO, unzip -p):
	// Path and From are then the archive. It is nil for every other
	// effect (a pointer: most effects have none, and an Effect is copied
	// often).
	From *Word
	// By is the program (or redirection operator) that has the effect.
	By string
}

// codeRun is the language and the code of a [RunsCode] effect.
type codeRun struct {
	lang string
	code Word
}

// CodeEffect returns a [RunsCode] effect: code in language lang, or the
// code in the file path when code is the zero Word.
func CodeEffect(lang string, code, path Word) Effect {
	return Effect{Kind: RunsCode, run: &codeRun{lang: lang, code: code}, Path: path}
}

// Lang names the language of [RunsCode]: "python", "perl", "node",
// "ruby", "php", "lua", "awk", "sed", "jq", …; "" for any other effect.
func (e Effect) Lang() string {
	if e.run == nil {
		return ""
	}
	return e.run.lang
}

// Code is the program text of [RunsCode] (python -c CODE, perl -e CODE,
// an awk program, a sed script, a here-document fed to python -), for
// policies to inspect; it is the zero Word when the code is in the file
// Path (and for any other effect), and dynamic when it is known only at
// run time (a script piped in).
func (e Effect) Code() Word {
	if e.run == nil {
		return Word{}
	}
	return e.run.code
}

// EffectKind is the kind of an [Effect].
type EffectKind uint8

// The kinds of [Effect].
const (
	// Reads: the command reads Path and, as far as the tables know,
	// does not change it.
	Reads EffectKind = iota + 1
	// Writes: the command writes or creates Path.
	Writes
	// Deletes: the command deletes Path (or moves it away); Recursive
	// when a directory tree may go with it.
	Deletes
	// RunsCode: the command runs Code, a program in language Lang that
	// this package does not read.
	RunsCode
	// Unknown: the program is not in the tables; Path is an operand that
	// could name a file, which it may read, write or delete.
	Unknown
)

// String returns the kind's name in lower case ("reads", "writes", …).
func (k EffectKind) String() string {
	switch k {
	case Reads:
		return "reads"
	case Writes:
		return "writes"
	case Deletes:
		return "deletes"
	case RunsCode:
		return "runs-code"
	case Unknown:
		return "unknown"
	}
	return "none"
}
