package shim

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"slices"
)

// The marks around the configuration in a shim's template, the line
// that stands for the shared JavaScript (run.js), and the name in it
// that stands for the payload's folder member (Host.CwdKey).
const (
	configStart = "/*AGENTHOOKS-CONFIG*/"
	configEnd   = "/*END*/"
	runMark     = "/*AGENTHOOKS-RUN*/\n"
	cwdMark     = "AGENTHOOKS_CWD"
)

// runJS is the JavaScript every shim shares: run, which spawns the hook
// and reads its answer, and message.
//
//go:embed run.js
var runJS []byte

// Bake returns template, a shim's JavaScript source, with the shared
// code (run.js, for h.CwdKey) on its line that holds only the run mark,
// and config (a value encoding/json encodes as an object) between its
// configuration marks. encoding/json escapes <, >, &, U+2028 and U+2029, so the text is
// a JavaScript expression that cannot end the comment or the statement.
func Bake(h *Host, template []byte, config any) ([]byte, error) {
	cfg, err := json.Marshal(config)
	if err != nil {
		return nil, err
	}
	r := bytes.Index(template, []byte(runMark))
	if r < 0 || h.CwdKey == "" {
		return nil, errors.New(h.Name + " " + h.Shim + ": the template has no run mark")
	}
	run := bytes.Replace(runJS, []byte(cwdMark), []byte(h.CwdKey), 1)
	template = slices.Concat(template[:r], run, template[r+len(runMark):])
	i := bytes.Index(template, []byte(configStart))
	j := bytes.Index(template, []byte(configEnd))
	if i < 0 || j < i {
		return nil, errors.New(h.Name + " " + h.Shim + ": the template has no configuration mark")
	}
	var b bytes.Buffer
	b.Write(template[:i+len(configStart)])
	b.WriteByte(' ')
	b.Write(cfg)
	b.WriteByte(' ')
	b.Write(template[j:])
	return b.Bytes(), nil
}

// ConfigOf decodes into config the configuration [Bake] baked into data,
// and reports whether data is such a file: one that begins with
// signature, has the marks, and a configuration config takes.
func ConfigOf(data []byte, signature string, config any) bool {
	// The configuration's strings may hold the end mark: the last one is
	// the template's.
	i := bytes.Index(data, []byte(configStart))
	j := bytes.LastIndex(data, []byte(configEnd))
	if i < 0 || j < i || !bytes.HasPrefix(data, []byte(signature)) {
		return false
	}
	return json.Unmarshal(data[i+len(configStart):j], config) == nil
}
