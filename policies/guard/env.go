package guard

import (
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// IsEnvFile reports whether a file named name (a path's last element, as
// any host or shell writes it) is a .env file: ".env" or ".env.*",
// ignoring case, except a template: a name with "example", "sample" or
// "template" as one of its dot-separated parts (".env.example",
// ".env.local.example", ".env.example.bak"), which no loader reads.
// Case is ignored because macOS and Windows file systems do; trailing
// dots and spaces, which Windows drops, and an NTFS stream suffix
// (".env:x") are ignored too.
func IsEnvFile(name string) bool {
	if strings.IndexByte(name, '.') < 0 {
		return false // one fast search rejects most names
	}
	i := len(name) - 1
	for i >= 0 && name[i] != '/' && name[i] != '\\' {
		i--
	}
	name = name[i+1:]
	// Only ASCII letters lower-case to ASCII e, n, v (TestEnvLetters): a
	// name that does not start with .env in ASCII, case aside, is none.
	if len(name) < 4 || name[0] != '.' || name[1]|0x20 != 'e' || name[2]|0x20 != 'n' || name[3]|0x20 != 'v' {
		return false
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	name = strings.ToLower(trimDotsSpaces(name))
	if name == ".env" {
		return true
	}
	rest, ok := strings.CutPrefix(name, ".env.")
	if !ok {
		return false
	}
	for _, part := range strings.Split(rest, ".") {
		switch part {
		case "example", "sample", "template":
			return false
		}
	}
	return true
}

// envWrites is rule 3 for the shell: a command that writes, deletes or
// may write (a program package shell does not know, [shell.Unknown]) a
// .env file is denied, and so is a definite write whose file name is
// known only at run time, which may be one. A program known to only read
// a .env file passes.
func envWrites(s *shell.Script, at *place) (string, bool) {
	if r, deny := moreEnvWrites(s, at); deny {
		return r, true
	}
	if r, deny := gitEnvWrites(s, at); deny {
		return r, true
	}
	// Whether the command turns dotglob on is read only when a path's
	// name is not known statically (most commands have none).
	dg := 0
	dotglob := func() bool {
		if dg == 0 {
			dg = 1
			if enablesDotGlob(s, at.src) {
				dg = 2
			}
		}
		return dg == 2
	}
	for _, c := range s.Commands {
		if !c.MakesLinks() {
			// envLink's test, inline: most commands make no link
		} else if r, deny := envLink(c); deny {
			return r, true
		}
		for _, e := range c.Effects {
			if e.From != nil {
				if r, deny := envTree(s, e, at); deny {
					return r, true
				}
				if e.Kind == shell.Writes {
					if r, deny := archiveLinks(e, at); deny {
						return r, true
					}
				}
				continue
			}
			switch e.Kind {
			case shell.Writes, shell.Deletes:
				if mayBeEnv(e.Path, dotglob) && !(e.Path.Dynamic && at.knownName(s, e.Path, e.By)) && !at.noEnvUnder(e.Path) {
					return reasonEnvWrite(e.Path, e.By), true
				}
			case shell.Unknown:
				if isEnvWord(e.Path) {
					return reasonEnvWrite(e.Path, e.By), true
				}
			}
			if e.Kind != shell.Deletes && e.Kind != shell.Reads && !e.Path.Dynamic {
				// A link on the disk to a .env file (rm removes the link).
				if t, ok := at.linkedEnv(e.Path.Value); ok {
					return reasonEnv(e.Path.Value+" (a link to "+t+")", "`"+e.By+"`"), true
				}
			}
		}
	}
	for _, w := range s.Writes {
		if w.From != nil {
			continue // judged with the command's effects, above
		}
		if !w.Delete && !w.Path.Dynamic {
			if t, ok := at.linkedEnv(w.Path.Value); ok {
				return reasonEnv(w.Path.Value+" (a link to "+t+")", "`"+w.By+"`"), true
			}
		}
		if w.Maybe && !isEnvWord(w.Path) || !w.Maybe && (!mayBeEnv(w.Path, dotglob) || w.Path.Dynamic && at.knownName(s, w.Path, w.By) || at.noEnvUnder(w.Path)) {
			continue
		}
		return reasonEnvWrite(w.Path, w.By), true
	}
	return "", false
}

// envLink denies a link to a .env file (ln, link, cp -l or -s with a
// .env operand): a later write through the link, which names no .env
// file, would reach the secret.
func envLink(c *shell.Command) (string, bool) {
	if !c.MakesLinks() {
		return "", false
	}
	for _, a := range c.Args[1:] {
		if isEnvWord(a) {
			return "guard: rule 3 (no write of a secrets file): `" + c.String() + "` links to " + a.Value + ", a .env file, and a write through " +
				"the link would reach it; leave secrets files to the user", true
		}
	}
	return "", false
}

// reasonEnvWrite is rule 3's reason for a shell write of p by by.
func reasonEnvWrite(p shell.Word, by string) string {
	if name, ok := p.Name(); ok && IsEnvFile(name) {
		return reasonEnv(p.Value, "`"+by+"`")
	}
	return "guard: rule 3 (no write of a secrets file): `" + by + "` writes " + p.Value + ", whose file name is known only at run time " +
		"and may be a .env file; name the file in the command"
}

// isEnvWord reports whether p names a .env file statically.
func isEnvWord(p shell.Word) bool {
	name, ok := p.Name()
	return ok && IsEnvFile(name)
}

// mayBeEnv reports whether the written path p may be a .env file: its
// file name is one, or is known only at run time. A glob whose last
// element starts with something other than a dot (`*.o`, `out-?.txt`)
// matches no dot file, unless the script turns dotglob on (asked of
// dotglob only then); a name no glob makes (find's {}) is not changed
// by dotglob.
func mayBeEnv(p shell.Word, dotglob func() bool) bool {
	if !p.Dynamic && strings.IndexByte(p.Value, '.') < 0 {
		return false // a static word's name is in it, and a .env file's has a dot
	}
	if name, ok := p.Name(); ok {
		return IsEnvFile(name) && !inTemplate(p)
	}
	v := p.Value
	if v == shell.Tarball || strings.HasSuffix(v, "/"+shell.Tarball) {
		return false // npm pack's name-1.0.0.tgz, in a folder of any name
	}
	if expandsAt(v) {
		return true
	}
	last := v[strings.LastIndexByte(v, '/')+1:]
	if last == "" || last[0] == '.' {
		return true
	}
	for i := 0; i < len(last); i++ {
		if c := last[i]; c == '*' || c == '?' || c == '[' {
			return dotglob()
		}
	}
	return false
}

// expandsAt reports whether v holds $, `, (, ~ or a backslash: what
// strings.ContainsAny(v, "$`(~\\") reports, without the set of bytes it
// builds at each call.
func expandsAt(v string) bool {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '$', '`', '(', '~', '\\':
			return true
		}
	}
	return false
}

// inTemplate reports whether the static path p is a file in a directory
// named .env.example, .env.sample or .env.template: package shell reports
// `cp .env .env.example` as writing .env.example/.env too, in case
// .env.example is a directory; by its name it is a file, and the copy is
// not a secrets file anything loads.
func inTemplate(p shell.Word) bool {
	if p.Dynamic {
		return false
	}
	dir := strings.TrimRight(p.Value, "/")
	i := strings.LastIndexByte(dir, '/')
	if i < 0 {
		return false
	}
	dir = strings.ToLower(dir[strings.LastIndexByte(dir[:i], '/')+1 : i])
	return dir == ".env.example" || dir == ".env.sample" || dir == ".env.template"
}

// enablesDotGlob reports whether script s, of source src, may make globs
// match dot files: it names dotglob or GLOBIGNORE, or runs shopt.
func enablesDotGlob(s *shell.Script, src string) bool {
	if strings.Contains(src, "GLOBIGNORE") || holdsDotglob(src) {
		return true
	}
	for _, c := range s.Commands {
		if c.Name == "shopt" {
			return true
		}
		for i := range c.Args {
			if v := c.Args[i].Value; len(v) >= len("GLOBIGNORE") && strings.IndexByte(v, 'G') >= 0 && strings.Contains(v, "GLOBIGNORE") {
				return true
			}
		}
	}
	return false
}

// holdsDotglob is strings.Contains(s, "dotglob") found from its b, the
// rarest of its bytes in a command (strings.Contains starts from each d).
func holdsDotglob(s string) bool {
	const w = "dotglob"
	for i := len(w) - 1; i < len(s); {
		j := strings.IndexByte(s[i:], 'b')
		if j < 0 {
			return false
		}
		i += j
		if s[i-len(w)+1:i+1] == w {
			return true
		}
		i++
	}
	return false
}
