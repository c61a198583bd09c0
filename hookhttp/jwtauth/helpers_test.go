package jwtauth_test

import "crypto"

// crypto256 is rsa.PrivateKey.Sign's options for a SHA-256 digest.
type crypto256 struct{}

func (crypto256) HashFunc() crypto.Hash { return crypto.SHA256 }
