package guard

import (
	"context"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/policy"
	"github.com/agenthooks/hooks/writes"
)

// Config is the guard's knobs: what a policy file's [guard] table sets
// (see package policy). The zero Config is the shipped guard. It is a
// plain struct, so that the rules that grow knobs add fields to it.
type Config struct {
	// Scratch are directory names rule 1 treats as scratch, beyond
	// [ScratchNames].
	Scratch []string
	// Secrets are file globs rule 3 protects from writes beyond .env
	// files: a glob without a slash matches a file name anywhere
	// ("*.pem"), one with a slash the path relative to the project or
	// the absolute path; a leading ~/ is the user's home.
	Secrets []string
	// UploadHosts are the host names rule 7 lets a credential file be
	// sent to by curl, wget, scp or rsync (lower-case, no trailing dot,
	// as package policy checks them; see examples/guard/README.md).
	UploadHosts []string
	// Away says the guard judges the call away from the worktree it
	// names (a central gateway): it reads no worktree state, and rules 1
	// and 2 decide by the command's words, as outside a worktree.
	Away bool
}

// secrets returns cfg's secrets globs, nil for a nil cfg: rule 7 keeps
// the files they match from reads too ([IsSecretFile]'s extra).
func (cfg *Config) secrets() []string {
	if cfg == nil {
		return nil
	}
	return cfg.Secrets
}

// uploadHosts returns cfg's upload hosts, nil for a nil cfg.
func (cfg *Config) uploadHosts() []string {
	if cfg == nil {
		return nil
	}
	return cfg.UploadHosts
}

// ConfigOf returns the guard's knobs a policy set holds; nil for a nil
// set.
func ConfigOf(s *policy.Set) *Config {
	if s == nil {
		return nil
	}
	return &Config{Scratch: s.Guard.Scratch, Secrets: s.Guard.Secrets, UploadHosts: s.Guard.UploadHosts}
}

// secretWrites is rule 3 for the secrets globs of cfg: the reason to deny
// a call that writes a file one of them matches.
func secretWrites(ctx context.Context, cfg *Config, cwd string, t *hooks.Tool) (string, bool) {
	if cfg == nil || len(cfg.Secrets) == 0 {
		return "", false
	}
	start := time.Now()
	ws, err := writes.Of(ctx, t, cwd)
	if err != nil {
		report(ctx, "rule3-secrets", true, start)
		return reasonParse(err), true
	}
	for _, w := range ws {
		for _, g := range cfg.Secrets {
			if policy.MatchFile(g, w) {
				report(ctx, "rule3-secrets", true, start)
				return "guard: rule 3 (no write of a secrets file): " + w.Path + " matches the policy's secrets glob " + g +
					", and " + t.Name + " may write it; secrets files are the user's to change: ask the user", true
			}
		}
	}
	report(ctx, "rule3-secrets", false, start)
	return "", false
}
