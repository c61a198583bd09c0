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
			w.walkPipe(pipe, sc, via, in)
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
			w.walkPipe(pipe, run, via, in)
			single = false
		case "||":
			c := w.mem.scope(sc)
			w.walkPipe(pipe, c, via, in)
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
func (w *walker) walkPipe(pipe []simpleCmd, sc *scope, via []string, in stdin) {
	if len(pipe) == 1 {
		w.simpleCall(pipe[0], sc, via, in)
		return
	}
	// ((a | b) | c): a and b in copies of a copy, c in a copy.
	w.walkPipe(pipe[:len(pipe)-1], w.mem.scope(sc), via, in)
	y := w.mem.scope(sc)
	// What the first of two commands writes is read as resolve reads a
	// statement piped in: only when a shell reads it.
	w.simpleCall(pipe[len(pipe)-1], y, via, stdin{piped: true, stages: pipe[:len(pipe)-1]})
}

// simpleCall walks one command of a simple script as stmt and call would:
// the files its redirections write first.
func (w *walker) simpleCall(c simpleCmd, sc *scope, via []string, in stdin) {
	if !w.live() {
		return
	}
	if v, ok := sc.fds["0"]; ok {
		in = v
	}
	for _, f := range c.files {
		w.write(sc, f.file, f.op, false)
	}
	w.callArgs(c.args, sc, via, in)
}
