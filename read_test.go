package hooks

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadLimited checks readLimited on payloads around its first buffer
// and around the limit, through readers that return little at a time, data
// with EOF, and errors.
func TestReadLimited(t *testing.T) {
	for _, size := range []int{0, 1, firstRead - 1, firstRead, firstRead + 1, 3*firstRead + 7} {
		data := bytes.Repeat([]byte("x"), size)
		for name, r := range map[string]io.Reader{
			"whole":       bytes.NewReader(data),
			"one byte":    iotest.OneByteReader(bytes.NewReader(data)),
			"data at EOF": iotest.DataErrReader(bytes.NewReader(data)),
		} {
			got, err := readLimited(r, int64(size))
			if err != nil || !bytes.Equal(got, data) {
				t.Errorf("%d bytes, %s, limit %d: got %d bytes, %v", size, name, size, len(got), err)
			}
			if size == 0 {
				continue
			}
			r = iotest.OneByteReader(bytes.NewReader(data))
			if _, err := readLimited(r, int64(size-1)); !errors.Is(err, ErrTooLarge) {
				t.Errorf("%d bytes, limit %d: err = %v, want ErrTooLarge", size, size-1, err)
			}
		}
	}
	// It never reads more than limit+1 bytes (of a reader without Len).
	r := strings.NewReader(strings.Repeat("y", 5000))
	if _, err := readLimited(struct{ io.Reader }{r}, 100); !errors.Is(err, ErrTooLarge) || r.Len() != 5000-101 {
		t.Errorf("err %v, %d bytes left unread, want %d", err, r.Len(), 5000-101)
	}
	// A reader's Len up to the cap only sizes the first buffer: a wrong
	// one reads the same.
	for _, l := range []int{-1, 0, 1, 99, 4999, 5000} {
		r := lenReader{strings.NewReader(strings.Repeat("z", 5000)), l}
		if got, err := readLimited(r, 5000); err != nil || len(got) != 5000 {
			t.Errorf("Len %d: got %d bytes, %v", l, len(got), err)
		}
		r = lenReader{strings.NewReader(strings.Repeat("z", 5001)), l}
		if _, err := readLimited(r, 5000); !errors.Is(err, ErrTooLarge) {
			t.Errorf("Len %d, 5001 bytes: err = %v, want ErrTooLarge", l, err)
		}
	}
	// A Len over the cap is refused with the same error, after reading
	// at most the cap (and at most 64 KiB) to tell the payload's event.
	for _, l := range []int{5001, 1 << 30} {
		sr := strings.NewReader(strings.Repeat("z", 5001))
		_, err := readLimited(lenReader{sr, l}, 5000)
		if !errors.Is(err, ErrTooLarge) || err.Error() != "payload too large: more than 5000 bytes" || sr.Len() != 1 {
			t.Errorf("Len %d: err = %v, %d bytes left, want ErrTooLarge and 1 unread", l, err, sr.Len())
		}
	}
	big := strings.NewReader(strings.Repeat("z", 1<<20))
	if _, err := readLimited(lenReader{big, 1 << 20}, 512<<10); !errors.Is(err, ErrTooLarge) || big.Len() != 1<<20-salvagePeek {
		t.Errorf("Len 1 MiB over a 512 KiB cap: err = %v, %d bytes left, want %d read", err, big.Len(), salvagePeek)
	}
	boom := errors.New("boom")
	if _, err := readLimited(iotest.ErrReader(boom), 10); !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "read stdin: ") {
		t.Errorf("err = %v, want read stdin: boom", err)
	}
	if _, err := readLimited(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(boom)), 10); !errors.Is(err, boom) {
		t.Errorf("err = %v after some data, want boom", err)
	}
}

// lenReader is a reader whose Len says n, rightly or not.
type lenReader struct {
	io.Reader
	n int
}

func (l lenReader) Len() int { return l.n }
