/* The floor of the round-trip benchmark: a static C hook that reads the
 * whole payload from stdin, checks that it names a hook event, and prints
 * the same fixed answer as examples/guard gives for the benchmark payload.
 * It does not parse the JSON (C has no JSON in its standard library): it
 * is the cost of a process that reads stdin and writes stdout, nothing
 * else. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char answer[] =
	"{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\","
	"\"permissionDecisionReason\":\"guard: rule 1 (no recursive delete of anything not scratch): `rm -rf build` deletes "
	"the tree at build, which is not on the guard's list of build directories; delete the files you mean by name, spell "
	"out a scratch path (a temp dir under /tmp, or a build directory such as node_modules or dist inside the project), "
	"or ask the user\"}}\n";

int main(void) {
	static char buf[1 << 20];
	size_t n = 0;
	ssize_t r;
	while (n < sizeof buf - 1 && (r = read(0, buf + n, sizeof buf - 1 - n)) > 0)
		n += (size_t)r;
	buf[n] = 0;
	if (strstr(buf, "\"hook_event_name\"") == NULL) {
		fputs("not a hook payload\n", stderr);
		return 1;
	}
	if (write(1, answer, sizeof answer - 1) != (ssize_t)(sizeof answer - 1))
		return 1;
	return 0;
}
