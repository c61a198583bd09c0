package hookhttp

// BridgeMainWith is BridgeMain with the adapters given, for the tests
// that run it with fake adapters.
var BridgeMainWith = bridgeMain
