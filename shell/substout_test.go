package shell

import (
	"context"
	"strings"
	"testing"
)

// TestSubstOut: a command substitution that prints fixed text is that
// text in the word (issue 38), split into fields unquoted, and stays
// known only at run time when the script may redefine echo or printf or
// the output is not fixed.
func TestSubstOut(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`cat $(echo app/.env)`, `cat|app/.env`},
		{`cat "$(printf %s app/.env)"`, `cat|app/.env`},
		{`cat $(echo app/.e)nv`, `cat|app/.env`},
		{"cat `echo app/.env`", `cat|app/.env`},
		{`cat $(echo a b)`, `cat|a|b`},
		{`cat "$(echo a b)"`, `cat|a b`},
		{`cat $(printf '%s\n' a b)`, `cat|a|b`},
		{`cat $(printf 'app/%s' .env)`, `cat|app/.env`},
		{`cat $(printf '%s-%s' a)`, `cat|a-`},
		{`cat $(echo -n x)`, `cat|x`},
		{`cat $(echo)`, `cat`},
		{`cat $(echo 'a*')`, `cat|a*~`},
		// Known only at run time.
		{`cat $(echo -e 'a\x62')`, `cat|$(echo -e 'a\x62')~`},
		{`cat $(printf '%d' 1)`, `cat|$(printf '%d' 1)~`},
		{`cat $(echo $x)`, `cat|$(echo $x)~`},
		{`cat $(echo a > f)`, `cat|$(echo a > f)~`},
		{`cat $(echo a; echo b)`, `cat|$(echo a; echo b)~`},
		{`cat $(ls)`, `cat|$(ls)~`},
		{`echo() { :; }; cat $(echo a)`, `cat|$(echo a)~`},
		{`alias echo=ls; cat $(echo a)`, `cat|$(echo a)~`},
		{`. ./lib.sh; cat $(echo a)`, `cat|$(echo a)~`},
		{`eval x; cat $(echo a)`, `cat|$(echo a)~`},
	} {
		s, err := (&Parser{}).Parse(context.Background(), tc.src)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		var c *Command
		for _, x := range s.Commands {
			if x.Name == "cat" {
				c = x
			}
		}
		if c == nil {
			t.Fatalf("%q: no cat", tc.src)
		}
		var parts []string
		for _, a := range c.Args {
			p := a.Value
			if a.Dynamic {
				p += "~"
			}
			parts = append(parts, p)
		}
		if got := strings.Join(parts, "|"); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.src, got, tc.want)
		}
	}
}

// TestArchiveOut: an archive of folders written to the standard output
// is a tree search that prints them whole; one written to a file is
// none.
func TestArchiveOut(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`tar cf - app`, `app`},
		{`tar c app src`, `app,src`},
		{`tar -C app -cf - .`, `app`},
		{`tar --create --file=- app`, `app`},
		{`tar cf /dev/stdout app`, `app`},
		{`tar cf - --exclude=.env app`, `app -.env`},
		{`zip -qr - app`, `app`},
		{`zip -r - app -x '*.env'`, `app -*.env`},
		{`tar czf dist.tgz build`, ``},
		{`tar xf - -C out`, ``},
		{`tar tf a.tar`, ``},
		{`zip -r app.zip app`, ``},
		{`zip - app/x`, ``},
	} {
		s, err := (&Parser{}).Parse(context.Background(), tc.src)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		got := ""
		if ts, ok := SearchOf(s.Commands[0]); ok {
			var dirs []string
			for _, d := range ts.Dirs {
				dirs = append(dirs, d.Value)
			}
			got = strings.Join(dirs, ",")
			for _, x := range ts.Exclude {
				got += " -" + x
			}
			if ts.Known || !ts.Hidden {
				t.Errorf("%q: Known %v Hidden %v, want false and true", tc.src, ts.Known, ts.Hidden)
			}
		}
		if got != tc.want {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.want)
		}
	}
}
