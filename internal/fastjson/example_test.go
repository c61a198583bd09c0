package fastjson_test

import (
	"fmt"

	"github.com/agenthooks/hooks/internal/fastjson"
)

func Example() {
	d, ok := fastjson.Object([]byte(`{"hook_event_name":"PreToolUse","tool_input":{"command":"ls"}}`))
	if !ok {
		return // not something the fast path reads: decode with encoding/json
	}
	var name string
	d.Members(func(key string, v fastjson.Value) bool {
		switch key {
		case "hook_event_name":
			return v.SetString(&name)
		case "tool_input":
			fmt.Printf("%s\n", v.Raw())
		}
		return true
	})
	w := fastjson.Writer{}
	w.Open("")
	w.String("event", name)
	w.Close()
	fmt.Printf("%s\n", w.Buf)
	// Output:
	// {"command":"ls"}
	// {"event":"PreToolUse"}
}
