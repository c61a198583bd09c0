package footing

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// stateJudged reports whether the git subcommand sub is judged by the
// repository's state (see place.git): what it changes depends on HEAD,
// the refs, the index and the worktree as they are when it runs.
func stateJudged(sub string) bool {
	switch sub {
	case "stash", "reset", "checkout", "switch", "restore", "revert", "cherry-pick", "merge", "rebase", "clean",
		"apply", "am", "read-tree", "sparse-checkout", "checkout-index", "pull":
		return true
	}
	return false
}

// gitMoves reports whether git command c may move HEAD, a ref or the
// index, so that a later git command of the same script is not judged
// by the state read before the script runs (git update-ref HEAD drop &&
// git reset --hard). git add and git commit are not counted: they make
// the index the worktree's and HEAD the index's, which no later command
// turns into a change of a file (git add -A && git commit -m x && git
// checkout main passes). git config is counted when it names a key of
// foreignKeys.
func gitMoves(c *shell.Command) bool {
	sub, ok := c.Subcommand(shell.Git)
	if !ok {
		return slices.ContainsFunc(c.Args[1:], func(a shell.Word) bool { return a.Dynamic })
	}
	switch sub[0].Value {
	case "config":
		// A key that changes how a checkout writes (core.sparseCheckout,
		// filter.*): a later command's state is not what was read.
		return slices.ContainsFunc(c.Args[1:], func(a shell.Word) bool {
			v := strings.ToLower(a.Value)
			return a.Dynamic || slices.ContainsFunc(foreignKeys, func(k string) bool { return strings.HasPrefix(v, k) })
		})
	case "add", "commit", "status", "diff", "log", "show", "grep", "ls-files", "ls-tree", "cat-file", "rev-parse",
		"blame", "describe", "shortlog", "remote", "tag", "push", "help", "version", "init", "clone",
		"archive", "format-patch", "check-ignore", "check-attr", "for-each-ref", "show-ref", "reflog", "gc",
		"fsck", "count-objects", "name-rev", "merge-base", "rev-list", "verify-commit", "whatchanged":
		return false
	}
	return true
}

// holdsAny reports whether any of paths (relative to root) is in the
// worktree. A repository that holds none of the footing's files is not
// denied a git command for a state moved earlier in the same call (git
// fetch && git checkout main): its worktree has no hook file to take
// away.
func holdsAny(root string, paths []string) bool {
	for _, p := range paths {
		if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(p))); err == nil {
			return true
		}
	}
	return false
}

// gitTracked returns the paths git tracks.
func gitTracked(ctx context.Context, root string, paths []string) ([]string, error) {
	return gitNames(ctx, root, append([]string{"ls-files", "-z", "--"}, paths...), false)
}

// gitReadTree returns the paths read-tree changes in the worktree: with
// -u, those that differ from each tree it reads (with none, or
// --empty, every tracked one); without -u, none (the index only).
func gitReadTree(ctx context.Context, root string, paths, vals []string) ([]string, error) {
	update, empty := false, false
	for _, v := range vals {
		switch {
		case v == "--empty":
			empty = true
		case v == "-u" || len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "u"):
			update = true
		}
	}
	if !update {
		return nil, nil
	}
	trees := operands(vals, []string{"--prefix", "--index-output", "--exclude-per-directory"})
	if empty || len(trees) == 0 {
		return gitTracked(ctx, root, paths)
	}
	var changed []string
	for _, t := range trees {
		ch, err := gitDiff(ctx, root, paths, t)
		changed = append(changed, ch...)
		if err != nil {
			return changed, err
		}
	}
	return changed, nil
}

// firstOperand is operands' first, or "".
func firstOperand(vals, withValue []string) string {
	if o := operands(vals, withValue); len(o) > 0 {
		return o[0]
	}
	return ""
}

// orHead is r, or HEAD when r is empty.
func orHead(r string) string {
	if r == "" {
		return "HEAD"
	}
	return r
}

// indexOf is the index of x in xs, or -1.
func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

// gitCheckoutIndex returns the paths git checkout-index writes: of
// those it names (from the directory it runs in) (all with -a or --stdin), the ones whose index entry
// differs from the worktree's file, only missing ones without -f. A
// --prefix other than ./ writes elsewhere, which is not read: every path
// counts.
func gitCheckoutIndex(ctx context.Context, dir, root string, paths, vals []string) ([]string, error) {
	force, all := false, false
	var names []string
	for i, v := range vals {
		switch {
		case v == "--":
			names = append(names, vals[i+1:]...)
		case v == "--force":
			force = true
		case v == "--all" || v == "--stdin":
			all = true
		case strings.HasPrefix(v, "--prefix="):
			if pre := strings.TrimPrefix(v, "--prefix="); pre != "" && pre != "./" {
				return paths, nil
			}
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-"):
			force = force || strings.Contains(v, "f")
			all = all || strings.Contains(v, "a")
		default:
			names = append(names, v)
		}
		if v == "--" {
			break
		}
	}
	var picked []string
	for _, fp := range paths {
		if all || slices.ContainsFunc(names, func(n string) bool {
			// A name is relative to the directory git runs in.
			r, ok := rel(root, filepath.Join(dir, filepath.FromSlash(n)))
			return ok && (r == fp || r == "." || strings.HasPrefix(fp, strings.TrimSuffix(r, "/")+"/"))
		}) {
			picked = append(picked, fp)
		}
	}
	if len(picked) == 0 {
		return nil, nil
	}
	changed, err := gitDiff(ctx, root, picked)
	if force || err != nil {
		return changed, err
	}
	var missing []string
	for _, ch := range changed {
		if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(ch))); err != nil {
			missing = append(missing, ch)
		}
	}
	return missing, nil
}

// foreignVars are the environment variables that point git at another
// repository, index or worktree, or give it configuration the footing
// does not read.
var foreignVars = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_NAMESPACE", "GIT_ATTR_SOURCE"}

// foreignKeys are the configuration keys (lower case, a prefix when
// ending in ".") that move git's worktree or change the files a checkout
// writes.
var foreignKeys = []string{"core.worktree", "core.bare", "core.autocrlf", "core.eol", "core.attributesfile",
	"core.sparsecheckout", "include.", "includeif.", "filter.", "core.symlinks"}

// foreignRepo returns why a git command whose global options are globals,
// in a script of text src, may act on another repository, index or
// worktree than the one whose state the footing reads, or on files
// another configuration rewrites: --git-dir, --work-tree, -c of a key of
// foreignKeys, or a variable of foreignVars named anywhere in the
// script. "" when none.
func (p *place) foreignRepo(src string, globals []string) string {
	for i, g := range globals {
		name, val, _ := strings.Cut(g, "=")
		switch name {
		case "--git-dir", "--work-tree":
			return "it runs with " + name + ", another repository or worktree than the one whose state is read"
		case "-c", "--config-env":
			if i+1 < len(globals) {
				val = globals[i+1]
			}
			key := strings.ToLower(strings.TrimSpace(val))
			for _, k := range foreignKeys {
				if strings.HasPrefix(key, k) {
					k, _, _ = strings.Cut(key, "=")
					return "it runs with -c " + k + ", which changes where or how it writes files"
				}
			}
		}
	}
	// The text is read once a call, not once a git command: 4,000 of
	// them read 100 KB each (issue 38).
	if p.foreign == nil || p.foreign.src != src {
		p.foreign = &foreignMemo{src: src, why: foreignVarsIn(src)}
	}
	return p.foreign.why
}

// foreignMemo is foreignVarsIn's answer for one text.
type foreignMemo struct{ src, why string }

// foreignVarsIn is foreignRepo's reading of the script's text src.
func foreignVarsIn(src string) string {
	// Quotes and backslashes do not end a variable's name for this
	// reading (export GIT_"DIR"=…).
	src = strings.NewReplacer(`"`, "", "'", "", `\`, "").Replace(src)
	for _, v := range foreignVars {
		if strings.Contains(src, v) {
			return "the command names " + v + ", which may point git at another repository, index or worktree"
		}
	}
	if strings.Contains(src, "GIT_CONFIG_") {
		return "the command names GIT_CONFIG_*, configuration that is not read"
	}
	return ""
}

// gitTop returns the top of the worktree git in dir works on (as its
// configuration says: core.worktree), or "" when git cannot tell in time;
// past maxGitReads, errGitReads.
func gitTop(ctx context.Context, dir string) (string, error) {
	names, err := gitNames(ctx, dir, []string{"rev-parse", "--show-toplevel"}, false)
	if errors.Is(err, errGitReads) {
		return "", err
	}
	if err != nil || len(names) != 1 {
		return "", nil
	}
	return filepath.Clean(strings.TrimSpace(names[0])), nil
}

// elsewhere returns the worktree, holding footing, that git in dir (or
// in a directory the script changes to, cds) works on when its
// repository's core.worktree puts it away from the repository's own
// directory; "" when there is none.
func (p *place) elsewhere(ctx context.Context, dir, root string, paths, cds []string) string {
	check := func(d, r string) string {
		top, err := gitTop(ctx, d)
		if err != nil {
			return "not known (" + err.Error() + ")" // past maxGitReads: denied as a worktree elsewhere
		}
		if top != "" && top != r && len(p.inRepo(top)) > 0 {
			return top
		}
		return ""
	}
	if len(paths) == 0 && root != "" {
		if top := check(dir, root); top != "" {
			return top
		}
	}
	for _, x := range p.cdRepos(cds).others(root) {
		if top := check(x.dir, x.root); top != "" {
			return top
		}
	}
	return ""
}

// checkOnly reports whether git apply's arguments vals turn applying
// off: --check, --stat, --numstat or --summary before any "--", and no
// --apply.
func checkOnly(vals []string) bool {
	off := false
	for _, v := range vals {
		switch v {
		case "--":
			return off
		case "--apply":
			return false
		case "--check", "--stat", "--numstat", "--summary":
			off = true
		}
	}
	return off
}

// optValue reports whether w is a long option whose name is static and
// whose value alone is known only at run time, not split (git log
// --author="$(git config user.name)"), and whose name is not (an
// abbreviation of) --output, which writes a file: the value cannot make
// it another option.
func optValue(w shell.Word) bool {
	name, _, ok := strings.Cut(w.Prefix(), "=")
	name, long := strings.CutPrefix(name, "--")
	return ok && long && name != "" && !strings.HasPrefix("output", name) && !w.Splits() && !strings.ContainsAny(name, "$`\\\"'")
}

// inPathspecs returns the footing paths (relative to root) that the
// pathspecs specs of a git command run in dir may match: a path that
// is a spec or lies under one. A spec with a glob, magic (:(…), :/) or
// an unusual form matches every path; with fold, case is ignored.
func inPathspecs(dir, root string, paths, specs []string, fold bool) []string {
	var abs []string
	for _, sp := range specs {
		if sp == "" || strings.ContainsAny(sp, "*?[:\\") || strings.HasPrefix(sp, "-") {
			return paths
		}
		a := filepath.Clean(filepath.Join(dir, filepath.FromSlash(sp)))
		if fold {
			a = strings.ToLower(a)
		}
		abs = append(abs, a)
	}
	var out []string
	for _, x := range paths {
		f := filepath.Join(root, filepath.FromSlash(x))
		if fold {
			f = strings.ToLower(f)
		}
		for _, a := range abs {
			if f == a || strings.HasPrefix(f, a+string(filepath.Separator)) || strings.HasPrefix(a, f+string(filepath.Separator)) {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// writesGitDir reports whether c writes, deletes or changes a file in a
// .git folder (echo /README.md > .git/info/sparse-checkout, printf …
// >> .git/config): a later git command of the same call may not find
// the state read before it runs.
func writesGitDir(c *shell.Command) bool {
	for _, e := range c.Effects {
		if e.Kind != shell.Writes && e.Kind != shell.Deletes && e.Kind != shell.Unknown {
			continue
		}
		v := "/" + e.Path.Value
		if strings.Contains(v, "/.git/") || strings.HasSuffix(v, "/.git") {
			return true
		}
	}
	return false
}
