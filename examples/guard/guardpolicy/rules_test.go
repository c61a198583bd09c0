package guardpolicy

import "testing"

func TestRemovesRecursively(t *testing.T) {
	for cmd, want := range map[string]bool{
		"rm -rf /":                      true,
		"rm -fr build":                  true,
		"rm -r -f build":                true,
		"sudo rm -Rf /var":              true,
		"command rm -rf dir":            true,
		"/bin/rm --recursive --force x": true,
		"cd x && rm -rf y":              true,
		"echo hi; rm -rf $HOME":         true,
		"rm -r build":                   false,
		"rm -f file":                    false,
		"echo rm -rf":                   true, // conservative: any rm word followed by the flags
		"ls -rf":                        false,
		"grep -rf patterns .":           false,
		"git rm -r --cached x":          false,
	} {
		if got := removesRecursively(cmd); got != want {
			t.Errorf("removesRecursively(%q) = %v, want %v", cmd, got, want)
		}
	}
}

func TestIsEnvFile(t *testing.T) {
	for p, want := range map[string]bool{
		".env":                          true,
		"config/.env":                   true,
		"/home/dev/project/.env":        true,
		`C:\Users\dev\project\.env`:     true,
		".env.example":                  false,
		"env":                           false,
		"/home/dev/project/.envrc":      false,
		"/home/dev/project/.env/config": false,
	} {
		if got := isEnvFile(p); got != want {
			t.Errorf("isEnvFile(%q) = %v, want %v", p, got, want)
		}
	}
}
