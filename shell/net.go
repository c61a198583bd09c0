package shell

import (
	"strings"
)

var curlSpec = Spec{Short: "0123456:#aBfgGIiJjklLMnNOpqRsSvVZA:b:c:C:d:D:e:E:F:H:K:m:o:P:Q:r:t:T:u:U:w:x:X:y:Y:z:",
	Permute: true, Long: []string{"output=", "remote-name", "remote-name-all", "remote-header-name", "output-dir=",
		"create-dirs", "dump-header=", "cookie-jar=", "cookie=", "trace=", "trace-ascii=", "stderr=", "libcurl=",
		"etag-save=", "etag-compare=", "hsts=", "alt-svc=", "config=", "upload-file=", "data=", "data-binary=",
		"data-ascii=", "data-raw=", "data-urlencode=", "form=", "form-string=", "json=", "header=", "user-agent=",
		"user=", "proxy=", "request=", "url=", "referer=", "range=", "max-time=", "connect-timeout=", "retry=",
		"write-out=", "cacert=", "capath=", "cert=", "key=", "netrc-file=", "unix-socket=", "resolve=",
		"connect-to=", "interface=", "continue-at=", "time-cond=", "proxy-user=", "oauth2-bearer=", "silent",
		"show-error", "location", "insecure", "fail", "verbose", "include", "head", "compressed", "get"}}

// curlEffects: curl writes the files of -o/--output (attached too:
// -o.env, -sSo.env), of -O/--remote-name (the last element of the URL's
// path), -D/--dump-header, -c/--cookie-jar, --trace, --trace-ascii,
// --stderr, --libcurl, --etag-save, --hsts and --alt-svc, relative to
// --output-dir; it reads -T, -K/--config, --cacert and the like, and the
// @FILE of -d/--data*/-F/--json (a config file may name outputs too:
// they are not seen).
func curlEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, curlSpec)
	dir := Word{}
	if d, ok := f.Value("output-dir"); ok {
		dir = d
	}
	remote := false
	for _, o := range f.Options {
		switch o.Name {
		case "o", "output":
			if !(!o.Value.Dynamic && o.Value.Value == "-") {
				w.writes(c, sc, joinDir(dir, o.Value))
			}
		case "O", "remote-name", "remote-name-all":
			remote = true
		case "D", "c", "dump-header", "cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save",
			"hsts", "alt-svc":
			if !(!o.Value.Dynamic && o.Value.Value == "-") {
				w.writes(c, sc, o.Value)
			}
		case "T", "K", "upload-file", "config", "cacert", "cert", "key", "netrc-file", "etag-compare":
			w.reads(c, sc, o.Value)
		case "d", "F", "data", "data-binary", "data-ascii", "data-urlencode", "form", "json":
			if _, p, ok := strings.Cut(o.Value.Value, "@"); ok && !o.Value.Dynamic && p != "" && p != "-" {
				w.reads(c, sc, Static(strings.SplitN(p, ";", 2)[0]))
			}
		}
	}
	if remote {
		for _, u := range f.Operands {
			w.writes(c, sc, joinDir(dir, urlName(u, "")))
		}
		if f.Has("J", "remote-header-name") {
			w.writes(c, sc, under(orDot(dir)))
		}
	}
}

// urlName returns the file name a download of URL u is saved as: the
// last element of its path (def when it has none), known only at run
// time when u is dynamic.
func urlName(u Word, def string) Word {
	if u.Dynamic {
		if n, ok := u.Name(); ok && n != "" && !strings.ContainsAny(u.Suffix(), "?#") {
			return MakeWord(n, true, "", n)
		}
		return Word{Value: "(name from " + u.Value + ")", Dynamic: true}
	}
	p := u.Value
	if i := strings.Index(p, "://"); i >= 0 {
		p = p[i+3:]
		if j := strings.IndexByte(p, '/'); j >= 0 {
			p = p[j:]
		} else {
			p = ""
		}
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	n := p[strings.LastIndexByte(p, '/')+1:]
	if n == "" {
		if def == "" {
			return Word{Value: "(name from " + u.Value + ")", Dynamic: true}
		}
		n = def
	}
	return Static(n)
}

var wgetSpec = Spec{Short: "bdhqvVSNkKmEprxcFnO:o:a:P:e:t:T:w:i:B:U:Q:l:A:R:D:I:X:", Permute: true, Long: []string{
	"output-document=", "output-file=", "append-output=", "directory-prefix=", "execute=", "input-file=",
	"base=", "tries=", "timeout=", "wait=", "user-agent=", "quota=", "level=", "accept=", "reject=", "domains=",
	"include-directories=", "exclude-directories=", "post-file=", "post-data=", "body-file=", "body-data=",
	"header=", "load-cookies=", "save-cookies=", "config=", "method=", "user=", "password=", "http-user=",
	"http-password=", "ca-certificate=", "certificate=", "private-key=", "warc-file=", "rejected-log=",
	"cut-dirs=", "recursive", "mirror", "no-clobber", "continue", "timestamping", "content-disposition",
	"force-directories", "no-directories", "quiet", "verbose", "server-response", "spider", "page-requisites",
	"convert-links", "backup-converted", "adjust-extension", "no-host-directories"}}

// wgetEffects: wget writes -O FILE, or each URL's file name (index.html
// for a path ending in /) in -P DIR; with -r, -m, -p, -x or
// --content-disposition the names are known only at run time. -o/-a
// write a log, --save-cookies and --warc-file write; -i, --post-file,
// --body-file, --load-cookies and --config read. -e runs a wgetrc
// command (which may set the output file): its value is an [Unknown]
// effect.
func wgetEffects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, wgetSpec)
	dir := Word{}
	if d, ok := f.Value("P", "directory-prefix"); ok {
		dir = d
	}
	for _, o := range f.Options {
		switch o.Name {
		case "o", "a", "output-file", "append-output", "save-cookies", "warc-file", "rejected-log":
			w.writes(c, sc, o.Value)
		case "i", "post-file", "body-file", "load-cookies", "config", "input-file":
			if !(!o.Value.Dynamic && o.Value.Value == "-") {
				w.reads(c, sc, o.Value)
			}
		case "e", "execute":
			if _, v, ok := strings.Cut(o.Value.Value, "="); ok || o.Value.Dynamic {
				w.effect(c, sc, Effect{Kind: Unknown, Path: Word{Value: strings.TrimSpace(v), Dynamic: o.Value.Dynamic}})
			}
		}
	}
	if o, ok := f.Value("O", "output-document"); ok {
		if !(!o.Dynamic && o.Value == "-") {
			w.writes(c, sc, o)
		}
		return
	}
	if f.Has("r", "m", "p", "x", "recursive", "mirror", "page-requisites", "force-directories", "content-disposition") {
		w.writes(c, sc, under(orDot(dir)))
		return
	}
	if f.Has("spider") {
		return
	}
	for _, u := range f.Operands {
		w.writes(c, sc, joinDir(dir, urlName(u, "index.html")))
	}
}

// isRemote reports whether an rsync or scp operand names a remote path
// (HOST:PATH, USER@HOST:PATH, rsync://…) rather than a local one.
func isRemote(p Word) bool {
	s := p.Prefix()
	if strings.Contains(s, "://") {
		return true
	}
	i := strings.IndexByte(s, ':')
	return i > 0 && !strings.Contains(s[:i], "/")
}

// sshEffects: ssh, scp and sftp run the commands of -o ProxyCommand=…,
// LocalCommand=… and KnownHostsCommand=… here, through the shell (also
// written "-oKey=value" and "-o 'Key value'"); scp and sftp -S PROGRAM
// and sftp -D run programs here; scp writes a local destination and
// reads local sources; -F and -i read files, -E writes a log. The
// command ssh runs remotely is data here.
func sshEffects(w *walker, c *Command, sc *scope, _ stdin) {
	short := "46AaCfGgKkMNnqsTtVvXxYyB:b:c:D:E:e:F:I:i:J:L:l:m:O:o:P:p:Q:R:S:W:w:"
	if c.Name != "ssh" {
		short = "346ABCpqRrTvc:D:F:i:J:l:o:P:S:X:b:s:"
	}
	f := w.flags(c, Spec{Short: short, Permute: c.Name == "scp"})
	via := plus(c.Via, c.Name)
	for _, o := range f.Options {
		switch o.Name {
		case "o":
			key, val := sshOption(o.Value)
			switch strings.ToLower(key) {
			case "proxycommand", "localcommand", "knownhostscommand":
				val.setValue(strings.TrimPrefix(val.Value, "exec "))
				if strings.ToLower(val.Value) != "none" {
					w.nestedWord(val, &scope{dir: sc.dir}, via)
				}
			case "identityfile", "userknownhostsfile", "certificatefile", "include":
				w.reads(c, sc, val)
			case "controlpath":
			}
		case "F", "i":
			w.reads(c, sc, o.Value)
		case "E":
			w.writes(c, sc, o.Value)
		case "S", "D":
			if c.Name != "ssh" {
				w.nestedWord(o.Value, &scope{dir: sc.dir}, via)
			}
		case "b":
			if c.Name == "sftp" {
				w.reads(c, sc, o.Value)
			}
		}
	}
	if c.Name != "scp" || len(f.Operands) < 2 {
		return
	}
	ops := f.Operands
	dest := ops[len(ops)-1]
	for _, s := range ops[:len(ops)-1] {
		if !isRemote(s) {
			w.reads(c, sc, s)
		} else if !isRemote(dest) {
			w.writes(c, sc, into(dest, remotePath(s)))
		}
		if f.Has("r") && !isRemote(dest) {
			w.tree(c, sc, dest, s)
			w.tree(c, sc, into(dest, remotePath(s)), s)
		}
	}
	if !isRemote(dest) {
		w.writes(c, sc, dest)
	}
}

// sshOption splits the value of ssh's -o into a key and a value
// ("Key=value" or "Key value").
func sshOption(v Word) (string, Word) {
	s := strings.TrimSpace(v.Value)
	i := strings.IndexAny(s, "= \t")
	if i < 0 {
		return s, Word{}
	}
	key := s[:i]
	val := strings.TrimLeft(s[i:], "= \t")
	if v.Dynamic && !strings.Contains(v.Prefix(), key) {
		return key, Word{Value: val, Dynamic: true}
	}
	if v.Dynamic {
		return key, MakeWord(val, true, strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(v.Prefix()), key), "= \t"), "")
	}
	return key, Static(val)
}

// dockerEffects: docker, podman and nerdctl. The command a container
// runs (docker run IMAGE CMD, docker exec) runs inside the container,
// not here: it is not walked. What reaches this machine's files is:
// --env-file and -f/--file read; a bind mount (-v/--volume HOST:…,
// --mount …source=HOST…) lets the container write HOST (an [Unknown]
// effect, a read with :ro); docker cp writes a local destination; -o/
// --output, --iidfile, --cidfile and save -o write; load -i reads.
func dockerEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	runs := containerRuns(args) // its mounts are containerRun's
	sub, rest, _ := containerSub(args, false)
	if sub == "container" {
		sub, _, _ = containerSub(rest, false)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			continue
		}
		name, val, attached := strings.Cut(a.Value, "=")
		if len(a.Value) > 2 && a.Value[:2] == "-v" {
			name, val, attached = "-v", strings.TrimPrefix(a.Value[2:], "="), true // -v.:/w
		}
		takes := func() (Word, bool) {
			if attached {
				return Static(val), true
			}
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return Word{}, false
		}
		switch name {
		case "--env-file", "-f", "--file", "--label-file", "-i", "--input":
			if v, ok := takes(); ok {
				w.reads(c, sc, v)
			}
		case "-o", "--output", "--iidfile", "--cidfile", "--metadata-file":
			if v, ok := takes(); ok {
				if strings.HasPrefix(v.Prefix(), "type=") {
					for _, kv := range strings.Split(v.Value, ",") {
						if d, ok := strings.CutPrefix(kv, "dest="); ok {
							w.writes(c, sc, Static(d))
						}
					}
					continue
				}
				if v.Value != "-" {
					w.writes(c, sc, v)
				}
			}
		case "-v", "--volume", "--mount":
			if v, ok := takes(); ok && !runs {
				w.mount(c, sc, name, v)
			}
		case "cp":
			if sub != "cp" {
				continue // a word of the command a container runs
			}
			ops := nonOptions(args[i+1:])
			if len(ops) == 2 {
				if !isContainerPath(ops[0]) {
					w.reads(c, sc, ops[0])
				}
				if !isContainerPath(ops[1]) && ops[1].Value != "-" {
					w.writes(c, sc, ops[1])
				}
			}
			return
		}
	}
}

// mount records the host side of a bind mount: a path (absolute,
// relative with ./ or ../, ~ or dynamic) that the container may write,
// or read only with ro.
func (w *walker) mount(c *Command, sc *scope, opt string, v Word) {
	var host Word
	ro := false
	if opt == "--mount" {
		for _, kv := range strings.Split(v.Value, ",") {
			k, val, _ := strings.Cut(kv, "=")
			switch k {
			case "source", "src":
				host = MakeWord(val, v.Dynamic, val, val) // its prefix and suffix all of it, even when dynamic
			case "readonly", "ro":
				ro = val == "" || val == "true" || val == "1"
			}
		}
	} else {
		parts := strings.Split(v.Value, ":")
		if len(parts) < 2 {
			return
		}
		host = MakeWord(parts[0], v.Dynamic, parts[0], parts[0])
		if v.Dynamic && !strings.HasPrefix(v.Prefix(), parts[0]+":") {
			host.setParts(v.Prefix(), "")
		}
		ro = len(parts) > 2 && strings.Contains(","+parts[len(parts)-1]+",", ",ro,")
	}
	if host.Value == "" || !host.Dynamic && !strings.ContainsAny(host.Value[:1], "/.~") {
		return // a named volume
	}
	if ro {
		w.reads(c, sc, host)
		return
	}
	w.effect(c, sc, Effect{Kind: Unknown, Path: host})
}

// isContainerPath reports whether a docker cp operand is CONTAINER:PATH.
func isContainerPath(p Word) bool {
	i := strings.IndexByte(p.Prefix(), ':')
	return i > 0 && !strings.Contains(p.Prefix()[:i], "/")
}

// nonOptions returns the words of args that do not start with a dash.
func nonOptions(args []Word) []Word {
	var out []Word
	for _, a := range args {
		if !a.MaybeOption() || a.Dynamic && a.Prefix() != "" {
			out = append(out, a)
		}
	}
	return out
}

// kubectlEffects: kubectl and oc. kubectl exec runs its command in a
// pod (data here); -f/--filename, --kubeconfig and --from-file/
// --from-env-file read; kubectl cp writes a local destination.
func kubectlEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			continue
		}
		if a.Value == "--" {
			return
		}
		name, val, attached := strings.Cut(a.Value, "=")
		switch name {
		case "-f", "--filename", "--kubeconfig", "--from-file", "--from-env-file", "--token-file", "--env-file":
			v := Static(val)
			if !attached && i+1 < len(args) {
				i++
				v = args[i]
			}
			if !attached || val != "" {
				if _, file, ok := strings.Cut(v.Value, "="); ok && name == "--from-file" {
					v = Static(file)
				}
				if v.Value != "-" && !strings.Contains(v.Value, "://") {
					w.reads(c, sc, v)
				}
			}
		case "cp":
			ops := nonOptions(args[i+1:])
			if len(ops) == 2 {
				if !isContainerPath(ops[0]) {
					w.reads(c, sc, ops[0])
				}
				if !isContainerPath(ops[1]) {
					w.writes(c, sc, ops[1])
				}
			}
			return
		}
	}
}

// remotePath returns the path part of a remote operand HOST:PATH.
func remotePath(p Word) Word {
	i := strings.IndexByte(p.Value, ':')
	if i < 0 {
		return p
	}
	r := MakeWord(p.Value[i+1:], p.Dynamic, "", p.Suffix())
	if p.Dynamic {
		r = r.withPre(strings.TrimPrefix(p.Prefix(), p.Prefix()[:min(i+1, len(p.Prefix()))]))
	} else {
		r.setParts(r.Value, r.Value)
	}
	return r
}
