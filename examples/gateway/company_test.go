package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/builtin"
	"github.com/agenthooks/hooks/hookhttp"
)

func tokenLine(name, tok string) string {
	s := sha256.Sum256([]byte(tok))
	return name + " " + hex.EncodeToString(s[:]) + "\n"
}

// selfSigned writes a self-signed certificate for 127.0.0.1 and its key
// to dir; the certificate is its own CA.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "gateway"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(key)
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600)
	pool = x509.NewCertPool()
	cert, _ := x509.ParseCertificate(der)
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// The gateway for a company: HTTPS with a client certificate, each
// developer's token from a file (401 for another, revoked on change), the
// developer named in every log line, a rate per developer answered with
// the fail policy.
func TestRunCompany(t *testing.T) {
	dir := t.TempDir()
	tokens := filepath.Join(dir, "tokens")
	os.WriteFile(tokens, []byte("# the team\n"+tokenLine("alice", "alice-tok")+tokenLine("bob", "bob-tok")), 0o600)
	certFile, keyFile, pool := selfSigned(t, dir)
	ctx, stop := context.WithCancel(context.Background())
	lines := make(chan string, 100_000)
	code := make(chan int, 1)
	var logMu sync.Mutex
	var logs strings.Builder
	go func() {
		code <- run(ctx, []string{"-addr", "127.0.0.1:0", "-tokens", tokens, "-rate", "4", "-tls-cert", certFile, "-tls-key", keyFile, "-client-ca", certFile},
			env(nil), io.MultiWriter(lineWriter{lines}, writerFunc(func(b []byte) (int, error) {
				logMu.Lock()
				defer logMu.Unlock()
				return logs.Write(b)
			})))
		close(lines)
	}()
	addr := listenAddr(t, lines)
	client, _ := tls.LoadX509KeyPair(certFile, keyFile)
	br := func(tok string) hookhttp.Bridge {
		return hookhttp.Bridge{URL: "https://" + addr + "/hook", Token: tok, Fail: hooks.FailOpen, RootCAs: pool, Certificates: []tls.Certificate{client}}
	}
	claude := builtin.Named("claude")
	rm := []byte(rmPayload)
	ls := []byte(strings.Replace(rmPayload, "rm -rf build", "ls", 1))
	for i := range 4 {
		if rep := (ptr(br("alice-tok"))).Forward(context.Background(), claude, ls, 0); rep.Err != nil || rep.Stdout != "" {
			t.Fatalf("alice's call %d: %+v", i, rep)
		}
	}
	// Past alice's rate: the gateway's fail policy (closed), not a 429.
	rep := ptr(br("alice-tok")).Forward(context.Background(), claude, ls, 0)
	if rep.Err != nil || !strings.Contains(rep.Stdout, `"permissionDecision":"deny"`) || !strings.Contains(rep.Stdout, "rate limit") {
		t.Errorf("past the rate: %+v", rep)
	}
	if rep := ptr(br("bob-tok")).Forward(context.Background(), claude, rm, 0); rep.Err != nil || !strings.Contains(rep.Stdout, `"permissionDecision":"deny"`) {
		t.Errorf("bob: %+v", rep)
	}
	// A token not in the file: 401, which the bridge answers fail-closed.
	if rep := ptr(br("mallory-tok")).Forward(context.Background(), claude, ls, 0); rep.Err == nil || !strings.Contains(rep.Err.Error(), "401") || !strings.Contains(rep.Stdout, "deny") {
		t.Errorf("unknown token: %+v", rep)
	}
	// Without a client certificate, no TLS connection at all.
	noCert := br("bob-tok")
	noCert.Certificates = nil
	if rep := noCert.Forward(context.Background(), claude, ls, 0); rep.Err == nil {
		t.Errorf("no client certificate: %+v", rep)
	}
	// Bob revoked: the file changed, read again within a second or so.
	os.WriteFile(tokens+".new", []byte(tokenLine("alice", "alice-tok")), 0o600)
	os.Rename(tokens+".new", tokens)
	deadline := time.Now().Add(3 * time.Second)
	for {
		rep := ptr(br("bob-tok")).Forward(context.Background(), claude, ls, 0)
		if rep.Err != nil && strings.Contains(rep.Err.Error(), "401") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bob still served after his line was removed: %+v", rep)
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	if c := <-code; c != 0 {
		t.Errorf("exit %d", c)
	}
	logMu.Lock()
	defer logMu.Unlock()
	users := map[string]int{}
	for _, l := range strings.Split(logs.String(), "\n") {
		var rec struct{ Msg, User string }
		if json.Unmarshal([]byte(l), &rec) == nil && rec.Msg == "hook" {
			users[rec.User]++
		}
	}
	if users["alice"] != 5 || users["bob"] < 2 || users[""] != 0 {
		t.Errorf("log lines per user: %v, want alice 5, bob 2 or more, none without a user\n%s", users, logs.String())
	}
	if strings.Contains(logs.String(), "alice-tok") || strings.Contains(logs.String(), "mallory-tok") {
		t.Error("a token in the log")
	}
}

func ptr[T any](v T) *T { return &v }

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

// Startup refuses what cannot work: a broken tokens file, half a key
// pair, client CAs without TLS.
func TestParseCompany(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "tokens")
	os.WriteFile(bad, []byte("alice my-token-itself\n"), 0o600)
	for name, args := range map[string][]string{
		"broken tokens file":    {"-tokens", bad},
		"cert without key":      {"-tls-cert", "c.pem"},
		"client CA without TLS": {"-client-ca", "ca.pem"},
		"negative rate":         {"-rate", "-1"},
		"missing certificate":   {"-tls-cert", filepath.Join(dir, "none"), "-tls-key", filepath.Join(dir, "none")},
	} {
		var errs strings.Builder
		if code := run(context.Background(), append([]string{"-addr", "127.0.0.1:0"}, args...), env(map[string]string{"HOOKS_GATEWAY_TOKEN": "x"}), &errs); code != 2 {
			t.Errorf("%s: exit %d, want 2 (%s)", name, code, errs.String())
		}
	}
	if _, err := parse([]string{"-tokens", bad}, env(nil), io.Discard); err != nil {
		t.Errorf("-tokens without HOOKS_GATEWAY_TOKEN: %v", err)
	}
}

// Two gateway processes; bridges given both; one is killed (SIGKILL)
// mid-load: every call still gets the policy's answer, none the fail
// policy's.
func TestTwoGatewaysKillOne(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs two gateway processes")
	}
	bin := filepath.Join(t.TempDir(), "gateway")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	startGateway := func() (*exec.Cmd, string) {
		cmd := exec.Command(bin, "-addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "HOOKS_GATEWAY_TOKEN="+token)
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		lines := make(chan string, 1000)
		go func() {
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				select {
				case lines <- sc.Text():
				default:
				}
			}
		}()
		return cmd, listenAddr(t, lines)
	}
	first, a1 := startGateway()
	_, a2 := startGateway()
	claude := builtin.Named("claude")
	var answered, failed atomic.Int64
	var firstErr atomic.Value
	stopLoad := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			br := hookhttp.Bridge{URL: "http://" + a1 + "/hook", Fallback: []string{"http://" + a2 + "/hook"}, Token: token, Fail: hooks.FailOpen, Timeout: 5 * time.Second}
			for {
				select {
				case <-stopLoad:
					return
				default:
				}
				rep := br.Forward(context.Background(), claude, []byte(rmPayload), 0)
				if rep.Err != nil || !strings.Contains(rep.Stdout, `"permissionDecision":"deny"`) {
					failed.Add(1)
					firstErr.CompareAndSwap(nil, rep.Err)
					continue
				}
				answered.Add(1)
			}
		}()
	}
	waitFor := func(n int64) {
		deadline := time.Now().Add(20 * time.Second)
		for answered.Load() < n {
			if time.Now().After(deadline) {
				t.Fatalf("only %d answers", answered.Load())
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor(500)
	first.Process.Kill() // mid-load, no goodbye
	killedAt := answered.Load()
	waitFor(killedAt + 500)
	close(stopLoad)
	wg.Wait()
	t.Logf("%d answers, %d after the kill", answered.Load(), answered.Load()-killedAt)
	if failed.Load() != 0 {
		t.Errorf("%d calls got the fail policy (first error: %v)", failed.Load(), firstErr.Load())
	}
}
