package hooks

import (
	"context"
	"reflect"
	"slices"
	"testing"
)

// TestHandlesAgreesWithHandle: for every event type, handles is true
// exactly when Handle would call a function.
func TestHandlesAgreesWithHandle(t *testing.T) {
	events := []Event{&SessionStartEvent{}, &SessionEndEvent{}, &UserPromptSubmitEvent{}, &PreToolUseEvent{},
		&PostToolUseEvent{}, &PostToolUseFailureEvent{}, &PermissionRequestEvent{}, &StopEvent{},
		&SubagentStartEvent{}, &SubagentStopEvent{}, &PreCompactEvent{}, &NotificationEvent{}, &OtherEvent{},
		&ModelRequestEvent{}, &ModelResponseEvent{}, &ToolSelectionEvent{}}
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
		PreModel:           func(context.Context, *ModelRequestEvent) (Response, error) { return mark() },
		PostModel:          func(context.Context, *ModelResponseEvent) (Response, error) { return mark() },
		PreToolSelection:   func(context.Context, *ToolSelectionEvent) (Response, error) { return mark() },
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

// Handled knows every typed handler: with all of them set (by reflection,
// so that a new event's field cannot be forgotten here), it lists every
// unified event, and each field is named after its event.
func TestHandledCoversEveryEvent(t *testing.T) {
	var h Handlers
	v := reflect.ValueOf(&h).Elem()
	n := 0
	for i := range v.NumField() {
		f := v.Field(i)
		name := v.Type().Field(i).Name
		if f.Kind() != reflect.Func || name == "Any" || name == "OnResult" || name == "Unchecked" { // the observer and the answer of what was not judged, not handlers
			continue
		}
		if !slices.Contains(Events(), EventName(name)) {
			t.Errorf("handler field %s is not a unified event", name)
		}
		f.Set(reflect.MakeFunc(f.Type(), func([]reflect.Value) []reflect.Value { return nil }))
		n++
	}
	if got := h.Handled(); !slices.Equal(got, Events()) || n != len(Events()) {
		t.Errorf("Handled() = %v with %d handlers set, want %v", got, n, Events())
	}
	if got := (&Handlers{Stop: h.Stop, PreToolUse: h.PreToolUse}).Handled(); !slices.Equal(got, []EventName{PreToolUse, Stop}) {
		t.Errorf("Handled() = %v, want [PreToolUse Stop]", got)
	}
}
