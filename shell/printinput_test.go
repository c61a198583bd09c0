package shell_test

import (
	"testing"

	"github.com/agenthooks/hooks/shell"
)

// TestPrintsInput: an archiver that prints the members of the archive
// redirected into its standard input (funzip < x.zip, tar xO < x.tar)
// reads that archive's files ([shell.Effect.From]), as when it is given
// the file; any command's redirected input is its InputFile.
func TestPrintsInput(t *testing.T) {
	for _, tc := range []struct{ src, from, input string }{
		{`funzip < x.zip`, "x.zip", "x.zip"},
		{`funzip 0< x.zip`, "x.zip", "x.zip"},
		{`cd app && funzip < x.zip`, "app/x.zip", "app/x.zip"},
		{`tar xO < x.tar`, "x.tar", "x.tar"},
		{`tar -xzOf - < x.tgz`, "x.tgz", "x.tgz"},
		{`cpio -i --to-stdout < x.cpio`, "x.cpio", "x.cpio"},
		{`cpio -i --to-stdout -F x.cpio`, "x.cpio", ""},
		{`7z x -si -so < a.tar`, "a.tar", "a.tar"},
		{`tar t < x.tar`, "", "x.tar"},
		{`cat < x.tar`, "", "x.tar"},
		{`funzip < /dev/stdin`, "", "/dev/stdin"},
		{`cat x.zip | funzip`, "", ""},
	} {
		s, err := shell.Parse(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		c := s.Commands[len(s.Commands)-1]
		from := ""
		for _, e := range c.Effects {
			if e.Kind == shell.Reads && e.From != nil {
				from = e.From.Value
			}
		}
		input := ""
		if f, ok := c.InputFile(); ok {
			input = f.Value
		}
		if from != tc.from || input != tc.input {
			t.Errorf("%s: prints the members of %q, input %q; want %q and %q", tc.src, from, input, tc.from, tc.input)
		}
	}
}
