package e2e

import (
	"fmt"

	"github.com/agenthooks/hooks/e2e/harness"
)

// Example lists the clients the suite runs, their npm packages and the
// model API each one is served by a fake server in.
func Example() {
	for _, h := range harness.Hosts() {
		fmt.Println(h.ID, h.Name, h.Package, h.Protocol)
	}
	// Output:
	// claude claude @anthropic-ai/claude-code anthropic
	// claude-next claude claude-code-next anthropic
	// gemini gemini @google/gemini-cli gemini
	// codex codex @openai/codex openai
	// copilot copilot @github/copilot chat
	// copilot-pascal copilot @github/copilot chat
	// qwen qwen @qwen-code/qwen-code chat
	// droid droid @factory/cli-linux-x64 chat
	// kimi kimi @moonshot-ai/kimi-code chat
	// cline cline @cline/cli-linux-x64 chat
	// opencode opencode opencode-linux-x64 chat
	// kilo opencode @kilocode/cli-linux-x64 chat
	// pi pi @mariozechner/pi-coding-agent chat
	// auggie auggie @augmentcode/auggie augment
}
