package shell

import "testing"

// TestDataRunAsCode: data bash evaluates as code (issue 38). Each case was
// run under bash 5.2 in a sandbox; the comment says whether the $(…) ran.
// A case that runs code must report a dynamic command (a policy denies
// it as one it cannot see); a look-alike must not.
func TestDataRunAsCode(t *testing.T) {
	for src, runs := range map[string]bool{
		`x='$(touch p)'; echo ${x@P}`:      true, // ran
		`let 'a[$(touch p)]=1'`:            true, // ran
		`[[ -v 'a[$(touch p)]' ]]`:         true, // ran
		`printf -v 'a[$(touch p)]' x`:      true, // ran
		`read 'a[$(touch p)]' <<< x`:       true, // ran
		`test -v 'a[$(touch p)]'`:          true, // ran
		`[ -v 'a[$(touch p)]' ]`:           true,
		`[[ 'a[$(touch p)]' -eq 1 ]]`:      true, // ran
		`declare 'a[$(touch p)]=1'`:        true, // ran
		`local 'a[` + "`touch p`" + `]=1'`: true,
		`a=(1); unset 'a[$(touch p)]'`:     true, // ran
		`mapfile 'a[$(touch p)]' < f`:      true,
		`let x=1+2`:                        false,
		`let "x = 3"`:                      false,
		`[[ -v HOME ]]`:                    false,
		`[[ $n -eq 1 ]]`:                   false,
		`printf -v x '%s' a`:               false,
		`printf '%s[$(x)]\n' a`:            false, // a format, not a name
		`read -p 'name[$(x)]: ' n`:         false, // a prompt, not a name
		`echo ${x@Q}`:                      false,
		`test -v 'a[1]'`:                   false,
		`declare -A m; m[key]=1`:           false,
	} {
		s, err := Parse(src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		got := false
		for _, c := range s.Commands {
			got = got || c.Dynamic
		}
		if got != runs {
			t.Errorf("%q: a dynamic command %v, want %v", src, got, runs)
		}
	}
}

// TestGitCommandKeys: settings whose value git runs as a command, given
// with -c, are walked as scripts (issue 38).
func TestGitCommandKeys(t *testing.T) {
	for _, src := range []string{
		`git -c remote.origin.uploadpack='touch p' fetch origin`,
		`git -c remote.origin.receivepack='touch p' push origin`,
		`git -c difftool.x.cmd='touch p' difftool -t x`,
		`git -c mergetool.x.cmd='touch p' mergetool -t x`,
		`git -c submodule.s.update='!touch p' submodule update`,
		`git -c core.gitProxy='touch p' fetch`,
		`git -c sendemail.smtpServer='touch p' send-email x`,
	} {
		s, err := Parse(src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		found := false
		for _, c := range s.Commands {
			found = found || c.Name == "touch"
		}
		if !found {
			t.Errorf("%q: the setting's command is not walked", src)
		}
	}
}
