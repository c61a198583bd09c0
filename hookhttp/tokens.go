package hookhttp

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Tokens names the developer behind each request from a tokens file: one
// developer per line, "NAME SHA256HEX", the hex SHA-256 of that
// developer's bearer token. The file never holds a token: who can read it
// learns no one's. Blank lines and lines starting with # are ignored; a
// name may appear on several lines (several tokens, for rotation), a hash
// only once.
//
//	# NAME  SHA256HEX   (printf %s "$TOKEN" | sha256sum)
//	alice   9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
//
// Use [Tokens.Identify] as [Handler.Identify]. The file is read again when
// it changes (its size, modification time or inode; looked at most every
// [TokensRecheck], on a request's goroutine): a file that no longer
// parses keeps the last good set and is reported through OnError. Write
// the new file beside the old and rename it over, so that no request sees
// it half-written. Tokens is safe for concurrent use.
type Tokens struct {
	path string
	// OnError, when set, receives the error of a reload that kept the last
	// good set (a broken file, a file gone). It is called on a request's
	// goroutine and must not block.
	OnError func(error)

	set     atomic.Pointer[tokenSet]
	checked atomic.Int64 // when the file was last looked at (unix ns)
	mu      sync.Mutex   // one reload at a time
	info    os.FileInfo  // the file the set was read from (under mu)
}

// TokensRecheck is how often, at most, [Tokens] looks whether its file
// changed.
const TokensRecheck = time.Second

// MaxTokensFile caps a tokens file: 200 developers take 20 KiB.
const MaxTokensFile = 4 << 20

// MaxUserName caps a developer's name in a tokens file.
const MaxUserName = 128

// ErrTokensFile is what a tokens file that cannot be used matches.
var ErrTokensFile = errors.New("tokens file")

// tokenSet is one reading of the file: the name of each token's hash,
// and the tokens already seen that it names (seen).
type tokenSet struct {
	names map[[sha256.Size]byte]string
	// seen remembers the tokens this set has named, so that a developer's
	// next request is named without a SHA-256 (about 2,500 instructions
	// a request): two slots per token's maphash under seed, the last
	// tokens seen in them. Only tokens the file names enter it, so a token that
	// is not valid can neither fill it nor be found in it; a reload makes
	// a new set, and forgets them all. A slot is read without a lock, and
	// its token compared in constant time (sameToken):
	// how long a look-up takes depends on the token's length and its
	// hash under a seed of this process's, never on how much of a token
	// matches.
	seed maphash.Seed
	seen []atomic.Pointer[seenToken]
}

// seenToken is a token the set named, and the name.
type seenToken struct {
	hash  uint64
	token string
	name  string
}

// maxSeen caps the slots of a tokenSet's seen tokens.
const maxSeen = 1 << 14

// newTokenSet returns a set of names with room for its tokens once seen.
func newTokenSet(names map[[sha256.Size]byte]string) *tokenSet {
	n := 64
	for n < 4*len(names) && n < maxSeen {
		n *= 2
	}
	return &tokenSet{names: names, seed: maphash.MakeSeed(), seen: make([]atomic.Pointer[seenToken], n)}
}

// name returns the name of the developer whose token tok is.
func (s *tokenSet) name(tok string) (string, bool) {
	h := maphash.String(s.seed, tok)
	// Two slots a token, side by side: two tokens that share one need
	// not take it from each other.
	i := h & uint64(len(s.seen)-1)
	one, two := &s.seen[i], &s.seen[i^1]
	e1, e2 := one.Load(), two.Load()
	if e1 != nil && e1.hash == h && sameToken(e1.token, tok) {
		return e1.name, true
	}
	if e2 != nil && e2.hash == h && sameToken(e2.token, tok) {
		return e2.name, true
	}
	name, ok := s.names[sha256.Sum256([]byte(tok))]
	if ok {
		if e1 != nil && e2 == nil {
			one = two
		}
		one.Store(&seenToken{hash: h, token: strings.Clone(tok), name: name})
	}
	return name, ok
}

// sameToken reports whether a and b are the same, in a time that depends
// on their length only (subtle.ConstantTimeCompare, without copying
// them into byte slices).
func sameToken(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	var v byte
	for i := 0; i < len(a); i++ {
		v |= a[i] ^ b[i]
	}
	return subtle.ConstantTimeByteEq(v, 0) == 1
}

// LoadTokens reads the tokens file at path. A file that does not parse,
// cannot be read, or that every user of the machine may write is an
// error matching [ErrTokensFile]; so is any later version of it, kept out
// by the reload.
func LoadTokens(path string) (*Tokens, error) {
	t := &Tokens{path: path}
	set, info, err := readTokens(path)
	if err != nil {
		return nil, err
	}
	t.set.Store(set)
	t.info = info
	t.checked.Store(time.Now().UnixNano())
	return t, nil
}

// Len returns the number of tokens loaded.
func (t *Tokens) Len() int { return len(t.set.Load().names) }

// Identify returns the name of the developer whose token the request
// carries ("Authorization: Bearer TOKEN"), or [ErrUnauthorized]. The
// token's SHA-256 is looked up, or, for a token already named since the
// file was last read, the token itself, kept in memory: how long the
// look-up takes depends on the token's length and hashes, never on how
// much of a token matches.
func (t *Tokens) Identify(r *http.Request) (string, error) {
	t.reload(time.Now())
	tok, ok := bearerToken(header(r.Header, "Authorization"))
	if !ok {
		return "", ErrUnauthorized
	}
	if name, ok := t.set.Load().name(tok); ok {
		return name, nil
	}
	return "", ErrUnauthorized
}

// bearerToken returns T of an Authorization header "Bearer T".
func bearerToken(h string) (string, bool) {
	scheme, tok, ok := strings.Cut(h, " ")
	tok = strings.TrimSpace(tok)
	if !ok || !strings.EqualFold(scheme, "Bearer") || tok == "" {
		return "", false
	}
	return tok, true
}

// reload reads the file again when it changed, at most every
// TokensRecheck.
func (t *Tokens) reload(now time.Time) {
	last := t.checked.Load()
	if now.UnixNano()-last < int64(TokensRecheck) || !t.checked.CompareAndSwap(last, now.UnixNano()) {
		return
	}
	t.Reload()
}

// Reload reads the file again if it changed since it was last read, and
// returns the error that kept the last good set, if any (also given to
// OnError).
func (t *Tokens) Reload() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	fi, err := os.Stat(t.path)
	if err == nil && sameFile(fi, t.info) {
		return nil
	}
	var set *tokenSet
	if err == nil {
		set, fi, err = readTokens(t.path)
	} else {
		err = fmt.Errorf("%w %s: %v (keeping the last good one)", ErrTokensFile, t.path, err)
	}
	if err != nil {
		if t.OnError != nil {
			t.OnError(err)
		}
		return err
	}
	t.set.Store(set)
	t.info = fi
	return nil
}

// sameFile reports whether a and b are the same file, unchanged.
func sameFile(a, b os.FileInfo) bool {
	return b != nil && os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// readTokens reads and parses the file at path.
func readTokens(path string) (*tokenSet, os.FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrTokensFile, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrTokensFile, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%w %s: not a regular file", ErrTokensFile, path)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm()&0o002 != 0 {
		// Whoever may write it may add a name of their own.
		return nil, nil, fmt.Errorf("%w %s: every user of the machine may write it (chmod o-w)", ErrTokensFile, path)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxTokensFile+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%w %s: %v", ErrTokensFile, path, err)
	}
	if len(b) > MaxTokensFile {
		return nil, nil, fmt.Errorf("%w %s: larger than %d bytes", ErrTokensFile, path, MaxTokensFile)
	}
	set, err := parseTokens(b)
	if err != nil {
		return nil, nil, fmt.Errorf("%w %s: %v", ErrTokensFile, path, err)
	}
	return set, fi, nil
}

// parseTokens parses the content of a tokens file (see [Tokens]). The
// error names the first bad line by number, never its content (it may be
// a token pasted by mistake).
func parseTokens(b []byte) (*tokenSet, error) {
	names := map[[sha256.Size]byte]string{}
	lineOf := map[[sha256.Size]byte]int{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), MaxTokensFile)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("line %d: want NAME SHA256HEX", n)
		}
		name, sum := f[0], f[1]
		if err := CheckUserName(name); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		var h [sha256.Size]byte
		if len(sum) != 2*sha256.Size {
			return nil, fmt.Errorf("line %d: the second field is not a SHA-256 in hex (64 digits; the file holds hashes, never tokens: printf %%s \"$TOKEN\" | sha256sum)", n)
		}
		if _, err := hex.Decode(h[:], []byte(sum)); err != nil {
			return nil, fmt.Errorf("line %d: the second field is not a SHA-256 in hex", n)
		}
		if first, dup := lineOf[h]; dup {
			return nil, fmt.Errorf("line %d: the same token hash as line %d", n, first)
		}
		names[h], lineOf[h] = name, n
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return newTokenSet(names), nil
}

// CheckUserName accepts a name that prints as itself in a log line, a
// span and a report: letters, digits and . _ @ + - only, at most
// [MaxUserName] bytes. A tokens file's names, and the user names an
// identity provider's tokens give (package hookhttp/jwtauth), are checked
// with it.
func CheckUserName(name string) error {
	if name == "" {
		return errors.New("empty name")
	}
	if len(name) > MaxUserName {
		return fmt.Errorf("name longer than %d bytes", MaxUserName)
	}
	for _, c := range []byte(name) {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_', c == '@', c == '+', c == '-':
		default:
			return errors.New("a name holds letters, digits and . _ @ + - only")
		}
	}
	return nil
}
