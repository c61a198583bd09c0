package guard

import (
	"errors"
	"os"

	"github.com/agenthooks/hooks/shell"
)

// Rule 7 on an archive whose members a command prints (issue 38): `tar
// cf o.tar app` writes an archive to a file, which shows nothing, and a
// later `tar xOf o.tar` (or unzip -p) printed app/.env under bash. The
// archive's names are read, bounded, as rule 3 reads them for an
// extraction (envTree): one that is a credential file is shown; an
// archive that cannot be listed, or that the same command makes, may
// hold one, unless it is of files that hold none (archivedClean).

// membersShown returns the credential file a read of archive e (a
// [shell.Reads] with From set) prints, if it may print one.
func (at *place) membersShown(s *shell.Script, e shell.Effect, extra []string) (string, bool) {
	from := *e.From
	if from.Dynamic {
		return from.Value + " (an archive known only at run time)", true
	}
	if at.cfg != nil && at.cfg.Away || at.dir == "" {
		return from.Value + " (an archive the guard cannot list away from the worktree)", true
	}
	found, err := at.findMember(from.Value, "secret", func(m string) bool { return IsSecretFile(m, extra) })
	switch {
	case found != "":
		return found + " (in " + from.Value + ")", true
	case errors.Is(err, os.ErrNotExist):
		if at.archivesMade(s).creates(from) && !at.archivedClean(s, from, extra) {
			return from.Value + " (an archive the command makes first)", true
		}
		return "", false // the command fails: nothing is printed
	case err != nil:
		return from.Value + " (an archive whose files cannot be listed: " + err.Error() + ")", true
	}
	return "", false
}
