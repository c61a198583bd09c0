package shell

import "testing"

// TestPytestBasetemp: pytest removes its --basetemp folder before a run.
func TestPytestBasetemp(t *testing.T) {
	for _, tc := range []struct{ src, effects string }{
		{`pytest --basetemp=src`, `pytest!: --src ?src`},
		{`pytest --basetemp src tests`, `pytest!: --src ?src ?tests`},
		{`pytest -o addopts=--basetemp=out`, `pytest!: --out ?addopts=--basetemp=out ?--basetemp=out`},
		{`cd d && pytest --basetemp=b`, `pytest!: --d/b ?d/b`},
		{`PYTEST_ADDOPTS=-x pytest`, `pytest!: --{$(PYTEST_ADDOPTS's --basetemp)}`},
		{`pytest -q tests`, `pytest!: ?tests`},
	} {
		s, err := Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if got := effects(s); got != tc.effects {
			t.Errorf("Parse(%q) effects:\n got %s\nwant %s", tc.src, got, tc.effects)
		}
	}
}
