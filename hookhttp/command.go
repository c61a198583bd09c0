package hookhttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookmain"
	"github.com/agenthooks/hooks/internal/httphook"
)

// DefaultTokenEnv is the environment variable the bridge reads its bearer
// token from, unless --gateway-token-env names another. The token is never
// an argument: arguments are visible to every user of the machine.
const DefaultTokenEnv = httphook.DefaultTokenEnv

// HasGateway reports whether args ask for the forwarding mode: they hold
// --gateway (with a value or not, empty or not). A hook binary's main
// then calls BridgeMain instead of hooks.Serve; an empty or invalid URL is
// answered with the fail policy, never by running the local handlers.
func HasGateway(args []string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(a, "=")
		if name == "--gateway" || name == "-gateway" {
			return true
		}
	}
	return false
}

// bridgeArgs takes the bridge's own arguments out of args: --gateway URL,
// --gateway-token-env NAME, --gateway-token-file PATH and --gateway-timeout
// DURATION. The rest is for hooks.ParseArgs.
type bridgeArgs struct {
	url, tokenEnv, tokenFile, timeout string
	rest, bad                         []string
}

func parseBridgeArgs(args []string) bridgeArgs {
	var b bridgeArgs
	for i := 0; i < len(args); i++ {
		name, val, hasVal := strings.Cut(args[i], "=")
		var dst *string
		switch name {
		case "--gateway", "-gateway":
			dst = &b.url
		case "--gateway-token-env", "-gateway-token-env":
			dst = &b.tokenEnv
		case "--gateway-token-file", "-gateway-token-file":
			dst = &b.tokenFile
		case "--gateway-timeout", "-gateway-timeout":
			dst = &b.timeout
		default:
			b.rest = append(b.rest, args[i])
			continue
		}
		switch {
		case hasVal:
			*dst = val
		case i+1 < len(args):
			i++
			*dst = args[i]
		default:
			b.bad = append(b.bad, name+" needs a value")
		}
	}
	return b
}

// BridgeMain runs one hook invocation in forwarding mode and returns the
// exit code: it reads the payload from stdin, picks the host (--host, else
// detection), forwards it to the gateway named by --gateway URL and writes
// the host-native answer, exactly as hooks.Serve would have written the
// gateway's decision. adapters are the hosts the binary knows
// (hookmain.Adapters()); of h only Fail and MaxInput are used.
//
// Arguments: those of hooks.ParseArgs (--host, --fail-open,
// --fail-closed, --timeout: the host's timeout), plus --gateway URL,
// --gateway-token-env NAME (default DefaultTokenEnv), --gateway-token-file
// PATH (the token is the file's content, trimmed; for hosts that filter
// the environment, such as Gemini CLI with variable redaction on) and
// --gateway-timeout DURATION (the budget per call, default
// DefaultBridgeTimeout, always cut to 90% of the host's timeout). The fail
// policy answers, locally and in the host's dialect, when the gateway
// cannot: unreachable, too slow, refusing the token, or not a hooks
// gateway, or when the token file cannot be read.
func BridgeMain(ctx context.Context, adapters []hooks.Adapter, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ba := parseBridgeArgs(args)
	o, bad := hooks.ParseArgs(ba.rest)
	for _, m := range append(ba.bad, bad...) {
		fmt.Fprintln(stderr, "hooks: "+m)
	}
	if o.FailSet {
		h.Fail = o.Fail
	}
	br := Bridge{URL: ba.url, Fail: h.Fail}
	if ba.timeout != "" {
		if br.Timeout = parseTimeout(ba.timeout); br.Timeout == 0 {
			fmt.Fprintln(stderr, "hooks: --gateway-timeout "+strconv.Quote(ba.timeout)+" is not a duration")
		}
	}
	var tokenErr error
	if ba.tokenFile != "" {
		b, err := os.ReadFile(ba.tokenFile)
		if err != nil {
			tokenErr = errors.New("cannot read the gateway token file")
		}
		br.Token = strings.TrimSpace(string(b))
	} else {
		env := ba.tokenEnv
		if env == "" {
			env = DefaultTokenEnv
		}
		br.Token = os.Getenv(env)
	}

	limit := h.MaxInput
	if limit <= 0 {
		limit = hooks.DefaultMaxInput
	}
	var a hooks.Adapter
	if o.Host != "" {
		if a = find(adapters, o.Host); a == nil {
			_, err := pick(adapters, o.Host, nil)
			return replyOf("", failOutput(h.Fail, err)).Write(stdout, stderr)
		}
	}
	payload, err := readLimited(stdin, limit)
	if err != nil {
		if a == nil {
			return replyOf("", failOutput(h.Fail, err)).Write(stdout, stderr)
		}
		return replyOf(a.Host(), hooks.FailResult(a, h, nil, err)).Write(stdout, stderr)
	}
	if tokenErr != nil {
		if a == nil {
			return replyOf("", failOutput(h.Fail, tokenErr)).Write(stdout, stderr)
		}
		return replyOf(a.Host(), hooks.FailResult(a, h, payload, tokenErr)).Write(stdout, stderr)
	}
	if a == nil {
		// Unknown here is not final: the gateway detects with its own
		// adapters and answers with its own fail policy.
		a, _ = hooks.Detect(adapters, payload)
	}
	return br.Forward(ctx, a, payload, o.HostTimeout).Write(stdout, stderr)
}

// readLimited reads r whole, at most limit bytes.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, errors.New("read stdin: " + err.Error())
	}
	if n > limit {
		return nil, fmt.Errorf("%w: more than %d bytes", hooks.ErrTooLarge, limit)
	}
	return buf.Bytes(), nil
}

// Main runs one hook invocation the way a hook binary that can forward
// does: with --gateway in args it is BridgeMain, otherwise hooks.Serve
// with the local handlers. adapters are the binary's hosts
// (hookmain.Adapters()). The install, uninstall, doctor and help
// subcommands are hookmain.Main's, so that a bridge registers itself:
//
//	bridge install --gateway https://hooks.example.com/hook --fail-closed
func Main(ctx context.Context, adapters []hooks.Adapter, h hooks.Handlers, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "install", "uninstall", "doctor", "help":
			return hookmain.Main(ctx, h, args, stdin, stdout, stderr)
		}
	}
	if HasGateway(args) {
		return BridgeMain(ctx, adapters, h, args, stdin, stdout, stderr)
	}
	return hooks.Serve(ctx, adapters, h, stdin, stdout, stderr, args)
}
