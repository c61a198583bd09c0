package shell

import "testing"

// TestPWDWord: a path that starts with $PWD/ names a file in the folder
// the shell is in when it runs the command, after a cd of the same
// script too; not a program's own -C folder, and not when the script
// may set PWD.
func TestPWDWord(t *testing.T) {
	for _, tc := range []struct{ src, effects string }{
		{`cd d && cat "$PWD/x"`, `cat: <d/x`},
		{`cd d && cat "${PWD}/x"`, `cat: <d/x`},
		{`cd d; cat $PWD/x`, `cat: <x <d/x`},
		{`cd d && (cd e && cat $PWD/x)`, `cat: <d/e/x`},
		{`cd d && env -C e cat $PWD/x`, `cat: <d/x`},
		{`cd d && cat $PWD/$F`, `cat: <{d/$PWD/$F}`},
		{`PWD=/tmp; cd d && cat $PWD/x`, `cat: <{d/$PWD/x}`},
		{`cd d && cd "$OLDPWD" && cat $PWD/x`, `cat: <{$OLDPWD/$PWD/x}`},
		{`cat "$PWD/x"`, `cat: <x`},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := effects(s); got != tc.effects {
			t.Errorf("Parse(%q) effects:\n got %s\nwant %s", tc.src, got, tc.effects)
		}
	}
}
