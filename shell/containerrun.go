package shell

import (
	"path"
	"strings"
)

// containerRun walks the command a container runs, in a [box] of the
// container's mounts: docker, podman and nerdctl run, create (its
// command runs at start), exec and container run|create|exec; compose
// (docker compose, docker-compose, podman-compose) run and exec. A word
// before the subcommand known only at run time, or a container command
// inside a container, is a command that cannot be checked.
func containerRun(w *walker, c *Command, sc *scope, in stdin, _ bool) {
	via := plus(c.Via, c.Name)
	compose := c.Name == "docker-compose" || c.Name == "podman-compose"
	args := c.Args[1:]
	sub, rest, ok := containerSub(args, compose)
	if !ok {
		w.unknown(c.String(), via)
		return
	}
	if !compose && sub == "container" {
		sub, rest, ok = containerSub(rest, false)
	} else if !compose && sub == "compose" {
		compose = true
		sub, rest, ok = containerSub(rest, true)
	}
	if !ok {
		w.unknown(c.String(), via)
		return
	}
	var spec Spec
	switch {
	case compose && sub == "run":
		spec = composeRunSpec
	case compose && sub == "exec":
		spec = composeExecSpec
	case !compose && (sub == "run" || sub == "create"):
		spec = containerRunSpec
	case !compose && sub == "exec":
		spec = containerExecSpec
	default:
		return // no command of the caller's runs in a container
	}
	f := spec.parse(rest, &w.mem)
	cmd, ok := containerCommand(f, rest, compose)
	if !ok || len(cmd) > 0 && w.box != nil {
		// A container command inside a container: its mounts are the
		// host's, not this container's.
		w.unknown(c.String(), via)
	}
	if !ok || len(cmd) == 0 || w.box != nil {
		// The image's own command: not known, as for any program; the
		// container may write what it mounts.
		for _, o := range f.Options {
			switch o.Name {
			case "v", "volume":
				w.mount(c, sc, "-v", o.Value)
			case "mount":
				w.mount(c, sc, "--mount", o.Value)
			}
		}
		return
	}
	b := &box{open: compose || sub == "exec"}
	dir := Word{Value: "${WORKDIR}", Dynamic: true}
	interactive := compose
	for _, o := range f.Options {
		switch o.Name {
		case "v", "volume", "mount":
			if m, ok := w.boxMount(o.Name, o.Value, sc); ok {
				b.mounts = append(b.mounts, m)
			} else if o.Value.Dynamic {
				b.open = true
			}
		case "volumes-from", "privileged":
			b.open = true
		case "pid", "userns", "ipc", "uts", "cgroupns":
			b.open = b.open || o.Value.Dynamic || o.Value.Value == "host"
		case "w", "workdir":
			if !o.Value.Dynamic && strings.HasPrefix(o.Value.Value, "/") {
				dir = Static(path.Clean(o.Value.Value))
			}
		case "i", "interactive":
			interactive = true
		case "cap-add":
			b.open = true // SYS_ADMIN and the like reach the host
		}
	}
	if !interactive {
		in = stdin{}
	}
	prevBox, prevFiles := w.box, w.lim.Files
	w.box = b
	if prevFiles != nil {
		w.lim.Files = b.files(prevFiles)
	}
	n := len(w.out.Commands)
	w.run(cmd, &scope{dir: dir}, via, in, false)
	w.box, w.lim.Files = prevBox, prevFiles
	if len(b.mounts) > 0 || b.open {
		for _, k := range w.out.Commands[n:] {
			if k.MakesLinks() {
				// ln -s /w/src /x; rm -rf /x/: a path of the container's
				// own may lead into a mount, which the mapping cannot see.
				w.unknown(c.String(), via)
				break
			}
		}
	}
}

// containerCommand returns the words of the command a container runs,
// from its options f and the words rest they were parsed from (the image
// or container, then the command); ok is false when they cannot be told.
func containerCommand(f Flags, rest []Word, compose bool) (cmd []Word, ok bool) {
	if len(f.Unsure) > 0 {
		return nil, false
	}
	ops := rest[f.End:]
	if len(ops) == 0 {
		return nil, true
	}
	cmd = ops[1:]
	if ep, ok := f.Value("entrypoint"); ok {
		if ep.Dynamic {
			return nil, false
		}
		var words []Word
		if compose {
			for _, s := range strings.Fields(ep.Value) {
				words = append(words, Static(s))
			}
		} else if ep.Value != "" {
			words = []Word{ep}
		}
		cmd = append(words, cmd...)
	}
	return cmd, true
}

// containerSub returns the subcommand among args, after the global
// options of docker (or compose), and the words after it; ok is false
// when a word before it is known only at run time.
func containerSub(args []Word, compose bool) (sub string, rest []Word, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return "", nil, false
		}
		if !strings.HasPrefix(a.Value, "-") {
			return a.Value, args[i+1:], true
		}
		if a.Value == "--" {
			continue
		}
		if !strings.Contains(a.Value, "=") && (compose && composeGlobal(a.Value) || !compose && containerGlobal(a.Value)) {
			i++
		}
	}
	return "", nil, true
}

// boxMount reads a bind mount (-v HOST:CTR[:OPTS], --mount
// type=bind,src=HOST,dst=CTR): its host path resolved in sc ($PWD is
// sc's folder); ok is false for a named volume, a tmpfs or a value not
// read.
func (w *walker) boxMount(opt string, v Word, sc *scope) (boxMount, bool) {
	var host, ctr string
	ro := false
	if opt == "mount" {
		bind := false
		for _, kv := range strings.Split(v.Value, ",") {
			k, val, _ := strings.Cut(kv, "=")
			switch k {
			case "type":
				bind = val == "bind"
			case "source", "src":
				host = val
			case "target", "dst", "destination":
				ctr = val
			}
		}
		if !bind {
			return boxMount{}, false
		}
		for _, kv := range strings.Split(v.Value, ",") {
			k, val, _ := strings.Cut(kv, "=")
			ro = ro || (k == "readonly" || k == "ro") && (val == "" || val == "true" || val == "1")
		}
	} else {
		parts := strings.Split(v.Value, ":")
		if len(parts) < 2 {
			return boxMount{}, false
		}
		host, ctr = parts[0], parts[1]
		ro = len(parts) > 2 && strings.Contains(","+parts[len(parts)-1]+",", ",ro,")
	}
	if !strings.HasPrefix(ctr, "/") || strings.ContainsAny(ctr, "$`") {
		return boxMount{}, false
	}
	var h Word
	resolved := false
	for _, pwd := range []string{"${PWD}", "$PWD", "$(pwd)", "`pwd`"} {
		if r, ok := strings.CutPrefix(host, pwd); ok && v.Dynamic && !strings.ContainsAny(r, "$`") {
			h, resolved = joinDir(sc.dir, Static("."+r)), true
			break
		}
	}
	switch {
	case resolved:
	case strings.ContainsAny(host, "$`~"):
		// Known only at run time: its static text after the last
		// expansion is what follows it in the value, up to the colon.
		pre, suf := "", ""
		if k := strings.IndexByte(v.Suffix(), ':'); k >= 0 && strings.HasSuffix(host, v.Suffix()[:k]) {
			suf = v.Suffix()[:k]
		}
		if k := strings.IndexAny(host, "$`~"); k >= 0 {
			pre = host[:k]
		}
		h = MakeWord(host, true, pre, suf)
	case strings.HasPrefix(host, "/"), strings.HasPrefix(host, "."):
		h = joinDir(sc.dir, Static(host))
	default:
		return boxMount{}, false // a named volume
	}
	return boxMount{host: h, ctr: path.Clean(ctr), ro: ro}, true
}

// containerRuns reports whether docker's words args run a container
// whose mounts containerRun reads: run, create, compose run.
func containerRuns(args []Word) bool {
	sub, rest, ok := containerSub(args, false)
	switch {
	case ok && sub == "container":
		sub, _, ok = containerSub(rest, false)
	case ok && sub == "compose":
		sub, _, ok = containerSub(rest, true)
		return ok && sub == "run"
	}
	return ok && (sub == "run" || sub == "create")
}
