package sha256_test

import (
	stdsha256 "crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agenthooks/hooks/internal/sha256"
)

// TestVectors checks the FIPS 180-4 examples and a million 'a's.
func TestVectors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
		{strings.Repeat("a", 1000000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
	} {
		got := sha256.Sum256([]byte(tc.in))
		if h := hex.EncodeToString(got[:]); h != tc.want {
			t.Errorf("Sum256(%.20q…) = %s, want %s", tc.in, h, tc.want)
		}
	}
}

// TestLengths compares with crypto/sha256 at every length around the
// block and padding boundaries.
func TestLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 300)
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	for n := 0; n <= len(buf); n++ {
		if got, want := sha256.Sum256(buf[:n]), stdsha256.Sum256(buf[:n]); got != want {
			t.Fatalf("length %d: %x, want %x", n, got, want)
		}
	}
}

func FuzzSum256(f *testing.F) {
	f.Add([]byte("abc"))
	f.Add(make([]byte, 55))
	f.Add(make([]byte, 64))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := sha256.Sum256(b), stdsha256.Sum256(b); got != want {
			t.Fatalf("%x: %x, want %x", b, got, want)
		}
	})
}
