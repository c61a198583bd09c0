// Package members lists the files a tree write brings: the members of an
// archive (tar, plain or compressed; zip; ar), the files a patch names,
// or the files under a directory. A policy that protects files under the directory an
// archive is extracted into, or a directory is copied into, reads the
// source's names here, bounded in names, bytes and time; when the source
// cannot be read whole within the bounds, it cannot know what lands, and
// says so with an error.
//
// It links no archive or compression package: every hook binary links
// it (package footing), and their initialisers cost each hook's start-up
// (compress/flate and hash/crc32 build tables: 0.2 ms measured). Tar
// headers, zip's central directory and ar's headers are read here; a
// compressed tar is decompressed by the system's own program (gzip,
// bzip2, xz, zstd) run from a system directory, never from PATH, where
// the model may have put a program of its own.
package members

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/readfile"
)

// Limits bound one listing.
const (
	// MaxNames is the most names listed.
	MaxNames = 100_000
	// MaxBytes is the most bytes of an archive read (after decompression).
	MaxBytes = 64 << 20
)

// maxNames is MaxNames, lowered by tests.
var maxNames = MaxNames

// ErrFormat is returned for a file that is no archive this package reads
// (7z, cpio, …).
var ErrFormat = errors.New("not an archive format that can be listed (tar, compressed tar, zip, ar, patch)")

// List calls fn with the slash-separated name of each member of source,
// an archive file or a directory (relative to it, "." and ".." cleaned
// away), until fn returns false. It returns an error when source cannot
// be listed whole: it does not exist, is no archive it reads
// ([ErrFormat]), holds more than [MaxNames] names or [MaxBytes] bytes,
// or ctx ends first. A symbolic link in a directory is listed, not
// followed.
func List(ctx context.Context, source string, fn func(name string) bool) error {
	return list(ctx, source, func(name, _ string) bool { return fn(name) })
}

// Links calls fn with the name of each member of the archive source
// that is a link (a tar's symbolic or hard link, a zip's symbolic link)
// and what it links to, as the archive spells it ("?" when that cannot
// be read: a zip's compressed link), until fn returns false. A directory
// has none here (a copy of one is judged by what it holds). Its errors
// are [List]'s.
func Links(ctx context.Context, source string, fn func(name, target string) bool) error {
	if fi, err := os.Stat(source); err != nil || fi.IsDir() {
		return err
	}
	return list(ctx, source, func(name, target string) bool { return target == "" || fn(name, target) })
}

// list is List, its fn given each member's link too.
func list(ctx context.Context, source string, fn func(name, link string) bool) error {
	fi, err := os.Stat(source)
	if err != nil {
		return err
	}
	n := 0
	each := func(name, link string) error {
		if n++; n > maxNames {
			return fmt.Errorf("%s holds more than %d names", source, maxNames)
		}
		// Every 256 names, and at every long one: what fn does with a name
		// can cost its length (a member's name may be 1 MiB).
		if n%256 == 1 || len(name) > 4096 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("listing %s: %w", source, err)
			}
		}
		name = path.Clean(strings.TrimLeft(filepath.ToSlash(name), "/"))
		if name == "." {
			return nil
		}
		if !fn(name, link) {
			return errStop
		}
		return nil
	}
	if fi.IsDir() {
		err = dir(source, each)
	} else {
		err = archive(ctx, source, each)
	}
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// visit is called with each member's name and, for a link (a tar's
// symbolic or hard link, a zip's symbolic link), what it links to ("?"
// when that cannot be read), "" for any other member.
type visit func(name, link string) error

// errStop ends a listing fn asked to stop.
var errStop = errors.New("stop")

// dir walks the tree of root.
func dir(root string, each visit) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		return each(rel, "")
	})
}

// archive lists the archive file p, which must be a regular file.
func archive(ctx context.Context, p string, each visit) error {
	// Opened without blocking, and only a regular file: a FIFO in the
	// archive's place (mkfifo x.tgz) held the hook until its host gave
	// up on it.
	f, fi, err := readfile.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	size := fi.Size()
	head := make([]byte, 512)
	k, _ := io.ReadFull(f, head)
	head = head[:k]
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return zipNames(f, size, each)
	case bytes.HasPrefix(head, []byte("!<arch>\n")):
		return arNames(bufio.NewReader(io.LimitReader(f, MaxBytes)), each)
	case len(head) >= 262 && bytes.Equal(head[257:262], []byte("ustar")):
		return tarNames(p, bufio.NewReader(f), each)
	}
	for _, d := range decompressors {
		if bytes.HasPrefix(head, []byte(d.magic)) {
			return decompressed(ctx, p, f, d.prog, each)
		}
	}
	if !isPatch(head) && size > int64(len(head)) {
		// A patch mailed by git format-patch starts with its headers and
		// message: look further for its first file line.
		more := make([]byte, 64<<10)
		k, _ := io.ReadFull(f, more)
		head = more[:k]
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	if isPatch(head) {
		return patchNames(f, each)
	}
	return fmt.Errorf("%s: %w", p, ErrFormat)
}

// decompressors are the compressed formats read through the system's
// program.
var decompressors = [...]struct{ magic, prog string }{
	{"\x1f\x8b", "gzip"},
	{"BZh", "bzip2"},
	{"\xfd7zXZ\x00", "xz"},
	{"\x28\xb5\x2f\xfd", "zstd"},
}

// systemDirs are where a decompressor is looked for.
var systemDirs = [...]string{"/usr/bin", "/bin"}

// decompressed lists the tar stream that program prog writes when it
// decompresses f, within ctx and MaxBytes.
func decompressed(ctx context.Context, p string, f *os.File, prog string, each visit) error {
	bin := ""
	for _, d := range systemDirs {
		if fi, err := os.Stat(filepath.Join(d, prog)); err == nil && fi.Mode().IsRegular() {
			bin = filepath.Join(d, prog)
			break
		}
	}
	if bin == "" {
		return fmt.Errorf("%s: no %s program in %s to decompress it", p, prog, strings.Join(systemDirs[:], " or "))
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-dc")
	cmd.Stdin = f
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"} // none of the environment's GZIP, XZ_OPT, …
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	done, err := tarStream(p, bufio.NewReader(out), each)
	stopped := ctx.Err()
	if done || err != nil {
		cancel() // the rest of the stream is not needed
	}
	werr := cmd.Wait()
	if err == nil && !done && werr != nil {
		// The stream ended without its end blocks, and the program
		// failed: the data may be cut or not this format.
		err = fmt.Errorf("%s: %s: %w", p, prog, werr)
	}
	if err != nil && stopped != nil {
		err = fmt.Errorf("listing %s: %w", p, stopped)
	}
	return err
}

// arNames lists the members of an ar archive (the common format, GNU's
// long names table included).
func arNames(r *bufio.Reader, each visit) error {
	if _, err := r.Discard(8); err != nil {
		return err
	}
	var long []byte
	hdr := make([]byte, 60)
	for {
		if _, err := io.ReadFull(r, hdr); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		var size int64
		if _, err := fmt.Sscanf(strings.TrimSpace(string(hdr[48:58])), "%d", &size); err != nil || size < 0 {
			return errors.New("ar: bad member size")
		}
		name := strings.TrimRight(string(hdr[:16]), " ")
		body := size + size%2
		switch {
		case name == "//":
			if size > 1<<20 {
				return errors.New("ar: long names table over 1 MiB")
			}
			long = make([]byte, size)
			if _, err := io.ReadFull(r, long); err != nil {
				return err
			}
			body -= int64(len(long))
		case name == "/" || name == "/SYM64/":
		case strings.HasPrefix(name, "/") && len(name) > 1:
			var off int
			if _, err := fmt.Sscanf(name[1:], "%d", &off); err != nil || off < 0 || off >= len(long) {
				return errors.New("ar: bad long name")
			}
			n := long[off:]
			if i := bytes.Index(n, []byte("/\n")); i >= 0 {
				n = n[:i]
			}
			if err := each(string(n), ""); err != nil {
				return err
			}
		case strings.HasPrefix(name, "#1/"):
			return errors.New("ar: BSD long names are not read")
		default:
			if err := each(strings.TrimSuffix(name, "/"), ""); err != nil {
				return err
			}
		}
		if _, err := r.Discard(int(body)); err != nil {
			return err
		}
	}
}
