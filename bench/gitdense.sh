#!/usr/bin/env bash
# The guard's cost on dense commands that read a git repository's state
# (issue 38): each shape is one call of examples/guard (as a Codex hook)
# in a repository of 60 folders and 60 branches, run COUNT times (default
# 5); the fastest wall time is kept (other work on a shared machine only
# adds time), with the git processes the call started (GIT_TRACE) and the
# verdict. Prints one line per shape.
#
#   bench/gitdense.sh            COUNT=10 bench/gitdense.sh
#   GUARD=/path/to/guard bench/gitdense.sh     (another build, to compare)
#   WHY=1 bench/gitdense.sh                    (the reason of each deny)
set -euo pipefail
cd "$(dirname "$0")/.."

COUNT=${COUNT:-5}
N=${N:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${GUARD:-}" ]; then
	cp "$GUARD" "$work/guard"
else
	go build -o "$work/guard" ./examples/guard
fi

repo="$work/repo"
mkdir -p "$repo"
(
	cd "$repo"
	git init -q -b main
	for i in $(seq 1 "$N"); do
		mkdir -p "d$i/sub"
		echo "$i" >"d$i/f"
		echo x >"d$i/sub/out.o"
	done
	printf 'd*/sub/\n' >.gitignore
	git add -A
	git -c user.email=a@b -c user.name=a commit -qm first
	for i in $(seq 1 "$N"); do
		git branch "b$i"
		git checkout -q "b$i"
		echo "$i" >"d$i/g"
		git add -A
		git -c user.email=a@b -c user.name=a commit -qm "b$i"
		git checkout -q main
	done
)

shape() {
	local name=$1 cmd=$2
	local payload="$work/$name.json"
	python3 -c 'import json,sys; print(json.dumps({"session_id":"s","cwd":sys.argv[1],"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":sys.argv[2]},"tool_use_id":"c"}))' "$repo" "$cmd" >"$payload"
	local best="" procs=0 verdict
	for _ in $(seq 1 "$COUNT"); do
		rm -f "$work/trace"
		local t0 t1
		t0=$(date +%s%N)
		GIT_TRACE="$work/trace" "$work/guard" --host codex <"$payload" >"$work/out" 2>/dev/null || true
		t1=$(date +%s%N)
		local ms=$(((t1 - t0) / 1000000))
		if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
		procs=$(grep -c 'trace: built-in: git' "$work/trace" 2>/dev/null || true)
	done
	verdict=allow
	if grep -q '"deny"' "$work/out"; then verdict=deny; fi
	printf '%-28s %6d ms %4d git processes  %s\n' "$name" "$best" "$procs" "$verdict"
	if [ -n "${WHY:-}" ] && [ "$verdict" = deny ]; then
		sed 's/.*Reason":"//' "$work/out" | cut -c1-240 | sed 's/^/    /'
	fi
}

seqcmd() { # seqcmd TEMPLATE: N commands of TEMPLATE with each {i} the index, joined by "; "
	local out=""
	for i in $(seq 1 "$N"); do out+="${1//\{i\}/$i}; "; done
	printf '%s' "$out"
}

shape one-checkout "git checkout b1"
shape one-rm-ignored "rm -rf d1/sub"
shape stash-checkout-pop "git stash && git checkout b1 && git stash pop"
shape rm-ignored-$N "$(seqcmd 'rm -rf d{i}/sub')"
shape cd-rm-ignored-$N "$(seqcmd 'cd d{i} && rm -rf sub; cd ..')"
shape checkout-unknown-$N "$(seqcmd 'git checkout x{i}')"
shape checkout-branches-$N "$(seqcmd 'git checkout b{i}')"
shape reset-hard-$N "$(seqcmd 'git reset --hard b{i}')"
shape revert-$N "$(seqcmd 'git revert --no-edit b{i}')"
shape merge-$N "$(seqcmd 'git merge b{i}')"
shape git-C-status-$N "$(seqcmd 'git -C d{i} status')"
shape checkout-file-$N "$(seqcmd 'git checkout -- d{i}/f')"
shape find-rm-$N "$(seqcmd 'find . -name x{i} -exec rm -rf {} +')"
shape log-p-branches-$N "$(seqcmd 'git log -p -1 b{i}')"
shape grep-branches-$N "$(seqcmd 'git grep x b{i}')"
shape show-ids-$N "$(seqcmd 'git show 1234567{i}')"
shape ls-files-xargs-cat-$N "$(seqcmd 'git ls-files d{i} | xargs cat')"
shape cat-ls-files-$N "$(seqcmd 'cat $(git ls-files d{i})')"
shape diff-names-xargs-$N "$(seqcmd 'git diff --name-only b{i} | xargs cat')"
shape ls-tree-xargs-$N "$(seqcmd 'git ls-tree -r --name-only b{i} | xargs cat')"

# Reads of the disk a command repeats (issue 38): the same glob or search
# of a folder of 2,000 files read once a call, distinct ones within the
# call's bound of names read (then denied).
M=${M:-3000}
mkdir -p "$repo/many"
for i in $(seq 1 2000); do echo "x $i" >"$repo/many/f$i.go"; done
seqcmdM() { # seqcmdM TEMPLATE: M commands of TEMPLATE, as seqcmd
	local out=""
	for i in $(seq 1 "$M"); do out+="${1//\{i\}/$i}; "; done
	printf '%s' "$out"
}
shape same-glob-$M "$(seqcmdM 'cat many/*')"
shape own-globs-$M "$(seqcmdM 'cat many/f{i}*')"
shape same-search-xargs-$M "$(seqcmdM 'grep -rl TODO many | xargs cat')"
shape own-searches-xargs-$M "$(seqcmdM 'grep -rl T{i} many | xargs cat')"
shape subst-search-$M "$(seqcmdM 'cat $(grep -rl TODO many)')"
shape same-glob-head-$M "$(seqcmdM 'head many/*.go')"
shape ls-R-xargs-grep-r-$M "$(seqcmdM 'ls -R many | xargs grep -r KEY')"
