package shell

import (
	"regexp"
	"strconv"
	"strings"
)

// A Search is what grep -l or rg -l looks for in the files under a
// folder: the names it prints, which xargs may then read ([Word.Search]),
// are those of files whose text matches one of Patterns.
type Search struct {
	// Patterns are the regular expressions (or, Syntax "fixed", the
	// strings) searched for.
	Patterns []string
	// Syntax is "basic" (grep's default), "extended" (grep -E, rg's own),
	// "fixed" (-F) or "perl" (-P).
	Syntax string
	// Fold reports a search that ignores case (-i, rg's -S).
	Fold bool
}

// Search returns the search whose printed names w stands for (see
// [Search]): ok is false for any other word, and for a search whose
// patterns are not all known (-f FILE, a word known only at run time)
// or whose names are not of the files that match (-v, -L, rg --files,
// a preprocessor), or whose lines are not the text's (grep -z).
func (w Word) Search() (Search, bool) {
	_, rest, ok := strings.Cut(w.Value, "(output of ")
	if !ok {
		return Search{}, false
	}
	_, rest, ok = strings.Cut(rest, " matching ")
	if !ok {
		return Search{}, false
	}
	var s Search
	s.Syntax, rest, _ = strings.Cut(rest, " ")
	if strings.HasSuffix(s.Syntax, "/i") {
		s.Syntax, s.Fold = strings.TrimSuffix(s.Syntax, "/i"), true
	}
	for strings.HasPrefix(rest, `"`) {
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return Search{}, false
		}
		p, _ := strconv.Unquote(q)
		s.Patterns = append(s.Patterns, p)
		rest = strings.TrimPrefix(rest[len(q):], " ")
	}
	return s, rest == ")" && len(s.Patterns) > 0
}

// searchText returns the text "(output of NAME matching …)" for the
// names grep or rg prints with -l, read back by [Word.Search]: "NAME"
// alone when what it matches is not known.
func searchText(name string, f Flags, ops []Word, r *reader) string {
	s, ok := searchOf(name, f, ops, r)
	if !ok {
		return name
	}
	var b strings.Builder
	b.WriteString(name + " matching " + s.Syntax)
	if s.Fold {
		b.WriteString("/i")
	}
	for _, p := range s.Patterns {
		b.WriteString(" " + strconv.Quote(p))
	}
	return b.String()
}

// searchOf is the search that searchText writes as text: false when it
// writes the name alone.
func searchOf(name string, f Flags, ops []Word, r *reader) (Search, bool) {
	return searchWith(name, readSearchOpts(&f, r), f, ops)
}

// searchOpts is what a search program's options say, read in one pass
// over them (a dozen [Flags.Has] calls of a dozen names each cost more
// than the rest of judging a grep).
type searchOpts struct {
	recursive bool // -r, -R
	// names: it prints names, counts or nothing, not lines (-l, -L, -c,
	// -q, rg --files).
	names bool
	// unread: the files it names are not those whose text matches its
	// patterns, or its patterns are not known (-v, -L, -f FILE, rg
	// --files, --pre, -z).
	unread                             bool
	agG, hidden, fixed, perl, extended bool
	fold, smart, given                 bool
}

// readSearchOpts reads f's options for r's program.
func readSearchOpts(f *Flags, r *reader) searchOpts {
	var s searchOpts
	for _, o := range f.Options {
		switch o.Name {
		case "r", "R", "recursive", "dereference-recursive":
			s.recursive = true
		case "l", "files-with-matches", "c", "count", "q", "quiet", "silent", "count-matches":
			s.names = true
		case "L", "files-without-match", "files":
			s.names, s.unread = true, true
		case "v", "invert-match", "f", "file", "pre", "z", "search-zip", "null-data", "multiline-dotall":
			s.unread = true
		case "g":
			s.agG = true
		case "u", "unrestricted", "hidden", ".":
			s.hidden = true
		case "F", "fixed-strings":
			s.fixed = true
		case "P", "perl-regexp", "pcre2":
			s.perl = true
		case "E", "extended-regexp":
			s.extended = true
		case "i", "y", "ignore-case":
			s.fold = true
		case "S", "smart-case":
			s.smart = true
		}
		for _, g := range r.given {
			if sameName(o.Name, g) {
				s.given = true
			}
		}
	}
	return s
}

// searchWith is searchOf with f's options read as o.
func searchWith(name string, o searchOpts, f Flags, ops []Word) (Search, bool) {
	if name != "grep" && name != "egrep" && name != "fgrep" && name != "rg" || o.unread {
		return Search{}, false
	}
	syntax := "basic"
	switch {
	case name == "rg" && o.fixed || name == "fgrep" || name != "rg" && o.fixed:
		syntax = "fixed"
	case o.perl:
		syntax = "perl"
	case name == "rg" || name == "egrep" || o.extended:
		syntax = "extended"
	}
	s := Search{Syntax: syntax, Fold: o.fold || name == "rg" && o.smart}
	if o.given {
		for _, o := range f.Options {
			if o.Name == "e" || o.Name == "regexp" {
				if o.Value.Dynamic {
					return Search{}, false
				}
				s.Patterns = append(s.Patterns, o.Value.Value)
			}
		}
	} else if len(ops) > 0 {
		if ops[0].Dynamic {
			return Search{}, false
		}
		s.Patterns = []string{ops[0].Value}
	}
	if len(s.Patterns) == 0 {
		return Search{}, false
	}
	return s, true
}

// Regexp returns a regular expression that matches a text when a line
// of it matches one of s's patterns as the program reads them (each line
// of a pattern on its own, grep's basic syntax translated); false when a
// pattern cannot be read so (a back-reference, Perl's look-arounds).
// -w and -x, which only narrow the lines matched, are not kept.
func (s Search) Regexp() (*regexp.Regexp, bool) {
	var alts []string
	for _, pat := range s.Patterns {
		for _, p := range strings.Split(pat, "\n") {
			switch s.Syntax {
			case "fixed":
				p = regexp.QuoteMeta(p)
			case "basic":
				var ok bool
				if p, ok = basicRegexp(p); !ok {
					return nil, false
				}
			}
			alts = append(alts, "(?:"+p+")")
		}
	}
	flags := "(?m)"
	if s.Fold {
		flags = "(?mi)"
	}
	re, err := regexp.Compile(flags + strings.Join(alts, "|"))
	return re, err == nil
}

// Unicode reports whether s's patterns hold a class that grep and rg
// read by the locale's letters and digits but Go's regular expressions
// by ASCII's ([[:alpha:]], \w, \d, \b): on a text that is not all
// ASCII, [Search.Regexp] may then match less than the program does.
func (s Search) Unicode() bool {
	if s.Syntax == "fixed" {
		return false
	}
	for _, p := range s.Patterns {
		if strings.Contains(p, "[:") || strings.ContainsAny(p, "\\") && strings.ContainsAny(p, "wWdDsSbB<>pP") {
			return true
		}
	}
	return false
}

// basicRegexp translates a POSIX basic regular expression (grep's
// default, with GNU's \| \+ \? \< \>) into Go's syntax; false for one it
// does not (a back-reference, a backslash in brackets).
func basicRegexp(p string) (string, bool) {
	var b strings.Builder
	start := true // where ^ anchors and * is a literal
	for i := 0; i < len(p); i++ {
		c := p[i]
		wasStart := start
		start = false
		switch {
		case c == '\\' && i+1 < len(p):
			i++
			switch d := p[i]; {
			case d == '(' || d == '|':
				b.WriteByte(d)
				start = true
			case strings.IndexByte("){}+?", d) >= 0:
				b.WriteByte(d)
			case d == '<' || d == '>':
				b.WriteString(`\b`)
			case strings.IndexByte("bBwWsS", d) >= 0:
				b.WriteByte('\\')
				b.WriteByte(d)
			case d >= '0' && d <= '9':
				return "", false
			default:
				b.WriteString(regexp.QuoteMeta(string(d)))
			}
		case c == '\\':
			return "", false
		case c == '[':
			j := i + 1
			if j < len(p) && p[j] == '^' {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			for j < len(p) && p[j] != ']' {
				if p[j] == '[' && j+1 < len(p) && strings.IndexByte(":.=", p[j+1]) >= 0 {
					k := strings.Index(p[j+2:], string(p[j+1])+"]")
					if k < 0 {
						return "", false
					}
					j += k + 3
					continue
				}
				j++
			}
			if j >= len(p) || strings.IndexByte(p[i:j], '\\') >= 0 {
				return "", false
			}
			b.WriteString(p[i : j+1])
			i = j
		case c == '^' && wasStart:
			b.WriteByte('^')
			start = true
		case c == '$' && (i+1 == len(p) || strings.HasPrefix(p[i+1:], `\)`) || strings.HasPrefix(p[i+1:], `\|`)):
			b.WriteByte('$')
		case c == '*' && wasStart:
			b.WriteString(`\*`)
		case strings.IndexByte("^$(){}|+?", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
