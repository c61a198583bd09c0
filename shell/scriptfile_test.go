package shell

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// scriptFiles are the files of TestScriptFiles, by the path Files is
// given.
var scriptFiles = map[string]string{
	"x.sh":         "rm -rf src\necho k > .env\n",
	"sub/x.sh":     "rm -rf lib\n",
	"run":          "#!/usr/bin/env bash\nset -e\nrm -rf out\n",
	"tool.py":      "#!/usr/bin/env -S python3 -u\nimport shutil\n",
	"bin/tool":     "\x7fELF\x02\x01\x01\x00\x00\x00rm -rf src",
	"plain":        "git clean -fdx\n",
	"z.sh":         "#!/bin/zsh\nrm -rf src\n",
	"outer.sh":     "source inner.sh\nrm -rf a\n",
	"inner.sh":     "rm -rf b\n",
	"self.sh":      "source self.sh\n",
	"cd.sh":        "cd /tmp\n",
	"cron":         "* * * * * rm -rf src\n",
	"/opt/x/run":   "#!/bin/sh\nrm -rf /opt/x/data\n",
	"scripts/a.pl": "#!/usr/bin/perl -w\nunlink 'x';\n",
	"envc":         "#!/usr/bin/env -S sh -c 'rm -rf src'\necho hi\n",
	"sdashc":       "#!/bin/sh -c 'rm -rf src'\necho hi\n",
	"node.js":      "#!/usr/bin/env node\nconsole.log(1)\n",
	"gawk.awk":     "#!/usr/bin/gawk -f\nBEGIN{}\n",
	"r.R":          "#!/usr/bin/env Rscript\n1\n",
	"package.json": `{"name": "x", "scripts": {"pretest": "rm -rf coverage", "test": "jest && rm -rf src",
		"build": "tsc -p . > build.log", "postinstall": "bash x.sh", "lint": "eslint .", "n": 3}}`,
	"bad/package.json": `{"scripts": {"test": "rm -rf src"`,
	"Makefile": ".PHONY: all clean test\nCC = gcc\nOUT := build\nall: test\n\ntest: deps\n\t@go vet ./... > $(OUT)/vet.log\n" +
		"deps:\n\t-rm -rf vendor\nclean:\n\trm -rf $(OUT) \\\n\t  src\n\tcd docs && rm -rf site\n" +
		"install: ; cp bin/x /usr/local/bin/x\ndefine HELP\nall: nuke\nendef\nnuke:\n\trm -rf $$HOME/.cache\n",
	"sub/Makefile": "x:\n\trm -rf lib\n",
	"other.mk":     "y:\n\trm -rf out\n",
	// An included makefile's rules, a pattern rule, an include known
	// only at run time (not read).
	"inc/Makefile": "include rules.mk\n-include $(DEPS)\nobj: main.o\n",
	"inc/rules.mk": "all:\n\trm -rf gen\n%.o: %.c\n\trm -rf cache-$*\n",
}

// TestScriptFiles: script files a command runs are read through
// Parser.Files, and FromFiles gives what they do, apart from what the
// command does itself. Each row was run under bash in a scratch folder
// holding the files (the binary and the crontab aside).
func TestScriptFiles(t *testing.T) {
	read := func(p string) (string, bool) { s, ok := scriptFiles[p]; return s, ok }
	cases := []struct {
		src   string
		files string // effects(FromFiles), "" when none was read
		own   string // effects of the commands not from a file
	}{
		{`bash x.sh`, `rm: --src`, `bash: sh@x.sh`},
		{`sh -e x.sh arg`, `rm: --src`, `sh: sh@x.sh ?arg`},
		{`source x.sh && rm -rf y`, `rm: --src`, `source: <x.sh sh@x.sh; rm: --y`},
		{`. ./x.sh`, `rm: --src`, `.: <x.sh sh@x.sh`},
		{`cd sub && bash x.sh`, `rm: --sub/lib`, `bash: sh@sub/x.sh`},
		{`./x.sh`, `rm: --src`, `x.sh!:; sh: sh@x.sh`},
		{`./run --fast`, `rm: --out`, `run!:; bash: sh@run`},
		{`./tool.py`, ``, `tool.py!:; python3: python@tool.py`},
		{`./scripts/a.pl`, ``, `a.pl!:; perl: perl@scripts/a.pl`},
		{`bin/tool`, ``, `tool!:`},
		{`./plain`, `git: --.`, `plain!:; sh: sh@plain`},
		{`./z.sh`, `rm: --src`, `z.sh!:; zsh: sh@z.sh`},
		{`/opt/x/run`, `rm: --/opt/x/data`, `run!:; sh: sh@/opt/x/run`},
		// The #! line is run as the kernel runs it: its one argument too.
		{`./envc`, ``, `envc!:; ?!:`}, // env -S with a nested command: known only at run time (FromShebang)
		{`./node.js`, ``, `node.js!:; node: node@node.js`},
		{`./gawk.awk`, ``, `gawk.awk!:; gawk: awk@gawk.awk`},
		{`./r.R`, ``, `r.r!:; rscript: r@r.R`},
		{`bash outer.sh`, `source: <inner.sh sh@inner.sh; rm: --b; rm: --a`, `bash: sh@outer.sh`},
		{`crontab cron`, ``, ``},
		{`bash missing.sh`, ``, `bash: sh@missing.sh`},
		{`x.sh`, ``, `x.sh!:`}, // found on PATH, not in the folder
		{`bash "$F"`, ``, `?!:`},
		{`bash < x.sh`, `rm: --src`, `bash: sh@x.sh`},
		{`sh -s < x.sh`, `rm: --src`, `sh: sh@x.sh`},
		{`bash /dev/stdin < x.sh`, `rm: --src`, ``},
		{`npm test`, `rm: --coverage; jest!:; rm: --src`, `npm: npm-script@package.json`},
		{`npm run build -- --watch`, `tsc!: ?.`, `npm: npm-script@package.json`},
		{`npm install`, `bash: sh@x.sh; rm: --src`, `npm: npm-script@package.json`},
		{`yarn lint`, `eslint!: ?.`, `yarn: npm-script@package.json`},
		{`pnpm n`, ``, `pnpm: npm-script@package.json`},
		{`bun run test`, `rm: --coverage; jest!:; rm: --src`, `bun: npm-script@package.json`},
		{`npm --prefix sub test`, ``, `npm: npm-script@package.json`},
		{`cd bad && npm test`, ``, `npm: npm-script@bad/package.json`},
		{`npm run "$X"`, ``, `npm: npm-script@package.json`},
		{`make`, `rm: --vendor`, `make: make@GNUmakefile make@makefile make@Makefile`},
		{`make clean`, `rm: --build --src; rm: --docs/site`, `make: make@GNUmakefile make@makefile make@Makefile`},
		{`make -n clean`, ``, `make: make@GNUmakefile make@makefile make@Makefile`},
		{`make install`, `cp: >/usr/local/bin/x >/usr/local/bin/x/x <bin/x`, `make: make@GNUmakefile make@makefile make@Makefile`},
		{`make nuke`, `rm: --{$HOME/.cache}`, `make: make@GNUmakefile make@makefile make@Makefile`},
		{`make -C sub x`, `rm: --sub/lib`, `make: make@sub/GNUmakefile make@sub/makefile make@sub/Makefile`},
		{`make -f other.mk y`, `rm: --out`, `make: make@other.mk`},
		{`make -C inc`, `rm: --inc/gen`, `make: make@inc/GNUmakefile make@inc/makefile make@inc/Makefile`},
		{`make -C inc obj`, `rm: --{inc/cache-${MAKEVAR}}`, `make: make@inc/GNUmakefile make@inc/makefile make@inc/Makefile`},
		{`make -C inc x.o`, `rm: --{inc/cache-${MAKEVAR}}`, `make: make@inc/GNUmakefile make@inc/makefile make@inc/Makefile`},
	}
	for _, tc := range cases {
		s, err := (&Parser{Files: read}).Parse(context.Background(), tc.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.src, err)
			continue
		}
		got := ""
		if f := s.FromFiles(); f != nil {
			got = effects(f)
		}
		own := &Script{}
		for _, c := range s.Commands {
			if _, ok := c.ScriptFile(); !ok {
				own.Commands = append(own.Commands, c)
			}
		}
		if got != tc.files || effects(own) != tc.own {
			t.Errorf("Parse(%q):\n files %q, want %q\n own   %q, want %q", tc.src, got, tc.files, effects(own), tc.own)
		}
	}
}

// TestScriptFileWrites: FromFiles holds the files a script file writes
// (a redirection too), not those of the command that runs it.
func TestScriptFileWrites(t *testing.T) {
	read := func(p string) (string, bool) { s, ok := scriptFiles[p]; return s, ok }
	s, err := (&Parser{Files: read}).Parse(context.Background(), `echo a > notes.txt; bash x.sh; echo b > log.txt`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range s.FromFiles().Writes {
		got = append(got, w.By+" "+w.Path.Value)
	}
	if want := "rm src|> .env"; strings.Join(got, "|") != want {
		t.Errorf("FromFiles().Writes = %q, want %q", strings.Join(got, "|"), want)
	}
	for _, c := range s.Commands {
		if f, ok := c.ScriptFile(); ok != (c.Name == "rm" || c.String() == "echo k") || ok && f != "x.sh" {
			t.Errorf("%s: ScriptFile() = %q, %v", c, f, ok)
		}
	}
}

// TestScriptFileLimits: a file that sources itself is past MaxNested; a
// long file counts against MaxReparsed; without Files nothing is read.
func TestScriptFileLimits(t *testing.T) {
	read := func(p string) (string, bool) { s, ok := scriptFiles[p]; return s, ok }
	var le *LimitError
	if _, err := (&Parser{Files: read}).Parse(context.Background(), `source self.sh`); !errors.As(err, &le) || le.Limit != "nested" {
		t.Errorf("source self.sh: %v, want the nested limit", err)
	}
	// #!/bin/sh -c 'CODE': sh is given the path as its -c script, which
	// runs the file again (dash refuses the option; the walk stops at
	// MaxNested).
	if _, err := (&Parser{Files: read}).Parse(context.Background(), `./sdashc`); !errors.As(err, &le) || le.Limit != "nested" {
		t.Errorf("./sdashc: %v, want the nested limit", err)
	}
	long := func(string) (string, bool) { return strings.Repeat("echo hi\n", 40000), true }
	if _, err := (&Parser{Files: long}).Parse(context.Background(), `bash big.sh`); !errors.As(err, &le) || le.Limit != "reparsed" {
		t.Errorf("bash big.sh: %v, want the reparsed limit", err)
	}
	s, err := Parse(`bash x.sh; ./run`)
	if err != nil || s.FromFiles() != nil || len(s.Commands) != 2 || !s.RunsFiles() {
		t.Errorf("without Files: %v, %d commands, FromFiles %v, RunsFiles %v", err, len(s.Commands), s.FromFiles(), s.RunsFiles())
	}
	for _, src := range []string{`ls -la`, `bash -c 'rm -rf x'`, `npm run "$X"`, `python3 x.py`, `crontab cron`} {
		if s, err := Parse(src); err != nil || s.RunsFiles() {
			t.Errorf("Parse(%q).RunsFiles() = true, want false (%v)", src, err)
		}
	}
	for _, src := range []string{`bash < x.sh`, `source /dev/stdin < x.sh`, `make`, `yarn test`, `cd d && ./x`} {
		if s, err := Parse(src); err != nil || !s.RunsFiles() {
			t.Errorf("Parse(%q).RunsFiles() = false, want true (%v)", src, err)
		}
	}
}

// TestMayWrite: the writes that make a script file read from disk stale
// before the command runs it.
func TestMayWrite(t *testing.T) {
	for _, tc := range []struct {
		src  string
		file string
		want bool
	}{
		{`cp a y.sh`, "y.sh", true},
		{`cp a ./y.sh`, "y.sh", true},
		{`cd sub && cp a y.sh`, "sub/y.sh", true},
		{`cp a z.sh`, "y.sh", false},
		{`tar xf a.tgz`, "y.sh", true},
		{`cp -r tmpl/. .`, "y.sh", true},
		{`cat a > "$F"`, "y.sh", true},
		{`cat a > "$D/y.sh"`, "y.sh", true},
		{`cat a > "$D/z.sh"`, "y.sh", false},
		{`rm y.sh`, "y.sh", false},
		{`echo hi > log.txt`, "y.sh", false},
		{`go test ./...`, "y.sh", false},
		{`go build -o app .`, "app", false},
		{`gcc -o app main.c`, "app", false},
		{`curl -o app https://example.com/app`, "app", true},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.MayWrite(tc.file); got != tc.want {
			t.Errorf("Parse(%q).MayWrite(%q) = %v, want %v", tc.src, tc.file, got, tc.want)
		}
	}
}

// TestFromShebang: the commands a #! line runs are marked, not those of
// the file's text.
func TestFromShebang(t *testing.T) {
	read := func(p string) (string, bool) { s, ok := scriptFiles[p]; return s, ok }
	for src, want := range map[string]string{`./envc`: "env ?", `./run`: "env bash", `./x.sh`: "sh"} {
		s, err := (&Parser{Files: read}).Parse(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range s.Commands {
			if c.FromShebang() {
				name := c.Name
				if c.Dynamic {
					name = "?"
				}
				got = append(got, name)
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: FromShebang commands %q, want %q", src, got, want)
		}
	}
}
