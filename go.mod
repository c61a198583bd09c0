module github.com/agenthooks/hooks

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/tailscale/hujson v0.0.0-20260727124030-b80ff77dac4f
	mvdan.cc/sh/v3 v3.14.1
)

require golang.org/x/text v0.14.0 // indirect
