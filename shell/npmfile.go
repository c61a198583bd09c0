package shell

import (
	"encoding/json"
	"slices"
	"strings"
)

// Package scripts read from disk: npm run NAME (npm test, yarn NAME,
// pnpm NAME, npm install's lifecycle scripts) runs the scripts of that
// name in the package.json of the directory it runs in, each with sh -c.
// With [Parser.Files] set, the file is read and the scripts walked as a
// script file's commands (see [Command.ScriptFile]).

// scriptsOf returns the script names npm, pnpm or yarn runs for
// subcommand sub with its words args (the script's name first): the
// script and its pre and post scripts, or the install lifecycle.
func scriptsOf(sub string, args []Word) []string {
	around := func(name string) []string { return []string{"pre" + name, name, "post" + name} }
	switch sub {
	case "run", "run-script", "rum", "urn":
		for _, a := range args {
			if a.Dynamic {
				return nil
			}
			if a.Value == "--" || len(a.Value) > 0 && a.Value[0] == '-' {
				continue
			}
			return around(a.Value)
		}
		return nil
	case "test", "tst", "t":
		return around("test")
	case "start", "stop":
		return around(sub)
	case "restart":
		return append(append(around("stop"), around("restart")...), around("start")...)
	case "install", "i", "ci", "add", "install-test", "it", "rebuild", "rb":
		return []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}
	}
	return []string{sub} // yarn NAME, pnpm NAME
}

// packageScripts walks the scripts that subcommand sub with words args
// runs (see scriptsOf) from the package.json in the directory of sc,
// read through [Parser.Files].
func (w *walker) packageScripts(c *Command, sc *scope, sub string, args []Word) {
	if w.err != nil || sc.dir.Dynamic {
		return
	}
	if sub == "run" || sub == "run-script" || sub == "rum" || sub == "urn" {
		i := slices.IndexFunc(args, func(a Word) bool { return !strings.HasPrefix(a.Value, "-") || a.Dynamic })
		if i < 0 || args[i].Dynamic {
			return // npm run alone lists the scripts; a name known only at run time is not read
		}
	}
	w.out.asks = true
	if w.lim.Files == nil {
		return
	}
	names := scriptsOf(sub, args)
	if len(names) == 0 {
		return
	}
	p := joinDir(sc.dir, Static("package.json"))
	scripts, ok := fileMemo(w, "package.json", p.Value, func(text string) (map[string]any, bool) {
		var pkg struct {
			Scripts map[string]any `json:"scripts"`
		}
		if json.Unmarshal([]byte(text), &pkg) != nil {
			return nil, false // npm stops: the file does not parse
		}
		return pkg.Scripts, true
	})
	if !ok {
		return
	}
	via := plus(c.Via, c.Name)
	for _, name := range names {
		s, ok := scripts[name].(string)
		if !ok || s == "" {
			continue
		}
		w.walkFile(s, p, &scope{dir: sc.dir}, via)
	}
}

// fileMemo returns the file at path p, read through [Parser.Files] and
// parsed by parse as a file of kind kind, once a walk: the parse of a
// file a script runs many times is made once (npm test; npm test; …).
// ok is false when the file is not read or does not parse.
func fileMemo[T any](w *walker, kind, p string, parse func(text string) (T, bool)) (T, bool) {
	type parsed struct {
		v  T
		ok bool
	}
	key := kind + "\x00" + p
	if v, ok := w.parsed[key].(parsed); ok {
		return v.v, v.ok
	}
	var out parsed
	if text, ok := w.lim.Files(p); ok {
		out.v, out.ok = parse(text)
	}
	if w.parsed == nil {
		w.parsed = map[string]any{}
	}
	w.parsed[key] = out
	return out.v, out.ok
}
