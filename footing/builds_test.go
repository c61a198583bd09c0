package footing_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks"
)

// buildFixture is installFixture with the crates' sources, and cmake
// build folders configured for ~/.local (home) and for /opt/app (opt).
func buildFixture(t *testing.T) *fixture {
	t.Helper()
	f := installFixture(t)
	for p, c := range map[string]string{
		"tool/src/main.rs":    "fn main() {}\n",
		"ok/src/main.rs":      "fn main() {}\n",
		"home/CMakeCache.txt": "CMAKE_INSTALL_PREFIX:PATH=" + filepath.Join(f.home, ".local") + "\n",
		"opt/CMakeCache.txt":  "CMAKE_INSTALL_PREFIX:PATH=/opt/app\n",
	} {
		write(t, filepath.Join(f.proj, filepath.FromSlash(p)), c, 0o644)
	}
	return f
}

// buildRows are builds that install programs into a folder: cargo build
// --artifact-dir names them by Cargo.toml (run marks the rows run with
// the real cargo, which takes -Z only with RUSTC_BOOTSTRAP=1); cmake,
// meson, ninja and gem install programs whose names are known only when
// they run, refused where the folder may hold a footing entry.
var buildRows = []struct {
	cmd       string
	deny, run bool
}{
	{`cd tool && RUSTC_BOOTSTRAP=1 cargo build --offline --artifact-dir ../bin -Z unstable-options`, true, true},
	{`cd ok && RUSTC_BOOTSTRAP=1 cargo build --offline --artifact-dir ../bin -Z unstable-options`, false, true},
	{`cd tool && RUSTC_BOOTSTRAP=1 cargo build --offline --artifact-dir ../dist -Z unstable-options`, false, true},
	{`cargo build --manifest-path tool/Cargo.toml --out-dir "$HOME/.local/bin" -Z unstable-options`, true, false},
	{`cmake --install build --prefix ~/.local`, true, false},
	{`cmake --install build --prefix "$HOME/.local"`, true, false},
	{`cmake --install build --prefix .`, true, false}, // bin/guard
	{`cmake --install home`, true, false},             // configured for ~/.local
	{`cmake --build home --target install`, true, false},
	{`ninja -C home install`, true, false},
	{`cmake --install build`, true, false}, // no cache: the prefix is not known
	{`meson install -C build`, true, false},
	{`gem install ./x.gem`, true, false},
	{`gem build x.gemspec && gem install --bindir ~/.local/bin x-1.0.gem`, true, false},
	{`cmake --install build --prefix ./dist`, false, false},
	{`cmake --install build --prefix /tmp/install`, false, false},
	{`cmake --install opt`, false, false},
	{`ninja -C opt install`, false, false},
	{`cmake --build build -j 4`, false, false},
	{`ninja -C build`, false, false},
	{`gem install --bindir vendor/bin ./x.gem`, false, false},
	{`gem install rails`, false, false},
}

// TestBuildInstalls: the programs a build installs are judged by the
// folder they land in, and by their names where the build names them.
func TestBuildInstalls(t *testing.T) {
	f := buildFixture(t)
	for _, c := range buildRows {
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
	}
}

// TestBuildInstallsUnderCargo runs the cargo rows with the real cargo,
// offline: a denied row changes the footing (bin/guard), a passing one
// does not.
func TestBuildInstallsUnderCargo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a crate for each row")
	}
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		t.Skip("cargo not found:", err)
	}
	for _, c := range buildRows {
		if !c.run {
			continue
		}
		f := buildFixture(t)
		f.addPath(filepath.Dir(cargo))
		// The toolchain where rustup put it, under the real home.
		home, _ := os.UserHomeDir()
		cargoHome, rustupHome := os.Getenv("CARGO_HOME"), os.Getenv("RUSTUP_HOME")
		if cargoHome == "" {
			cargoHome = filepath.Join(home, ".cargo")
		}
		if rustupHome == "" {
			rustupHome = filepath.Join(home, ".rustup")
		}
		f.env = append(f.env, "CARGO_HOME="+cargoHome, "RUSTUP_HOME="+rustupHome, "CARGO_TARGET_DIR="+filepath.Join(f.root, "target"))
		f.checkBash(t, c.cmd, c.deny)
	}
}

// TestSearchNames: xargs on the names grep -l prints writes the files
// whose text matches; the footing's files are read for the pattern
// (each row run with the real grep too).
func TestSearchNames(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		deny bool
	}{
		{`grep -rl hooks . | xargs sed -i 's/guard/true/'`, true}, // bash: the settings run bin/true
		{`grep -rli PRETOOLUSE . | xargs sed -i 's/guard/true/'`, true},
		{`grep -rl 'exit 2' . | xargs sed -i 's/exit 2/exit 0/'`, true}, // bash: bin/guard exits 0
		{`grep -rl 'exit.2' . | xargs sed -i 's/exit 2/exit 0/'`, true},
		{`grep -rl 'exit \(2\|3\)' . | xargs sed -i 's/exit 2/exit 0/'`, true},
		{`grep -rlE 'exit (2|3)' bin | xargs sed -i 's/exit 2/exit 0/'`, true},
		{`grep -rlv readme . | xargs sed -i 's/exit 2/exit 0/'`, true}, // the files that do not match
		{`grep -rL readme . | xargs sed -i 's/exit 2/exit 0/'`, true},
		{`grep -rl readme . | xargs sed -i 's/readme/README/'`, false},
		{`grep -rlF 'exit.2' . | xargs sed -i 's/exit/quit/'`, false}, // a fixed string: no file holds it
		{`grep -rl 'exit^2' . | xargs sed -i 's/exit/quit/'`, false},  // ^ inside: a literal in a basic expression
		{`grep -rlw obj build | xargs sed -i 's/obj/OBJ/'`, false},
		{`grep -rlz 'sh.exit' . | xargs sed -i 's/exit 2/exit 0/'`, true}, // -z: . takes the newline
	} {
		f := newFixture(t)
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
		f.checkBash(t, c.cmd, c.deny)
	}
}

// TestEmptyDirDeletes: find -type d -delete deletes only empty folders:
// a protected folder that is empty goes, a file never does.
func TestEmptyDirDeletes(t *testing.T) {
	for _, c := range []struct {
		cmd   string
		empty bool // the state folder emptied first
		deny  bool
	}{
		{`find ~/.local/state -type d -empty -delete`, true, true}, // bash: the state folder deleted
		{`find ~/.local -depth -type d -delete`, true, true},
		{`find ~/.local/state -type d -empty -delete`, false, false},
		{`find . -empty -type d -delete`, false, false},
		{`find . -type d -delete`, false, false},
		{`find . -type f -empty -delete`, false, true}, // an empty hook file would go
	} {
		f := newFixture(t)
		if c.empty {
			if err := os.Remove(filepath.Join(f.home, ".local/state/agenthooks/.keep")); err != nil {
				t.Fatal(err)
			}
		}
		r, deny := f.set(f.proj).Judge(context.Background(), &hooks.Tool{Name: "Bash", Input: &hooks.ShellInput{Command: c.cmd}})
		if deny != c.deny {
			t.Errorf("%s: deny %v (%q), want %v", c.cmd, deny, r, c.deny)
		}
		if c.cmd != `find . -type f -empty -delete` {
			f.checkBash(t, c.cmd, c.deny)
		}
	}
}
