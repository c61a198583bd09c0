package guard

import (
	"testing"
)

// TestPatchLinks: a patch that makes a symbolic link to a credential
// file (mode 120000, its target the hunk's one added line) is judged as
// an archive holding one (issue 38). Under bash, `git apply p.diff &&
// cat newlink`, `git am link.patch && cat newlink` (a mail of git
// format-patch) and `patch -p1 < p.diff && cat newlink` printed app/.env
// (KEY=1), the patch making newlink a link to it: the guard read the
// patch's names, but not that one is a link, and knew no file git am
// writes. The look-alikes apply patches of plain files or of a link to
// another file, or only check a patch.
func TestPatchLinks(t *testing.T) {
	root := project(t)
	writeFile(t, root, "app/.env", "KEY=1\n")
	link := func(name, target string) string {
		return "diff --git a/" + name + " b/" + name + "\nnew file mode 120000\nindex 0000000..1111111\n--- /dev/null\n+++ b/" + name +
			"\n@@ -0,0 +1 @@\n+" + target + "\n\\ No newline at end of file\n"
	}
	mail := func(body string) string {
		return "From 4359 Mon Sep 17 00:00:00 2001\nFrom: a <a@b>\nSubject: [PATCH] link\n\n---\n newlink | 1 +\n\n" + body + "-- \n2.39.5\n"
	}
	writeFile(t, root, "p.diff", link("newlink", "app/.env"))
	writeFile(t, root, "k.diff", link("k", "/home/dev/.ssh/id_rsa"))
	writeFile(t, root, "up.diff", link("src/up", "../app/.env"))
	writeFile(t, root, "link.patch", mail(link("newlink", "app/.env")))
	writeFile(t, root, "ok.diff", link("readme", "README.md"))
	writeFile(t, root, "fix.patch", mail("diff --git a/src/main.go b/src/main.go\n--- a/src/main.go\n+++ b/src/main.go\n@@ -1 +1,2 @@\n package main\n+// x\n"))
	judgeTable(t, root, []judgeCase{
		{`git apply p.diff && cat newlink`, "guard: rule"},
		{`git apply p.diff; head newlink`, "guard: rule"},
		{`git apply --3way p.diff`, "guard: rule"},
		{`git apply k.diff && cat k`, "guard: rule"},
		{`git apply up.diff && cat src/up`, "guard: rule"},
		{`git am link.patch && cat newlink`, "guard: rule"},
		{`git am -3 --signoff link.patch`, "guard: rule"},
		{`patch -p1 < p.diff && cat newlink`, "guard: rule"},
		{`patch -p1 -i p.diff && cat newlink`, "guard: rule"},
		// Look-alikes.
		{`git apply ok.diff && cat readme`, ""},
		{`git apply --check p.diff`, ""},
		{`git apply --stat p.diff`, ""},
		{`git am fix.patch && go test ./...`, ""},
		{`git apply fix.patch && cat src/main.go`, ""},
	})
}
