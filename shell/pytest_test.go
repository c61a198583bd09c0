package shell

import "testing"

// TestPytestBasetemp: pytest removes its --basetemp folder before a run.
func TestPytestBasetemp(t *testing.T) {
	for _, tc := range []struct{ src, effects string }{
		{`pytest --basetemp=src`, `pytest!: --src ?src`},
		{`pytest --basetemp src tests`, `pytest!: --src ?src ?tests`},
		{`pytest -o addopts=--basetemp=out`, `pytest!: --out ?addopts=--basetemp=out ?--basetemp=out`},
		{`cd d && pytest --basetemp=b`, `pytest!: --d/b ?d/b`},
		{`PYTEST_ADDOPTS=-x pytest`, `pytest!:`},
		{`PYTEST_ADDOPTS="-x -q" pytest; export PYTEST_ADDOPTS; echo $PYTEST_ADDOPTS`, `pytest!:`},
		{`PYTEST_ADDOPTS=--basetemp=src pytest`, `pytest!: --src ?src`},
		{`export PYTEST_ADDOPTS="-o addopts='--basetemp out'"; pytest`, `pytest!: --out ?addopts=--basetemp out ?--basetemp out`},
		{`PYTEST_ADDOPTS="$x" pytest`, `pytest!: --{$(PYTEST_ADDOPTS's --basetemp)}`},
		{`printf -v PYTEST_ADDOPTS %s -x; pytest`, `pytest!: --{$(PYTEST_ADDOPTS's --basetemp)}`},
		{`: ${PYTEST_ADDOPTS:=-x}; pytest`, `pytest!: --{$(PYTEST_ADDOPTS's --basetemp)}`},
		{`python3 -m pytest --basetemp=b -q`, `python3: python{-m pytest} --b`},
		{`pytest -q tests`, `pytest!: ?tests`},
		{`PYTEST_ADDOPTS="'--base''temp=src' -q" pytest`, `pytest!: --src ?src`},
		{`PYTEST_ADDOPTS='--base\temp="s r"' pytest`, `pytest!: --s r ?s r`},
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
