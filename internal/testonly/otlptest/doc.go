// Package otlptest checks the gateway's OpenTelemetry export against a
// real OTLP receiver: the OpenTelemetry collector's own receiver library
// (go.opentelemetry.io/collector/receiver/otlpreceiver) listening on
// 127.0.0.1, its spans kept by a consumer sink. It is a module of its
// own so that the collector's many dependencies stay out of the main
// module's go.mod; .ci/run runs its tests. The package has no code: see
// its tests.
package otlptest
