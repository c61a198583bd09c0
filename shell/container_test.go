package shell

import (
	"context"
	"slices"
	"testing"
)

// TestContainerWrites: what a container's command writes through a
// redirection lands at the host path of its mount, or nowhere here.
func TestContainerWrites(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{`podman run -v /home/dev/p:/w img sh -c 'echo x > /w/.env'`, []string{"/home/dev/p/.env"}},
		{`docker run -v /home/dev/p:/w:ro img sh -c 'echo x > /w/.env'`, nil},
		{`docker run img sh -c 'echo x > /w/.env'`, nil},
		{`docker exec web sh -c 'echo x > /app/.env'`, []string{"${CONTAINER}/app/.env"}},
		{`docker run -v /home/dev/p:/w -w /w img sh -c 'cd sub && echo x > out'`, []string{"/home/dev/p/sub/out"}},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.src, err)
		}
		got := writePaths(s)
		if !slices.Equal(got, tc.want) {
			t.Errorf("Parse(%q) writes %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestContainerFiles: a script a container runs is read from the host
// path of its mount, and a file of the container's own is not read.
func TestContainerFiles(t *testing.T) {
	files := map[string]string{
		"/home/dev/p/wipe.sh":      "rm -rf src\n",
		"/home/dev/p/package.json": `{"scripts":{"test":"rm -rf lib"}}`,
		"/w/wipe.sh":               "rm -rf other\n", // a host file at the container's path: not the one run
	}
	read := func(p string) (string, bool) { s, ok := files[p]; return s, ok }
	for _, tc := range []struct{ src, want string }{
		{`docker run -v /home/dev/p:/w -w /w img bash wipe.sh`, "/home/dev/p/src"},
		{`docker run -v /home/dev/p:/w img sh /w/wipe.sh`, "${WORKDIR}/src"}, // run in the image's folder
		{`docker run -v /home/dev/p:/w -w /w node npm test`, "/home/dev/p/lib"},
		{`docker run -v /home/dev/p:/x img sh /w/wipe.sh`, ""},
	} {
		s, err := (&Parser{Files: read}).Parse(context.Background(), tc.src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.src, err)
		}
		got := ""
		for _, w := range s.Writes {
			if w.Delete && w.Recursive {
				got = w.Path.Value
			}
		}
		if got != tc.want {
			t.Errorf("Parse(%q) deletes %q, want %q", tc.src, got, tc.want)
		}
	}
}
