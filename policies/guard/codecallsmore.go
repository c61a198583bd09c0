package guard

import "strings"

// The calls read in Ruby, Perl and PHP code files, as for Python and
// JavaScript (see codecalls.go): with literal arguments, as the shell
// command that does the same. Their backticks are read as well (see
// tickCommands).

// rubyCalls are the calls read in Ruby code.
func rubyCalls() []codeCall {
	rmrf, rmf := argv("rm", "-rf", "--"), argv("rm", "-f", "--")
	return []codeCall{
		{"FileUtils.rm_rf", rmrf}, {"FileUtils.rm_r", rmrf}, {"FileUtils.remove_dir", rmrf}, {"FileUtils.rmtree", rmrf},
		{"FileUtils.remove_entry", rmrf}, {"FileUtils.remove_entry_secure", rmrf}, {"FileUtils.remove_dir", rmrf},
		{"FileUtils.rm", rmf}, {"FileUtils.rm_f", rmf}, {"FileUtils.remove", rmf}, {"File.delete", rmf}, {"File.unlink", rmf},
		{"Dir.rmdir", argv("rmdir", "--")}, {"Dir.delete", argv("rmdir", "--")},
		{"FileUtils.mv", argv2("mv", "--")}, {"FileUtils.move", argv2("mv", "--")}, {"File.rename", argv2("mv", "-T", "--")},
		{"FileUtils.cp", argv2("cp", "--")}, {"FileUtils.copy", argv2("cp", "--")}, {"FileUtils.cp_r", argv2("cp", "-r", "--")},
		{"FileUtils.copy_file", argv2("cp", "-T", "--")},
		{"File.write", write}, {"IO.write", write}, {"File.open", fileOpen}, {"File.new", fileOpen},
		{"system", command}, {"exec", command}, {"spawn", command}, {"Kernel.system", command}, {"IO.popen", command},
		{"Open3.capture2", command}, {"Open3.capture2e", command}, {"Open3.capture3", command}, {"Open3.popen3", command},
		{"Open3.popen2", command},
	}
}

// perlCalls are the calls read in Perl code.
func perlCalls() []codeCall {
	return []codeCall{
		{"rmtree", argv("rm", "-rf", "--")}, {"remove_tree", argv("rm", "-rf", "--")},
		{"unlink", all("rm", "-f", "--")}, {"rmdir", argv("rmdir", "--")},
		{"rename", argv2("mv", "-T", "--")}, {"move", argv2("mv", "--")}, {"copy", argv2("cp", "--")},
		{"system", command}, {"exec", command},
		{"open", perlOpen},
	}
}

// phpCalls are the calls read in PHP code.
func phpCalls() []codeCall {
	return []codeCall{
		{"unlink", argv("rm", "-f", "--")}, {"rmdir", argv("rmdir", "--")},
		{"rename", argv2("mv", "-T", "--")}, {"copy", argv2("cp", "-T", "--")},
		{"file_put_contents", write}, {"fopen", fileOpen},
		{"system", shellText}, {"exec", shellText}, {"shell_exec", shellText}, {"passthru", shellText},
		{"popen", shellText}, {"proc_open", shellText},
	}
}

// command is a call that runs its one literal argument as a shell
// command, or its several as a program and its arguments (Ruby's and
// Perl's system "…" and system("rm", "-rf", d)).
func command(args []string, _ string) string {
	switch len(args) {
	case 0:
		return ""
	case 1:
		return args[0]
	}
	return quoted(args...)
}

// all returns a call that runs prog with the words pre and every literal
// argument (Perl's unlink "a", "b").
func all(prog string, pre ...string) func([]string, string) string {
	return func(args []string, _ string) string {
		if len(args) < 1 {
			return ""
		}
		return quoted(append(append([]string{prog}, pre...), args...)...)
	}
}

// fileOpen is a call that opens FILE with a mode (File.open, fopen): a
// write when the mode writes.
func fileOpen(args []string, _ string) string {
	if len(args) < 2 || !strings.ContainsAny(args[1], "wax+") {
		return ""
	}
	return ": >> " + quoted(args[0])
}

// perlOpen is Perl's open(FH, MODE, FILE) and open(FH, ">FILE"): a
// write when the mode writes. The handle is not a literal.
func perlOpen(_ []string, text string) string {
	_, rest, ok := strings.Cut(text, ",")
	if !ok {
		return ""
	}
	args := literalArgs(rest)
	switch {
	case len(args) >= 2 && strings.ContainsAny(args[0], ">+") && !strings.Contains(args[0], "|"):
		return ": >> " + quoted(args[1])
	case len(args) == 1 && strings.HasPrefix(args[0], ">"):
		return ": >> " + quoted(strings.TrimSpace(strings.TrimLeft(args[0], ">")))
	case len(args) >= 1 && (strings.HasSuffix(strings.TrimSpace(args[0]), "|") || args[0] == "-|" || args[0] == "|-"):
		if strings.HasSuffix(strings.TrimSpace(args[0]), "|") {
			return strings.TrimSuffix(strings.TrimSpace(args[0]), "|") // open(FH, "rm -rf d |")
		}
		return command(args[1:], "")
	}
	return ""
}
