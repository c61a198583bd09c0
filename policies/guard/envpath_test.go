package guard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKnownPaths: a path the command's text leaves to run time but the
// hook knows (the home folder, the temporary folder, a new folder of
// mktemp's) is judged where it is; one the command itself could change
// is not.
func TestKnownPaths(t *testing.T) {
	root := project(t)
	t.Setenv("HOME", filepath.Dir(root))
	t.Setenv("TMPDIR", "")
	proj := "~/" + filepath.Base(root)
	if err := os.WriteFile(filepath.Join(filepath.Dir(root), "wipe-home.sh"), []byte("rm -rf src\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []judgeCase{
		{`rm -rf ~/.cache/pip`, ""},
		{`cd ~ && rm -rf .cache/go-build`, ""},
		{`rm -rf "$HOME/.cache/pip" ${HOME}/.cache/x`, ""},
		{`cd PROJ && rm -rf node_modules`, ""},
		{`cd "$HOME/NAME" && rm -rf packages/a/node_modules`, ""},
		{`d=$(mktemp -d); trap 'rm -rf "$d"' EXIT; cp package-lock.json "$d"`, ""},
		{`tmp=$(mktemp -d) && cd "$tmp" && git clone https://example.com/x.git . && rm -rf .git`, ""},
		{`rm -rf "${TMPDIR:-/tmp}/foo"`, ""},
		{`cd "$(git rev-parse --show-toplevel)" && rm -rf node_modules packages/a/node_modules`, ""},
		{`rm -rf "$(git rev-parse --show-toplevel)/target"`, ""},
		{`cargo build --release && cp target/release/app ~/.local/bin/`, ""},
		{`. ~/.cargo/env && cargo --version`, ""},
		{`. ~/wipe-home.sh`, "rule 1"}, // read from the home folder: it deletes the project's src
		{`source "$HOME/wipe-home.sh"`, "rule 1"},
		{`echo 'rm -rf src' >> ~/x.sh; . ~/x.sh`, "rule 4"},
		{`printf 'rm -rf src\n' > "$HOME/x.sh" && bash ~/x.sh`, "rule 4"},
		{`cp /bin/rm ~/.local/bin/ls && ls -rf src`, "rule 4"}, // ~/.local/bin is on many a PATH
		{`rm -rf /var/tmp/build-* /tmp/x/*`, ""},
		{`rm -rf /var/tmp/*`, "rule 1"},
		{`rm -rf /var/tmp/build-*/`, "rule 1"},    // a match may be a link: followed
		{`rm -rf /var/tmp/x/*/sub`, "rule 1"},     // likewise on the way
		{`rm -rf ~/.cache/x/`, "ends in a slash"}, // ~/.cache/x may be a link
		{`pushd /tmp/x && popd && rm -rf .cache/pip`, "rule 1"},
		// Denied: the work is the project's, or the command sets what
		// the path depends on, or the text hides what it matches.
		{`cd PROJ && rm -rf src`, "which holds 1 file git has no copy of"},
		{`cd "$(git rev-parse --show-toplevel)" && rm -rf src`, "which holds 1 file git has no copy of"},
		{`cd /tmp && cd "$(git rev-parse --show-toplevel)" && rm -rf node_modules`, "rule 1"}, // another worktree's
		{`GIT_DIR=x cd "$(git rev-parse --show-toplevel)" && rm -rf node_modules`, "rule 1"},
		{`rm -rf PROJ/notes`, "rule 1"},
		{`HOME=/tmp; rm -rf ~/x`, "rule 1"},
		{`d=$(mktemp -d); d=src; rm -rf "$d"`, "rule 1"},
		{`TMPDIR=. d=$(mktemp -d); rm -rf "$d"`, "rule 1"},
		{`rm -rf "$TMPDIR/x"`, "rule 1"}, // unset: /x
		{`d=$(mktemp -d); mv src "$d"; rm -rf "$d"`, "moves files"},
		{`mv src ~/.cache/x && rm -rf ~/.cache/x`, "moves files"},
		{`mv build ~/backup && rm -rf node_modules`, ""},
		{`cd ~ && rm -rf *`, "rule 1"},
		{`rm -rf ` + filepath.Dir(root) + `/*`, "rule 1"}, // it matches the project
	}
	for i := range cases {
		cases[i].cmd = strings.NewReplacer("PROJ", proj, "NAME", filepath.Base(root)).Replace(cases[i].cmd)
	}
	judgeTable(t, root, cases)
	t.Setenv("HOME", "/home/dev")
	judgeTable(t, root, []judgeCase{
		{`rm -rf ~/.cache/pip ~/Library/Caches/x ~/.npm/_cacache/index-v5 ~/.gradle/caches/8.5`, ""},
		{`rm -rf ~/.npm`, "rule 1"},
		{`rm -rf ~/.cache`, "rule 1"},
		{`rm -rf ~/src`, "outside the project"},
	})
}

// TestTrailingSlash: rm -rf DIR/ deletes what DIR points to when it is a
// symbolic link; the guard reads the worktree, so a real folder that
// nothing in the command replaces first is judged as DIR.
func TestTrailingSlash(t *testing.T) {
	root := project(t)
	if err := os.Symlink("docs", filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	judgeTable(t, root, []judgeCase{
		{`rm -rf dist build/ && npm run build`, ""},
		{`rm -rf node_modules/`, ""},
		{`rm -rf linked/`, "ends in a slash"},
		{`ln -sfn docs build && rm -rf build/`, "ends in a slash"},
		{`rm -rf src/`, "rule 1"},
		{`rm -rf nothing/`, "ends in a slash"}, // nothing there now: a link a job of an earlier call makes may be there when rm runs
		{`ln -s docs nothing; rm -rf nothing/`, "ends in a slash"},
	})
}

// TestThroughLinks: a recursive delete through a symbolic link goes
// where the link points: one the command makes is denied, one on disk
// (an earlier call's) is followed and judged there. Run under bash, ln
// -s then rm -rf deletes the project's src/sub; cp -rs makes real
// folders of links to files, so its row is only the rule's caution.
func TestThroughLinks(t *testing.T) {
	root := project(t)
	tmp := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "src", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "src", "sub", "work.go"), []byte("package sub\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "src"), filepath.Join(tmp, "l")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "node_modules", ".cache"), filepath.Join(tmp, "cache")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "src"), filepath.Join(root, "packages", "evil")); err != nil {
		t.Fatal(err)
	}
	r := strings.NewReplacer("TMP", tmp, "ROOT", root)
	cases := []judgeCase{
		{`ln -s "$PWD/src" TMP/m && rm -rf TMP/m/sub`, "which `ln -s $PWD/src TMP/m` makes a link"},
		{`cp -rs "$PWD/src" TMP/n && rm -rf TMP/n/sub`, "makes a link"},
		{`rm -rf TMP/l/sub`, "is reached through a symbolic link"},
		{`rm -rf packages/*/sub`, "is reached through a symbolic link"}, // packages/evil is a link to src
		{`for d in packages/*; do rm -rf "$d/sub"; done`, "is reached through a symbolic link"},
		// Look-alikes: the link itself, a link to scratch, a plain
		// temporary folder.
		{`rm -rf TMP/l`, ""},
		{`rm -rf TMP/cache/x`, ""},
		{`mkdir -p TMP/k/sub && rm -rf TMP/k/sub`, ""},
	}
	for i := range cases {
		cases[i].cmd = r.Replace(cases[i].cmd)
		cases[i].want = r.Replace(cases[i].want)
	}
	judgeTable(t, root, cases)
}
