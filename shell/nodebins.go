package shell

import "strings"

// nodeBinEffects walks the programs of npm packages that stand for a
// coreutils command (run by npx, npm exec, pnpm dlx, yarn dlx, bunx or a
// package script): rimraf and del (del-cli) delete each operand's tree,
// as rm -rf does, and shx CMD … runs ShellJS's CMD, which takes the
// words of the coreutils command of its name (shx rm -rf d). del, and
// rimraf with --glob, read each operand as a glob: one with a glob
// character is known only at run time.
func nodeBinEffects(w *walker, c *Command, sc *scope, in stdin) {
	via := plus(c.Via, c.Name)
	args := c.Args[1:]
	if c.Name == "shx" {
		for len(args) > 0 && !args[0].Dynamic && strings.HasPrefix(args[0].Value, "-") {
			args = args[1:] // shx's own options (--silent, --verbose)
		}
		w.run(args, sc, via, in, false)
		return
	}
	glob := c.Name != "rimraf"
	out := []Word{Static("rm"), Static("-rf"), Static("--")}
	dashes := false
	for _, a := range args {
		if !dashes && !a.Dynamic && strings.HasPrefix(a.Value, "-") {
			switch a.Value {
			case "--":
				dashes = true
			case "-G", "--glob":
				glob = true
			}
			continue
		}
		out = append(out, a)
	}
	if glob {
		for i, a := range out[3:] {
			if strings.ContainsAny(a.Value, "*?[{!") {
				out[3+i] = Word{Value: a.Value, Dynamic: true}
			}
		}
	}
	w.run(out, sc, via, in, false)
}
