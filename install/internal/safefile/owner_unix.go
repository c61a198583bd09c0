//go:build unix

package safefile

import (
	"fmt"
	"os"
	"slices"
	"syscall"
)

// openNonblock opens a named pipe without waiting for a writer, should
// one replace the file between the check and the open.
const openNonblock = syscall.O_NONBLOCK

// CheckReplaceable refuses a file whose replacement would not be the same file
// to its users: one with several hard links (a rename would split them,
// the other names keeping the old content), and one whose owner or group
// the new file cannot keep (another user's file, when we are not root).
func CheckReplaceable(p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return nil
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if st.Nlink > 1 {
		return fmt.Errorf("it has %d hard links, which replacing it would split (the other names would keep the old text): make it a file of its own (copy it over itself, or remove the other links) and run again", st.Nlink)
	}
	uid, gid := int(st.Uid), int(st.Gid)
	if os.Geteuid() == 0 {
		return nil // root can give the new file any owner
	}
	if uid != os.Geteuid() {
		return fmt.Errorf("it belongs to user %d, and the new file could not keep that owner: run as that user (or as root)", uid)
	}
	if gid != os.Getegid() {
		groups, _ := os.Getgroups()
		if !slices.Contains(groups, gid) {
			return fmt.Errorf("its group %d is not one of ours, and the new file could not keep it: run as a member of that group (or as root)", gid)
		}
	}
	return nil
}

// keepOwner gives f, the new content of p, p's owner and group (root
// installing into a user's file; a group of ours other than our primary
// one), so that the replacement does not change who can read it.
func keepOwner(f *os.File, p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return nil // a new file is ours
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	uid, gid := int(st.Uid), int(st.Gid)
	if uid == os.Geteuid() && gid == os.Getegid() {
		return nil
	}
	if err := f.Chown(uid, gid); err != nil {
		return fmt.Errorf("cannot give the new file the owner %d and group %d of the one it replaces: %w", uid, gid, err)
	}
	return nil
}
