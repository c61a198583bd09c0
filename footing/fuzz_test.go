package footing_test

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
)

// fuzzSet is a footing in a project that does not exist on this machine
// (no git command runs for it).
func fuzzSet() *footing.Set {
	return footing.Of(footing.Env{
		Executable: "/home/dev/project/bin/guard", Arg0: "guard", Cwd: "/home/dev/project", Home: "/home/dev",
		StateDir: "/home/dev/.local/state/agenthooks",
		Getenv: func(k string) string {
			if k == "PATH" {
				return "/home/dev/.local/bin:/usr/bin"
			}
			return ""
		},
		Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) },
	})
}

// writers are commands that change the file they are given ({} is the
// path as spelt).
var writers = [...]string{
	"rm {}", "rm -f {}", "echo x > {}", "echo x >> {}", "echo x >| {}", ": <> {}", "cp /bin/true {}", "mv /tmp/x {}",
	"mv {} /tmp/x", "chmod 000 {}", "chown nobody {}", "sed -i s/a/b/ {}", "tee {} </dev/null", "truncate -s0 {}",
	"dd if=/dev/null of={}", "ln -sf /tmp/x {}", "install /bin/true {}", "bash -c 'rm {}'", "sudo rm {}", "env rm {}",
	"python3 -c \"open('{}','w')\"", "unknowntool {}", "touch {}", "shred -u {}",
}

// FuzzSpellings spells a footing path in many ways (absolute or
// relative, with ./, //, dir/.. and quotes) inside a writing command:
// Judge must deny every one, and must never panic on any input.
func FuzzSpellings(f *testing.F) {
	f.Add(uint16(0), uint8(0), uint8(0), uint8(0), uint8(0), "")
	f.Add(uint16(3), uint8(1), uint8(2), uint8(1), uint8(5), "x")
	f.Add(uint16(40), uint8(2), uint8(7), uint8(3), uint8(9), "rm -rf .claude")
	if runtime.GOOS == "windows" {
		f.Skip("the fuzz footing's paths are POSIX paths")
	}
	s := fuzzSet()
	var files []string
	for _, e := range s.Entries() {
		if !e.Tree {
			files = append(files, e.Path)
		}
	}
	f.Fuzz(func(t *testing.T, pick uint16, form, dots, quote, cmd uint8, raw string) {
		s := fuzzSet()
		// Any text: a deny or no opinion, never a panic.
		s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: raw}})
		p := files[int(pick)%len(files)]
		sp := p
		if r, err := filepath.Rel("/home/dev/project", p); err == nil && !strings.HasPrefix(r, "..") {
			switch form % 3 {
			case 1:
				sp = r
			case 2:
				sp = "./" + r
			}
		} else if r, err := filepath.Rel("/home/dev", p); err == nil && !strings.HasPrefix(r, "..") && form%2 == 1 {
			sp = "~/" + r
		}
		if i := strings.LastIndexByte(sp, '/'); i > 0 {
			switch dots % 4 {
			case 1:
				sp = sp[:i] + "//" + sp[i+1:]
			case 2:
				sp = sp[:i] + "/./" + sp[i+1:]
			case 3:
				sp = sp[:i] + "/zz/../" + sp[i+1:]
			}
		}
		if strings.Contains(sp, " ") && (quote%4 == 0 || quote%4 == 3) {
			quote = 2 // unquoted, the shell would split it into other paths
		}
		if !strings.HasPrefix(sp, "~") {
			switch quote % 4 {
			case 1:
				sp = "'" + sp + "'"
			case 2:
				sp = `"` + sp + `"`
			case 3:
				sp = strings.ReplaceAll(sp, "/", `\/`)
			}
		}
		c := strings.ReplaceAll(writers[int(cmd)%len(writers)], "{}", sp)
		if tpl := writers[int(cmd)%len(writers)]; strings.ContainsAny(tpl, `'"`) && strings.ContainsAny(sp, `'" \`) {
			return // quotes inside quotes: another command
		}
		if _, deny := s.Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c}}); !deny {
			t.Errorf("%s: not denied (%s is in the footing)", c, p)
		}
		w := &hooks.Tool{Name: "Write", Input: &hooks.WriteInput{Path: strings.Trim(sp, `'"`)}}
		if strings.Contains(sp, `\`) || strings.HasPrefix(sp, "~") {
			return
		}
		if _, deny := s.Judge(context.Background(), w); !deny {
			t.Errorf("Write %s: not denied (%s is in the footing)", sp, p)
		}
	})
}
