package guard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks/shell"
)

// Rule 4 denies go test, run, build and vet after the same command
// writes a .go file of a package they build: its code runs unseen. A
// file whose text the command spells out (a quoted here-document) is
// judged by that text instead (issue 38: `cat > src/sum_test.go <<'EOF'
// … EOF; go test ./src/` was denied, while the same test in Python
// passed): Go code reaches files, programs and the network only through
// packages, so a file whose imports are all of a list that can do
// none of that (testing, fmt, strings, …), the module's own packages
// (the project's code), or os for its environment and exit only, does
// nothing the guard does not see.

// goWrittenHarmless reports whether every Go file script s writes has a
// text known and harmless (goTextHarmless), with the module's own
// import path read from the go.mod over it, and no file go builds
// other than .go is written (assembly, C, a syso object, go.mod or
// go.work, which may name other code). rf holds the texts.
func goWrittenHarmless(s *shell.Script, at *place, files []writtenFile, rf *runnerFiles) bool {
	mods := map[string]string{} // goModule's answers by folder, each folder's file read once
	for _, f := range files {
		ext := path.Ext(f.base)
		switch ext {
		case ".s", ".S", ".sx", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx", ".m", ".f", ".F", ".for",
			".f90", ".syso", ".swig", ".swigcxx":
			return false
		}
		switch f.base {
		case "go.mod", "go.work", "go.work.sum", "go.sum", "modules.txt":
			return false
		}
		if ext != ".go" {
			continue
		}
		text, ok := rf.known(s, at, f.path)
		if !ok {
			return false
		}
		if !goTextHarmless(text, goModule(at, path.Dir(f.path), mods)) {
			return false
		}
	}
	return true
}

// goModule returns the module path of the go.mod in folder dir or the
// nearest one over it, within the project ("" when none is found).
// memo holds the answers by folder, of each folder on the way: a
// command that writes files in thousands of folders reads each once (a
// folder's answer from a deeper start may stop short of its own: ""
// then, which trusts fewer imports).
func goModule(at *place, dir string, memo map[string]string) string {
	var way []string
	mod := ""
	root := cleanPath(at.root)
	for i := 0; i < 16 && dir != "" && isAbs(dir); i++ {
		if m, ok := memo[dir]; ok {
			mod = m
			break
		}
		way = append(way, dir)
		if m, found := goModFile(dir); found {
			mod = m
			break
		}
		if dir == root || dir == "/" {
			break
		}
		dir = path.Dir(dir)
	}
	for _, d := range way {
		memo[d] = mod
	}
	return mod
}

// goModFile returns the module path the go.mod in folder dir names (""
// when it names none plainly), and whether there is one.
func goModFile(dir string) (string, bool) {
	b, err := os.ReadFile(filepath.FromSlash(dir + "/go.mod"))
	if err != nil {
		return "", false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok {
			if m := strings.Trim(strings.TrimSpace(rest), `"`); m != "" && !strings.ContainsAny(m, " \t") {
				return m, true
			}
		}
	}
	return "", true
}

// goTextHarmless reports whether Go source text imports only packages
// that reach no file, program or network (goPureImport), the module's
// own (module, when not ""), and os for its environment, exit status
// and standard streams (goOSName), and holds no //go: directive but
// //go:build (go:generate lines are commands; go:linkname and go:embed
// need unsafe or embed, refused anyway).
func goTextHarmless(text, module string) bool {
	if len(text) > 1<<20 {
		return false
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", text, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:") && !strings.HasPrefix(c.Text, "//go:build") {
				return false
			}
		}
	}
	osName, reflect := "", false
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			return false
		}
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		switch {
		case p == "os":
			if name == "." || name == "_" {
				return false
			}
			osName = name
		case goPureImport(p):
			reflect = reflect || p == "reflect"
		case module != "" && (p == module || strings.HasPrefix(p, module+"/")):
		default:
			return false
		}
	}
	if osName == "" {
		return true
	}
	if reflect {
		return false // a method of os.Stdout called by its name as data
	}
	ok := true
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, is := n.(*ast.SelectorExpr); is {
			if id, is := sel.X.(*ast.Ident); is && id.Name == osName && !goOSName(sel.Sel.Name) {
				ok = false
			}
			if inner, is := sel.X.(*ast.SelectorExpr); is {
				if id, is := inner.X.(*ast.Ident); is && id.Name == osName && !goStreamMethod(sel.Sel.Name) {
					ok = false // os.Stdout.Truncate(0)
				}
			}
		}
		return ok
	})
	// A stream's method reached through a variable (w := os.Stdout;
	// w.Chmod(0)) is named in the text all the same.
	for _, m := range [...]string{"Chmod", "Chown", "Truncate", "Chdir", "Close", "ReadDir", "Readdir", "Fd", "SyscallConn", "SetDeadline"} {
		if strings.Contains(text, m) {
			return false
		}
	}
	return ok
}

// goOSName reports whether os.NAME reads the environment or the
// process's state, exits, or names a standard stream or an error: no
// file, program or other process.
func goOSName(n string) bool {
	switch n {
	case "Getenv", "LookupEnv", "Exit", "Args", "Getwd", "Hostname", "Getpid", "Getppid", "Getuid", "Geteuid", "Getgid",
		"Getegid", "Getpagesize", "IsNotExist", "IsExist", "IsPermission", "IsTimeout", "ErrNotExist", "ErrExist",
		"ErrPermission", "ErrClosed", "ErrInvalid", "ErrDeadlineExceeded", "TempDir", "Stdout", "Stderr", "Stdin",
		"DevNull", "PathSeparator", "PathListSeparator", "Interrupt", "Kill", "Signal", "FileMode", "FileInfo",
		"DirEntry", "ModePerm", "ModeDir", "PathError", "LinkError", "SyscallError", "Expand", "ExpandEnv":
		return true
	}
	return false
}

// goStreamMethod reports whether a method of a standard stream of os
// (os.Stdout.NAME) only reads or writes the stream.
func goStreamMethod(n string) bool {
	switch n {
	case "Write", "WriteString", "Read", "ReadFrom", "WriteTo", "Sync", "Name", "Stat":
		return true
	}
	return false
}

// goPureImport reports whether the standard package p reaches no file
// by name, program or network: it works on values, or on readers and
// writers given to it (testing's TempDir is a scratch folder).
func goPureImport(p string) bool {
	switch p {
	case "testing", "testing/quick", "testing/fstest", "testing/iotest", "testing/slogtest", "fmt", "strings",
		"strconv", "bytes", "errors", "sort", "slices", "maps", "cmp", "iter", "unique", "math", "math/big",
		"math/bits", "math/rand", "math/rand/v2", "math/cmplx", "unicode", "unicode/utf8", "unicode/utf16", "time",
		"context", "sync", "sync/atomic", "regexp", "regexp/syntax", "encoding", "encoding/json", "encoding/xml",
		"encoding/csv", "encoding/base64", "encoding/base32", "encoding/hex", "encoding/binary", "encoding/pem",
		"encoding/gob", "hash", "hash/crc32", "hash/crc64", "hash/fnv", "hash/maphash", "hash/adler32",
		"crypto/sha256", "crypto/sha1", "crypto/sha512", "crypto/md5", "crypto/hmac", "crypto/rand",
		"crypto/subtle", "container/list", "container/heap", "container/ring", "bufio", "io", "io/fs", "reflect",
		"runtime", "log", "log/slog", "html", "net/url", "net/netip", "path", "path/filepath", "flag",
		"text/tabwriter", "text/scanner", "compress/gzip", "compress/flate", "compress/zlib",
		"github.com/stretchr/testify/assert", "github.com/stretchr/testify/require", "github.com/google/go-cmp/cmp":
		return true
	}
	return false
}

// scriptSpelled reports whether e, an effect of running code, runs a
// file the same command writes with a text it spells out (a quoted
// here-document, echo of static words) that is harmless as inline code
// of its language is (dangerousCode; for Go, goWrittenHarmless), and the
// command writes no other module of that language, which the file's
// imports might take in place of one they mean (issue 38: `cat > s.py
// <<'PY' … PY; python3 s.py` was denied, while python3 -c of the same
// text passed).
func scriptSpelled(s *shell.Script, at *place, e *shell.Effect, files []writtenFile, rf *runnerFiles) bool {
	if e.Kind != shell.RunsCode || e.Path.Dynamic || e.Path.Value == "" || e.Code().Value != "" {
		return false
	}
	lang := langAlias(e.Lang())
	if lang == "go" {
		return goWrittenHarmless(s, at, files, rf)
	}
	p := joinPath(at.dir, e.Path.Value)
	if codeLangOf(path.Base(p)) != lang {
		return false
	}
	// One answer a file and language: a script that writes and runs s.py
	// 2,000 times read its 2,000 texts for each run.
	key := p + "\x00" + lang
	if v, ok := rf.spelled[key]; ok {
		return v
	}
	if rf.spelled == nil {
		rf.spelled = map[string]bool{}
	}
	v := scriptSpelledText(s, at, p, lang, files, rf)
	rf.spelled[key] = v
	return v
}

// scriptSpelledText is scriptSpelled for the file at p, run as lang.
func scriptSpelledText(s *shell.Script, at *place, p, lang string, files []writtenFile, rf *runnerFiles) bool {
	found := false
	for _, f := range files {
		if f.path == p {
			found = true
		} else if moduleOf(lang, path.Ext(f.base)) || codeLangOf(f.base) == lang {
			return false
		}
	}
	if !found {
		return false
	}
	text, ok := rf.known(s, at, p)
	if !ok {
		return false
	}
	_, bad := dangerousCode(lang, text)
	return !bad
}
