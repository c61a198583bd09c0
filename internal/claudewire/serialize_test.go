package claudewire

import (
	"testing"

	"github.com/agenthooks/hooks"
)

func TestOutside(t *testing.T) {
	for _, c := range []struct {
		r    hooks.Response
		want hooks.Output
	}{
		{hooks.Response{Decision: hooks.DecisionDeny, Reason: "no\r\n  rm"}, hooks.Output{ExitCode: 2, Stderr: "no rm"}},
		{hooks.Response{Decision: hooks.DecisionAsk, Reason: " \n"}, hooks.Output{ExitCode: 2, Stderr: DefaultDeny}},
		{hooks.Response{Decision: hooks.DecisionAllow, Reason: "fine"}, hooks.Output{}},
		{hooks.Response{Context: "ctx"}, hooks.Output{}},
	} {
		if got := Outside(c.r); got.ExitCode != c.want.ExitCode || got.Stderr != c.want.Stderr || got.Stdout != nil {
			t.Errorf("Outside(%+v) = %+v, want %+v", c.r, got, c.want)
		}
	}
}

func TestEncode(t *testing.T) {
	out, err := Encode("h", &struct {
		R string `json:"r"`
	}{"<a & b>"})
	if err != nil || string(out.Stdout) != "{\"r\":\"<a & b>\"}\n" || out.ExitCode != 0 {
		t.Errorf("Encode = %q, %v", out.Stdout, err)
	}
	if _, err := Encode("h", func() {}); err == nil || err.Error()[:22] != "h: encode output: json" {
		t.Errorf("Encode of a func: %v", err)
	}
}

func TestInMatrix(t *testing.T) {
	caps := []hooks.Capability{{Native: "A", Event: hooks.PreToolUse}, {Native: "B"}}
	if !InMatrix(caps, "A") || !InMatrix(caps, "B") || InMatrix(caps, "a") || InMatrix(nil, "A") {
		t.Error("InMatrix")
	}
	if OrDefault(" \t", "d") != "d" || OrDefault(" x ", "d") != " x " {
		t.Error("OrDefault")
	}
}
