// Package txtar reads and writes the txtar archive format used by the
// golden test files: a comment, then files introduced by "-- name --" lines.
package txtar

import (
	"bytes"
	"strings"
)

// File is one file of an archive.
type File struct {
	Name string
	Data []byte
}

// Archive is a comment followed by files.
type Archive struct {
	Comment []byte
	Files   []File
}

// Parse parses data. It never fails: text before the first marker is the
// comment.
func Parse(data []byte) *Archive {
	a := &Archive{}
	var cur *File
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		if name, ok := marker(line); ok {
			a.Files = append(a.Files, File{Name: name})
			cur = &a.Files[len(a.Files)-1]
			continue
		}
		if cur == nil {
			a.Comment = append(a.Comment, line...)
		} else {
			cur.Data = append(cur.Data, line...)
		}
	}
	return a
}

func marker(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	return strings.TrimSpace(s[3 : len(s)-3]), true
}

// Format renders a, ending every file with a newline.
func Format(a *Archive) []byte {
	var b bytes.Buffer
	b.Write(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(f.Data)
		if len(f.Data) > 0 && f.Data[len(f.Data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// Get returns the named file's data, or nil.
func (a *Archive) Get(name string) []byte {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

// Set replaces the named file's data, adding the file when missing.
func (a *Archive) Set(name string, data []byte) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, File{Name: name, Data: data})
}
