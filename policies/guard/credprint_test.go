package guard

import "testing"

// TestPrintsCredentials: rule 7 denies the commands that print a
// credential a program keeps for the user, each program of
// printsCredentials (and so of credentialPrinter, asked first); the
// look-alikes pass.
func TestPrintsCredentials(t *testing.T) {
	root := project(t)
	judgeTable(t, root, []judgeCase{
		{`printf 'protocol=https\nhost=github.com\n' | git credential fill`, "rule 7"},
		{`git -c credential.helper=store credential-store get`, "rule 7"},
		{`aws configure get aws_secret_access_key`, "rule 7"},
		{`aws configure export-credentials`, "rule 7"},
		{`gh auth token`, "rule 7"},
		{`glab auth status --show-token`, "rule 7"},
		{`gcloud auth print-access-token`, "rule 7"},
		{`az account get-access-token`, "rule 7"},
		{`kubectl config view --raw`, "rule 7"},
		{`security find-generic-password -s x -w`, "rule 7"},
		{`secret-tool lookup service x`, "rule 7"},
		// Look-alikes.
		{`gh auth status`, ""},
		{`aws configure list`, ""},
		{`kubectl config view`, ""},
		{`git status --short`, ""},
		{`gcloud config list`, ""},
	})
}

// TestHiddenInputPrograms: each program whose options hiddenInput reads
// (hiddenInputProgram, asked first) is denied a script, config or list
// read from the standard input; the same programs given a file pass.
func TestHiddenInputPrograms(t *testing.T) {
	root := project(t)
	judgeTable(t, root, []judgeCase{
		{`echo 'url = "http://127.0.0.1/"' | curl -K /dev/stdin`, "rule 4"},
		{`echo p | sed -f /dev/stdin x.txt`, "rule 4"},
		{`ssh -F /dev/stdin host true`, "rule 4"},
		{`scp -F /dev/stdin a host:b`, "rule 4"},
		{`sftp -F /dev/stdin host`, "rule 4"},
		{`echo http://127.0.0.1/ | wget -i /dev/stdin`, "rule 4"},
		{`echo x | wget --config /dev/stdin http://127.0.0.1/`, "rule 4"},
		{`echo '{print}' | awk -f /dev/stdin x.txt`, "rule 4"},
		{`echo '{print}' | gawk -f /dev/stdin x.txt`, "rule 4"},
		{`echo '{print}' | mawk -f /dev/stdin x.txt`, "rule 4"},
		{`echo '{print}' | nawk -f /dev/stdin x.txt`, "rule 4"},
		{`sed -f fix.sed x.txt`, ""},
		{`awk -f prog.awk x.txt`, ""},
	})
}
