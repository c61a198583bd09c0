#!/usr/bin/env bash
# Check the guard's budget on dense commands (issue 38): every shape of
# BenchmarkJudgeDense (policies/guard) is judged in at most
# 100 ms and allocates at most 64 MiB. Each shape runs COUNT times
# (default 5, BENCHTIME each, default 3x); the fastest run is kept, since
# other work on a shared machine only ever adds time. Prints one line per
# shape and exits 1 when a shape is over either budget.
#
#   bench/dense.sh            COUNT=10 bench/dense.sh
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT=${COUNT:-5}
BENCHTIME=${BENCHTIME:-3x}
out=$(go test -run '^$' -bench 'JudgeDense' -benchmem -count "$COUNT" -benchtime "$BENCHTIME" ./policies/guard)
echo "$out" | awk '
/^BenchmarkJudgeDense\// {
	name = $1; sub(/^BenchmarkJudgeDense\//, "", name); sub(/-[0-9]+$/, "", name)
	for (i = 2; i <= NF; i++) {
		if ($(i) == "ns/op") ns = $(i-1)
		if ($(i) == "B/op") bytes = $(i-1)
	}
	if (!(name in best) || ns < best[name]) best[name] = ns
	mem[name] = bytes
}
END {
	bad = 0
	for (n in best) {
		ms = best[n] / 1e6; mib = mem[n] / 1048576
		verdict = "ok"
		if (ms > 100 || mib > 64) { verdict = "OVER"; bad = 1 }
		printf "%-32s %8.1f ms %7.1f MiB  %s\n", n, ms, mib, verdict
	}
	exit bad
}' | sort
