// The same tiny hook on Node.js and Bun: decode the payload, print the
// fixed answer examples/guard gives for the benchmark payload.
const fs = require("fs");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
if (!input.hook_event_name) {
  process.stderr.write("not a hook payload\n");
  process.exit(1);
}
process.stdout.write(
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",' +
    '"permissionDecisionReason":"guard: rule 1 (no recursive delete of anything not scratch): `rm -rf build` deletes ' +
    "the tree at build, which is not on the guard's list of build directories; delete the files you mean by name, " +
    "spell out a scratch path (a temp dir under /tmp, or a build directory such as node_modules or dist inside the " +
    'project), or ask the user"}}\n',
);
