package footing_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
)

// goRows are go commands that write programs: a program named like the
// hook binary written where it is (or into a folder on PATH) is a change
// to the footing; the look-alikes write elsewhere or another name.
var goRows = []struct {
	cmd  string
	deny bool
}{
	// go build: -o a folder, or the folder it runs in; the name from the
	// package's folder, or its module path (mod2's is example.com/guard/v2).
	{`go build -o bin/ ./cmd/guard`, true},
	{`go build -o bin ./cmd/guard`, true},
	{`cd bin && go build ../cmd/guard`, true},
	{`cd bin; go build ../cmd/guard`, true},
	{`cd mod2 && go build -o ../bin/ .`, true},
	{`go build -o bin/ ./cmd/...`, true},
	{`cd mod3 && go build -o ../bin/ .`, true}, // module "example.com/gu\x61rd": go unquotes it
	{`go build -o bin ./cmd/ok`, false},
	{`go build ./cmd/guard`, false},
	{`cd bin && go build ../cmd/ok`, false},
	{`cd bin && go build -C .. ./cmd/guard`, false},
	{`cd bin && go build ../cmd/guard/main.go`, false},
	{`go build ./...`, false},
	{`go vet ./...`, false},
	// The Go code go runs, when the model may have written it (not
	// committed as it is): go generate's directives, go test, go run.
	{`go generate ./gen`, true},
	{`go generate ./...`, true},
	{`go test ./wt`, true},
	{`go test ./names`, false}, // committed code that names a hook file
	{`go vet ./names`, false},
	// GOFLAGS' -o, set for the command, in the shell, by go env -w, or
	// in a GOENV file.
	{`GOFLAGS=-o=bin/guard go build ./cmd/ok`, true},
	{`export GOFLAGS=-o=bin/guard; go build ./cmd/ok`, true},
	{`go env -w GOFLAGS=-o=bin/guard && go build ./cmd/ok`, true},
	{`GOENV=x.env go build ./cmd/ok`, true},
	{`GOFLAGS=-trimpath go build -o bin/ ./cmd/ok`, false},
	// go install: into GOBIN, or a folder on PATH, where the binary is
	// found by name.
	{`GOBIN=$PWD/bin go install ./cmd/guard`, true},
	{`GOBIN=$PWD/bin go install ./...`, true},
	{`GOBIN=$PWD/bin go install ./cmd/...`, true},
	{`GOBIN=$HOME/.local/bin go install ./cmd/guard`, true},
	{`GOBIN=$PWD/bin go install ./cmd/ok`, false},
	{`GOBIN=$PWD/out go install ./cmd/ok`, false},
	// go mod vendor removes its folder first, even with nothing to vendor.
	{`go mod vendor -o bin`, true},
	{`go mod vendor -o .claude`, true},
	{`go mod vendor`, false},
	{`go mod vendor -o third_party`, false},
}

// goJudgeRows are judged only: the toolchain's tools write what -o names.
var goJudgeRows = []struct {
	cmd  string
	deny bool
}{
	{`go tool link -o bin/guard main.o`, true},
	{`go tool compile -p main -o=bin/guard main.go`, true},
	{`go tool pack c bin/guard a.o`, true},
	{`go tool buildid -w bin/guard`, true},
	{`go tool link -o out/app main.o`, false},
	{`go tool -n link`, false},
	{`go tool pprof -top cpu.out`, false},
}

// goFixture is the fixture with a Go module in the project (commands
// cmd/guard and cmd/ok, and a module mod2 whose path ends in guard/v2),
// a GOENV file that sets -o, and go on PATH with the build cache of the
// test's own go.
func goFixture(t *testing.T, hookBin *string) *fixture {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go not found: %v", err)
	}
	cache, err := exec.Command(goBin, "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t)
	main := "package main\n\nfunc main() {}\n"
	write(t, filepath.Join(f.proj, "go.mod"), "module example.com/proj\n\ngo 1.22\n", 0o644)
	write(t, filepath.Join(f.proj, "cmd", "guard", "main.go"), main, 0o644)
	write(t, filepath.Join(f.proj, "cmd", "ok", "main.go"), main, 0o644)
	write(t, filepath.Join(f.proj, "mod2", "go.mod"), "module example.com/guard/v2\n\ngo 1.22\n", 0o644)
	write(t, filepath.Join(f.proj, "mod2", "main.go"), main, 0o644)
	write(t, filepath.Join(f.proj, "mod3", "go.mod"), "module \"example.com/gu\\x61rd\"\n\ngo 1.22\n", 0o644)
	write(t, filepath.Join(f.proj, "mod3", "main.go"), main, 0o644)
	write(t, filepath.Join(f.proj, "x.env"), "GOFLAGS=-o=bin/guard\n", 0o644)
	// go makes ~/.config/go (telemetry, go env -w): made first, so that
	// making it is not a change to the folder that holds the policy file.
	write(t, filepath.Join(f.home, ".config", "go", ".keep"), "", 0o644)
	f.addPath(filepath.Dir(goBin))
	f.env = append(f.env, "GOCACHE="+strings.TrimSpace(string(cache)), "GOTOOLCHAIN=local", "GOFLAGS=", "GOENV=", "GOBIN=", "GOPATH="+filepath.Join(f.root, "gopath"))
	// The hook binary a Go program, as it is: go overwrites an object
	// file only (built once a test, then copied).
	if *hookBin == "" {
		*hookBin = filepath.Join(t.TempDir(), "guard")
		build := exec.Command(goBin, "build", "-o", *hookBin, "./cmd/ok")
		build.Dir, build.Env = f.proj, f.env
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	b, err := os.ReadFile(*hookBin)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(f.proj, "bin", "guard"), string(b), 0o755)
	write(t, filepath.Join(f.proj, "names", "names.go"), "package names\n\n// File is a hook file.\nconst File = \".claude/settings.json\"\n", 0o644)
	write(t, filepath.Join(f.proj, "names", "names_test.go"), "package names\n\nimport \"testing\"\n\nfunc TestFile(t *testing.T) {\n\tif File == \"\" {\n\t\tt.Fatal()\n\t}\n}\n", 0o644)
	f.git(t, "add", ".")
	f.git(t, "commit", "-qm", "a go module, the hook a go program")
	// Written by the model, not committed: a directive that copies over
	// the hook binary.
	write(t, filepath.Join(f.proj, "gen", "gen.go"), "package gen\n\n//go:generate cp /bin/true ../bin/guard\n", 0o644)
	write(t, filepath.Join(f.proj, "wt", "w_test.go"), "package wt\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\n"+
		"func TestW(t *testing.T) { os.WriteFile(\"../bin/guard\", []byte(\"x\"), 0o755) }\n", 0o644)
	return f
}

// TestGoOutputs: go's programs are judged by where they land and the
// names the packages on disk give them.
func TestGoOutputs(t *testing.T) {
	var bin string
	f := goFixture(t, &bin)
	for _, c := range append(goRows, goJudgeRows...) {
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
	}
}

// TestGoOutputsUnderBash runs each row with the real go: a denied row
// changes the footing, a passing one does not.
func TestGoOutputsUnderBash(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bash and go for each row")
	}
	var bin string
	for _, c := range goRows {
		goFixture(t, &bin).checkBash(t, c.cmd, c.deny)
	}
}

// TestGoEnvFile: GOFLAGS that an earlier call left in the user's go env
// file (go env -w, or a plain write) apply to every later build: its -o
// is judged by its path, with the real go too.
func TestGoEnvFile(t *testing.T) {
	var bin string
	for _, c := range []struct {
		env  string
		deny bool
	}{
		{"GOFLAGS=-o=bin/guard\n", true},
		{"GOFLAGS=-trimpath\n", false},
	} {
		f := goFixture(t, &bin)
		write(t, filepath.Join(f.home, ".config", "go", "env"), c.env, 0o644)
		cmd := `go build ./cmd/ok`
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: cmd}})
		if deny != c.deny {
			t.Errorf("%q in the go env file: %s: deny %v (%q), want %v", c.env, cmd, deny, r, c.deny)
		}
		if testing.Short() {
			continue
		}
		if changed := f.bash(t, cmd); (len(changed) > 0) != c.deny {
			t.Errorf("%q in the go env file: %s changes %q under bash", c.env, cmd, changed)
		}
	}
}
