package guard

import (
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// A listing's names may be folders, and a reader that recurses into the
// folders it is given reads every file under them, dot files too, which
// the listing itself may not name: `ls | xargs tar cf - | tar xO` and
// `ls | xargs grep -r KEY` printed app/.env's KEY=1 under bash (ls names
// app, not app/.env), as did `git ls-tree --name-only HEAD | xargs grep
// -r KEY` with app/.env untracked. For such a reader (a tree search or
// an archiver to the output, shell.SearchOf), the folders the script's
// listings name are searched as the reader's own tree search would be
// (searchShows: its patterns tested against a credential file's text),
// each search once a script.

// deepListed returns the credential file tree search t shows when its
// folders are those l's listings name (see above); here is the folder
// of the read, for an ls without a folder.
func (at *place) deepListed(l *listings, t shell.TreeSearch, here string, extra []string) (string, bool) {
	dirs, dirKey := l.deepDirs(here)
	if len(dirs) == 0 {
		return "", false
	}
	var key strings.Builder
	key.WriteString(dirKey)
	key.WriteString(strconv.FormatBool(t.Hidden) + "\x00" + strings.Join(t.Exclude, "\x00") + "\x00" + strconv.FormatBool(t.Known) +
		"\x00" + t.Search.Syntax + "\x00" + strconv.FormatBool(t.Search.Fold) + "\x00" + strings.Join(t.Search.Patterns, "\x00"))
	if f, ok := l.deep[key.String()]; ok {
		return f, f != ""
	}
	t.Dirs = dirs
	f, _, ok := at.searchShows(t, extra)
	if !ok {
		f = ""
	}
	if l.deep == nil {
		l.deep = map[string]string{}
	}
	l.deep[key.String()] = f
	return f, ok
}

// deepDirs returns the folders the listings name, each once, with ls's
// without one taken in here, and their key for deepListed's memo: made
// once a folder here (3,000 `ls -R many | xargs grep -r KEY` built the
// key of 3,000 listings for each of 3,000 searches: 0.8 s).
func (l *listings) deepDirs(here string) ([]shell.Word, string) {
	if d, ok := l.dirsHere[here]; ok {
		return d.dirs, d.key
	}
	var dirs []shell.Word
	seen := map[string]bool{}
	var key strings.Builder
	for _, x := range l.all {
		var d shell.Word
		switch {
		case x.dir.Value == "":
			d = shell.Static(here) // ls without a folder, where cd moved
		case !x.dir.Dynamic:
			d = x.dir
		default:
			// A glob's matches (ls -d */): the folder before it, whole.
			d = shell.Static(staticFolder(x.dir.Value))
		}
		if k := strconv.FormatBool(d.Dynamic) + d.Value; !seen[k] {
			seen[k] = true
			dirs = append(dirs, d)
			key.WriteString(d.Value + "\x00")
		}
	}
	if l.dirsHere == nil {
		l.dirsHere = map[string]deepFolders{}
	}
	l.dirsHere[here] = deepFolders{dirs, key.String()}
	return dirs, key.String()
}

// deepFolders is deepDirs' answer for a folder.
type deepFolders struct {
	dirs []shell.Word
	key  string
}
