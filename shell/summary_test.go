package shell

import "strings"

// summary renders what Parse found compactly, for the tables: commands
// as "via>via>word word", a dynamic word in braces, a dynamic command
// prefixed with "?"; writes as ">path" (written), "-path" (deleted) or
// "?path" (a possible write by a program the tables do not know).
func summary(s *Script) (cmds, writes string) {
	var cs, ws []string
	for _, c := range s.Commands {
		var b strings.Builder
		if c.Dynamic {
			b.WriteString("?")
		}
		for _, v := range c.Via {
			b.WriteString(v + ">")
		}
		if len(c.Args) > 0 && c.Name != "" && c.Name != c.Args[0].Value {
			b.WriteString("[" + c.Name + "]")
		}
		for i, a := range c.Args {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(word(a))
		}
		cs = append(cs, b.String())
	}
	for _, w := range s.Writes {
		m := ">"
		switch {
		case w.Delete:
			m = "-"
		case w.Maybe:
			m = "?"
		}
		if w.From != nil {
			m += "(" + word(*w.From) + ")"
		}
		ws = append(ws, m+word(w.Path))
	}
	return strings.Join(cs, "; "), strings.Join(ws, " ")
}

func word(w Word) string {
	if w.Dynamic {
		return "{" + w.Value + "}"
	}
	return w.Value
}
