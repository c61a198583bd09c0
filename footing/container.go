package footing

import (
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// container judges docker, podman and nerdctl run and create: a bind
// mount the container may write (not read-only) of a folder that holds
// footing files. A folder inside the project, or any other that is not
// the project or a folder above it (bin, .claude, ~/.claude), is the
// hook's own: refused. A mount of the project or a folder above it
// (docker run -v "$PWD":/app …, everyday work) is refused when the
// command names a footing file through the mount's path in the
// container (docker run -v "$PWD":/w alpine cp /bin/true /w/bin/guard),
// or, run in it (-w), by its path relative to the mount. What the
// image's own command does is not known, as for any program.
func (p *place) container(c *shell.Command) (string, bool) {
	args := c.Args[1:]
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Value, "-") {
		i++ // global options (their values are not told apart: run and create are looked for below)
	}
	if i < len(args) && args[i].Value == "container" {
		i++
	}
	if i >= len(args) || args[i].Value != "run" && args[i].Value != "create" {
		return "", false
	}
	rest := args[i+1:]
	last := -1 // the last word of a mount or workdir option: the command's words follow it
	var workdir string
	type mount struct{ host, dst string }
	var mounts []mount
	for j := 0; j < len(rest); j++ {
		name, val, attached := strings.Cut(rest[j].Value, "=")
		if rest[j].Dynamic && !strings.HasPrefix(rest[j].Value, "-") {
			continue
		}
		if v := rest[j].Value; len(v) > 2 && (v[:2] == "-v" || v[:2] == "-w") {
			// A short option's value attached: -v.:/w, -v=.:/w.
			name, val, attached = v[:2], strings.TrimPrefix(v[2:], "="), true
		}
		switch name {
		case "-v", "--volume", "--mount", "-w", "--workdir":
		default:
			continue
		}
		if !attached {
			if j+1 >= len(rest) {
				break
			}
			j++
			val = rest[j].Value
		}
		last = j
		if name == "-w" || name == "--workdir" {
			workdir = val
			continue
		}
		host, dst, ro := mountSpec(name, val)
		if host == "" || ro {
			continue
		}
		mounts = append(mounts, mount{p.hostPath(host), dst})
	}
	var b strings.Builder
	for _, w := range rest[last+1:] {
		b.WriteString(w.Value)
		b.WriteByte(' ')
	}
	text := b.String()
	root := p.root
	if root == "" {
		root = p.abs(p.dir)
	}
	for _, m := range mounts {
		if m.host == "" || m.dst == "" || m.dst == "/" {
			continue
		}
		var inside []string // footing paths under the mount, relative to it
		for _, e := range p.Entries() {
			if r, ok := rel(m.host, e.Path); ok {
				inside = append(inside, r)
			}
		}
		if len(inside) == 0 {
			continue
		}
		if m.host != root && !isUnder(m.host, root) {
			e, _ := p.Set.Touches(filepath.Join(m.host, filepath.FromSlash(inside[0])), false)
			return p.reason(e, e.Path, "`"+c.String()+"` (a container may write "+m.host+", which holds it)"), true
		}
		dst := strings.TrimSuffix(m.dst, "/")
		for _, w := range strings.FieldsFunc(text, notPathByte) {
			var on string // w's path on the host
			switch {
			case dst != "" && (w == dst || strings.HasPrefix(w, dst+"/")):
				on = m.host + w[len(dst):]
			case workdir != "" && strings.TrimSuffix(workdir, "/") == dst && !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "-"):
				on = filepath.Join(m.host, filepath.FromSlash(w))
			default:
				continue
			}
			if e, ok := p.Set.Touches(filepath.Clean(filepath.FromSlash(on)), true); ok {
				return p.reason(e, e.Path, "`"+c.String()+"` (the container names it through "+m.dst+")"), true
			}
		}
	}
	return "", false
}

// mountSpec returns the host path, the path in the container and
// whether a bind mount is read-only, from -v HOST:DST[:OPTS] or --mount
// type=bind,src=HOST,dst=DST[,readonly]; host is "" for a named volume.
func mountSpec(opt, v string) (host, dst string, ro bool) {
	if opt == "--mount" {
		for _, kv := range strings.Split(v, ",") {
			k, val, _ := strings.Cut(kv, "=")
			switch k {
			case "source", "src":
				host = val
			case "destination", "dst", "target":
				dst = val
			case "readonly", "ro":
				ro = val == "" || val == "true" || val == "1"
			}
		}
	} else {
		parts := strings.Split(v, ":")
		if len(parts) < 2 {
			return "", "", false
		}
		host, dst = parts[0], parts[1]
		ro = len(parts) > 2 && strings.Contains(","+parts[2]+",", ",ro,")
	}
	if host == "" || !strings.ContainsAny(host[:1], "/.~$`") {
		return "", "", false // a named volume
	}
	return host, dst, ro
}

// hostPath returns a mount's host side absolute and clean: the working
// directory spelled as $PWD, ${PWD}, $(pwd) or `pwd` is the command's,
// $HOME and ${HOME} the home directory; another expansion is "" (not
// known).
func (p *place) hostPath(h string) string {
	for _, pwd := range []string{"${PWD}", "$PWD", "$(pwd)", "`pwd`"} {
		if rest, ok := strings.CutPrefix(h, pwd); ok {
			h = "." + rest
			break
		}
	}
	for _, home := range []string{"${HOME}", "$HOME"} {
		if rest, ok := strings.CutPrefix(h, home); ok {
			h = "~" + rest
			break
		}
	}
	if strings.ContainsAny(h, "$`") {
		return ""
	}
	return p.abs(h)
}
