// Package hookscript writes and recognises the hook script install puts
// in place of an entry for a host that runs one executable file per
// event (Cline CLI): "#!/bin/sh", a comment naming this module, and
// "exec" with the command.
package hookscript

import "strings"

// Header is the second line of every script install writes.
const Header = "# Written by the install command of a hook built with github.com/agenthooks/hooks; its uninstall removes this file.\n"

// Render returns the hook script install writes for command.
func Render(command string) []byte {
	return []byte("#!/bin/sh\n" + Header + "exec " + command + "\n")
}

// Command returns the command of src, and whether src is exactly
// Render(command) for a one-line command.
func Command(src []byte) (string, bool) {
	rest, ok := strings.CutPrefix(string(src), "#!/bin/sh\n"+Header+"exec ")
	if !ok || !strings.HasSuffix(rest, "\n") {
		return "", false
	}
	cmd := strings.TrimSuffix(rest, "\n")
	if strings.ContainsAny(cmd, "\n\r") {
		return "", false
	}
	return cmd, true
}
