package shell

import (
	"context"
	"testing"
)

// TestArchiveOutQuiet: an archive written to the standard output is no
// tree search when that output goes to a file, or into commands that
// show nothing of it; it is one when the output may reach the terminal.
// Each shape is read by the fast reader and by the syntax parser
// (wrapped in { …; }), which must agree.
func TestArchiveOutQuiet(t *testing.T) {
	for _, tc := range []struct {
		src    string
		search bool
	}{
		{`tar czf - app > out.tgz`, false},
		{`tar czf - app >> out.tgz`, false},
		{`tar czf - app 1> out.tgz`, false},
		{`tar czf - app >/dev/null`, false},
		{`tar czf - app > out.tgz 2>&1`, false},
		{`tar czf - app | gzip -d | tar t`, false},
		{`tar czf - app | tar tzf -`, false},
		{`tar czf - app | tar -tvzf -`, false},
		{`tar cf - app | wc -c`, false},
		{`tar cf - app | sha256sum`, false},
		{`tar czf - app | cat > out.tgz`, false},
		{`tar czf - app | gzip -d > out.tar`, false},
		{`tar czf - app 2>/dev/null | tar t`, false},
		{`zip -r - app > out.zip`, false},
		{`tar czf - app`, true},
		{`tar czf - app 2> err.log`, true},
		{`tar czf - app > /dev/stdout`, true},
		{`tar czf - app > /dev/fd/1`, true},
		{`tar czf - app > out.tgz > /dev/tty`, true},
		{`tar czf - app | gzip -d`, true},
		{`tar czf - app | cat`, true},
		{`tar czf - app | tar xzO`, true},
		{`tar czf - app | tar xzf - -O`, true},
		{`tar czf - app | tar tO`, true},
		{`tar czf - app | tee out.tgz`, true},
		{`tar czf - app | base64 > out.txt`, true},
		{`tar czf - app | gzip -d | tar t | cat`, false},
		{`tar czf - app | gzip -d | cat`, true},
	} {
		for _, src := range []string{tc.src, "{ " + tc.src + "; }"} {
			s, err := (&Parser{}).Parse(context.Background(), src)
			if err != nil {
				t.Fatalf("%q: %v", src, err)
			}
			if _, ok := SearchOf(s.Commands[0]); ok != tc.search {
				t.Errorf("%q: a tree search %v, want %v", src, ok, tc.search)
			}
		}
	}
	// Through a redirection that the syntax parser alone reads, or a
	// command run by another.
	for _, tc := range []struct {
		src    string
		search bool
	}{
		{`tar czf - app > "out.tgz"`, false},
		{`(tar czf - app) > out.tgz`, false},
		{`{ tar czf - app; } &> out.tgz`, false},
		{`tar czf - app > out.tgz >&2`, true},
		{`tar czf - app 1>&2`, true},
		{`tar czf - app > "$OUT"`, true},
		{`cd / && tar czf - app > dev/stdout`, true},
		{`tar czf - app |& cat`, true},
		{`eval 'tar czf - app' > out.tgz`, true},
		{`sudo tar czf - app > out.tgz`, true},
		{`trap 'tar czf - app' EXIT > out.tgz`, true},
		{`{ f() { tar czf - app; }; } > out.tgz; f`, true},
		{`echo "$(tar czf - app)" > out.txt`, true},
	} {
		s, err := (&Parser{}).Parse(context.Background(), tc.src)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		found := false
		for _, c := range s.Commands {
			if c.Name == "tar" {
				if _, ok := SearchOf(c); ok {
					found = true
				}
			}
		}
		if found != tc.search {
			t.Errorf("%q: a tree search %v, want %v", tc.src, found, tc.search)
		}
	}
}
