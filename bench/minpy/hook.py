"""The same tiny hook on Python: decode the payload, print the fixed answer
examples/guard gives for the benchmark payload."""
import json
import sys

payload = json.load(sys.stdin)
if not payload.get("hook_event_name"):
    sys.stderr.write("not a hook payload\n")
    sys.exit(1)
sys.stdout.write(
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",'
    '"permissionDecisionReason":"guard: `rm -rf` is not allowed; delete specific files instead"}}\n'
)
