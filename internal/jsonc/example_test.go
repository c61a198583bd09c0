package jsonc_test

import (
	"fmt"

	"github.com/agenthooks/hooks/internal/jsonc"
)

// Add a member to an object without touching the comment or the order of
// the other members.
func ExampleAppendEdit() {
	src := []byte("{\n  // the theme\n  \"theme\": \"dark\"\n}\n")
	d, err := jsonc.Parse(src)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := jsonc.StyleOf(d)
	e, _ := jsonc.AppendEdit(d.Src, d.Root, s, func(indent string) string {
		return jsonc.RenderMember("hooks", jsonc.Obj{{K: "enabled", V: true}}, indent, s)
	})
	fmt.Print(string(jsonc.Apply(d.Src, e)))
	// Output:
	// {
	//   // the theme
	//   "theme": "dark",
	//   "hooks": {
	//     "enabled": true
	//   }
	// }
}
