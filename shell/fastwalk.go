package shell

// walkSimpleIn walks the commands simpleIn returned from the walk's
// arena, then gives back their room, and that of the copies of scopes the
// walk made (a pipeline's stages, a branch of && or ||): when the
// commands are walked those are read no more (merge copies what it
// keeps, and nothing else points into a scope).
func (w *walker) walkSimpleIn(cmds []simpleCmd, sc *scope, via []string, in stdin) {
	a := &w.mem
	scs, block := len(a.scs), a.scopeBlock()
	w.walkSimple(cmds, sc, via, in)
	if a.scopeBlock() == block {
		a.scs = a.scs[:scs]
	}
	clear(cmds)
	if a.scratch.cmds == nil {
		a.scratch.cmds = cmds[:0]
	}
}

// walkSimple walks the commands of a simple script as stmt would walk
// the syntax tree the parser makes of it: an and-or list of pipelines,
// its first pipeline in sc; a run of pipelines joined by && after it in
// one branch (see andChain), one after || in a branch of its own; a
// pipeline grouped from the left, each stage in a copy of sc, the second
// reading what the first writes.
func (w *walker) walkSimple(cmds []simpleCmd, sc *scope, via []string, in stdin) {
	var run *scope     // the branch of the run of && pipelines being walked
	var before *Word   // the alternative directory before the last pipeline walked
	var lastOne []Word // the last pipeline walked when it is one command
	single := false    // the and-or list so far is one command
	prevOp := ""       // the operator before this pipeline ("" or ";": a new and-or list)
	for i := 0; i < len(cmds) && w.live(); {
		j := i
		for j < len(cmds)-1 && cmds[j].op == "|" {
			j++
		}
		pipe := cmds[i : j+1]
		switch prevOp {
		case "", ";":
			before = sc.alt
			w.walkPipe(pipe, sc, via, in, false)
			single = len(pipe) == 1
		case "&&":
			if run == nil {
				run = w.mem.scope(sc)
				if single && run.alt != before && w.allAndCall(lastOne, run) {
					run.alt = before // cd x && …: the cd took effect
				}
			} else if lastOne != nil && run.alt != before && w.allAndCall(lastOne, run) {
				run.alt = before
			}
			before = run.alt
			w.walkPipe(pipe, run, via, in, false)
			single = false
		case "||":
			c := w.mem.scope(sc)
			w.walkPipe(pipe, c, via, in, false)
			w.merge(sc, c)
			single = false
		}
		lastOne = nil
		if len(pipe) == 1 {
			lastOne = pipe[0].args
		}
		prevOp = cmds[j].op
		if prevOp != "&&" && run != nil {
			w.merge(sc, run)
			run = nil
		}
		i = j + 1
	}
}

// walkPipe walks one pipeline of a simple script.
// Its last command's standard output is quiet when out is, unless a
// redirection of its own says otherwise (see quietout.go).
func (w *walker) walkPipe(pipe []simpleCmd, sc *scope, via []string, in stdin, out bool) {
	last := &pipe[len(pipe)-1]
	if last.outSet {
		out = last.quiet
	}
	if len(pipe) == 1 {
		w.simpleCall(last, sc, via, in, out)
		return
	}
	// ((a | b) | c): a and b in copies of a copy, c in a copy.
	w.walkPipe(pipe[:len(pipe)-1], w.mem.scope(sc), via, in, archiverIn(pipe[:len(pipe)-1]) && quietWords(last.args, out))
	y := w.mem.scope(sc)
	// What the first of two commands writes is read as resolve reads a
	// statement piped in: only when a shell reads it.
	w.simpleCall(last, y, via, stdin{piped: true, stages: pipe[:len(pipe)-1]}, out)
}

// archiverIn reports whether a command of pipe is named tar or zip, the
// archivers whose quiet output counts (see archiveOut), or cat, zcat or
// gzip, whose reads of an archive's bytes count ([Command.QuietOut]):
// only then is the reading end of the pipe read.
func archiverIn(pipe []simpleCmd) bool {
	for i := range pipe {
		switch v := pipe[i].args[0].Value; len(v) {
		case 3, 4, 6:
			if v == "tar" || v == "zip" || v == "gtar" || v == "bsdtar" || v == "zcat" || v == "gzip" || v == "cat" {
				return true
			}
		}
	}
	return false
}

// quietWords is quietReader for the words of a simple command.
func quietWords(args []Word, out bool) bool {
	s := make([]string, len(args))
	for i, a := range args {
		if a.Dynamic {
			return false
		}
		s[i] = a.Value
	}
	return quietReader(s, out)
}

// simpleCall walks one command of a simple script as stmt and call would:
// the files its redirections write first.
func (w *walker) simpleCall(c *simpleCmd, sc *scope, via []string, in stdin, quiet bool) {
	if !w.live() {
		return
	}
	if len(sc.fds) > 0 {
		if v, ok := sc.fds["0"]; ok {
			in = v
		}
	}
	for _, f := range c.files {
		w.write(sc, f.file, f.op, false)
	}
	if len(c.files) == 1 {
		w.simpleText(c, sc)
	}
	if !quiet && !w.sink {
		w.callArgs(c.args, sc, via, in)
		return
	}
	sink, sinkVia := w.sink, w.sinkVia
	w.sink, w.sinkVia = quiet, len(via)
	w.callArgs(c.args, sc, via, in)
	w.sink, w.sinkVia = sink, sinkVia
}
