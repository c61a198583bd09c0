package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"net/http"
	"time"

	"github.com/agenthooks/hooks/hookhttp"
)

// withTLS, with -tls, serves both servers over TLS (TLS 1.3, a P-256
// certificate, hookhttp.KeyPair's configuration without the files) and
// has the clients trust it; roots is that trust.
var (
	withTLS bool
	roots   *x509.CertPool
	serving tls.Certificate
)

// makeCert makes the servers' self-signed certificate for 127.0.0.1.
func makeCert() error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "loadtest"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return err
	}
	roots = x509.NewCertPool()
	roots.AddCert(cert)
	serving = tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: cert}
	return nil
}

// local is a server of the load test: its base URL and its stop.
type local struct {
	URL   string
	Close func() error
}

// startLocal serves h on 127.0.0.1, over TLS with -tls.
func startLocal(h http.Handler) (*local, error) {
	if !withTLS {
		l, err := hookhttp.StartLocal(h)
		if err != nil {
			return nil, err
		}
		return &local{URL: l.URL, Close: l.Close}, nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := hookhttp.NewServer("", h, 0)
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"},
		GetCertificate: func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return &serving, nil }}
	go srv.Serve(tls.NewListener(ln, cfg))
	return &local{URL: "https://" + ln.Addr().String(), Close: srv.Close}, nil
}
