package hooks

import (
	"context"
	"testing"
)

// TestHandlesAgreesWithHandle: for every event type, handles is true
// exactly when Handle would call a function.
func TestHandlesAgreesWithHandle(t *testing.T) {
	events := []Event{&SessionStartEvent{}, &SessionEndEvent{}, &UserPromptSubmitEvent{}, &PreToolUseEvent{},
		&PostToolUseEvent{}, &PostToolUseFailureEvent{}, &PermissionRequestEvent{}, &StopEvent{},
		&SubagentStartEvent{}, &SubagentStopEvent{}, &PreCompactEvent{}, &NotificationEvent{}, &OtherEvent{}}
	called := false
	mark := func() (Response, error) { called = true; return Response{}, nil }
	all := Handlers{
		SessionStart:       func(context.Context, *SessionStartEvent) (Response, error) { return mark() },
		SessionEnd:         func(context.Context, *SessionEndEvent) (Response, error) { return mark() },
		UserPromptSubmit:   func(context.Context, *UserPromptSubmitEvent) (Response, error) { return mark() },
		PreToolUse:         func(context.Context, *PreToolUseEvent) (Response, error) { return mark() },
		PostToolUse:        func(context.Context, *PostToolUseEvent) (Response, error) { return mark() },
		PostToolUseFailure: func(context.Context, *PostToolUseFailureEvent) (Response, error) { return mark() },
		PermissionRequest:  func(context.Context, *PermissionRequestEvent) (Response, error) { return mark() },
		Stop:               func(context.Context, *StopEvent) (Response, error) { return mark() },
		SubagentStart:      func(context.Context, *SubagentStartEvent) (Response, error) { return mark() },
		SubagentStop:       func(context.Context, *SubagentStopEvent) (Response, error) { return mark() },
		PreCompact:         func(context.Context, *PreCompactEvent) (Response, error) { return mark() },
		Notification:       func(context.Context, *NotificationEvent) (Response, error) { return mark() },
	}
	for _, h := range []Handlers{{}, all, {Any: func(context.Context, Event) (Response, error) { return mark() }}} {
		for _, ev := range events {
			called = false
			h.Handle(context.Background(), ev)
			if got := h.handles(ev); got != called {
				t.Errorf("%T: handles = %v, Handle called a function = %v", ev, got, called)
			}
		}
	}
}
