package shell

import "strings"

// effects renders the effects of every command of s compactly, for the
// tables: "name: e e" per command that has effects or is not known
// (then "name!"), joined by "; ". An effect is <path (reads), >path
// (writes), ~path (writes metadata), -path (deletes), --path (deletes
// with its tree), ?path (unknown), lang{code} or lang@path (runs code);
// a dynamic word is in braces.
func effects(s *Script) string {
	var out []string
	for _, c := range s.Commands {
		if len(c.Effects) == 0 && c.Known {
			continue
		}
		var b strings.Builder
		name := c.Name
		if c.Dynamic {
			name = "?"
		}
		b.WriteString(name)
		if !c.Known {
			b.WriteString("!")
		}
		b.WriteString(":")
		for _, e := range c.Effects {
			b.WriteByte(' ')
			switch e.Kind {
			case Reads:
				b.WriteString("<" + word(e.Path))
			case Writes:
				switch {
				case e.Meta:
					b.WriteString("~" + word(e.Path))
				case e.From != nil:
					b.WriteString(">(" + word(*e.From) + ")" + word(e.Path))
				default:
					b.WriteString(">" + word(e.Path))
				}
			case Deletes:
				if e.Recursive {
					b.WriteString("--" + word(e.Path))
				} else {
					b.WriteString("-" + word(e.Path))
				}
			case Unknown:
				b.WriteString("?" + word(e.Path))
			case RunsCode:
				b.WriteString(e.Lang())
				if e.Path.Value != "" {
					b.WriteString("@" + word(e.Path))
				} else {
					b.WriteString("{" + word(e.Code()) + "}")
				}
			}
		}
		out = append(out, b.String())
	}
	return strings.Join(out, "; ")
}
