package hookhttp_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/agenthooks/hooks/hookhttp"
)

// A second Close returns at once (it used to wait forever for the
// server's exit status, already taken by the first).
func TestLocalCloseTwice(t *testing.T) {
	l, err := hookhttp.StartLocal(http.NotFoundHandler())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 2)
	go func() {
		done <- l.Close()
		done <- l.Close()
	}()
	for i := range 2 {
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Close %d: %v", i+1, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Close %d did not return", i+1)
		}
	}
	if _, err := http.Get(l.URL); err == nil {
		t.Error("the server still answers after Close")
	}
}
