package guard

import (
	"strings"

	"github.com/agenthooks/hooks/internal/codetext"
)

// What a program in another language certainly does, read from its
// text: the calls that delete, write, move or run a shell command, each
// with string literals for its arguments (shutil.rmtree("src"),
// os.system("rm -rf src"), fs.rmSync("src", {recursive: true}),
// execSync("git checkout -- .")), as the shell command that does the
// same. As for a shell script file, only what is certain counts: a call
// on a variable, a string built at run time or a name not listed here is
// not read (a project's own scripts do that as a matter of course).

// A codeCall is one kind of call: the name it ends in (after a dot or a
// word boundary) and what it does with its literal arguments.
type codeCall struct {
	name string
	// do returns the shell command for the literal arguments args (the
	// first len(args) of the call's, up to the first that is not a
	// literal) and the call's whole argument text; "" when it does
	// nothing a rule reads, or needs more.
	do func(args []string, all string) string
}

// pythonCalls are the calls read in Python code.
func pythonCalls() []codeCall {
	return []codeCall{
		{"rmtree", argv("rm", "-rf", "--")},
		{"os.remove", argv("rm", "-f", "--")}, {"os.unlink", argv("rm", "-f", "--")},
		{"os.rmdir", argv("rmdir", "--")}, {"os.removedirs", argv("rmdir", "-p", "--")},
		{"os.system", shellText}, {"os.popen", shellText},
		{"subprocess.run", subprocess}, {"subprocess.call", subprocess}, {"subprocess.check_call", subprocess},
		{"subprocess.check_output", subprocess}, {"subprocess.Popen", subprocess}, {"subprocess.getoutput", shellText},
		{"subprocess.getstatusoutput", shellText},
		{"shutil.move", argv2("mv", "--")}, {"os.rename", argv2("mv", "-T", "--")}, {"os.replace", argv2("mv", "-T", "--")},
		{"shutil.copy", argv2("cp", "--")}, {"shutil.copy2", argv2("cp", "--")}, {"shutil.copyfile", argv2("cp", "-T", "--")},
		{"shutil.copytree", argv2("cp", "-rT", "--")},
		{"open", pyOpen},
	}
}

// jsCalls are the calls read in JavaScript and TypeScript code.
func jsCalls() []codeCall {
	rm := func(args []string, all string) string {
		if len(args) < 1 {
			return ""
		}
		if strings.Contains(all, "recursive") {
			return quoted("rm", "-rf", "--", args[0])
		}
		return quoted("rm", "-f", "--", args[0])
	}
	return []codeCall{
		{"rmSync", rm}, {"rm", rm}, {"rmdirSync", rm}, {"rmdir", rm}, {"rimraf", argv("rm", "-rf", "--")},
		{"rimraf.sync", argv("rm", "-rf", "--")}, {"remove", argv("rm", "-rf", "--")}, {"removeSync", argv("rm", "-rf", "--")},
		{"unlinkSync", argv("rm", "-f", "--")}, {"unlink", argv("rm", "-f", "--")},
		{"writeFileSync", write}, {"writeFile", write}, {"appendFileSync", write}, {"appendFile", write},
		{"renameSync", argv2("mv", "-T", "--")}, {"rename", argv2("mv", "-T", "--")},
		{"copyFileSync", argv2("cp", "-T", "--")}, {"copyFile", argv2("cp", "-T", "--")},
		{"cpSync", argv2("cp", "-rT", "--")},
		{"execSync", shellText}, {"exec", shellText},
		{"spawnSync", spawn}, {"spawn", spawn}, {"execFileSync", spawn}, {"execFile", spawn},
	}
}

// argv returns a call that runs prog with the words pre and its first
// literal argument.
func argv(prog string, pre ...string) func([]string, string) string {
	return func(args []string, _ string) string {
		if len(args) < 1 {
			return ""
		}
		return quoted(append(append([]string{prog}, pre...), args[0])...)
	}
}

// argv2 is argv with the first two literal arguments (a source and a
// destination).
func argv2(prog string, pre ...string) func([]string, string) string {
	return func(args []string, _ string) string {
		if len(args) < 2 {
			return ""
		}
		return quoted(append(append([]string{prog}, pre...), args[0], args[1])...)
	}
}

// shellText is a call whose first argument is a shell command.
func shellText(args []string, _ string) string {
	if len(args) < 1 {
		return ""
	}
	return args[0]
}

// write is a call that writes the file its first argument names.
func write(args []string, _ string) string {
	if len(args) < 1 {
		return ""
	}
	return ": >> " + quoted(args[0])
}

// subprocess is Python's subprocess calls: a list of literal words is the
// program and its arguments, a string is a shell command with
// shell=True (without it, the program's name).
func subprocess(args []string, all string) string {
	if list, ok := literalList(all); ok {
		return quoted(list...)
	}
	if len(args) < 1 {
		return ""
	}
	if strings.Contains(all, "shell=True") {
		return args[0]
	}
	return quoted(args[0])
}

// spawn is node's spawn and execFile: a program, then a list of literal
// words; with shell: true, the words joined are a shell command.
func spawn(args []string, all string) string {
	if len(args) < 1 {
		return ""
	}
	rest := all[strings.IndexByte(all, ',')+1:]
	if !strings.Contains(all, ",") {
		rest = ""
	}
	words := []string{args[0]}
	if list, ok := literalList(rest); ok {
		words = append(words, list...)
	} else if strings.Contains(rest, "[") {
		return "" // arguments known only at run time
	}
	if strings.Contains(all, "shell: true") || strings.Contains(all, "shell:true") {
		return strings.Join(words, " ")
	}
	return quoted(words...)
}

// pyOpen is Python's open(FILE, MODE): a write when the mode writes.
func pyOpen(args []string, all string) string {
	if len(args) < 1 {
		return ""
	}
	mode := "r"
	if len(args) > 1 {
		mode = args[1]
	} else if i := strings.Index(all, "mode="); i >= 0 {
		if m, _, ok := codetext.Literal(strings.TrimLeft(all[i+5:], " ")); ok {
			mode = m
		}
	}
	if !strings.ContainsAny(mode, "wax+") {
		return ""
	}
	return ": >> " + quoted(args[0])
}

// quoted returns words as a shell command, each single-quoted.
func quoted(words ...string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(w, "'", `'\''`))
		b.WriteByte('\'')
	}
	return b.String()
}
