package shell_test

import (
	"fmt"

	"github.com/agenthooks/hooks/shell"
)

// Parse finds every command, nested ones included, with its words as the
// program receives them.
func ExampleParse() {
	s, err := shell.Parse(`sudo bash -c '"rm" -r\f build' && echo done > log.txt`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range s.Commands {
		fmt.Printf("%s via %v: %s\n", c.Name, c.Via, c)
	}
	// Output:
	// sudo via []: sudo bash -c "rm" -r\f build
	// bash via [sudo]: bash -c "rm" -r\f build
	// rm via [sudo bash]: rm -rf build
	// echo via []: echo done
}

// A command whose name is known only at run time is marked, never
// guessed.
func ExampleCommand_Dynamic() {
	s, _ := shell.Parse(`x=rm; $x -rf build; rm${IFS}-rf${IFS}build`)
	for _, c := range s.Commands {
		fmt.Println(c.Dynamic, c)
	}
	// Output:
	// true $x -rf build
	// true rm${IFS}-rf${IFS}build
}

// A Spec reads a command's options as GNU getopt_long does.
func ExampleCommand_Flags() {
	s, _ := shell.Parse(`rm build --recur -{f,v}`)
	f := s.Commands[0].Flags(shell.Rm)
	fmt.Println("recursive:", f.Has("r", "R", "recursive"))
	fmt.Println("force:", f.Has("f", "force"))
	fmt.Println("operands:", f.Operands)
	// Output:
	// recursive: true
	// force: true
	// operands: [build]
}

// Writes are the files a script writes or deletes, redirections and known
// writers alike, joined to the directory a cd moved to (the cd before
// && runs whatever follows, so it holds for the rest of the script).
func ExampleScript_Writes() {
	s, _ := shell.Parse(`cd config && sed -i.bak s/x/y/ app.ini > /dev/null; mv a.txt b.txt; echo 1 > "$OUT"`)
	for _, w := range s.Writes {
		name, known := w.Path.Name()
		fmt.Printf("%s %q delete=%v dynamic=%v name=%q known=%v\n", w.By, w.Path, w.Delete, w.Path.Dynamic, name, known)
	}
	// Output:
	// sed "config/app.ini" delete=false dynamic=false name="app.ini" known=true
	// mv "b.txt" delete=false dynamic=false name="b.txt" known=true
	// mv "config/b.txt" delete=false dynamic=false name="b.txt" known=true
	// mv "b.txt/a.txt" delete=false dynamic=false name="a.txt" known=true
	// mv "config/b.txt/a.txt" delete=false dynamic=false name="a.txt" known=true
	// mv "a.txt" delete=true dynamic=false name="a.txt" known=true
	// mv "config/a.txt" delete=true dynamic=false name="a.txt" known=true
	// > "$OUT" delete=false dynamic=true name="" known=false
	// > "config/$OUT" delete=false dynamic=true name="" known=false
}

// Subcommand finds a tool's subcommand after its global options, so that
// a policy on `git push --force` or `npm publish` is a few lines, wherever
// the command sits (here nested in sh -c, after -C and -c).
func ExampleCommand_Subcommand() {
	s, _ := shell.Parse(`sh -c 'git -C app -c core.quotepath=off push --force origin main' && npm --registry https://r.example publish`)
	force := shell.Spec{Short: "fu", Long: []string{"force", "force-with-lease=?", "set-upstream"}, Permute: true}
	for _, c := range s.Commands {
		switch c.Name {
		case "git":
			if sub, ok := c.Subcommand(shell.Git); ok && sub[0].Value == "push" {
				f := force.Parse(sub[1:])
				fmt.Println("git push, force:", f.Has("f", "force"), "via", c.Via)
			}
		case "npm":
			if sub, ok := c.Subcommand(shell.Npm); ok && sub[0].Value == "publish" {
				fmt.Println("npm publish")
			}
		}
	}
	// Output:
	// git push, force: true via [sh]
	// npm publish
}

// Effects say what each command does to files and which foreign code it
// runs; a program the tables do not know is not Known, and each operand
// that could name a file is a possible write.
func ExampleCommand_Effects() {
	s, _ := shell.Parse(`cp .env .env.example; curl -sSo.env https://x; python3 -c 'import shutil; shutil.rmtree("src")'; mytool .env`)
	for _, c := range s.Commands {
		for _, e := range c.Effects {
			if e.Kind == shell.RunsCode {
				fmt.Printf("%s known=%v: %s %s %q\n", c.Name, c.Known, e.Kind, e.Lang(), e.Code())
				continue
			}
			fmt.Printf("%s known=%v: %s %s\n", c.Name, c.Known, e.Kind, e.Path)
		}
	}
	// Output:
	// cp known=true: writes .env.example
	// cp known=true: writes .env.example/.env
	// cp known=true: reads .env
	// curl known=true: writes .env
	// python3 known=true: runs-code python "import shutil; shutil.rmtree(\"src\")"
	// mytool known=false: unknown .env
}
