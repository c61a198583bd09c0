// Package sha256 computes SHA-256 (FIPS 180-4) in plain Go, for the
// installer's file names and Codex's hook-trust fingerprint.
//
// It exists for start-up time, not for speed: every hook binary links the
// installer (hookmain's self-install subcommands), and crypto/sha256
// brings in the Go FIPS 140 module, whose twenty package initialisers run
// at every start of every hook, on every tool call, whether a hash is
// computed or not. This package has no initialiser and no dependency.
// Nothing here is a security boundary: the installer hashes paths and
// contents to name its backup files, and writes the hash Codex compares
// against its own. Tests check it against crypto/sha256.
package sha256

import "encoding/binary"

// Size is the size of a SHA-256 sum in bytes.
const Size = 32

// k holds the round constants: the first 32 bits of the fractional parts
// of the cube roots of the first 64 primes.
var k = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// Sum256 returns the SHA-256 sum of data.
func Sum256(data []byte) [Size]byte {
	h := [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	n := len(data)
	for len(data) >= 64 {
		block(&h, data[:64])
		data = data[64:]
	}
	// The tail, a 1 bit, zeros, and the length in bits: one block or two.
	var tail [128]byte
	copy(tail[:], data)
	tail[len(data)] = 0x80
	end := 64
	if len(data) >= 56 {
		end = 128
	}
	binary.BigEndian.PutUint64(tail[end-8:end], uint64(n)<<3)
	for i := 0; i < end; i += 64 {
		block(&h, tail[i:i+64])
	}
	var sum [Size]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(sum[4*i:], v)
	}
	return sum
}

// block runs the compression function over one 64-byte block.
func block(h *[8]uint32, p []byte) {
	var w [64]uint32
	for i := range 16 {
		w[i] = binary.BigEndian.Uint32(p[4*i:])
	}
	for i := 16; i < 64; i++ {
		v1, v2 := w[i-2], w[i-15]
		s1 := rotr(v1, 17) ^ rotr(v1, 19) ^ v1>>10
		s0 := rotr(v2, 7) ^ rotr(v2, 18) ^ v2>>3
		w[i] = s1 + w[i-7] + s0 + w[i-16]
	}
	a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for i := range 64 {
		t1 := hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + (e&f ^ ^e&g) + k[i] + w[i]
		t2 := (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + (a&b ^ a&c ^ b&c)
		hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
	}
	h[0] += a
	h[1] += b
	h[2] += c
	h[3] += d
	h[4] += e
	h[5] += f
	h[6] += g
	h[7] += hh
}

func rotr(x uint32, n uint) uint32 { return x>>n | x<<(32-n) }
