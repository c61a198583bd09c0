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
    '"permissionDecisionReason":"guard: `rm -rf` is not allowed; delete specific files instead"}}\n',
);
