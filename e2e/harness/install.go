package harness

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Clients is an installation of the pinned clients.
type Clients struct {
	// Dir is the npm prefix holding node_modules.
	Dir string
	// Versions maps a package name to its installed version.
	Versions map[string]string
}

// Bin returns the path of an executable in node_modules/.bin.
func (c *Clients) Bin(name string) string { return filepath.Join(c.Dir, "node_modules", ".bin", name) }

// The npm packages of the clients, as pinned in e2e/clients/package.json.
const (
	PkgClaude = "@anthropic-ai/claude-code"
	PkgGemini = "@google/gemini-cli"
	PkgCodex  = "@openai/codex"
	// PkgClaudeNext is an npm alias of PkgClaude at the newest version
	// pinned, installed beside the oldest supported one.
	PkgClaudeNext = "claude-code-next"
)

// ClaudeBin returns the native executable of a Claude Code package (pkg
// is PkgClaude or PkgClaudeNext; both declare the same bin name, so
// node_modules/.bin holds only one of them).
func (c *Clients) ClaudeBin(pkg string) string {
	return filepath.Join(c.Dir, "node_modules", pkg, "bin", "claude.exe")
}

// ClientsEnv names a directory holding a package.json and
// package-lock.json to install instead of e2e/clients (the maintainer's
// run against the newest clients, e2e/newest, sets it).
const ClientsEnv = "HOOKS_E2E_CLIENTS"

// stampName is the file in the install dir that records the lock hash of
// the installation.
const stampName = ".e2e-lock-sha256"

// Install makes sure the clients pinned in <root>/e2e/clients (or in
// $HOOKS_E2E_CLIENTS) are installed in <root>/.cache/e2e/npm-<lock hash>
// and returns them. An installation
// whose recorded lock hash matches is reused; otherwise it runs npm ci
// (npm cache in <root>/.cache/e2e/npm-cache). Concurrent callers, even in
// other processes, wait for one another.
func Install(ctx context.Context, root string) (*Clients, error) {
	src := filepath.Join(root, "e2e", "clients")
	if dir := os.Getenv(ClientsEnv); dir != "" {
		src = dir
	}
	pkg, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		return nil, fmt.Errorf("read pinned clients: %w", err)
	}
	lock, err := os.ReadFile(filepath.Join(src, "package-lock.json"))
	if err != nil {
		return nil, fmt.Errorf("read pinned clients: %w", err)
	}
	sum := sha256.New()
	sum.Write(pkg)
	sum.Write([]byte{0})
	sum.Write(lock)
	hash := hex.EncodeToString(sum.Sum(nil))

	cache := filepath.Join(root, ".cache", "e2e")
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return nil, err
	}
	// npm ci --prefix takes a directory reached through a symbolic link
	// (a worktree's .cache linked to a shared one) for a link to another
	// package, and refuses the lock: give it the real path.
	cache, err = filepath.EvalSymlinks(cache)
	if err != nil {
		return nil, err
	}
	// One directory per pinned set: worktrees and branches with other
	// pins share the cache without reinstalling over each other's clients.
	dir := filepath.Join(cache, "npm-"+hash[:16])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockFile(ctx, filepath.Join(cache, "install.lock"))
	if err != nil {
		return nil, err
	}
	defer unlock()

	c := &Clients{Dir: dir}
	if old, err := os.ReadFile(filepath.Join(dir, stampName)); err == nil && strings.TrimSpace(string(old)) == hash {
		if err := c.readVersions(); err == nil {
			return c, nil
		}
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return nil, fmt.Errorf("npm is needed to install the clients (node >= 20 with npm): %w", err)
	}
	os.Remove(filepath.Join(dir, stampName))
	if err := os.RemoveAll(filepath.Join(dir, "node_modules")); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), pkg, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "package-lock.json"), lock, 0o644); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "npm", "ci", "--prefix", dir, "--cache", filepath.Join(cache, "npm-cache"),
		"--no-audit", "--no-fund", "--loglevel=error", "--update-notifier=false")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("npm ci in %s: %w\n%s", dir, err, tail(out.Bytes(), 4000))
	}
	if err := c.readVersions(); err != nil {
		return nil, fmt.Errorf("after npm ci: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, stampName), []byte(hash+"\n"), 0o644); err != nil {
		return nil, err
	}
	return c, nil
}

// readVersions reads the installed versions and checks the executables.
func (c *Clients) readVersions() error {
	c.Versions = map[string]string{}
	for _, p := range []string{PkgClaude, PkgClaudeNext, PkgGemini, PkgCodex, PkgCopilot, PkgQwen, PkgDroid, PkgKimi, PkgNode, PkgCline, PkgOpenCode, PkgKilo, PkgPi, PkgAuggie} {
		data, err := os.ReadFile(filepath.Join(c.Dir, "node_modules", p, "package.json"))
		if err != nil {
			return err
		}
		var v struct{ Version string }
		if err := json.Unmarshal(data, &v); err != nil || v.Version == "" {
			return fmt.Errorf("%s: no version in package.json (%v)", p, err)
		}
		c.Versions[p] = v.Version
	}
	for _, b := range []string{"claude", "gemini", "codex", "copilot", "qwen", "cline", "pi", "auggie"} {
		if st, err := os.Stat(c.Bin(b)); err != nil || st.Mode()&0o111 == 0 {
			return fmt.Errorf("client executable %s missing or not executable (%v)", c.Bin(b), err)
		}
	}
	for _, b := range []string{c.DroidBin(), c.KimiBin(), filepath.Join(c.Dir, "node_modules", PkgNode, "bin", "node"), c.OpenCodeBin(), c.KiloBin()} {
		if st, err := os.Stat(b); err != nil || st.Mode()&0o111 == 0 {
			return fmt.Errorf("client executable %s missing or not executable (%v)", b, err)
		}
	}
	// Claude Code's postinstall links its native binary over bin/claude.exe;
	// a skipped install script leaves a small placeholder.
	for _, p := range []string{PkgClaude, PkgClaudeNext} {
		if st, err := os.Stat(c.ClaudeBin(p)); err != nil || st.Size() < 1<<20 {
			return fmt.Errorf("%s native binary missing: the package's postinstall script did not run", p)
		}
	}
	return nil
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
