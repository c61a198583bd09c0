package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdin is what a command reads as standard input (or another
// descriptor).
type stdin struct {
	piped bool         // from a pipe, or a descriptor whose content is not known
	doc   *Word        // its content when known: a here-document or here-string, static output piped in
	from  *syntax.Stmt // the command piping in, whose output is read only when a shell reads it (see resolve)
	file  *Word        // a file redirected in (nil when none)
	// stages are the commands piping in, in a simple script (fast.go),
	// where there is no from: what xargs reads the names of.
	stages []simpleCmd
	// proc is the process substitution redirected in (< <(cmd)), whose
	// statement prints what is read (nil when none).
	proc *syntax.ProcSubst
}

// fdIn is what descriptor fd reads, other than the standard input.
type fdIn struct {
	fd string
	in stdin
}

// redirect records the write a redirection makes and what it makes the
// standard input (in) or another descriptor read (fds).
func (w *walker) redirect(r *syntax.Redirect, sc *scope, via []string, in *stdin, fds *[]fdIn) {
	if r.Word != nil && needsSubst(r.Word) {
		w.subst(r.Word, sc, via)
	}
	if r.Hdoc != nil && needsSubst(r.Hdoc) {
		w.subst(r.Hdoc, sc, via)
	}
	fd := ""
	if r.N != nil {
		fd = r.N.Value
		if strings.HasPrefix(fd, "{") {
			// {var}<…: the shell picks the descriptor and stores it in
			// var; it is read as $var.
			fd = "$" + strings.Trim(fd, "{}")
		}
	}
	var got *stdin
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll,
		syntax.RdrAllClob, syntax.AppAllClob:
		w.write(sc, w.word(r.Word), r.Op.String(), false)
	case syntax.RdrInOut:
		w.write(sc, w.word(r.Word), r.Op.String(), false)
		f := w.word(r.Word)
		got = &stdin{file: &f}
	case syntax.DplOut:
		t := w.word(r.Word)
		if t.Dynamic || !isFD(t.Value) {
			w.write(sc, t, r.Op.String(), false)
		}
	case syntax.RdrIn:
		f := w.word(r.Word)
		got = &stdin{file: &f}
		if r.Word != nil && len(r.Word.Parts) == 1 {
			if ps, ok := r.Word.Parts[0].(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn {
				// < <(cmd): what cmd writes.
				got = &stdin{piped: true, doc: w.outputOf(ps.Stmts), proc: ps}
			}
		}
	case syntax.DplIn:
		// N<&M: N reads what M reads.
		t := w.word(r.Word)
		src := t.Value
		if t.Dynamic {
			src = strings.Trim(strings.TrimPrefix(t.Value, "$"), "{}")
			src = "$" + src
		}
		switch {
		case src == "0":
			cp := *in
			got = &cp
		case src == "-":
		default:
			found := false
			for _, f := range *fds {
				if f.fd == src {
					cp := f.in
					got, found = &cp, true
				}
			}
			if v, ok := sc.fds[src]; ok && !found {
				got, found = &v, true
			}
			if !found && (t.Dynamic || src != "1" && src != "2") {
				got = &stdin{piped: true}
			}
		}
	case syntax.Hdoc, syntax.DashHdoc:
		d := Word{}
		if r.Hdoc != nil {
			d = w.join(r.Hdoc.Parts)
			if d.Dynamic && quotedDelim(r.Word) {
				d = literalDoc(r.Hdoc.Parts, d) // <<'EOF': no glob either (a * b in code)
			}
		}
		got = &stdin{doc: &d}
	case syntax.WordHdoc:
		d := w.word(r.Word)
		pre, suf := d.Prefix(), d.Suffix()
		d.Value += "\n"
		d.setParts(pre, suf+"\n")
		got = &stdin{doc: &d}
	}
	if got == nil {
		return
	}
	if fd == "" || fd == "0" {
		*in = *got
		return
	}
	*fds = append(*fds, fdIn{fd: fd, in: *got})
}

// isFD reports whether s is what >& duplicates or closes rather than a
// file: a descriptor number, "-", or a number followed by "-".
func isFD(s string) bool {
	s = strings.TrimSuffix(s, "-")
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// resolve sets in's content to what the command piping into it writes,
// when that is static (in.from, or in.stages in a simple script).
func (w *walker) resolve(in *stdin) {
	switch {
	case in.doc != nil:
	case in.from != nil:
		in.doc = w.output(in.from)
	case len(in.stages) == 1 && !in.stages[0].redir:
		// One command of a simple script pipes in: as output reads its
		// statement.
		if s, ok := staticOutput(in.stages[0].args); ok {
			d := Static(s)
			in.doc = &d
		}
	}
	in.from, in.stages = nil, nil
}

// quotedDelim reports whether a here-document's delimiter word is
// quoted (<<'EOF', <<"EOF", <<\EOF): bash then expands nothing in its
// text.
func quotedDelim(x *syntax.Word) bool {
	if x == nil {
		return false
	}
	for _, p := range x.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.IndexByte(p.Value, '\\') >= 0 {
				return true
			}
		}
	}
	return false
}

// literalDoc returns the text of a quoted here-document of parts as a
// static word: join took its glob bytes for patterns, which a
// here-document never is. It returns d when a part is not literal text.
func literalDoc(parts []syntax.WordPart, d Word) Word {
	var b strings.Builder
	for _, p := range parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			return d
		}
		b.WriteString(l.Value)
	}
	return Static(b.String())
}
