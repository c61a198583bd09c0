package guard

import (
	"context"
	"path/filepath"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/footing"
)

// remoteHome stands for the developer's home directory, which a policy
// served away from the developer's machine (examples/gateway) does not
// know: a path the command spells from ~ or $HOME is matched under it.
const remoteHome = "/~home"

// footingRule is rule 6 as a policy that may not run on the developer's
// machine applies it: the footing of every host's hook files, trust and
// login profiles, and the policy files, in the project (the event's
// working directory) and under the home directory as the command spells
// it (~/.claude/settings.json, $HOME/.bashrc). The binary, its PATH
// directories, the state directory, git's view of the repository and
// absolute home paths are not known there: a hook built on hookmain.Run
// (the guard itself) protects those too, before this rule runs.
func footingRule(ctx context.Context, cwd string, t *hooks.Tool) (string, bool) {
	if cwd == "" || !filepath.IsAbs(cwd) {
		return "", false
	}
	start := clock(ctx)
	s := footing.Of(footing.Env{Cwd: cwd, Home: filepath.FromSlash(remoteHome), Getenv: noEnv,
		Hosts: func() []footing.Host { return footing.HostsOf(builtin.Adapters()) }})
	r, deny := s.Judge(ctx, t)
	report(ctx, "rule6-footing", deny, start)
	if !deny {
		return "", false
	}
	return "guard: rule 6 (the hook's own footing): " + r, true
}

// noEnv is an empty environment: the gateway's is not the developer's.
func noEnv(string) string { return "" }
