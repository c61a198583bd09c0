package guard

import (
	"context"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
	"github.com/agenthooks/hooks/shell"
)

// The files inline code writes (python3 -c, node -e, ruby -e, perl -e,
// php -r), for rule 4's written-then-run (issue 38): `python3 -c
// "open('scripts/test.sh','a').write('rm -rf src\n')"; sh
// scripts/test.sh` ran what the code appended. A call of the language
// that writes a file (see writeSites) whose path is a literal writes
// that file (read as package shell reads the shell command that does the
// same: open('x','w') is `: >> x`, shutil.copy(a, b) is `cp a b`); one
// whose path is not a literal ('app/.e'+'nv', a variable) writes a file
// known only at run time, as `> "$f"` does.

// maxWriteSites bounds the write calls of one program's text counted: a
// text past it writes files known only at run time.
const maxWriteSites = 256

// writeCalls returns the names of lang's calls that write, copy, move
// or link a file; the ones whose mode says whether they write (open,
// fopen, File.open) are modeCalls'. Built on call: a package map would
// be start-up work of every hook.
func writeCalls(lang string) []string {
	switch lang {
	case "python":
		return []string{"write_text", "write_bytes", "shutil.copy", "shutil.copy2", "copyfile", "copytree", "shutil.move",
			"os.rename", "os.replace", "symlink_to", "hardlink_to", "os.link", "os.symlink", "urlretrieve"}
	case "node":
		return []string{"writeFileSync", "writeFile", "appendFileSync", "appendFile", "createWriteStream", "copyFileSync",
			"copyFile", "cpSync", "renameSync", "symlinkSync", "linkSync", "outputFile", "outputFileSync", "writeJson",
			"writeJsonSync", "copySync", "moveSync", "writeTextFile", "writeTextFileSync", "Bun.write", "fs.cp", "fs.rename",
			"fs.symlink"}
	case "ruby":
		return []string{"File.write", "IO.write", "File.binwrite", "IO.binwrite", "FileUtils.cp", "FileUtils.copy",
			"FileUtils.cp_r", "FileUtils.copy_file", "FileUtils.mv", "FileUtils.move", "FileUtils.install", "FileUtils.ln",
			"FileUtils.ln_s", "FileUtils.ln_sf", "FileUtils.touch", "File.rename", "File.symlink", "File.link", "IO.copy_stream"}
	case "perl":
		return []string{"copy", "move", "rename", "symlink", "link", "sysopen", "write_file", "spew", "spew_raw", "spew_utf8",
			"append_file"}
	case "php":
		return []string{"file_put_contents", "copy", "rename", "symlink", "link", "touch"}
	}
	return nil
}

// modeCalls returns lang's calls that write when a literal among their
// arguments after the first is a mode that writes ("w", "ab", "r+");
// Perl's open writes when a literal starts with ">" or "+<".
func modeCalls(lang string) []string {
	switch lang {
	case "python":
		return []string{"open"}
	case "node":
		return []string{"openSync", "open"}
	case "ruby":
		return []string{"File.open", "File.new", "open"}
	case "perl":
		return []string{"open"}
	case "php":
		return []string{"fopen"}
	}
	return nil
}

// writeSites returns how many calls of lang's that write a file code
// holds (over: more than maxWriteSites, or one whose arguments do not
// end), counting a call by its name followed by "(" or, in Ruby and Perl,
// by its first argument. Its identSet is asked of m (nil: made here).
func writeSites(lang, code string, m *codeIdents) (n int, over bool) {
	calls := writeCallNames.get()[lang]
	if len(calls.write) == 0 && len(calls.mode) == 0 {
		return 0, false // a language whose writes are not read: its code's words are not looked at
	}
	bare := lang == "ruby" || lang == "perl"
	var ends []int // where each call counted ends its name: File.open is counted once, not again as open
	ids := m.of(code)
	count := func(c callName, mode bool) bool {
		if !ids.has(c.bit) {
			return true
		}
		name := c.name
		for from := 0; ; {
			i := strings.Index(code[from:], name)
			if i < 0 {
				return true
			}
			at := from + i
			from = at + len(name)
			if at > 0 && (codetext.IsIdentByte(code[at-1]) || code[at-1] == '$' || code[at-1] == '%' || code[at-1] == '@') ||
				from < len(code) && codetext.IsIdentByte(code[from]) {
				continue
			}
			rest := codetext.TrimBlank(code[from:])
			var all string
			switch {
			case strings.HasPrefix(rest, "("):
				a, ok := callArgs(rest[1:min(len(rest), 1+maxCallArgs)])
				if !ok {
					return false
				}
				all = a
			case bare && rest != "" && strings.IndexByte(`"'$`, rest[0]) >= 0 || lang == "perl" && rest != "" && isIdentStart(rest[0]):
				all = bareArgs(rest[:min(len(rest), maxCallArgs)])
			default:
				continue
			}
			if mode && !writesMode(lang, all) || slices.Contains(ends, from) {
				continue
			}
			ends = append(ends, from)
			if n++; n > maxWriteSites {
				return false
			}
		}
	}
	// count's first test, inline: most names are not in the code.
	for _, c := range calls.write {
		if ids.has(c.bit) && !count(c, false) {
			return n, true
		}
	}
	for _, c := range calls.mode {
		if ids.has(c.bit) && !count(c, true) {
			return n, true
		}
	}
	return n, false
}

// writeCallNames are writeCalls and modeCalls of each language writeSites
// reads, with their bits, made once.
var writeCallNames = lazy[map[string]writeNames]{make: func() map[string]writeNames {
	m := map[string]writeNames{}
	for _, l := range []string{"python", "node", "ruby", "perl", "php"} {
		m[l] = writeNames{write: callNames(writeCalls(l)), mode: callNames(modeCalls(l))}
	}
	return m
}}

// writeNames are writeCallNames' value for a language.
type writeNames struct{ write, mode []callName }

// isIdentStart reports whether c may start a name (Perl's open FH, ">x").
func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// writesMode reports whether the arguments all of an open call of lang
// hold a mode that writes: a literal after the first argument made of
// mode letters with w, a, x or + ("w", "ab", "r+"); for Perl, a literal
// that starts with ">" or "+<" (open(F, '>', p), open(F, ">$p")) or a
// mode name (O_WRONLY, O_CREAT).
func writesMode(lang, all string) bool {
	if lang == "perl" {
		return strings.Contains(all, "O_WRONLY") || strings.Contains(all, "O_RDWR") || strings.Contains(all, "O_CREAT") ||
			perlWriteMode(all)
	}
	_, rest, ok := strings.Cut(all, ",")
	if !ok {
		return false
	}
	return modeLiteral(rest, "wax+")
}

// modeLiteral reports whether s holds a string literal of at most four
// mode letters (r, w, a, x, b, t, +, s) with one of letters.
func modeLiteral(s, letters string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '\'' && s[i] != '"' {
			continue
		}
		j := strings.IndexByte(s[i+1:], s[i])
		if j < 0 {
			return false
		}
		lit := s[i+1 : i+1+j]
		if j > 0 && j <= 4 && strings.Trim(lit, "rwaxbts+") == "" && strings.ContainsAny(lit, letters) {
			return true
		}
		i += j + 1
	}
	return false
}

// perlWriteMode reports whether a literal among Perl open's arguments
// starts with ">" or "+<" (after spaces).
func perlWriteMode(all string) bool {
	for i := 0; i < len(all); i++ {
		if all[i] != '\'' && all[i] != '"' {
			continue
		}
		v := codetext.TrimBlank(all[i+1:])
		if strings.HasPrefix(v, ">") || strings.HasPrefix(v, "+<") {
			return true
		}
		j := strings.IndexByte(all[i+1:], all[i])
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}

// inlineWrites adds to written the files the inline code of s writes
// (see writeSites), each joined to dir, and returns the command of the
// first code that writes a file known only at run time ("" for none).
//
// m remembers the code's identSets (nil: not remembered).
func inlineWrites(ctx context.Context, s *shell.Script, dir string, written *writtenFiles, m *codeIdents) (dynamic string) {
	for _, c := range s.Commands {
		for i := range c.Effects {
			e := &c.Effects[i]
			if e.Kind != shell.RunsCode || e.Code().Dynamic || e.Code().Value == "" {
				continue
			}
			lang := e.Lang()
			code := e.Code().Value
			sites, over := writeSites(lang, code, m) // none for a language not read
			if sites == 0 && !over {
				continue
			}
			syn, ok := codeLang(lang) // its calls, made only for code that writes
			if !ok {
				continue
			}
			by := clip(c.String())
			known := 0
			for _, f := range pathWrites(lang, code) {
				known++
				written.add(joinPath(dir, f), by) // Path('out.txt').write_text(…)
			}
			cmds, more := codeCommands(code, syn, m)
			for _, cmd := range cmds {
				s2, err := (&shell.Parser{}).Parse(ctx, cmd)
				if err != nil {
					continue
				}
				for _, w := range s2.Writes {
					if w.Delete || w.Maybe {
						continue
					}
					known++
					if w.Path.Dynamic {
						dynamic = by
						continue
					}
					written.add(joinPath(dir, w.Path.Value), by)
				}
			}
			if over || more {
				dynamic = by
			} else if known < sites {
				// A call whose path is not a literal: a file known only at
				// run time, unless each such name ends in a data file's
				// fixed text (open(f'out-{day}.txt', 'w')).
				if sfx, ok := writtenSuffixes(lang, code); ok {
					for _, x := range sfx {
						written.suffixes = append(written.suffixes, writtenFile{x, lastName(x), by})
					}
				} else {
					dynamic = by
				}
			}
		}
	}
	return dynamic
}

// context returns the context of the worktree's reader, or a background
// one without it.
func (at *place) context() context.Context {
	if at != nil && at.wt != nil && at.wt.ctx != nil {
		return at.wt.ctx
	}
	return context.Background()
}

// pathWrites returns the files Python code writes through a pathlib
// path of a literal: Path('out.txt').write_text(…), .write_bytes(…).
func pathWrites(lang, code string) []string {
	if lang != "python" {
		return nil
	}
	var out []string
	for _, m := range []string{").write_text(", ").write_bytes("} {
		for from := 0; len(out) < maxWriteSites; {
			i := strings.Index(code[from:], m)
			if i < 0 {
				break
			}
			end := from + i
			from = end + len(m)
			open := strings.LastIndex(code[:end], "Path(")
			if open < 0 {
				continue
			}
			if v, rest, ok := codetext.Literal(code[open+len("Path(") : end]); ok && strings.TrimSpace(rest) == "" {
				out = append(out, v)
			}
		}
	}
	return out
}
