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
	// mv "config/b.txt" delete=false dynamic=false name="b.txt" known=true
	// mv "config/b.txt/a.txt" delete=false dynamic=false name="a.txt" known=true
	// mv "config/a.txt" delete=true dynamic=false name="a.txt" known=true
	// > "config/$OUT" delete=false dynamic=true name="" known=false
}
