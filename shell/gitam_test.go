package shell

import "testing"

// TestGitAm: git am writes the files its mailboxes' patches name, as
// git apply does; --abort and the like read none.
func TestGitAm(t *testing.T) {
	for _, tc := range []struct{ src, effects string }{
		{`git am p.patch`, `git: <p.patch >(p.patch){./…}`},
		{`git am -3 --signoff a.patch b.patch`, `git: <a.patch >(a.patch){./…} <b.patch >(b.patch){./…}`},
		{`git am --directory=sub p.patch`, `git: <p.patch >(p.patch){sub/…}`},
		{`git am --abort`, ``},
		{`git am --continue`, ``},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := effects(s); got != tc.effects {
			t.Errorf("Parse(%q) effects:\n got %s\nwant %s", tc.src, got, tc.effects)
		}
	}
}
