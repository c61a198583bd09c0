package shell

import (
	"encoding/base64"
	"strings"
	"unicode/utf16"
)

// pwshEffects: pwsh and powershell -Command CODE… (the words after it,
// joined), -EncodedCommand BASE64 (decoded), -File FILE; a first
// operand is a file for pwsh and a command for powershell. Parameter
// names are case-insensitive and may be abbreviated.
func pwshEffects(w *walker, c *Command, sc *scope, in stdin) {
	args := c.Args[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			w.runsCode(c, sc, "powershell", Word{Value: joinWords(args[i:]), Dynamic: true}, Word{})
			return
		}
		v := strings.ToLower(a.Value)
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "/") {
			if c.Name == "pwsh" {
				w.runsCode(c, sc, "powershell", Word{}, a)
				w.argsOf(c, sc, args[i+1:])
				return
			}
			w.pwshCode(c, sc, args[i:])
			return
		}
		name := strings.TrimLeft(v, "-/")
		switch {
		case name == "c" || len(name) >= 2 && strings.HasPrefix("command", name):
			w.pwshCode(c, sc, args[i+1:])
			return
		case name == "e" || name == "ec" || len(name) >= 2 && strings.HasPrefix("encodedcommand", name):
			if i+1 < len(args) {
				w.runsCode(c, sc, "powershell", decodePS(args[i+1]), Word{})
			}
			return
		case name == "f" || len(name) >= 2 && strings.HasPrefix("file", name):
			if i+1 < len(args) {
				w.runsCode(c, sc, "powershell", Word{}, args[i+1])
				w.argsOf(c, sc, args[i+2:])
			}
			return
		case strings.HasPrefix("executionpolicy", name), strings.HasPrefix("workingdirectory", name),
			strings.HasPrefix("outputformat", name), strings.HasPrefix("inputformat", name),
			strings.HasPrefix("windowstyle", name), strings.HasPrefix("configurationname", name),
			strings.HasPrefix("custompipename", name), strings.HasPrefix("settingsfile", name),
			name == "ep", name == "wd", name == "o", name == "of", name == "if", name == "w":
			i++
		}
	}
}

// pwshCode records the words of -Command joined as PowerShell code ("-"
// reads it from standard input).
func (w *walker) pwshCode(c *Command, sc *scope, words []Word) {
	if len(words) == 1 && !words[0].Dynamic && words[0].Value == "-" {
		w.stdinCode(c, sc, "powershell", in0)
		return
	}
	dyn := false
	for _, x := range words {
		dyn = dyn || x.Dynamic
	}
	s := joinWords(words)
	code := Static(s)
	if dyn {
		code = Word{Value: s, Dynamic: true}
	}
	w.runsCode(c, sc, "powershell", code, Word{})
}

// decodePS decodes PowerShell's -EncodedCommand: base64 of UTF-16LE.
func decodePS(x Word) Word {
	if x.Dynamic {
		return x
	}
	b, err := base64.StdEncoding.DecodeString(x.Value)
	if err != nil || len(b)%2 != 0 {
		return Word{Value: x.Value, Dynamic: true}
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return Static(string(utf16.Decode(u)))
}
