package secrets

import (
	"strings"
	"testing"
)

// Fake credentials are built from parts, so that no file of the
// repository holds one whole (and no scanner of a forge flags this one).
var (
	awsID     = "AKIA" + "Z3QW7LMN2PXR4TUV"
	awsSecret = "q8Jx/3KfPz+7mWd2" + "Lr9TnVb4HsYc1GeA6oUi0NkE"
	ghp       = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A"
	ghPAT     = "github_pat_" + "11ABCDEFG0123456789_" + strings.Repeat("aZ9", 21)
	glpat     = "glpat-" + "Xy7-kP2qR9sT4vW6zA1b"
	anth      = "sk-ant-api03-" + "Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Yz7-_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y-AA"
	openai    = "sk-proj-" + "Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Yz7Ab3Cd5Ef7Gh9"
	openaiOld = "sk-" + "Ab3Cd5Ef7Gh9Ij1Kl3Mn5T3BlbkFJOp7Qr9St1Uv3Wx5Yz7Ab3"
	google    = "AIza" + "SyA-1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6"
	slack     = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
	slackHook = "hooks.slack.com/services/" + "T00000000/B00000000/q7Lm2Zx9Rt4Vb8Nc3Kd6Wf1H"
	stripe    = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
	jwtTok    = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." + "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ" + "." + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	pemRSA    = "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq9\nq2Zk3Ww==\n-----END RSA PRIVATE KEY-----"
)

func TestFinds(t *testing.T) {
	cases := []struct {
		name, text, kind, secret string
	}{
		{"aws id", "export AWS_ACCESS_KEY_ID=" + awsID + "\n", "aws-access-key-id", awsID},
		{"aws id in text", "key " + awsID + " used", "aws-access-key-id", awsID},
		{"aws secret", "aws_secret_access_key = " + awsSecret, "aws-secret-access-key", awsSecret},
		{"aws secret env", `AWS_SECRET_ACCESS_KEY="` + awsSecret + `"`, "aws-secret-access-key", awsSecret},
		{"github", "token: " + ghp, "github-token", ghp},
		{"github in url", "https://x-access-token:" + ghp + "@github.com/o/r", "github-token", ghp},
		{"github pat", "GH=" + ghPAT, "github-token", ghPAT},
		{"gitlab", "glab auth " + glpat + " ok", "gitlab-token", glpat},
		{"anthropic", "ANTHROPIC_API_KEY=" + anth, "anthropic-api-key", anth},
		{"openai", `{"key":"` + openai + `"}`, "openai-api-key", openai},
		{"openai old", "OPENAI=" + openaiOld, "openai-api-key", openaiOld},
		{"google", "?key=" + google + "&q=1", "google-api-key", google},
		{"slack", "SLACK=" + slack, "slack-token", slack},
		{"slack webhook", "curl https://" + slackHook, "slack-webhook", slackHook},
		{"stripe", "Stripe.api_key = '" + stripe + "'", "stripe-key", stripe},
		{"jwt", "Authorization: Bearer " + jwtTok, "jwt", jwtTok},
		{"pem rsa", "key:\n" + pemRSA + "\nafter", "private-key", pemRSA},
		{"pem in json", `{"private_key": "` + strings.ReplaceAll(pemRSA, "\n", `\n`) + `\n"}`, "private-key", strings.ReplaceAll(pemRSA, "\n", `\n`)},
		{"pem after escape", `x\n` + pemRSA, "private-key", pemRSA},
		{"openssh", "-----BEGIN OPENSSH " + "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----", "private-key",
			"-----BEGIN OPENSSH " + "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----"},
		{"pkcs8 encrypted", "-----BEGIN ENCRYPTED " + "PRIVATE KEY-----\nMIIFHz\n-----END ENCRYPTED PRIVATE KEY-----", "private-key",
			"-----BEGIN ENCRYPTED " + "PRIVATE KEY-----\nMIIFHz\n-----END ENCRYPTED PRIVATE KEY-----"},
		{"ec", "-----BEGIN EC " + "PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----", "private-key", "-----BEGIN EC " + "PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----"},
		{"pgp", "-----BEGIN PGP " + "PRIVATE KEY BLOCK-----\n\nlQdGBF\n-----END PGP PRIVATE KEY BLOCK-----", "private-key",
			"-----BEGIN PGP " + "PRIVATE KEY BLOCK-----\n\nlQdGBF\n-----END PGP PRIVATE KEY BLOCK-----"},
		{"pem no end", "-----BEGIN " + "PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B", "private-key", "-----BEGIN " + "PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0B"},
		{"url password", "DATABASE_URL=postgres://app:Zq8vR2mK9xLp@db:5432/app", "url-password", "Zq8vR2mK9xLp"},
		{"generic env", "DB_PASSWORD=Tr0ub4dor&3x", "generic-secret", "Tr0ub4dor&3x"},
		{"huggingface", "hf token " + "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567", "huggingface-token", "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567"},
		{"npm", "//registry.npmjs.org/:_authToken=" + "npm_" + "Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y", "npm-token", "npm_" + "Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Y"},
		{"vault", "VAULT " + "hvs." + "CAESIJ3kLm9Qp4Rs7Tv1Wx3Yz6Ab0Cd", "vault-token", "hvs." + "CAESIJ3kLm9Qp4Rs7Tv1Wx3Yz6Ab0Cd"},
		{"shopify", "x " + "shpat_" + "0123456789abcdef0123456789abcdef", "shopify-token", "shpat_" + "0123456789abcdef0123456789abcdef"},
		{"generic yaml", "  client_secret: 8fJ2kLm9Qp4Rs7Tv1Wx3Yz6Ab0Cd", "generic-secret", "8fJ2kLm9Qp4Rs7Tv1Wx3Yz6Ab0Cd"},
		{"generic json", `{"apiKey": "Zk4mP9qR2sT7vW1xY5zA8bC3dE6f"}`, "generic-secret", "Zk4mP9qR2sT7vW1xY5zA8bC3dE6f"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := Scan(c.text)
			if len(fs) != 1 {
				t.Fatalf("Scan(%q) = %v, want one %s", c.text, fs, c.kind)
			}
			f := fs[0]
			if f.Kind != c.kind || c.text[f.Start:f.End] != c.secret {
				t.Errorf("found %s %q, want %s %q", f.Kind, c.text[f.Start:f.End], c.kind, c.secret)
			}
			red, n := Redact(c.text)
			if n != 1 || strings.Contains(red, c.secret) || !strings.Contains(red, "[REDACTED "+c.kind+"]") {
				t.Errorf("Redact = %q, %d", red, n)
			}
			if !Contains(c.text) {
				t.Error("Contains = false")
			}
			// The rest of the text is kept.
			if want := c.text[:f.Start] + "[REDACTED " + c.kind + "]" + c.text[f.End:]; red != want {
				t.Errorf("Redact = %q, want %q", red, want)
			}
		})
	}
}

// TestPasses holds the look-alikes the false-positive policy lets pass.
func TestPasses(t *testing.T) {
	for _, text := range []string{
		"AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
		"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"commit 3f786850e387550fdab836ed7e6dc881de23001b",
		"sha256 token_sha256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"request_id=123e4567-e89b-12d3-a456-426614174000",
		"auth_token=550e8400-e29b-41d4-a716-446655440000",
		"-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----",
		"-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUF\n-----END CERTIFICATE-----",
		"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl dev@host",
		"STRIPE_PUBLISHABLE_KEY=pk_live_51H7aBcDeFgHiJkLmNoPqRsTu",
		"API_KEY=$API_KEY",
		"TOKEN=${GITHUB_TOKEN}",
		"password: <your-password>",
		"PASSWORD=changeme123",
		"secret_key=xxxxxxxxxxxxxxxxxxxxxxxx",
		"token: REDACTED_REDACTED_REDACTED",
		"DB_PASSWORD=",
		"password=hunter",
		"sort_key=created_at_descending_order",
		"TOKEN_PATH=/home/dev/project/.config/token-file",
		"auth_url=https://login.example.com/oauth2/token?x=1",
		"git clone https://github.com/agenthooks/hooks.git",
		"https://user@host/path and ftp://anonymous:@ftp.host/",
		"postgres://app:$DB_PASSWORD@db/app",
		"go test ./... -run TestSecretKey -count=1",
		"version=1.22.3-linux-amd64-release",
		"skip-ant-farm sk-short ghp_short xoxb-nodigits-here AIzaShort",
		"Authorization: Bearer $TOKEN",
		"------------------------------------------------------------",
		"-----BEGIN SOMETHING ELSE-----",
		"eyJhbGciOiJIUzI1NiJ9 alone is a header",
	} {
		if fs := Scan(text); len(fs) != 0 {
			t.Errorf("Scan(%q) = %v (%q), want nothing", text, fs, text[fs[0].Start:fs[0].End])
		}
		if red, n := Redact(text); n != 0 || red != text {
			t.Errorf("Redact(%q) changed it: %q", text, red)
		}
	}
}

func TestManyFindings(t *testing.T) {
	text := strings.Repeat(ghp+"\n", MaxFindings+5)
	if fs := Scan(text); len(fs) != MaxFindings {
		t.Fatalf("Scan found %d, want the bound %d", len(fs), MaxFindings)
	}
	red, n := Redact(text)
	if n != MaxFindings || strings.Contains(red, ghp) || !strings.Contains(red, "left out") {
		t.Errorf("Redact past the bound: n=%d, holds the token %v", n, strings.Contains(red, ghp))
	}
}

func TestSeveral(t *testing.T) {
	text := "a " + awsID + " b " + ghp + " c " + jwtTok + " d"
	red, n := Redact(text)
	if want := "a [REDACTED aws-access-key-id] b [REDACTED github-token] c [REDACTED jwt] d"; red != want || n != 3 {
		t.Errorf("Redact = %q, %d; want %q", red, n, want)
	}
}

// TestWordByte holds isWord's table to [A-Za-z0-9_-].
func TestWordByte(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		want := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == '-'
		if isWord(b) != want {
			t.Errorf("isWord(%q) = %v", b, !want)
		}
	}
}
