package install_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/install"
)

// The command written for each host: the path is quoted for the shell the
// host runs it with, and --timeout tells the hook the host's limit.
func ExampleCommand() {
	fmt.Println(install.Command("/usr/local/bin/guard", "claude", false, 30*time.Second))
	fmt.Println(install.Command("/opt/my tools/guard", "codex", true, 3*time.Second))
	fmt.Println(install.Command(`C:\Program Files\Guard\guard.exe`, "gemini", false, 30*time.Second))
	fmt.Println(install.Command(`C:\Program Files\Guard\guard.exe`, "cursor", false, 30*time.Second))
	// Output:
	// /usr/local/bin/guard --host claude --timeout 30s
	// '/opt/my tools/guard' --host codex --fail-closed --timeout 3s
	// & 'C:\Program Files\Guard\guard.exe' --host gemini --timeout 30s
	// "C:\Program Files\Guard\guard.exe" --host cursor --timeout 30s
}

// A dry run computes the new file without writing it.
func ExampleInstall() {
	dir, err := os.MkdirTemp("", "project")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	changes, err := install.Install(install.Options{
		Binary: "/usr/local/bin/guard",
		Hosts:  []hooks.Host{"claude"},
		Events: []hooks.EventName{hooks.PreToolUse},
		Dir:    dir,
		DryRun: true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := changes[0]
	fmt.Println(c.Host, c.Scope, c.Added, c.Before == nil)
	fmt.Print(string(c.After))
	// Output:
	// claude project [PreToolUse PreSkillShellCommand] true
	// {
	//   "hooks": {
	//     "PreToolUse": [
	//       {
	//         "matcher": "*",
	//         "hooks": [
	//           {
	//             "type": "command",
	//             "command": "/usr/local/bin/guard --host claude --timeout 30s",
	//             "timeout": 30
	//           }
	//         ]
	//       }
	//     ],
	//     "PreSkillShellCommand": [
	//       {
	//         "matcher": "*",
	//         "hooks": [
	//           {
	//             "type": "command",
	//             "command": "/usr/local/bin/guard --host claude --timeout 30s",
	//             "timeout": 30
	//           }
	//         ]
	//       }
	//     ]
	//   }
	// }
}

// With a gateway, Claude Code gets an HTTP hook that calls it, and the
// hosts that run commands only get the binary (a gateway bridge) with
// --gateway.
func ExampleInstall_gateway() {
	dir, err := os.MkdirTemp("", "project")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	changes, err := install.Install(install.Options{
		Binary:  "/usr/local/bin/bridge",
		Hosts:   []hooks.Host{"claude", "codex"},
		Events:  []hooks.EventName{hooks.PreToolUse},
		Dir:     dir,
		Gateway: "https://hooks.example.com/hook",
		DryRun:  true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range changes {
		fmt.Print(string(c.After))
	}
	// Output:
	// {
	//   "hooks": {
	//     "PreToolUse": [
	//       {
	//         "matcher": "*",
	//         "hooks": [
	//           {
	//             "type": "http",
	//             "url": "https://hooks.example.com/hook?host=claude&timeout=30",
	//             "timeout": 30,
	//             "headers": {
	//               "Authorization": "Bearer ${HOOKS_GATEWAY_TOKEN}"
	//             },
	//             "allowedEnvVars": [
	//               "HOOKS_GATEWAY_TOKEN"
	//             ]
	//           }
	//         ]
	//       }
	//     ],
	//     "PreSkillShellCommand": [
	//       {
	//         "matcher": "*",
	//         "hooks": [
	//           {
	//             "type": "http",
	//             "url": "https://hooks.example.com/hook?host=claude&timeout=30",
	//             "timeout": 30,
	//             "headers": {
	//               "Authorization": "Bearer ${HOOKS_GATEWAY_TOKEN}"
	//             },
	//             "allowedEnvVars": [
	//               "HOOKS_GATEWAY_TOKEN"
	//             ]
	//           }
	//         ]
	//       }
	//     ]
	//   }
	// }
	// {
	//   "hooks": {
	//     "PreToolUse": [
	//       {
	//         "matcher": "*",
	//         "hooks": [
	//           {
	//             "type": "command",
	//             "command": "/usr/local/bin/bridge --host codex --timeout 30s --gateway https://hooks.example.com/hook",
	//             "timeout": 30
	//           }
	//         ]
	//       }
	//     ]
	//   }
	// }
}

// Uninstall takes out exactly what Install put in: a file Install
// created goes, with the directory it created for it, so a clean project
// is clean again. (Install keeps backups and locks in the user's state
// directory, never in the project.)
func ExampleUninstall() {
	dir, err := os.MkdirTemp("", "project")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	o := install.Options{Binary: "/usr/local/bin/guard", Hosts: []hooks.Host{"claude", "codex"}, Dir: dir}
	if _, err := install.Install(o); err != nil {
		fmt.Println(err)
		return
	}
	changes, err := install.Uninstall(o)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range changes {
		fmt.Println(c.Host, "entries removed:", len(c.Removed) > 0, "file deleted:", c.Deleted)
	}
	left, _ := os.ReadDir(dir)
	fmt.Println("left in the project:", len(left))
	// Output:
	// claude entries removed: true file deleted: true
	// codex entries removed: true file deleted: true
	// left in the project: 0
}

// For a file a team commits: the binary kept in the project as bin/guard,
// each command names it through the project directory its host gives.
func ExampleInstall_binaryInProject() {
	dir, err := os.MkdirTemp("", "project")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "bin", "guard")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		fmt.Println(err)
		return
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		fmt.Println(err)
		return
	}
	changes, err := install.Install(install.Options{
		Binary:        bin,
		ProjectBinary: "bin/guard",
		Hosts:         []hooks.Host{"claude", "gemini", "codex", "copilot"},
		Events:        []hooks.EventName{hooks.Stop},
		Dir:           dir,
		DryRun:        true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range changes {
		var file struct {
			Hooks map[string][]struct {
				Bash  string
				Hooks []struct{ Command string }
			}
		}
		if err := json.Unmarshal(c.After, &file); err != nil {
			fmt.Println(err)
			return
		}
		for _, entries := range file.Hooks {
			for _, e := range entries {
				if e.Bash != "" {
					fmt.Println(e.Bash)
				}
				for _, h := range e.Hooks {
					fmt.Println(h.Command)
				}
			}
		}
	}
	// Output:
	// "$CLAUDE_PROJECT_DIR"/bin/guard --host claude --timeout 30s
	// $GEMINI_PROJECT_DIR/bin/guard --host gemini --timeout 30s
	// "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/bin/guard --host codex --timeout 30s
	// "$COPILOT_PROJECT_DIR"/bin/guard --host copilot --event agentStop --timeout 30s
}
