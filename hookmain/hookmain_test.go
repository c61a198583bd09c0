package hookmain

import (
	"context"
	"slices"
	"testing"

	"github.com/agenthooks/hooks"
)

func TestWithEvents(t *testing.T) {
	pre := func(context.Context, *hooks.PreToolUseEvent) (hooks.Response, error) { return hooks.Response{}, nil }
	stop := func(context.Context, *hooks.StopEvent) (hooks.Response, error) { return hooks.Response{}, nil }
	any := func(context.Context, hooks.Event) (hooks.Response, error) { return hooks.Response{}, nil }
	for _, tc := range []struct {
		args []string
		h    hooks.Handlers
		want []string
	}{
		{[]string{"install"}, hooks.Handlers{PreToolUse: pre, Stop: stop}, []string{"install", "--events=PreToolUse,Stop"}},
		{[]string{"install", "--events", "Stop"}, hooks.Handlers{PreToolUse: pre}, []string{"install", "--events", "Stop"}},
		{[]string{"install", "--events=Stop"}, hooks.Handlers{PreToolUse: pre}, []string{"install", "--events=Stop"}},
		{[]string{"install"}, hooks.Handlers{PreToolUse: pre, Any: any}, []string{"install"}},
		{[]string{"install"}, hooks.Handlers{}, []string{"install"}},
		{[]string{"uninstall"}, hooks.Handlers{PreToolUse: pre}, []string{"uninstall"}},
		{[]string{"doctor"}, hooks.Handlers{PreToolUse: pre}, []string{"doctor"}},
	} {
		if got := withEvents(tc.args, tc.h); !slices.Equal(got, tc.want) {
			t.Errorf("withEvents(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}
