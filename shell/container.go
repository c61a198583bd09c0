package shell

import "strings"

// What a container runs (docker, podman and nerdctl run, create and
// exec; docker compose, docker-compose and podman-compose run and exec)
// is a command like any other, run elsewhere: in a file system of its
// own, into which bind mounts bring folders of this machine. The walk
// follows the container's command in container coordinates (its -w
// folder, or one known only at run time) and maps each path it touches
// back to this machine (see box.host): a path under a bind mount is the
// host folder's; a path elsewhere is the container's own and touches
// nothing here, unless the container may have mounts the command does
// not show (exec into a running container, a compose service, a
// privileged container), when it is a path known only at run time.
// So docker run -v "$PWD":/w alpine rm -rf /w/src deletes ./src, and
// docker exec web rm -rf /app/src a tree known only at run time.

// A box is the container the walk is in.
type box struct {
	mounts []boxMount
	// open: the container may have mounts besides these (exec, compose,
	// --privileged, --volumes-from, a host PID namespace): a path under
	// none of them may be any path of this machine.
	open bool
}

// A boxMount is one bind mount: the host path and where it is in the
// container (clean, absolute, not "/" unless the host is too).
type boxMount struct {
	host Word
	ctr  string
	ro   bool // read-only: the container cannot change what it holds
}

// containerDir stands for a folder of a container known only at run
// time, before the container path that follows it.
const containerDir = "${CONTAINER}"

// host maps p, a path in the container's coordinates, to this machine's,
// and reports whether it may be a path here at all; write: whether the
// container would change it (under a read-only mount it cannot).
func (b *box) host(p Word, write bool) (Word, bool) {
	if p.Dynamic {
		for _, m := range b.mounts {
			if rest, ok := underDir(p.Prefix(), m.ctr); ok && strings.HasPrefix(p.Value, p.Prefix()) {
				if write && m.ro {
					return Word{}, false
				}
				return joinDir(m.host, MakeWord("."+rest+p.Value[len(p.Prefix()):], true, "."+rest, p.Suffix())), true
			}
		}
		return p, b.open || len(b.mounts) > 0
	}
	if !strings.HasPrefix(p.Value, "/") {
		return p, true // not a path in either (a URL, a name)
	}
	best := -1
	for i, m := range b.mounts {
		if _, ok := underDir(p.Value, m.ctr); ok && (best < 0 || len(m.ctr) > len(b.mounts[best].ctr)) {
			best = i
		}
	}
	if best >= 0 {
		if write && b.mounts[best].ro {
			return Word{}, false
		}
		rest, _ := underDir(p.Value, b.mounts[best].ctr)
		return joinDir(b.mounts[best].host, Static("."+rest)), true
	}
	if b.open {
		return MakeWord(containerDir+p.Value, true, "", p.Value), true
	}
	return Word{}, false
}

// underDir reports whether path p is dir or under it, and what follows
// dir in it ("" or "/…").
func underDir(p, dir string) (string, bool) {
	if dir == "/" {
		if strings.HasPrefix(p, "/") {
			return strings.TrimSuffix(p, "/"), true
		}
		return "", false
	}
	rest, ok := strings.CutPrefix(p, dir)
	if !ok || rest != "" && rest[0] != '/' {
		return "", false
	}
	return rest, true
}

// files returns read, [Parser.Files] as seen from inside the box: a file
// under a mount is read from its host path, any other is not read.
func (b *box) files(read func(string) (string, bool)) func(string) (string, bool) {
	return func(p string) (string, bool) {
		h, ok := b.host(Static(p), false)
		if !ok || h.Dynamic {
			return "", false
		}
		return read(h.Value)
	}
}

// Option specs of the container commands whose command is walked: run
// and create, exec, and compose's run and exec. Long options that take a
// value end in "="; an option not listed is taken to take none (the
// words after it are then read as a command too: an unknown program's
// operands that name known commands are walked, see unknownWords).
var (
	containerRunSpec = Spec{Short: "diPqta:c:e:h:l:m:p:u:v:w:", Long: []string{"add-host=", "annotation=", "attach=",
		"blkio-weight=", "blkio-weight-device=", "cap-add=", "cap-drop=", "cgroup-parent=", "cgroupns=", "cidfile=",
		"cpu-count=", "cpu-percent=", "cpu-period=", "cpu-quota=", "cpu-rt-period=", "cpu-rt-runtime=", "cpu-shares=",
		"cpus=", "cpuset-cpus=", "cpuset-mems=", "detach-keys=", "device=", "device-cgroup-rule=", "device-read-bps=",
		"device-read-iops=", "device-write-bps=", "device-write-iops=", "dns=", "dns-opt=", "dns-option=",
		"dns-search=", "domainname=", "entrypoint=", "env=", "env-file=", "expose=", "gpus=", "group-add=",
		"health-cmd=", "health-interval=", "health-retries=", "health-start-interval=", "health-start-period=",
		"health-timeout=", "hostname=", "ip=", "ip6=", "ipc=", "isolation=", "kernel-memory=", "label=", "label-file=",
		"link=", "link-local-ip=", "log-driver=", "log-opt=", "mac-address=", "memory=", "memory-reservation=",
		"memory-swap=", "memory-swappiness=", "mount=", "name=", "network=", "net=", "network-alias=", "net-alias=",
		"oom-score-adj=", "pid=", "pids-limit=", "platform=", "publish=", "pull=", "restart=", "runtime=",
		"security-opt=", "shm-size=", "stop-signal=", "stop-timeout=", "storage-opt=", "sysctl=", "tmpfs=", "ulimit=",
		"user=", "userns=", "uts=", "volume=", "volume-driver=", "volumes-from=", "workdir=",
		// podman's and nerdctl's
		"arch=", "authfile=", "cgroup-conf=", "cgroups=", "conmon-pidfile=", "creds=", "decryption-key=", "gidmap=",
		"hostuser=", "image-volume=", "init-path=", "os=", "pod=", "pod-id-file=", "preserve-fd=", "preserve-fds=",
		"requires=", "sdnotify=", "seccomp-policy=", "secret=", "subgidname=", "subuidname=", "systemd=", "timeout=",
		"tz=", "uidmap=", "umask=", "unsetenv=", "variant=", "cosign-key=",
		// booleans
		"detach", "disable-content-trust", "init", "interactive", "no-healthcheck", "oom-kill-disable", "privileged",
		"publish-all", "quiet", "read-only", "rm", "sig-proxy=?", "tty", "use-api-socket", "env-host", "no-hosts",
		"read-only-tmpfs", "replace", "rmi", "rootfs", "help"}}
	containerExecSpec = Spec{Short: "dite:u:w:", Long: []string{"detach", "interactive", "tty", "privileged", "env=",
		"env-file=", "user=", "workdir=", "detach-keys=", "preserve-fd=", "preserve-fds=", "help"}}
	composeRunSpec = Spec{Short: "diPqTe:l:p:u:v:w:", Long: []string{"detach", "interactive", "service-ports", "quiet",
		"no-TTY", "rm", "no-deps", "build", "quiet-pull", "remove-orphans", "use-aliases", "quiet-build", "env=",
		"env-from-file=", "label=", "publish=", "user=", "volume=", "workdir=", "name=", "entrypoint=", "cap-add=",
		"cap-drop=", "pull=", "help"}}
	composeExecSpec = Spec{Short: "dTe:u:w:", Long: []string{"detach", "privileged", "no-TTY", "env=", "user=",
		"workdir=", "index=", "help"}}
)

// containerGlobal reports whether a global option of docker, podman or
// nerdctl (before the subcommand) takes the next word as its value.
func containerGlobal(o string) bool {
	switch o {
	case "--config", "-c", "--context", "-H", "--host", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey",
		"--root", "--runroot", "--storage-driver", "--url", "--connection", "--namespace", "-n", "--address",
		"--cgroup-manager", "--network-backend":
		return true
	}
	return false
}

// composeGlobal is containerGlobal for compose's global options.
func composeGlobal(o string) bool {
	switch o {
	case "-f", "--file", "-p", "--project-name", "--project-directory", "--profile", "--env-file", "--ansi",
		"--progress", "--parallel", "-H", "--host", "--context", "-c":
		return true
	}
	return false
}

// composeEffects: docker-compose and podman-compose read their -f files
// and --env-file; what a service runs is walked by containerRun.
func composeEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") {
			return
		}
		name, val, attached := strings.Cut(a.Value, "=")
		if !composeGlobal(name) {
			continue
		}
		v := Static(val)
		if !attached {
			if i+1 >= len(args) {
				return
			}
			i++
			v = args[i]
		}
		switch name {
		case "-f", "--file", "--env-file":
			w.reads(c, sc, v)
		}
	}
}
