package shell

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestGenEffects(t *testing.T) {
	b, err := os.ReadFile(os.Getenv("EFX_GEN"))
	if err != nil {
		t.Skip()
	}
	for _, src := range strings.Split(string(b), "\n----\n") {
		src = strings.TrimSpace(src)
		if src == "" {
			continue
		}
		s, err := Parse(src)
		if err != nil {
			fmt.Printf("\t// ERR %q: %v\n", src, err)
			continue
		}
		cmds, _ := summary(s)
		if strings.Contains(src, "`") {
			fmt.Printf("\t{%q, `%s`}, // %s\n", src, effects(s), cmds)
			continue
		}
		fmt.Printf("\t{`%s`, `%s`}, // %s\n", src, effects(s), cmds)
	}
}
