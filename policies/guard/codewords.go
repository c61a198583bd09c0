package guard

import (
	"maps"
	"slices"
	"strings"
)

// An apiIndex is one language's names of codeAPIs, read once a process:
// those made only of identifier characters by name, with their place in
// the list (one map look-up for each word of the code, not a search of
// the code for each name), and the places of the others (File::Path,
// remove-item, .shell), looked for in the code one by one.
type apiIndex struct {
	names []string
	word  map[string]int
	other []int // ascending
	// bits has the apiBit of each name in word: a run of the code whose
	// bit is not set is no name, known without a look-up.
	bits [16]uint64
}

// apiBit is the bit of an identifier run r (not empty) in apiIndex.bits,
// by its length and its first and last bytes.
func apiBit(r string) uint {
	return uint(len(r)*131+int(r[0])*31+int(r[len(r)-1])*7) & 1023
}

// codeAPIIndex is codeAPIs indexed, by language, and the languages in
// order (a language codeAPIs does not list is matched against each, in
// this order).
var codeAPIIndex = lazy[apiIndexes]{make: func() apiIndexes {
	all := codeAPIs.get()
	ix := apiIndexes{by: make(map[string]*apiIndex, len(all)), langs: slices.Sorted(maps.Keys(all))}
	for lang, names := range all {
		x := &apiIndex{names: names, word: make(map[string]int, len(names))}
		for i, n := range names {
			if !identOnly(n) {
				x.other = append(x.other, i)
			} else if _, dup := x.word[n]; !dup {
				x.word[n] = i
				b := apiBit(n)
				x.bits[b>>6] |= 1 << (b & 63)
			}
		}
		ix.by[lang] = x
	}
	return ix
}}

// apiIndexes is codeAPIIndex's value.
type apiIndexes struct {
	by    map[string]*apiIndex
	langs []string
}

// identOnly reports whether s is a non-empty run of identifier
// characters (isIdent).
func identOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return s != ""
}

// first is namesAPI(code, x.names): the first of the names that code
// names as a word. A name of identifier characters is named as a word
// exactly where it is a whole run of identifier characters of the code.
func (x *apiIndex) first(code string) (string, bool) {
	best := len(x.names)
	for i := 0; i < len(code); {
		if !isIdent(code[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(code) && isIdent(code[j]) {
			j++
		}
		if b := apiBit(code[i:j]); x.bits[b>>6]&(1<<(b&63)) != 0 {
			if k, ok := x.word[code[i:j]]; ok && k < best {
				best = k
			}
		}
		i = j
	}
	for _, k := range x.other {
		if k > best {
			break
		}
		if _, ok := namesAPI(code, x.names[k:k+1]); ok {
			best = k
			break
		}
	}
	if best == len(x.names) {
		return "", false
	}
	return "`" + x.names[best] + "`", true
}

// mayNameProtected reports whether code holds .env or .git, case
// ignored: every match of protectedPath does (its letters fold to their
// ASCII pair alone), so code without either needs no regular expression.
func mayNameProtected(code string) bool {
	for i := 0; ; i++ {
		j := strings.IndexByte(code[i:], '.')
		if j < 0 {
			return false
		}
		i += j
		if i+4 > len(code) {
			return false
		}
		a, b, c := code[i+1]|0x20, code[i+2]|0x20, code[i+3]|0x20
		if a == 'e' && b == 'n' && c == 'v' || a == 'g' && b == 'i' && c == 't' {
			return true
		}
	}
}
