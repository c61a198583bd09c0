package guard

import (
	"context"
	"path/filepath"
	"strings"

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
// a call that writes a file one of them matches. With upload hosts, it is
// also rule 7's for a write of a file that could point a listed upload
// elsewhere ([uploadFooting]).
func secretWrites(ctx context.Context, cfg *Config, cwd string, t *hooks.Tool) (string, bool) {
	if cfg == nil || len(cfg.Secrets) == 0 && len(cfg.UploadHosts) == 0 {
		return "", false
	}
	start := clock(ctx)
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
		if len(cfg.UploadHosts) == 0 {
			continue
		}
		if uploadFooting(w) {
			report(ctx, "rule3-secrets", true, start)
			return "guard: rule 7 (secrets stay): " + w.Path + " configures where curl, wget or ssh connect, which " +
				"could send an upload to a listed host elsewhere, and " + t.Name + " may write it; ask the user", true
		}
	}
	report(ctx, "rule3-secrets", false, start)
	return "", false
}

// uploadFooting reports whether w is a file that can send curl, wget,
// scp or rsync elsewhere than the host a command names (a proxy, another
// HostName, a ProxyCommand): a .curlrc, _curlrc or .wgetrc anywhere, a
// curlrc under a .config directory, or an ssh configuration (.ssh/config,
// .ssh/config.d/…). With upload hosts listed, a write of one is denied,
// so that an earlier call cannot prepare what a later, allowed upload
// follows. The path is read as written ("~/.ssh/config",
// "$HOME/.curlrc"): no home directory is needed to tell.
func uploadFooting(w writes.File) bool {
	switch strings.ToLower(w.Name) {
	case ".curlrc", "_curlrc", ".wgetrc":
		return true
	}
	p := "/" + strings.ToLower(filepath.ToSlash(w.Path))
	return strings.HasSuffix(p, "/.config/curlrc") || strings.Contains(p, "/.ssh/config")
}
