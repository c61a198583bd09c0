package guard

import (
	"context"
	"path"
	"path/filepath"
	"strings"

	"github.com/agenthooks/hooks/internal/members"
	"github.com/agenthooks/hooks/shell"
)

// Rules 3 and 7 on the links an archive extracts (issue 38): a tar or a
// zip may hold a member that is a link (symbolic, or a tar's hard link)
// and no file at all, so its names say nothing: `tar xf links.tar && cat
// mlink` with mlink a symbolic link to app/.env in it, `tar xf hard.tar;
// cat hlx` with hlx a hard link to app/.env, and `unzip -o links.zip &&
// cat ml2` printed KEY=1 under bash, and a hard link is a plain file for
// every later call. An extraction makes its links as `ln` would: one to
// a .env file is rule 3's (as `ln -s app/.env k`), one to another
// credential file rule 7's (as `ln -s ~/.ssh/id_rsa k`), and one whose
// target cannot be read (a zip's compressed link) is denied as one that
// may be either. The archive's links are read with its names (package
// members, bounded the same, once a call).

// linkedMember returns a member of the archive at p (from the place's
// folder) that links to a credential file, or whose target cannot be
// read, as "member\x00target".
func (at *place) linkedMember(p string, extra []string) (string, error) {
	full := joinPath(at.dir, p)
	return at.listArchive("link\x00"+full, full, func(error) bool { return true }, func(ctx context.Context) (string, error) {
		var found string
		err := members.Links(ctx, filepath.FromSlash(full), func(m, target string) bool {
			if target == "?" || linksSecret(m, target, extra) {
				found = m + "\x00" + target
				return false
			}
			return true
		})
		return found, err
	})
}

// linksSecret reports whether member m, a link to target, reads as a
// credential file: target names one, as spelt, or from m's folder.
func linksSecret(m, target string, extra []string) bool {
	if IsSecretFile(target, extra) {
		return true
	}
	return !strings.HasPrefix(target, "/") && IsSecretFile(path.Join(path.Dir(m), target), extra)
}

// archiveLinks returns the reason to deny the extraction e (a write with
// From set) of an archive holding a link to a credential file.
func archiveLinks(e shell.Effect, at *place) (string, bool) {
	from := *e.From
	if from.Dynamic || from.Value == "-" || isRemotePath(from.Value) || at.cfg != nil && at.cfg.Away || at.dir == "" {
		return "", false // judged by envTree, which cannot list it either
	}
	found, err := at.linkedMember(from.Value, at.cfg.secrets())
	if found == "" || err != nil {
		// An archive that cannot be listed is envTree's: denied unless
		// its files land in a temporary directory.
		return "", false
	}
	m, target, _ := strings.Cut(found, "\x00")
	if target == "?" {
		return "guard: rule 7 (secrets stay): `" + e.By + "` makes " + m + " of " + from.Value + ", a link whose target the guard cannot read " +
			"(compressed), and that may be a credential file; list the archive first (unzip -Z), or extract the files you need by name", true
	}
	if IsEnvFile(path.Base(target)) {
		return "guard: rule 3 (no write of a secrets file): `" + e.By + "` makes " + m + " of " + from.Value + ", a link to " + target +
			", a .env file, and a write or read through it is one of the .env file; secrets files are the user's: extract the files you need by name", true
	}
	return "guard: rule 7 (secrets stay): `" + e.By + "` makes " + m + " of " + from.Value + ", a link to " + target +
		", a credential file, which a read of it prints; ask the user for what you need from it", true
}
