package sample

import "testing"

func TestRender(t *testing.T) {
	o := Obj{KVOf("a", "x&<\"\n"), KVOf("n", 3), KVOf("r", Raw("12.5")), KVOf("z", nil), KVOf("b", false),
		KVOf("l", []any{}), KVOf("o", Obj{})}
	const want = `{"a":"x&<\"\n","n":3,"r":12.5,"z":null,"b":false,"l":[],"o":{}}`
	if got := string(Render(o)); got != want {
		t.Errorf("Render = %s, want %s", got, want)
	}
	if Render(nil) != nil {
		t.Error("Render(nil) is not nil: doctor would run a hook with an empty payload")
	}
}

func TestClaudeLikeUnknownEvent(t *testing.T) {
	if Claude("WorktreeCreate", "/d", "") != nil {
		t.Error("a sample for an event with none")
	}
	if Claude("PreSkillShellCommand", "/d", "") != nil {
		t.Error("the skill event's sample for a host without it")
	}
	if Claude("PreSkillShellCommand", "/d", "PreSkillShellCommand") == nil {
		t.Error("no sample of the skill event")
	}
}
