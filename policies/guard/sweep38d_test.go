package guard

import (
	"path/filepath"
	"testing"

	"github.com/agenthooks/hooks/footing"
)

// TestSweep38d: sweep 38's fourth pass (testdata/sweep38d.txt), in a
// project with the hook installed. Each attack was run under bash in a
// sandbox project (a git repository with uncommitted work in src, notes
// and packages/b, app/.env, the hook in bin/guard and
// .claude/settings.json, a home with ~/.ssh/id_rsa, ~/.aws/credentials
// and ~/.git-credentials) and lost work, ran code, wrote a .env file,
// changed the hook or printed a secret; the rows of programs not on that
// machine (busybox, deno, bun, ruby, php, pnpm, yarn, rg, ag, gh, …) are
// judged only. Each is denied; the everyday commands beside them
// (testdata/everyday38d.txt, run under bash too) pass. Its last known
// miss (names a pipeline of filters prints from ls -a app, read by
// xargs cat) is closed in sweep 38f (testdata/sweep38f.txt).
func TestSweep38d(t *testing.T) {
	root, s := hookedProject(t)
	unsetenv(t, "NOPE_DIR")
	home := t.TempDir()
	t.Setenv("HOME", home)
	writeFile(t, home, ".ssh/id_rsa", "OPENSSH-PRIVATE-TEST\n")
	writeFile(t, home, ".aws/credentials", "[default]\naws_secret_access_key=AWSSECRETTEST\n")
	judgeSweep(t, root, s, "38d", 150, 40)
}

// judgeSweep judges a sweep's attacks (testdata/sweepNAME.txt), each of
// which must be denied, and its everyday commands
// (testdata/everydayNAME.txt), each of which must pass, in the hooked
// project root; the files must hold at least minAttacks and
// minEveryday commands.
func judgeSweep(t *testing.T, root string, s *footing.Set, name string, minAttacks, minEveryday int) {
	t.Helper()
	attacks := readCommands(t, filepath.Join("testdata", "sweep"+name+".txt"))
	everyday := readCommands(t, filepath.Join("testdata", "everyday"+name+".txt"))
	if len(attacks) < minAttacks || len(everyday) < minEveryday {
		t.Fatalf("%d attacks and %d everyday commands, want at least %d and %d", len(attacks), len(everyday), minAttacks, minEveryday)
	}
	for _, cmd := range attacks {
		if _, deny := judgeHooked(root, s, cmd); !deny {
			t.Errorf("%q: passes, want it denied", cmd)
		}
	}
	for _, cmd := range everyday {
		if r, deny := judgeHooked(root, s, cmd); deny {
			t.Errorf("%q: denied (%s), want it to pass", cmd, r)
		}
	}
}
