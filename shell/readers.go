package shell

// A reader describes a program that reads its operands: the options that
// take a value (so that a value is not read as a file), and the few
// options of such programs that write a file or run a command.
type reader struct {
	spec *Spec
	// skip is how many leading operands are not files (grep's pattern,
	// jq's filter) unless one of the options given names them instead.
	skip   int
	given  []string
	lang   string   // when set, the skipped operand is code in this language
	writes []string // options whose value is a file written
	reads  []string // options whose value is a file read
	runs   []string // options whose value is a command run
	runsOn []string // options whose value is a program run with file names after it (rg --pre)
	// inplace are the options that make the program rewrite its operands
	// instead of reading them (gofmt -w, yq -i).
	inplace []string
	// out is the index of an operand that is written, not read (uniq IN
	// OUT, xxd IN OUT); 0 for none.
	out int
	// data are the options after which operands are data, not files
	// (shuf -e).
	data []string
}

var (
	headSpec = Spec{Short: "c:n:qvzFs:f", Permute: true, Long: []string{"bytes=", "lines=", "quiet", "silent", "verbose",
		"zero-terminated", "follow=?", "retry", "sleep-interval=", "pid=", "max-unchanged-stats=", "help", "version"}}
	grepSpec = Spec{Short: "EFGPiywxvcLloqsbHhnTZzUVaIrRe:f:m:A:B:C:d:D:", Permute: true, Long: []string{"regexp=",
		"file=", "max-count=", "after-context=", "before-context=", "context=?", "include=", "exclude=",
		"exclude-from=", "exclude-dir=", "binary-files=", "devices=", "directories=", "label=", "color=?",
		"colour=?", "extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "ignore-case",
		"no-ignore-case", "word-regexp", "line-regexp", "null-data", "no-messages", "invert-match", "version",
		"help", "byte-offset", "line-number", "line-buffered", "with-filename", "no-filename", "only-matching",
		"quiet", "silent", "recursive", "dereference-recursive", "files-with-matches", "files-without-match",
		"count", "initial-tab", "null", "text"}}
	rgSpec = Spec{Short: "e:f:g:t:T:j:m:A:B:C:M:E:r:d:", Permute: true, Long: []string{"regexp=", "file=", "glob=",
		"iglob=", "type=", "type-not=", "threads=", "max-count=", "after-context=", "before-context=", "context=",
		"max-columns=", "encoding=", "replace=", "pre=", "pre-glob=", "ignore-file=", "max-depth=",
		"max-filesize=", "sort=", "sortr=", "type-add=", "type-clear=", "path-separator=", "colors=", "color=",
		"dfa-size-limit=", "regex-size-limit=", "engine=", "field-context-separator=", "field-match-separator=",
		"context-separator=", "hostname-bin=", "hyperlink-format=", "generate=", "files", "type-list"}}
	diffSpec = Spec{Short: "abBdeEfhiIlnNpPqrsStTuwWyC:D:F:I:L:S:U:W:x:X:o:", Permute: true, Long: []string{"label=",
		"ignore-matching-lines=", "show-function-line=", "starting-file=", "exclude=", "exclude-from=", "width=",
		"to-file=", "from-file=", "unified=?", "context=?", "horizon-lines=", "line-format=",
		"old-line-format=", "new-line-format=", "unchanged-line-format=", "old-group-format=",
		"new-group-format=", "changed-group-format=", "unchanged-group-format=", "ifdef=", "tabsize=",
		"color=?", "palette=", "output=", "diff-program="}}
	sortSpecR = Spec{Short: "bdfgiMhnRrVck:mo:st:T:S:uz", Permute: true, Long: []string{"output=", "key=",
		"field-separator=", "temporary-directory=", "buffer-size=", "files0-from=", "random-source=", "parallel=",
		"sort=", "compress-program=", "check=?"}}
	lessSpec = Spec{Short: "b:h:j:k:o:O:p:P:t:T:x:y:z:#:aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~", Permute: true,
		Long: []string{"log-file=", "LOG-FILE=", "tag-file=", "pattern=", "prompt=", "tag=", "tabs=", "shift=",
			"lesskey-file=", "lesskey-src=", "buffers=", "jump-target=", "max-back-scroll=", "max-forw-scroll=",
			"window=", "header=", "rscroll=", "use-color", "color="}}
	treeSpec = Spec{Short: "adflifxpsugDFqNQSrtvUcCAL:P:I:o:H:T:", Permute: true, Long: []string{"filelimit=",
		"timefmt=", "charset=", "sort=", "fromfile", "noreport", "dirsfirst", "gitignore", "output=", "prune"}}
)

// The readers (see readerFor).
var (
	headReader = reader{spec: &headSpec}
	grepReader = reader{spec: &grepSpec, skip: 1, given: []string{"e", "f", "regexp", "file"}, reads: []string{"f", "file", "exclude-from"}}
	rgReader   = reader{spec: &rgSpec, skip: 1, given: []string{"e", "f", "regexp", "file", "files", "type-list"},
		reads: []string{"f", "file", "ignore-file"}, runsOn: []string{"pre"}}
	agReader = reader{spec: &Spec{Short: "A:B:C:G:g:m:p:", Permute: true, Long: []string{"pager=", "path-to-ignore=",
		"ignore=", "ignore-dir=", "file-search-regex=", "after=?", "before=?", "context=?", "max-count=", "depth="}},
		skip: 1, runs: []string{"pager"}, reads: []string{"p", "path-to-ignore"}}
	batReader = reader{spec: &Spec{Short: "AbnpPuHl:m:r:L:", Permute: true, Long: []string{"pager=", "language=",
		"map-syntax=", "line-range=", "theme=", "style=", "paging=", "color=", "wrap=", "tabs=", "highlight-line=",
		"file-name=", "diff-context=", "decorations=", "italic-text=", "terminal-width="}}, runs: []string{"pager"}}
	clocReader = reader{spec: &Spec{Permute: true, Long: []string{"out=", "report-file=", "exclude-dir=",
		"exclude-ext=", "include-ext=", "exclude-lang=", "include-lang=", "list-file=", "read-lang-def=",
		"force-lang=", "script-lang=", "match-f=", "not-match-f=", "match-d=", "not-match-d="}},
		writes: []string{"out", "report-file"}, reads: []string{"list-file", "read-lang-def"}}
	diffReader  = reader{spec: &diffSpec, runsOn: []string{"diff-program"}}
	sdiffReader = reader{spec: &diffSpec, writes: []string{"o", "output"}, runsOn: []string{"diff-program"}}
	yqReader    = reader{spec: &Spec{Short: "iPMCNjre:o:p:I:s:", Permute: true, Long: []string{"inplace", "output-format=",
		"input-format=", "indent=", "split-exp=", "expression=", "from-file=", "front-matter=", "prettyPrint",
		"null-input", "nul-output", "unwrapScalar=?", "exit-status", "colors", "no-colors", "no-doc"}},
		lang: "yq", inplace: []string{"i", "inplace"}}
	sortReader = reader{spec: &sortSpecR, writes: []string{"o", "output"}, reads: []string{"files0-from", "random-source"},
		runs: []string{"compress-program"}}
	shufReader = reader{spec: &Spec{Short: "ei:n:o:rz", Permute: true, Long: []string{"echo", "input-range=",
		"head-count=", "output=", "random-source=", "repeat", "zero-terminated"}},
		writes: []string{"o", "output"}, reads: []string{"random-source"}, data: []string{"e", "echo", "i", "input-range"}}
	uniqReader = reader{spec: &Spec{Short: "cdDf:is:uw:z", Permute: true, Long: []string{"all-repeated=?", "group=?",
		"skip-fields=", "skip-chars=", "check-chars=", "count", "repeated", "ignore-case", "unique",
		"zero-terminated"}}, out: 2}
	xxdReader    = reader{spec: &Spec{Short: "c:g:l:o:s:n:abCdeEhiprRuv"}, out: 2}
	base64Reader = reader{spec: &Spec{Short: "dDiw:o:b:", Permute: true, Long: []string{"decode", "ignore-garbage",
		"wrap=", "input=", "output=", "break="}}, writes: []string{"o", "output"}, reads: []string{"input"}}
	lessReader = reader{spec: &lessSpec, writes: []string{"o", "O", "log-file", "LOG-FILE"}}
	treeReader = reader{spec: &treeSpec, writes: []string{"o", "output"}}
	fileReader = reader{spec: &Spec{Short: "bcCdEhiIkLlNnprsSvzZ0m:e:F:f:P:", Permute: true, Long: []string{"magic-file=",
		"exclude=", "exclude-quiet=", "separator=", "files-from=", "parameter="}}, reads: []string{"m", "magic-file", "f", "files-from"}}
	iconvReader = reader{spec: &Spec{Short: "cf:t:lo:s", Permute: true, Long: []string{"from-code=", "to-code=", "list",
		"output=", "silent", "verbose"}}, writes: []string{"o", "output"}}
	gofmtReader = reader{spec: &Spec{Short: "delswr:", Permute: true, Long: []string{"cpuprofile="}}, inplace: []string{"w"},
		writes: []string{"cpuprofile"}}
	shfmtReader = reader{spec: &Spec{Short: "wldsi:l:", Permute: true, Long: []string{"write", "list=?", "diff", "simplify",
		"minify", "indent=", "language-dialect=", "binary-next-line", "case-indent", "space-redirects",
		"keep-padding", "func-next-line", "filename=", "apply-ignore", "from-json", "to-json", "find=?"}},
		inplace: []string{"w", "write"}}
	xmllintReader = reader{spec: &Spec{Permute: true, Long: []string{"output=", "path=", "dtdvalid=", "schema=", "relaxng=",
		"xpath=", "encode=", "maxmem=", "pattern=", "stream", "noout", "format"}}, writes: []string{"output"}}
	catReader   = reader{spec: &Spec{Short: "AbeEnstTuvb:d:f:h:i:l:s:v:w:", Permute: true}}
	plainReader = reader{spec: &Spec{Permute: true, Long: []string{"files0-from=", "block-size=", "format=", "sort=", "time=",
		"time-style=", "color=?", "hide=", "ignore=", "width=", "tabsize=", "indicator-style=", "quoting-style=",
		"exclude=", "max-depth=", "threshold=", "printf=", "bytes=", "lines=", "characters=", "fields=",
		"delimiter=", "output-delimiter=", "width="}}}
)

// readEffects is the effector of the readers (see programKind).
func readEffects(w *walker, c *Command, sc *scope, in stdin) {
	switch c.Name {
	case "jq", "gojq":
		jqEffects(w, c, sc, in)
	case "yq":
		yqEffects(w, c, sc, in)
	default:
		r := readerFor(c.Name)
		r.effects(w, c, sc, in)
		switch c.Name {
		case "tree":
			// tree -R (with -H) writes 00Tree.html in each directory.
			if f := w.flags(c, *r.spec); f.Has("R") {
				ops := f.Operands
				if len(ops) == 0 {
					ops = []Word{Static(".")}
				}
				for _, o := range ops {
					w.writes(c, sc, under(o))
				}
			}
		case "file":
			// file -C compiles the magic files of -m into NAME.mgc.
			if f := w.flags(c, *r.spec); f.Has("C") {
				for _, o := range f.Options {
					if o.Name == "m" || o.Name == "magic-file" {
						m := Static(o.Value.Value + ".mgc")
						if o.Value.Dynamic {
							m = withSuffix(o.Value, ".mgc")
						}
						w.writes(c, sc, m)
					}
				}
			}
		}
	}
}

// readerFor returns the reader named name.
func readerFor(name string) *reader {
	switch name {
	case "head", "tail":
		return &headReader
	case "grep", "egrep", "fgrep", "zgrep":
		return &grepReader
	case "rg":
		return &rgReader
	case "ag", "ack":
		return &agReader
	case "sdiff":
		return &sdiffReader
	case "diff", "diff3", "colordiff", "wdiff":
		return &diffReader
	case "sort":
		return &sortReader
	case "shuf":
		return &shufReader
	case "uniq":
		return &uniqReader
	case "xxd":
		return &xxdReader
	case "base64", "base32", "basenc":
		return &base64Reader
	case "less", "more", "most":
		return &lessReader
	case "tree":
		return &treeReader
	case "bat", "batcat":
		return &batReader
	case "cloc":
		return &clocReader
	case "file":
		return &fileReader
	case "iconv":
		return &iconvReader
	case "gofmt":
		return &gofmtReader
	case "shfmt":
		return &shfmtReader
	case "xmllint":
		return &xmllintReader
	case "cat", "tac", "nl":
		return &catReader
	}
	return &plainReader
}

// effects records what the reader r does.
func (r *reader) effects(w *walker, c *Command, sc *scope, _ stdin) {
	f := w.flags(c, *r.spec)
	if r.spec == grepReader.spec || r.spec == rgReader.spec || r.spec == agReader.spec {
		w.keepFlags(c, r.spec, f) // read again by SearchOf
	}
	valueEffects(w, c, sc, f, Writes, r.writes...)
	valueEffects(w, c, sc, f, Reads, r.reads...)
	for _, o := range f.Options {
		for _, n := range r.runs {
			if o.Name == n && o.HasValue {
				w.nestedWord(o.Value, &scope{dir: sc.dir}, plus(c.Via, c.Name))
			}
		}
		for _, n := range r.runsOn {
			if o.Name == n && o.HasValue {
				w.nestedWord(withFiles(o.Value), &scope{dir: sc.dir}, plus(c.Via, c.Name))
			}
		}
	}
	if len(r.data) > 0 && f.Has(r.data...) {
		return
	}
	ops := f.Operands
	if r.skip > 0 && !f.Has(r.given...) && len(ops) > 0 {
		if r.lang != "" {
			w.runsCode(c, sc, r.lang, ops[0], Word{})
		}
		first := ops[0]
		ops = ops[min(r.skip, len(ops)):]
		if r.skip == 1 && namesList(first) {
			// git ls-files | xargs grep: the first name is the pattern,
			// the others are files read.
			w.effect(c, sc, Effect{Kind: Reads, Path: first})
		}
	}
	kind := Reads
	if len(r.inplace) > 0 && f.Has(r.inplace...) {
		kind = Writes
	}
	for i, o := range ops {
		k := kind
		if r.out > 0 && i == r.out-1 {
			k = Writes
		}
		w.effect(c, sc, Effect{Kind: k, Path: o})
	}
}

// jqEffects: jq FILTER FILE…; the filter (or -f FILE) is code in jq's
// language; --slurpfile and --rawfile read a file (their first value is
// a name); --arg and --argjson take a name and a value; after --args or
// --jsonargs operands are values, not files.
func jqEffects(w *walker, c *Command, sc *scope, _ stdin) {
	args := c.Args[1:]
	var ops []Word
	haveCode, values := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || !a.MaybeOption() {
			ops = append(ops, a)
			continue
		}
		switch a.Value {
		case "--arg", "--argjson":
			i += 2
		case "--slurpfile", "--rawfile":
			if i+2 < len(args) {
				w.reads(c, sc, args[i+2])
			}
			i += 2
		case "-f", "--from-file":
			if i+1 < len(args) {
				i++
				w.runsCode(c, sc, "jq", Word{}, args[i])
				haveCode = true
			}
		case "--indent", "-L", "--library-path":
			i++
		case "--args", "--jsonargs":
			values = true
		case "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		}
	}
	if !haveCode && len(ops) > 0 {
		w.runsCode(c, sc, "jq", ops[0], Word{})
		ops = ops[1:]
	}
	if values {
		return
	}
	for _, o := range ops {
		w.reads(c, sc, o)
	}
}

// yqEffects: yq [eval|e|eval-all|ea] EXPRESSION FILE…; with one operand
// it may be the expression or a file (yq decides by whether it exists),
// so it is both. -i rewrites the files.
func yqEffects(w *walker, c *Command, sc *scope, _ stdin) {
	r := &yqReader
	f := w.flags(c, *r.spec)
	ops := f.Operands
	if len(ops) > 0 && !ops[0].Dynamic {
		switch ops[0].Value {
		case "e", "eval", "ea", "eval-all":
			ops = ops[1:]
		}
	}
	kind := Reads
	if f.Has(r.inplace...) {
		kind = Writes
	}
	if f.Has("s", "split-exp") {
		// Each document goes to a file named by an expression.
		w.writes(c, sc, under(Static(".")))
	}
	if e, ok := f.Value("expression"); ok {
		w.runsCode(c, sc, "yq", e, Word{})
	} else if len(ops) > 0 {
		w.runsCode(c, sc, "yq", ops[0], Word{})
		if len(ops) > 1 {
			ops = ops[1:]
		}
	}
	for _, o := range ops {
		w.effect(c, sc, Effect{Kind: kind, Path: o})
	}
}
