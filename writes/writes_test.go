package writes_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/shell"
	"github.com/agenthooks/hooks/writes"
)

func TestPaths(t *testing.T) {
	patch := &hooks.PatchInput{Files: []hooks.FileChange{
		{Op: hooks.PatchAdd, Path: "a.txt"},
		{Op: hooks.PatchUpdate, Path: "b.txt", MoveTo: "c/.env"},
		{Op: hooks.PatchDelete, Path: "d.txt"},
	}}
	for _, tc := range []struct {
		in   hooks.ToolInput
		want []string
	}{
		{&hooks.WriteInput{Path: "/p/w"}, []string{"/p/w"}},
		{&hooks.EditInput{Path: "/p/e"}, []string{"/p/e"}},
		{patch, []string{"a.txt", "b.txt", "c/.env", "d.txt"}},
		{&hooks.ShellInput{Command: "apply_patch", Patch: patch}, []string{"a.txt", "b.txt", "c/.env", "d.txt"}},
		{&hooks.ShellInput{Command: "ls"}, nil},
		{&hooks.ShellInput{Command: "cd sub && echo A=1 > .env; tee -a log <x; rm -f old"}, []string{"sub/.env", "log", "sub/log", "old", "sub/old"}}, // the cd may have failed
		{&hooks.ShellInput{Command: `echo > "$f"; echo > b`}, []string{"b"}},
		{&hooks.ShellInput{Command: "echo > x; ("}, nil},
		{&hooks.DeleteInput{Path: "/p/.env"}, []string{"/p/.env"}},
		{&hooks.ReadInput{Path: "/p/r"}, nil},
		{hooks.RawInput(`{}`), nil},
	} {
		tool := hooks.Tool{Input: tc.in}
		if got := writes.Paths(&tool); !slices.Equal(got, tc.want) {
			t.Errorf("%T: WritePaths = %q, want %q", tc.in, got, tc.want)
		}
	}
	var nilTool *hooks.Tool
	if writes.Paths(nilTool) != nil || nilTool.Kind() != hooks.KindOther {
		t.Error("nil tool must have no paths and kind other")
	}
}

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   hooks.ToolInput
		cwd  string
		want []writes.File
		err  bool
	}{
		{"absolute write", &hooks.WriteInput{Path: "/home/dev/project/secrets/k.pem"}, "/home/dev/project",
			[]writes.File{{Path: "/home/dev/project/secrets/k.pem", Rel: "secrets/k.pem", Name: "k.pem"}}, false},
		{"relative write", &hooks.WriteInput{Path: "secrets/../secrets/k.pem"}, "/home/dev/project",
			[]writes.File{{Path: "/home/dev/project/secrets/k.pem", Rel: "secrets/k.pem", Name: "k.pem"}}, false},
		{"outside", &hooks.EditInput{Path: "/etc/hosts"}, "/home/dev/project",
			[]writes.File{{Path: "/etc/hosts", Rel: "../../../etc/hosts", Name: "hosts"}}, false},
		{"no cwd", &hooks.WriteInput{Path: "a/./b"}, "",
			[]writes.File{{Path: "a/./b", Rel: "a/b", Name: "b"}}, false},
		{"delete", &hooks.DeleteInput{Path: "/home/dev/project/.env"}, "/home/dev/project",
			[]writes.File{{Path: "/home/dev/project/.env", Rel: ".env", Name: ".env", Delete: true}}, false},
		{"patch", &hooks.PatchInput{Files: []hooks.FileChange{{Op: hooks.PatchUpdate, Path: "a", MoveTo: "b"}, {Op: hooks.PatchDelete, Path: "c"}}}, "/p",
			[]writes.File{{Path: "/p/a", Rel: "a", Name: "a", Delete: true}, {Path: "/p/b", Rel: "b", Name: "b"}, {Path: "/p/c", Rel: "c", Name: "c", Delete: true}}, false},
		{"shell", &hooks.ShellInput{Command: `cd secrets && echo x > k.pem; rm "$F"; echo > "$D/.env"`}, "/home/dev/project",
			[]writes.File{
				{Path: "/home/dev/project/secrets/k.pem", Rel: "secrets/k.pem", Name: "k.pem"},
				// After `;` the cd may have failed: each write in either directory.
				{Path: "/home/dev/project/$F", Dynamic: true, Delete: true},
				{Path: "/home/dev/project/secrets/$F", Dynamic: true, Delete: true},
				{Path: "/home/dev/project/$D/.env", Name: ".env", Dynamic: true},
				{Path: "/home/dev/project/secrets/$D/.env", Name: ".env", Dynamic: true},
			}, false},
		{"shell cwd wins", &hooks.ShellInput{Command: "echo > out", Cwd: "sub"}, "/home/dev/project",
			[]writes.File{{Path: "/home/dev/project/sub/out", Rel: "sub/out", Name: "out"}}, false},
		{"shell absolute cwd", &hooks.ShellInput{Command: "echo > out", Cwd: "/tmp"}, "/home/dev/project",
			[]writes.File{{Path: "/tmp/out", Rel: "../../../tmp/out", Name: "out"}}, false},
		{"shell does not parse", &hooks.ShellInput{Command: "echo > out; ("}, "/p", nil, true},
		{"read", &hooks.ReadInput{Path: ".env"}, "/p", nil, false},
	} {
		tool := hooks.Tool{Input: tc.in}
		got, err := writes.Of(context.Background(), &tool, tc.cwd)
		if (err != nil) != tc.err {
			t.Errorf("%s: error %v, want error %v", tc.name, err, tc.err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: Writes(%q) =\n%+v\nwant\n%+v", tc.name, tc.cwd, got, tc.want)
		}
	}
}

// WritesContext parses under the handler's context and within the shell
// parser's limits: a context already ended, or a command nested past the
// limits, is an error a policy denies, not a handler past its deadline.
func TestOfContext(t *testing.T) {
	tool := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: "echo hi > out.txt"}}
	ws, err := writes.Of(context.Background(), tool, "/home/dev/project")
	if err != nil || len(ws) != 1 || ws[0].Path != "/home/dev/project/out.txt" {
		t.Fatalf("WritesContext = %+v, %v; want out.txt", ws, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := writes.Of(ctx, tool, "/home/dev/project"); !errors.Is(err, context.Canceled) {
		t.Errorf("ended context: err %v, want context.Canceled", err)
	}
	deep := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: strings.Repeat("$(", 5000) + "x" + strings.Repeat(")", 5000) + "; rm -rf build"}}
	if _, err := writes.Of(context.Background(), deep, ""); !errors.Is(err, shell.ErrLimit) {
		t.Errorf("nested 5000 deep: err %v, want shell.ErrLimit", err)
	}
	if _, err := writes.Of(context.Background(), deep, ""); !errors.Is(err, shell.ErrLimit) {
		t.Errorf("Writes, nested 5000 deep: err %v, want shell.ErrLimit", err)
	}
}

// TestWritesRecursiveMaybe checks that Tool.Writes carries what package
// shell says of a write: a recursive delete, and a possible write by a
// program it does not know.
func TestOfRecursiveMaybe(t *testing.T) {
	tool := &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: `rm -r build; find "$D" -delete; mytool .env; rm f`}}
	ws, err := writes.Of(context.Background(), tool, "/home/dev/project")
	if err != nil {
		t.Fatal(err)
	}
	type w struct {
		path                     string
		del, rec, maybe, dynamic bool
	}
	var got []w
	for _, x := range ws {
		got = append(got, w{x.Path, x.Delete, x.Recursive, x.Maybe, x.Dynamic})
	}
	want := []w{
		{"/home/dev/project/build", true, true, false, false},
		{"/home/dev/project/$D", true, true, false, true},
		{"/home/dev/project/.env", false, false, true, false},
		{"/home/dev/project/f", true, false, false, false},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Writes:\n got %+v\nwant %+v", got, want)
	}
}
