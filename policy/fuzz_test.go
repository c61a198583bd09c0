package policy

import (
	"context"
	"errors"
	"testing"

	"github.com/agenthooks/hooks"
)

// FuzzParse: no input panics the loader, and every error is an *Error
// that names the file.
func FuzzParse(f *testing.F) {
	f.Add([]byte(npmDeny))
	f.Add([]byte("version = 1\n[guard]\nscratch = [\"out\"]\nsecrets = [\"*.pem\"]\n"))
	f.Add([]byte("version = 1\n[[rule]]\nname = \"a\"\nwrites = \"**/x/**\"\ndecision = \"ask\"\nreason = \"r\"\n"))
	f.Add([]byte("version = 1\n[[rule]\n"))
	f.Add([]byte("rule = [{name = \"a\", command = \"rm\", decision = \"deny\", reason = \"x\"}]\nversion = 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, l := range []Layer{Managed, Project} {
			file, err := Parse("fuzz.toml", l, data)
			if err != nil {
				var pe *Error
				if !errors.As(err, &pe) || pe.File != "fuzz.toml" {
					t.Fatalf("Parse error %v is not an *Error naming the file", err)
				}
				continue
			}
			if _, err := NewSet(file); err != nil {
				t.Fatalf("NewSet of one valid file: %v", err)
			}
		}
	})
}

// FuzzEval: no command panics the evaluation of a 50-rule file, and a
// command that cannot be read is denied, never let through.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"npm publish", "tool3 sub --force", "echo x > secrets1/k", "bash -c 'tool0 sub -f'", "$(x) y", "a 'b"} {
		f.Add(s)
	}
	file, err := Parse("fifty.toml", Managed, []byte(fiftyRules()))
	if err != nil {
		f.Fatal(err)
	}
	set, err := NewSet(file)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		v := set.Eval(context.Background(), shellEvent(cmd))
		if v.Unseen != "" && v.Response().Decision != hooks.DecisionDeny {
			t.Fatalf("%q: unseen but not denied: %+v", cmd, v)
		}
	})
}
