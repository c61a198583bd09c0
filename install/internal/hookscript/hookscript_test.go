package hookscript

import "testing"

// Command reads back exactly what Render wrote, and nothing else: a
// script with a line added, a changed header or a command on two lines
// is not one install wrote.
func TestCommand(t *testing.T) {
	cmd := "/home/dev/bin/guard --host cline --timeout 30s"
	if got, ok := Command(Render(cmd)); !ok || got != cmd {
		t.Errorf("Command(Render(%q)) = %q, %v", cmd, got, ok)
	}
	for name, src := range map[string]string{
		"extra line":     string(Render(cmd)) + "echo hi\n",
		"no newline":     string(Render(cmd))[:len(Render(cmd))-1],
		"other header":   "#!/bin/sh\n# mine\nexec " + cmd + "\n",
		"two lines":      "#!/bin/sh\n" + Header + "exec " + cmd + "\rrm -rf x\n",
		"bash shebang":   "#!/bin/bash\n" + Header + "exec " + cmd + "\n",
		"empty":          "",
		"header missing": "#!/bin/sh\nexec " + cmd + "\n",
	} {
		if got, ok := Command([]byte(src)); ok {
			t.Errorf("%s: Command = %q, true; want not ours", name, got)
		}
	}
}
