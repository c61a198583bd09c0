package bridgemain_test

import (
	"context"
	"os"
	"testing"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp/bridgemain"
)

// bridgeEnv makes the test binary a bridge (bridgemain.Main with no policy
// of its own, as examples/bridge), for the hooks install.Doctor runs.
const bridgeEnv = "HOOKHTTP_TEST_BRIDGE"

func TestMain(m *testing.M) {
	switch os.Getenv(bridgeEnv) {
	case "1":
		os.Exit(bridgemain.Main(context.Background(), hooks.Handlers{}, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "run":
		// As examples/bridge: the process's own streams (process_test.go).
		bridgemain.Run(hooks.Handlers{})
	}
	os.Exit(m.Run())
}
