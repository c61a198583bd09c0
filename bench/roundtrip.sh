#!/usr/bin/env bash
# Round-trip benchmark of a hook process: each program is spawned with a
# real PreToolUse payload on its standard input and timed until it exits.
#
#   bench/roundtrip.sh                 # 20 rounds of 50 runs per program
#   ROUNDS=3 RUNS=100 bench/roundtrip.sh
#
# Programs, all answering the payload with the same bytes (checked first):
#   guard           examples/guard built with this module, run with --host
#   guard-detect    the same, without --host (the host is detected)
#   go-minimal      bench/mingo: encoding/json decode + fixed answer
#   peer-sh         bench/peersh: the same plus mvdan.cc/sh/v3/syntax parsing
#                   the command (a zero-dependency peer doing the guard's parse)
#   c-static        bench/minc: static C, read stdin + fixed answer (floor)
#   bun, node, python  bench/minjs/hook.js and bench/minpy/hook.py
#
# hyperfine (Debian package "hyperfine") is installed with apt-get when it
# is missing and we are root; Bun comes from the npm package "bun", installed
# into .cache/bench (gitignored). A runtime that cannot be found or
# installed is left out of the table with a note; Go, a C compiler with a
# static libc (Debian: gcc, libc6-dev) and hyperfine are required.
#
# Each round runs hyperfine once over every program, in a rotated order;
# ratios are taken within a round and summarised over rounds by
# bench/report, so that load from other processes, which changes from
# minute to minute, cancels out of the ratios as far as it can. Then
# bench/interleave runs the same programs one run of each in turn
# (INTERLEAVE_RUNS runs each) and reports median wall and CPU time: on a
# loaded machine its ratios are the steadier ones. The tables and the
# machine's description go to stdout and to .cache/bench/roundtrip.md.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-20}
RUNS=${RUNS:-50}
WARMUP=${WARMUP:-5}
INTERLEAVE_RUNS=${INTERLEAVE_RUNS:-300}
PAYLOAD=${PAYLOAD:-examples/guard/testdata/claude-rm.json}
BUN_VERSION=${BUN_VERSION:-1.4.5}
CACHE=.cache/bench
BIN=$CACHE/bin
mkdir -p "$BIN"

note() { echo "roundtrip: $*" >&2; }

# --- tools -------------------------------------------------------------
if ! command -v hyperfine >/dev/null; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		note "installing hyperfine with apt-get"
		apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null
	else
		note "hyperfine is missing: install it (Debian/Ubuntu: sudo apt-get install hyperfine)"
		exit 1
	fi
fi
CC=${CC:-cc}
if ! command -v "$CC" >/dev/null; then
	note "no C compiler: install one (Debian/Ubuntu: sudo apt-get install gcc libc6-dev)"
	exit 1
fi

BUN=$CACHE/node_modules/.bin/bun
if [ ! -x "$BUN" ] && command -v npm >/dev/null; then
	note "installing bun@$BUN_VERSION from npm into $CACHE"
	npm install --prefix "$CACHE" --no-save --no-audit --no-fund "bun@$BUN_VERSION" >/dev/null 2>&1 ||
		note "npm install bun failed; bun is left out"
fi
NODE=$(command -v node || true)
# The interpreter itself, not a version-manager shim in front of it.
PYTHON=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null || true)

# --- build ---------------------------------------------------------------
go build -trimpath -o "$BIN/guard" ./examples/guard
go build -trimpath -o "$BIN/mingo" ./bench/mingo
go build -trimpath -o "$BIN/peersh" ./bench/peersh
# A binary as the Go linker writes it (through a memory map) starts 10 to
# 30 % slower on this kind of VM than the same bytes written by cp, run
# after run: measure copies, so that no program is measured as written
# by the linker and another as copied.
for b in guard mingo peersh; do cp "$BIN/$b" "$BIN/$b.tmp" && mv "$BIN/$b.tmp" "$BIN/$b"; done
"$CC" -O2 -static -o "$BIN/minc" bench/minc/hook.c
"$CC" -O2 -static -o "$BIN/feed" bench/feed.c

# name|program and arguments (absolute program path: feed execs it as is)
here=$(pwd)
progs=(
	"guard|$here/$BIN/guard --host claude"
	"guard-detect|$here/$BIN/guard"
	"go-minimal|$here/$BIN/mingo"
	"peer-sh|$here/$BIN/peersh"
	"c-static|$here/$BIN/minc"
)
[ -x "$BUN" ] && progs+=("bun|$here/$BUN $here/bench/minjs/hook.js") || note "bun not available; left out"
[ -n "$NODE" ] && progs+=("node|$NODE $here/bench/minjs/hook.js") || note "node not found; left out"
[ -n "$PYTHON" ] && progs+=("python|$PYTHON $here/bench/minpy/hook.py") || note "python3 not found; left out"

# --- every program must give the guard's answer --------------------------
want=$("$BIN/feed" "$PAYLOAD" $here/$BIN/guard --host claude)
for p in "${progs[@]}"; do
	name=${p%%|*}
	got=$("$BIN/feed" "$PAYLOAD" ${p#*|}) || { note "$name failed on $PAYLOAD"; exit 1; }
	if [ "$got" != "$want" ]; then
		note "$name answers differently from guard:"; echo "$got" >&2; exit 1
	fi
done

# --- measure -------------------------------------------------------------
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
rm -f "$CACHE"/round-*.json
n=${#progs[@]}
for ((r = 1; r <= ROUNDS; r++)); do
	args=()
	for ((i = 0; i < n; i++)); do
		p=${progs[$(((i + r - 1) % n))]}
		args+=(-n "${p%%|*}" "$here/$BIN/feed $PAYLOAD ${p#*|}")
	done
	note "round $r/$ROUNDS"
	hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" \
		--export-json "$CACHE/round-$r.json" "${args[@]}" >/dev/null
done
# The same programs interleaved run by run, go-minimal first (the reference).
ilargs=()
for p in "${progs[@]}"; do
	[ "${p%%|*}" = go-minimal ] && ilargs=("go-minimal=${p#*|}" "${ilargs[@]}") || ilargs+=("${p%%|*}=${p#*|}")
done
note "interleaved: $INTERLEAVE_RUNS runs of each program"
go build -o "$BIN/interleave" ./bench/interleave
"$BIN/interleave" -n "$INTERLEAVE_RUNS" -in "$PAYLOAD" "${ilargs[@]}" >"$CACHE/interleave.md"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# --- report --------------------------------------------------------------
size() { stat -c %s "$1"; }
strip_size() { cp "$1" "$1.stripped" && strip "$1.stripped" 2>/dev/null && size "$1.stripped" || echo "?"; }
{
	echo "Payload: $PAYLOAD ($(size "$PAYLOAD") bytes), fed on stdin by bench/feed.c."
	echo "hyperfine -N, $ROUNDS rounds × $RUNS runs per program (after $WARMUP warm-up runs):"
	echo
	go run ./bench/report "$CACHE"/round-*.json
	echo
	echo "Interleaved (bench/interleave, $INTERLEAVE_RUNS runs of each program, one of each in turn):"
	echo
	cat "$CACHE/interleave.md"
	echo
	echo "Binary sizes: guard $(size "$BIN/guard") bytes ($(strip_size "$BIN/guard") stripped),"\
		"go-minimal $(size "$BIN/mingo") bytes ($(strip_size "$BIN/mingo") stripped), c-static $(size "$BIN/minc") bytes."
	echo
	echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'),"\
		"$(go version | cut -d' ' -f3-), $(hyperfine --version)."
	echo "Runtimes: $([ -x "$BUN" ] && echo "bun $("$BUN" --version)"), $([ -n "$NODE" ] && echo "node $("$NODE" --version)"),"\
		"$([ -n "$PYTHON" ] && "$PYTHON" --version 2>&1), $("$CC" --version | head -1)."
	echo "Load average (1, 5, 15 min): $load_before before, $load_after after."
} | tee "$CACHE/roundtrip.md"
