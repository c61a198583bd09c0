package hookhttp_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hookhttp"
)

// testCA is a certificate authority made for one test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pem  []byte
}

func newCA(t *testing.T) *testCA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return &testCA{cert: cert, key: key, pem: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

// issue writes a certificate for 127.0.0.1 (a server's, or a client's)
// with serial and its key to dir, and returns their paths.
func (ca *testCA) issue(t *testing.T, dir string, serial int64, client bool) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "gateway"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	if client {
		tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(key)
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	// Written by rename, as a certificate manager does.
	for f, b := range map[string][]byte{certFile: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), keyFile: pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb})} {
		if err := os.WriteFile(f+".new", b, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(f+".new", f); err != nil {
			t.Fatal(err)
		}
	}
	return certFile, keyFile
}

// serveTLS serves g over TLS with cfg on 127.0.0.1 and returns its URL.
func serveTLS(t *testing.T, g http.Handler, cfg *tls.Config) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := hookhttp.NewServer("", g, 0)
	srv.ErrorLog = log.New(io.Discard, "", 0) // the refused handshakes
	go srv.Serve(tls.NewListener(ln, cfg))
	t.Cleanup(func() { srv.Close() })
	return "https://" + ln.Addr().String() + "/hook"
}

// A gateway serves TLS from files read again on rotation; the bridge
// trusts only the CA it is given (--gateway-ca).
func TestTLSRotationAndBridgeCA(t *testing.T) {
	dir := t.TempDir()
	ca := newCA(t)
	certFile, keyFile := ca.issue(t, dir, 100, false)
	kp, err := hookhttp.LoadKeyPair(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	var reloadErrs []error
	kp.OnError = func(err error) { reloadErrs = append(reloadErrs, err) }
	closed := guard()
	closed.Fail = hooks.FailClosed
	url := serveTLS(t, &hookhttp.Handler{Adapters: fakes, Handlers: closed, Auth: hookhttp.Bearer("tok"), Logger: quiet()}, kp.ServerConfig(nil))

	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca.pem)
	rm := []byte(`{"hook_event_name":"Pre","tool":"rm -rf /"}`)
	br := hookhttp.Bridge{URL: url, Token: "tok", RootCAs: pool, Fail: hooks.FailOpen}
	if rep := br.Forward(context.Background(), fakes[0], rm, 0); rep.Err != nil || !strings.Contains(rep.Stdout, "no rm -rf") {
		t.Fatalf("over TLS with the CA: %+v", rep)
	}
	// Without the CA (the system's roots) the gateway is not trusted: no
	// token sent, the fail policy answers.
	plain := hookhttp.Bridge{URL: url, Token: "tok", Fail: hooks.FailOpen}
	if rep := plain.Forward(context.Background(), fakes[0], rm, 0); rep.Err == nil || !strings.Contains(rep.Err.Error(), "certificate") {
		t.Errorf("without the CA: %+v, want a certificate error", rep)
	}
	serial := func() int64 {
		c, err := tls.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(url, "https://"), "/hook"), &tls.Config{RootCAs: pool})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		return c.ConnectionState().PeerCertificates[0].SerialNumber.Int64()
	}
	if s := serial(); s != 100 {
		t.Fatalf("serial %d, want 100", s)
	}
	// Rotation: new files, the same paths; served without a restart.
	ca.issue(t, dir, 101, false)
	if err := kp.Reload(); err != nil {
		t.Fatal(err)
	}
	if s := serial(); s != 101 {
		t.Errorf("after rotation: serial %d, want 101", s)
	}
	// A key that does not match its certificate keeps the last good pair.
	other := t.TempDir()
	_, strayKey := ca.issue(t, other, 102, false)
	b, _ := os.ReadFile(strayKey)
	os.WriteFile(keyFile, b, 0o600)
	if err := kp.Reload(); err == nil || len(reloadErrs) != 1 {
		t.Errorf("mismatched key: %v, OnError %v", err, reloadErrs)
	}
	if s := serial(); s != 101 {
		t.Errorf("after a bad rotation: serial %d, want 101 kept", s)
	}
	if rep := br.Forward(context.Background(), fakes[0], rm, 0); rep.Err != nil || !strings.Contains(rep.Stdout, "no rm -rf") {
		t.Errorf("after a bad rotation: %+v", rep)
	}
	// A handshake notices a rotation by itself within TokensRecheck.
	ca.issue(t, dir, 103, false)
	deadline := time.Now().Add(hookhttp.TokensRecheck + 2*time.Second)
	for serial() != 103 {
		if time.Now().After(deadline) {
			t.Fatal("the rotated certificate was not served")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// With client CAs, a connection without a client certificate signed by
// one is refused before any request; the bridge presents one
// (--gateway-cert, --gateway-key).
func TestTLSClientCertificates(t *testing.T) {
	ca := newCA(t)
	certFile, keyFile := ca.issue(t, t.TempDir(), 1, false)
	kp, err := hookhttp.LoadKeyPair(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca.pem)
	url := serveTLS(t, &hookhttp.Handler{Adapters: fakes, Handlers: guard(), Logger: quiet()}, kp.ServerConfig(pool))
	rm := []byte(`{"hook_event_name":"Pre","tool":"rm -rf /"}`)
	br := hookhttp.Bridge{URL: url, RootCAs: pool, Fail: hooks.FailOpen}
	if rep := br.Forward(context.Background(), fakes[0], rm, 0); rep.Err == nil {
		t.Errorf("no client certificate: %+v, want refused", rep)
	}
	// A certificate of another CA is refused too.
	stranger := newCA(t)
	sc, sk := stranger.issue(t, t.TempDir(), 2, true)
	c, _ := tls.LoadX509KeyPair(sc, sk)
	br.Certificates = []tls.Certificate{c}
	if rep := br.Forward(context.Background(), fakes[0], rm, 0); rep.Err == nil {
		t.Errorf("a stranger's client certificate: %+v, want refused", rep)
	}
	cc, ck := ca.issue(t, t.TempDir(), 3, true)
	c, _ = tls.LoadX509KeyPair(cc, ck)
	br.Certificates = []tls.Certificate{c}
	if rep := br.Forward(context.Background(), fakes[0], rm, 0); rep.Err != nil || !strings.Contains(rep.Stdout, "no rm -rf") {
		t.Errorf("with a client certificate: %+v", rep)
	}
}

func TestLoadCertPool(t *testing.T) {
	f := filepath.Join(t.TempDir(), "ca.pem")
	os.WriteFile(f, []byte("not a certificate"), 0o600)
	if _, err := hookhttp.LoadCertPool(f); err == nil {
		t.Error("a file without a certificate gave a pool")
	}
	if _, err := hookhttp.LoadCertPool(f + ".none"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// The bridge's command line: --gateway takes URLs separated by commas,
// --gateway-ca a private CA, --gateway-cert and --gateway-key a client
// certificate; a CA or key pair that cannot be read is a configuration
// error, answered fail-closed even under --fail-open.
func TestBridgeMainTLSAndFallback(t *testing.T) {
	ca := newCA(t)
	dir := t.TempDir()
	certFile, keyFile := ca.issue(t, dir, 1, false)
	kp, err := hookhttp.LoadKeyPair(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(ca.pem)
	closed := guard()
	closed.Fail = hooks.FailClosed
	url := serveTLS(t, &hookhttp.Handler{Adapters: fakes, Handlers: closed, Logger: quiet()}, kp.ServerConfig(pool))
	caFile := filepath.Join(dir, "ca.pem")
	os.WriteFile(caFile, ca.pem, 0o600)
	cdir := t.TempDir()
	clientCert, clientKey := ca.issue(t, cdir, 2, true)
	dead := "http://127.0.0.1:1/hook"
	rm := `{"hook_event_name":"Pre","tool":"rm -rf /"}`
	o, e, code := bridgeMain(guard(), rm, "--host", "one", "--fail-open", "--gateway", dead+","+url,
		"--gateway-ca", caFile, "--gateway-cert", clientCert, "--gateway-key", clientKey)
	if !strings.Contains(o, "no rm -rf") || code != 0 {
		t.Errorf("dead gateway, then TLS with a client certificate: %q %q %d", o, e, code)
	}
	for name, args := range map[string][]string{
		"missing CA file":  {"--gateway-ca", filepath.Join(dir, "none.pem")},
		"CA not PEM":       {"--gateway-ca", clientKey},
		"key of another":   {"--gateway-cert", clientCert, "--gateway-key", keyFile},
		"cert without key": {"--gateway-cert", clientCert},
	} {
		args = append([]string{"--host", "one", "--fail-open", "--gateway", url}, args...)
		o, e, _ := bridgeMain(guard(), `{"hook_event_name":"Pre","tool":"ls"}`, args...)
		if !strings.Contains(o, `"deny"`) {
			t.Errorf("%s: %q %q, want the fail-closed deny under --fail-open", name, o, e)
		}
	}
}
