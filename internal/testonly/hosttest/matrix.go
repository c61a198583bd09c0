package hosttest

import (
	"testing"

	"github.com/agenthooks/hooks"
)

// MatrixParses checks that a parses every event of its capability matrix
// as the unified event its row names (a host-only row as a known
// *hooks.OtherEvent), and a name outside the matrix as an unknown one:
// for an adapter whose Parse takes an event's kind from its matrix, so
// that a row cannot name one event while Parse reads another.
func MatrixParses(t *testing.T, a hooks.Adapter, tool string) {
	t.Helper()
	for _, c := range a.Capabilities() {
		ev, err := a.Parse([]byte(`{"hook_event_name":"` + c.Native + `","tool_name":"` + tool + `","tool_input":{}}`))
		if err != nil {
			t.Errorf("%s: %v", c.Native, err)
			continue
		}
		other, isOther := ev.(*hooks.OtherEvent)
		if ev.Name() != c.Event || ev.Common().NativeEvent != c.Native || (isOther && other.Unknown) {
			t.Errorf("%s parses as %T %q (row: %q)", c.Native, ev, ev.Name(), c.Event)
		}
	}
	ev, err := a.Parse([]byte(`{"hook_event_name":"NoSuchEvent"}`))
	if other, ok := ev.(*hooks.OtherEvent); err != nil || !ok || !other.Unknown {
		t.Errorf("NoSuchEvent parses as %#v, %v: want an unknown *hooks.OtherEvent", ev, err)
	}
}
