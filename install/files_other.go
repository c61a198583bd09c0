//go:build !unix

package install

const openNonblock = 0
