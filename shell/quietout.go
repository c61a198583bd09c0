package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Where a command's standard output goes, for an archiver that writes an
// archive to it (issue 38, see archiveOut): `tar czf - app > out.tgz`
// writes the archive to a file, as `tar czf out.tgz app` does, and
// `tar czf - app | gzip -d | tar t` prints only its names; neither shows
// what the files in it hold. The walk marks such a command (quietOut);
// anything else (the terminal, a pipe into any other program, a device,
// a name known only at run time, a command a wrapper, eval or $(…)
// runs) is not.

// quietFile reports whether a redirection of the standard output to the
// static name v keeps it from the terminal: /dev/null, or a file whose
// name names no device (/dev/stdout, /dev/tty, /dev/fd/1,
// /proc/self/fd/1, dev/stdout from /).
func quietFile(v string) bool {
	if v == "/dev/null" {
		return true
	}
	if v == "" || v == "-" {
		return false
	}
	for i := 0; i < len(v); i++ { // one pass: the fast reader asks for each > FILE
		if v[i] == '/' && (strings.HasSuffix(v[:i], "dev") || strings.HasSuffix(v[:i], "proc") || strings.HasSuffix(v[:i], "fd")) {
			return false
		}
	}
	return true
}

// stdoutSink reads where a statement's redirections send its standard
// output: set when one of them names it, and quiet when the last such
// sends it to a quietFile (>, >>, >|, &>, &>>); a copy of another
// descriptor (>&2, 1<&3) or a <> on it is not quiet.
func stdoutSink(rs []*syntax.Redirect) (quiet, set bool) {
	for _, r := range rs {
		one := r.N == nil || r.N.Value == "1"
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob:
			if !one {
				continue
			}
		case syntax.RdrAll, syntax.AppAll:
		case syntax.DplOut:
			if one {
				quiet, set = false, true
			}
			continue
		case syntax.DplIn, syntax.RdrInOut:
			if r.N != nil && r.N.Value == "1" {
				quiet, set = false, true
			}
			continue
		default:
			continue
		}
		quiet, set = r.Word != nil && quietFile(r.Word.Lit()), true
	}
	return quiet, set
}

// quietStage reports whether statement s, the reading end of a pipe,
// shows nothing of what it reads, its own output going where out says
// (true: quiet): see quietReader.
func quietStage(s *syntax.Stmt, out bool) bool {
	if s == nil || s.Background || s.Coprocess || s.Negated {
		return false
	}
	if q, set := stdoutSink(s.Redirs); set {
		out = q
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 || len(c.Args) == 0 || !quietName(c.Args[0].Lit()) {
			return false
		}
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			if args[i] = a.Lit(); args[i] == "" {
				return false
			}
		}
		return quietReader(args, out)
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			return quietStage(c.X, quietStage(c.Y, out))
		}
	}
	return false
}

// quietName reports whether name may be a quietReader.
func quietName(name string) bool {
	switch name {
	case "tar", "bsdtar", "gtar", "wc", "sha256sum", "sha1sum", "sha512sum", "md5sum", "b2sum", "cksum", "gzip", "gunzip",
		"zcat", "xz", "unxz", "bzip2", "bunzip2", "zstd", "unzstd", "cat":
		return true
	}
	return false
}

// quietReader reports whether the command of static words args, reading
// a stream on its standard input, shows nothing of its content: tar
// listing an archive's names or extracting it (t or x, with only the
// options z, j, J, v, f - and -C), wc or a checksum of it; or passes it on (a compressor or
// decompressor, cat) to an output that is quiet (out).
func quietReader(args []string, out bool) bool {
	if len(args) == 0 || !quietName(args[0]) {
		return false
	}
	ops := args[1:]
	switch name := args[0]; name {
	case "tar", "bsdtar", "gtar":
		// t lists names; x without O (or a --to- option) writes files
		// under -C and prints at most their names.
		list := false
		for i := 0; i < len(ops); i++ {
			a := ops[i]
			switch {
			case a == "--list" || a == "--extract" || a == "--get":
				list = true
			case a == "-" && i > 0 && strings.HasSuffix(ops[i-1], "f"):
			case a == "-v" || a == "-z" || a == "-j" || a == "-J" || a == "--file=-" || strings.HasPrefix(a, "--directory="):
			case a == "-C" && i+1 < len(ops):
				i++
			case strings.Trim(strings.TrimPrefix(a, "-"), "tvzjJfx") == "" && (i == 0 || strings.HasPrefix(a, "-")):
				list = list || strings.ContainsAny(a, "tx")
			default:
				return false
			}
		}
		return list
	case "wc", "sha256sum", "sha1sum", "sha512sum", "md5sum", "b2sum", "cksum":
		for _, a := range ops {
			if a != "-" && a != "-c" && a != "-l" && a != "-w" && a != "-m" {
				return false
			}
		}
		return true
	}
	for _, a := range ops {
		if a != "-" && a != "-d" && a != "-c" && a != "-dc" && a != "-cd" && a != "-q" && a != "--decompress" && a != "--stdout" &&
			(len(a) != 2 || a[0] != '-' || a[1] < '1' || a[1] > '9') {
			return false
		}
	}
	return out
}
