#!/usr/bin/env bash
# Compare the core benchmarks of two versions of the module, run
# alternately so that the load of a shared machine falls on both alike.
#
#   bench/compare.sh OLD NEW [PKG...]
#
# OLD and NEW are git revisions, "." for the work tree, or directories
# holding a copy of the module. PKG defaults to ./claude ./cursor ./gemini
# ./codex. Each package's test binary is built for both versions, then the
# two are run one after the other, COUNT times (default 10), each run
# -benchtime BENCHTIME (default 5000x) of the benchmarks matching BENCH
# (default .). The two result files and benchstat's comparison go to
# .cache/bench/compare/, and the comparison to stdout. benchstat is run
# with `go run golang.org/x/perf/cmd/benchstat@latest` (not a dependency
# of the module).
set -euo pipefail
cd "$(dirname "$0")/.."

[ $# -ge 2 ] || { echo "usage: bench/compare.sh OLD NEW [PKG...]" >&2; exit 2; }
old=$1 new=$2
shift 2
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./claude ./cursor ./gemini ./codex)
COUNT=${COUNT:-10}
BENCH=${BENCH:-.}
BENCHTIME=${BENCHTIME:-5000x}
out=.cache/bench/compare
rm -rf "$out" && mkdir -p "$out/bin"
here=$(pwd)

# tree REV|DIR|. NAME: prints the directory holding that version.
tree() {
	if [ "$1" = . ]; then
		echo "$here"
	elif [ -d "$1" ]; then
		(cd "$1" && pwd)
	else
		mkdir -p "$out/$2"
		git archive "$1" | tar -x -C "$out/$2"
		echo "$here/$out/$2"
	fi
}
oldDir=$(tree "$old" old)
newDir=$(tree "$new" new)

for pkg in "${pkgs[@]}"; do
	name=${pkg//[\/.]/_}
	(cd "$oldDir" && go test -c -o "$here/$out/bin/old$name.test" "$pkg")
	(cd "$newDir" && go test -c -o "$here/$out/bin/new$name.test" "$pkg")
done
for ((i = 1; i <= COUNT; i++)); do
	echo "compare: run $i/$COUNT" >&2
	for pkg in "${pkgs[@]}"; do
		name=${pkg//[\/.]/_}
		for side in old new; do
			dir=$oldDir
			[ $side = new ] && dir=$newDir
			(cd "$dir/$pkg" && "$here/$out/bin/$side$name.test" -test.run '^$' -test.bench "$BENCH" \
				-test.benchmem -test.benchtime "$BENCHTIME") | grep -v '^PASS$' >>"$out/$side.txt"
		done
	done
done
go run golang.org/x/perf/cmd/benchstat@latest "$out/old.txt" "$out/new.txt" | tee "$out/benchstat.txt"
