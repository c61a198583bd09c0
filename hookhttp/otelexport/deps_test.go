package otelexport

import (
	"os/exec"
	"strings"
	"testing"
)

// otel is the prefix of every OpenTelemetry package.
const otel = "go.opentelemetry.io/"

// TestOnlyTheGatewayLinksOpenTelemetry fails when a hook binary links an
// OpenTelemetry package: hookmain and the binaries built on hookmain.Run
// (examples/guard, examples/gofmt, e2e/testhook), the bridge (package
// hookhttp and its bridge binaries) and package hooklog. The SDK is
// start-up work a hook would pay on every tool call. It fails too when the
// gateway command does not link the SDK and its OTLP exporter, so that
// it cannot pass by looking at the wrong names, and when it links gRPC or
// html/template.
func TestOnlyTheGatewayLinksOpenTelemetry(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found:", err)
	}
	deps := func(pkg string) []string {
		t.Helper()
		out, err := exec.Command(gobin, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		return strings.Fields(string(out))
	}
	const module = "github.com/agenthooks/hooks"
	for _, pkg := range []string{module + "/hookmain", module + "/examples/guard", module + "/examples/gofmt", module + "/e2e/testhook",
		module + "/hookhttp", module + "/hookhttp/bridgemain", module + "/examples/bridge", module + "/hooklog", module} {
		var ours bool
		for _, p := range deps(pkg) {
			if strings.HasPrefix(p, otel) {
				t.Errorf("%s links %s", pkg, p)
			}
			ours = ours || p == module
		}
		if !ours {
			t.Errorf("go list -deps %s does not list %s: is the check looking at the right names?", pkg, module)
		}
	}
	gw := map[string]bool{}
	for _, p := range deps(module + "/examples/gateway") {
		gw[p] = true
	}
	for _, p := range []string{otel + "otel/sdk/trace", module + "/hookhttp/otelexport"} {
		if !gw[p] {
			t.Errorf("examples/gateway does not link %s", p)
		}
	}
	// gRPC links html/template (through golang.org/x/net/trace), which
	// makes the linker keep every exported method: the SDK's OTLP
	// exporters are left out for that (see the package documentation).
	for _, p := range []string{"google.golang.org/grpc", "html/template", "text/template"} {
		if gw[p] {
			t.Errorf("examples/gateway links %s", p)
		}
	}
}
