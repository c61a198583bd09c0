package hookhttp_test

import (
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/agenthooks/hooks/hookhttp"
)

func TestBearer(t *testing.T) {
	auth := hookhttp.Bearer("old-token", "", "new-token")
	for _, tt := range []struct {
		header string
		ok     bool
	}{
		{"Bearer old-token", true},
		{"Bearer new-token", true},
		{"BEARER new-token", true},
		{"Bearer  new-token ", true},
		{"", false},
		{"Bearer", false},
		{"Bearer ", false},
		{"Bearer new", false},
		{"Bearer new-token-", false},
		{"Token new-token", false},
		{"new-token", false},
	} {
		r := httptest.NewRequest("POST", "/", nil)
		if tt.header != "" {
			r.Header.Set("Authorization", tt.header)
		}
		err := auth(r)
		if (err == nil) != tt.ok {
			t.Errorf("%q: err = %v, want ok %v", tt.header, err, tt.ok)
		}
		if err != nil && !errors.Is(err, hookhttp.ErrUnauthorized) {
			t.Errorf("%q: err = %v, want ErrUnauthorized", tt.header, err)
		}
	}
	none := hookhttp.Bearer("")
	r := httptest.NewRequest("POST", "/", nil)
	r.Header.Set("Authorization", "Bearer ")
	if none(r) == nil {
		t.Error("an empty token list accepted an empty token")
	}
}
