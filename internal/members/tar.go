package members

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// tarNames lists the tar stream r (ustar, GNU and pax long names),
// reading at most MaxBytes of it. The stream ends at a zero block
// (done is then true) or at its end after a whole member; a cut or bad
// header is an error.
func tarNames(p string, r *bufio.Reader, each visit) error {
	_, err := tarStream(p, r, each)
	return err
}

// tarStream is tarNames, and reports whether the stream ended with a
// zero block.
func tarStream(p string, r *bufio.Reader, each visit) (done bool, err error) {
	var read int64
	block := make([]byte, 512)
	var long, pax, longLink, paxLink string
	for {
		if read += 512; read > MaxBytes {
			return false, fmt.Errorf("%s holds more than %d bytes", p, MaxBytes)
		}
		if _, err := io.ReadFull(r, block); err == io.EOF {
			return false, nil
		} else if err == io.ErrUnexpectedEOF && read == 512 {
			// Shorter than one header: no tar (a compressed log).
			return false, fmt.Errorf("%s: %w", p, ErrFormat)
		} else if err != nil {
			return false, fmt.Errorf("%s: %w", p, err)
		}
		if bytes.Count(block, []byte{0}) == len(block) {
			return true, nil
		}
		size, ok := octal(block[124:136])
		if !ok || size < 0 || !tarChecksum(block) {
			if read == 512 {
				// The first block is no header: a compressed file that
				// holds no tar.
				return false, fmt.Errorf("%s: %w", p, ErrFormat)
			}
			return false, fmt.Errorf("%s: not a tar header at byte %d", p, read-512)
		}
		body := (size + 511) &^ 511
		if read += body; read > MaxBytes {
			return false, fmt.Errorf("%s holds more than %d bytes", p, MaxBytes)
		}
		switch typ := block[156]; typ {
		case 'L', 'K', 'x', 'g':
			if body > maxHeader {
				return false, fmt.Errorf("%s: an extended header of %d bytes", p, size)
			}
			b := make([]byte, body)
			if _, err := io.ReadFull(r, b); err != nil {
				return false, fmt.Errorf("%s: %w", p, err)
			}
			b = b[:size]
			switch typ {
			case 'L':
				long = cstr(b)
			case 'K':
				longLink = cstr(b)
			case 'x':
				if v, ok := paxPath(b); ok {
					pax = v
				}
				if v, ok := paxRecord(b, "linkpath"); ok {
					paxLink = v
				}
			}
			continue
		}
		name := cstr(block[0:100])
		if bytes.Equal(block[257:263], []byte("ustar\x00")) {
			if prefix := cstr(block[345:500]); prefix != "" {
				name = prefix + "/" + name
			}
		}
		if pax != "" {
			name = pax
		} else if long != "" {
			name = long
		}
		link := ""
		if t := block[156]; t == '1' || t == '2' {
			link = cstr(block[157:257])
			if paxLink != "" {
				link = paxLink
			} else if longLink != "" {
				link = longLink
			}
			if link == "" {
				link = "?" // a link to no name: what it takes cannot be known
			}
		}
		long, pax, longLink, paxLink = "", "", "", ""
		if err := each(name, link); err != nil {
			return false, err
		}
		if _, err := r.Discard(int(body)); err != nil {
			return false, fmt.Errorf("%s: %w", p, io.ErrUnexpectedEOF)
		}
	}
}

// maxHeader bounds a long name or pax header read whole (and, 16 times
// over, a zip's central directory), so that memory stays bounded by what
// the names need, not by what the archive declares.
const maxHeader = 1 << 20

// cstr is the NUL-terminated string in b.
func cstr(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// octal reads a tar number field: octal digits, or GNU's base-256.
func octal(b []byte) (int64, bool) {
	if len(b) > 0 && b[0]&0x80 != 0 {
		var n int64
		for i, c := range b {
			if i == 0 {
				c &= 0x7f
			}
			if n > 1<<55 {
				return 0, false
			}
			n = n<<8 | int64(c)
		}
		return n, true
	}
	s := strings.Trim(string(b), "\x00 ")
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(s, 8, 64)
	return n, err == nil && n <= 1<<55
}

// tarChecksum checks a header block's checksum: the unsigned sum of its
// bytes with the checksum field as spaces, or the signed sum old tars
// wrote.
func tarChecksum(b []byte) bool {
	want, ok := octal(b[148:156])
	if !ok {
		return false
	}
	var u, s int64
	for i, c := range b {
		if i >= 148 && i < 156 {
			c = ' '
		}
		u += int64(c)
		s += int64(int8(c))
	}
	return want == u || want == s
}

// paxPath returns the path record of a pax extended header's records
// ("LEN path=VALUE\n" each).
func paxPath(b []byte) (string, bool) { return paxRecord(b, "path") }

// paxRecord returns the record key of a pax extended header's records.
func paxRecord(b []byte, key string) (string, bool) {
	for len(b) > 0 {
		sp := bytes.IndexByte(b, ' ')
		if sp <= 0 {
			return "", false
		}
		n, err := strconv.Atoi(string(b[:sp]))
		if err != nil || n <= sp+1 || n > len(b) {
			return "", false
		}
		if v, ok := bytes.CutPrefix(b[sp+1:n], []byte(key+"=")); ok {
			return string(bytes.TrimSuffix(v, []byte("\n"))), true
		}
		b = b[n:]
	}
	return "", false
}

// maxZipEntries bounds the members of a zip archive listed.
const maxZipEntries = MaxNames

// zipNames lists the names in the central directory of the zip archive
// f of size bytes.
func zipNames(f io.ReaderAt, size int64, each visit) error {
	n := min(size, 22+65535)
	end := make([]byte, n)
	if _, err := f.ReadAt(end, size-n); err != nil && err != io.EOF {
		return err
	}
	i := bytes.LastIndex(end, []byte("PK\x05\x06"))
	if i < 0 || len(end)-i < 22 {
		return errors.New("zip: no end of central directory")
	}
	e := end[i:]
	total := int(le16(e[10:]))
	dirSize, dirOff := int64(le32(e[12:])), int64(le32(e[16:]))
	switch {
	case total == 0xffff || dirOff == 0xffffffff:
		return fmt.Errorf("zip holds more than %d members, or is ZIP64 (not listed)", maxZipEntries)
	case total > maxZipEntries:
		return fmt.Errorf("zip holds more than %d members", maxZipEntries)
	case dirOff+dirSize > size || dirSize > maxHeader*16:
		return errors.New("zip: central directory out of the file")
	}
	dir := make([]byte, dirSize)
	if _, err := f.ReadAt(dir, dirOff); err != nil {
		return fmt.Errorf("zip: %w", err)
	}
	for range total {
		if len(dir) < 46 || !bytes.HasPrefix(dir, []byte("PK\x01\x02")) {
			return errors.New("zip: bad central directory")
		}
		nl, xl, cl := int(le16(dir[28:])), int(le16(dir[30:])), int(le16(dir[32:]))
		if len(dir) < 46+nl+xl+cl {
			return errors.New("zip: bad central directory")
		}
		if err := each(string(dir[46:46+nl]), zipLink(f, size, dir)); err != nil {
			return err
		}
		dir = dir[46+nl+xl+cl:]
	}
	return nil
}

func le16(b []byte) uint16 { return uint16(b[0]) | uint16(b[1])<<8 }

func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// maxZipLink bounds the target of a zip's symbolic link read.
const maxZipLink = 4096

// zipLink returns the target of the member whose central directory
// entry starts dir when it is a symbolic link (made on Unix, its mode
// S_IFLNK), "" when it is none, and "?" when its target cannot be read
// here: compressed (this package links no inflater), longer than
// maxZipLink, or out of the file.
func zipLink(f io.ReaderAt, size int64, dir []byte) string {
	if dir[5] != 3 || le32(dir[38:])>>16&0o170000 != 0o120000 {
		return ""
	}
	method, csize, off := le16(dir[10:]), int64(le32(dir[20:])), int64(le32(dir[42:]))
	if method != 0 || csize > maxZipLink || off+30 > size {
		return "?"
	}
	local := make([]byte, 30)
	if _, err := f.ReadAt(local, off); err != nil || !bytes.HasPrefix(local, []byte("PK\x03\x04")) {
		return "?"
	}
	start := off + 30 + int64(le16(local[26:])) + int64(le16(local[28:]))
	if start+csize > size {
		return "?"
	}
	target := make([]byte, csize)
	if _, err := f.ReadAt(target, start); err != nil {
		return "?"
	}
	return string(target)
}
