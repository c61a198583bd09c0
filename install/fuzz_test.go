package install

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hostfacts"
	"github.com/agenthooks/hooks/internal/httphook"
	"github.com/tailscale/hujson"
)

var fuzzSeeds = []string{
	"{}", "{}\n", "{\n}\n", "{\"hooks\": {}}", "{\"hooks\":{\"Stop\":[]}}", "{\n  \"hooks\": {\n  }\n}\n",
	"{\"version\": 1, \"hooks\": {}}", "{\"a\":1}", "{\"a\": [1, 2]}\r\n",
	"// settings\n{\n  \"hooks\": {\n    \"BeforeTool\": [], // none yet\n  },\n}\n",
	"{\n\t\"hooks\": {\n\t\t\"PreToolUse\": [\n\t\t\t{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"audit\"}]}\n\t\t]\n\t}\n}",
	"[]", "", "{\"hooks\": []}", "{\"hooks\": {\"stop\": {}}}", "{\"hooks\": {}} // c", "{}\n// c",
	"{\"hooks\":{\"PreToolUse\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"/home/dev/bin/guard --host claude\",\"timeout\":5}]}]}}",
	"{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"http\",\"url\":\"https://gw.example.com/hook?host=claude\",\"timeout\":5}]}]}}",
	// TOML (Kimi Code's config.toml).
	"a = 1", "# c\n[x]\ny = \"z\"\n\n", "s = \"\"\"\n[[hooks]]\n\"\"\"\n",
	"[[hooks]]\nevent = \"Stop\"\ncommand = \"/home/dev/bin/guard --host kimi --timeout 30s\"\ntimeout = 30\n",
	"[[hooks]]\nevent = \"Stop\"\ncommand = 'notify'\n[[hooks]]\nevent = \"Stop\"\ncommand = \"x\" # c\n",
}

// fuzzGateway is the gateway of the fuzzed installs with the 0x80 bit of
// pick set.
const fuzzGateway = "https://gw.example.com/hook"

// FuzzInstallUninstall checks, for every host and any file, that install
// then uninstall gives back the original bytes (without entries of ours
// it already had) or refuses without output,
// that a second install changes nothing, that strict JSON stays strict,
// and that the result holds one entry of ours per registration; with a
// gateway too (Claude Code's HTTP hooks, the others' bridge commands).
func FuzzInstallUninstall(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(0x81))
	}
	f.Fuzz(func(t *testing.T, src []byte, pick uint8) {
		const bin = "/home/dev/bin/guard"
		for _, name := range Hosts() {
			h, _ := lookupHost(builtin.Adapters(), name)
			o := Options{Binary: bin, FailClosed: pick&1 == 1}
			var g gatewayOpts
			if pick&0x80 != 0 {
				g.url = fuzzGateway
			}
			regs, _, err := h.registrations(nil, &o)
			if err != nil {
				t.Fatal(err)
			}
			if n := int(pick>>1&0x3f) % (len(regs) + 1); n > 0 {
				regs = regs[:n]
			}
			out, _, err := h.installFile(src, bin, regs, o.FailClosed, g)
			if err != nil {
				if out != nil {
					t.Fatalf("%s: refused with output", name)
				}
				continue
			}
			if h.Format == hostfacts.FormatTOML {
				// One entry of ours per registration; entries of ours for
				// other events stay, as in a JSON file (checkEntries).
				entries, err := scanTOML(out)
				if err != nil {
					t.Fatalf("%s: install output: %v\n%s", name, err, out)
				}
				for _, r := range regs {
					if n := len(h.tomlOurs(entries, bin, map[string]bool{r.native: true})); n != 1 {
						t.Fatalf("%s: %d entries of ours for %s in\n%s", name, n, r.native, out)
					}
				}
			} else {
				if _, err := hujson.Parse(withNL(out)); err != nil {
					t.Fatalf("%s: install output does not parse: %v\n%s", name, err, out)
				}
				if !h.JSON.JSONC && !isStrict(out) {
					t.Fatalf("%s: strict input became non-strict:\n%s", name, out)
				}
				checkEntries(t, h, out, regs, g)
			}
			again, oc, err := h.installFile(out, bin, regs, o.FailClosed, g)
			if err != nil || !bytes.Equal(again, out) || len(oc.Added)+len(oc.Updated) > 0 {
				t.Fatalf("%s: second install changed the file (%v, %+v):\n%s\n---\n%s", name, err, oc, out, again)
			}
			back, _, err := h.uninstallFile(out, bin, nil, g)
			if err != nil {
				t.Fatalf("%s: uninstall: %v", name, err)
			}
			// Entries of ours already in src are removed too, so the
			// original comes back as uninstall alone would leave it.
			want, _, err := h.uninstallFile(src, bin, nil, g)
			if err != nil {
				t.Fatalf("%s: uninstall refuses %q that install accepted: %v", name, src, err)
			}
			if !bytes.Equal(back, want) {
				t.Fatalf("%s: install+uninstall of %q gives %q, want %q (installed: %q)", name, src, back, want, out)
			}
			if entries, err := scanTOML(src); h.Format == hostfacts.FormatTOML && err == nil && len(h.tomlOurs(entries, bin, nil)) == 0 && !bytes.Equal(want, src) {
				t.Fatalf("%s: uninstall changed %q, which has no entry of ours, to %q", name, src, want)
			}
			if ed, _ := h.open(src, bin, g); h.Format != hostfacts.FormatTOML && ed != nil && len(ed.ours(nil)) == 0 && !bytes.Equal(want, src) {
				t.Fatalf("%s: uninstall changed %q, which has no entry of ours, to %q", name, src, want)
			}
		}
	})
}

// withNL returns a copy of b with a newline appended, which ends a line
// comment that ends the file: the one thing jsonc accepts that hujson
// does not.
func withNL(b []byte) []byte {
	return append(bytes.Clone(b), '\n')
}

func isStrict(b []byte) bool {
	v, err := hujson.Parse(withNL(b))
	if err != nil {
		return false
	}
	c := v.Clone()
	c.Standardize()
	return bytes.Equal(c.Pack(), v.Pack())
}

// checkEntries decodes out and checks it has exactly one handler of ours
// per registration (keys matched exactly, as the hosts do).
func checkEntries(t *testing.T, h *host, out []byte, regs []reg, gw gatewayOpts) {
	t.Helper()
	std, err := hujson.Standardize(withNL(out))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(std, &doc); err != nil {
		t.Fatalf("%s: %v\n%s", h.name, err, out)
	}
	hk, _ := doc["hooks"].(map[string]any)
	if h.JSON.TopLevel {
		hk = doc
	}
	for _, r := range regs {
		n := 0
		groups, _ := hk[r.native].([]any)
		for _, g := range groups {
			g, _ := g.(map[string]any)
			handlers := []any{g}
			if !h.JSON.Flat {
				handlers, _ = g["hooks"].([]any)
			}
			for _, x := range handlers {
				x, _ := x.(map[string]any)
				if c, ok := x[h.JSON.CommandKey].(string); ok && h.ownCommand(c, "/home/dev/bin/guard") && onlyOurKeys(h, x) {
					n++
				}
				if u, ok := x["url"].(string); ok && x["type"] == "http" && h.httpEntries(gw) && httphook.SameGateway(u, gw.url) {
					n++
				}
			}
		}
		if n != 1 {
			t.Fatalf("%s: %d entries of ours for %s in\n%s", h.name, n, r.native, out)
		}
	}
}

// onlyOurKeys reports an entry with no key install does not write, each
// of the type install writes (an entry with more is the user's).
func onlyOurKeys(h *host, x map[string]any) bool {
	keys := map[string]bool{"type": true, h.JSON.CommandKey: true, h.JSON.TimeoutKey: true}
	if h.JSON.JSONC {
		keys["name"] = true
	}
	if h.JSON.Flat {
		keys["failClosed"], keys["matcher"] = true, true
	}
	for k, v := range x {
		var ok bool
		switch k {
		case h.JSON.TimeoutKey:
			_, ok = v.(float64)
		case "failClosed":
			_, ok = v.(bool)
		case "type":
			ok = v == "command"
		case "name":
			ok = v == "guard"
		default:
			_, ok = v.(string)
		}
		if !keys[k] || !ok {
			return false
		}
	}
	return true
}
