package shell

import "strings"

// pytestEffects: pytest removes the folder its --basetemp option names,
// with what is in it, before a run (pytest 7: `pytest --basetemp=src`
// deleted src, and so did `-o addopts=--basetemp=src` and
// PYTEST_ADDOPTS=--basetemp=src): a recursive delete of the option's
// value, in --basetemp DIR, --basetemp=DIR, or inside another word (-o
// addopts=…); of a folder known only at run time when the script names
// PYTEST_ADDOPTS (read once per script). Its other words are unknown.
func pytestEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	for i, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		if v == "--basetemp" && i+1 < len(args) {
			w.deletes(c, sc, args[i+1], true)
			continue
		}
		j := strings.Index(v, "--basetemp")
		if j < 0 {
			continue
		}
		rest := strings.TrimLeft(v[j+len("--basetemp"):], "= \t")
		end := strings.IndexAny(rest, " \t")
		if end < 0 {
			end = len(rest)
		}
		switch {
		case rest == "":
		case a.Dynamic:
			w.deletes(c, sc, Word{Value: rest[:end], Dynamic: true}, true)
		default:
			w.deletes(c, sc, Static(rest[:end]), true)
		}
	}
	if w.pytestEnv == 0 {
		w.pytestEnv = 1
		if strings.Contains(w.top, "PYTEST_ADDOPTS") {
			w.pytestEnv = 2
		}
	}
	if w.pytestEnv == 2 {
		w.deletes(c, sc, Word{Value: "$(PYTEST_ADDOPTS's --basetemp)", Dynamic: true}, true)
	}
	c.Known = false
}
