package hookhttp

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// KeyPair is a gateway's TLS certificate, read from a certificate file
// and a key file (PEM) and read again when either changes, so that a
// rotated certificate is served without a restart. Use
// [KeyPair.GetCertificate] as tls.Config.GetCertificate (see
// [KeyPair.ServerConfig]). The files are looked at, at most every
// [TokensRecheck], on a TLS handshake; a pair that does not load (a
// certificate renewed but its key not yet, a broken file) keeps the last
// good one and is reported through OnError. Safe for concurrent use.
type KeyPair struct {
	certFile, keyFile string
	// OnError, when set, receives the error of a reload that kept the
	// last good pair. It must not block.
	OnError func(error)

	cert    atomic.Pointer[tls.Certificate]
	checked atomic.Int64 // when the files were last looked at (unix ns)
	mu      sync.Mutex
	infos   [2]os.FileInfo // the files the pair was read from (under mu)
}

// LoadKeyPair reads a certificate (with its chain) and its private key.
func LoadKeyPair(certFile, keyFile string) (*KeyPair, error) {
	k := &KeyPair{certFile: certFile, keyFile: keyFile}
	if err := k.load(); err != nil {
		return nil, err
	}
	k.checked.Store(time.Now().UnixNano())
	return k, nil
}

// load reads the pair; the caller holds mu or owns k.
func (k *KeyPair) load() error {
	ci, err1 := os.Stat(k.certFile)
	ki, err2 := os.Stat(k.keyFile)
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("tls key pair: %w", err)
	}
	c, err := tls.LoadX509KeyPair(k.certFile, k.keyFile)
	if err != nil {
		return fmt.Errorf("tls key pair %s, %s: %w", k.certFile, k.keyFile, err)
	}
	if c.Leaf == nil {
		if c.Leaf, err = x509.ParseCertificate(c.Certificate[0]); err != nil {
			return fmt.Errorf("tls key pair %s: %w", k.certFile, err)
		}
	}
	k.cert.Store(&c)
	k.infos = [2]os.FileInfo{ci, ki}
	return nil
}

// Reload reads the files again if either changed since they were last
// read, and returns the error that kept the last good pair, if any (also
// given to OnError).
func (k *KeyPair) Reload() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	ci, err1 := os.Stat(k.certFile)
	ki, err2 := os.Stat(k.keyFile)
	if err1 == nil && err2 == nil && sameFile(ci, k.infos[0]) && sameFile(ki, k.infos[1]) {
		return nil
	}
	err := k.load()
	if err != nil && k.OnError != nil {
		k.OnError(fmt.Errorf("%w (keeping the last good certificate)", err))
	}
	return err
}

// Certificate returns the certificate being served.
func (k *KeyPair) Certificate() *tls.Certificate { return k.cert.Load() }

// GetCertificate is tls.Config.GetCertificate: the current pair, read
// again first when the files changed.
func (k *KeyPair) GetCertificate(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	now := time.Now().UnixNano()
	if last := k.checked.Load(); now-last >= int64(TokensRecheck) && k.checked.CompareAndSwap(last, now) {
		k.Reload()
	}
	return k.cert.Load(), nil
}

// ServerConfig returns a TLS configuration for a gateway serving k: TLS
// 1.2 at least, HTTP/1.1 only (a late answer is sent whole at its
// deadline over HTTP/1.1; see the package documentation). clientCAs,
// when not nil, are the authorities a client certificate must be signed
// by: every connection must then present one.
func (k *KeyPair) ServerConfig(clientCAs *x509.CertPool) *tls.Config {
	c := &tls.Config{
		MinVersion:     tls.VersionTLS12,
		GetCertificate: k.GetCertificate,
		NextProtos:     []string{"http/1.1"},
	}
	if clientCAs != nil {
		c.ClientCAs = clientCAs
		c.ClientAuth = tls.RequireAndVerifyClientCert
	}
	return c
}

// LoadCertPool reads the PEM certificates of a file into a pool: a
// private certificate authority. A file with none is an error.
func LoadCertPool(file string) (*x509.CertPool, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(b) {
		return nil, fmt.Errorf("%s holds no PEM certificate", file)
	}
	return pool, nil
}
