// Package secrets finds credentials in text and redacts them: the tool
// output a model is about to read, a prompt, a log line. It is written by
// hand, as package shell is: no regular expression, no table built at
// start-up, one pass over the text that looks at each byte a bounded
// number of times, so a hook that links it pays nothing until it scans.
//
// [Scan] returns the [Finding] values of a text, [Redact] returns the text
// with each replaced by a marker ("[REDACTED aws-access-key-id]") and the
// rest kept, and [Contains] reports whether there is any.
//
// # What is found
//
//   - AWS access key ids (AKIA, ASIA and the other four-letter prefixes,
//     then 16 of A-Z and 2-7) and secret access keys (40 characters after
//     a key named like aws_secret_access_key);
//   - GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_ and github_pat_),
//     GitLab tokens (glpat-, gldt-, glrt-, glptt-, glsoat-, glcbt-);
//   - Anthropic keys (sk-ant-…), OpenAI keys (sk-proj-, sk-svcacct-,
//     sk-admin- and the older sk-… of 32 characters or more), Google API
//     keys (AIza and 35 characters);
//   - Slack tokens (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxe-) and Slack
//     webhook URLs; Stripe secret and restricted keys (sk_live_, sk_test_,
//     rk_live_, rk_test_);
//   - private key blocks of every PEM and OpenSSH kind ("-----BEGIN … PRIVATE
//     KEY-----" through its END line, PGP PRIVATE KEY BLOCK included);
//   - JSON Web Tokens (three base64url parts, the first two starting eyJ);
//   - the password of a URL with credentials (scheme://user:password@host);
//   - Hugging Face (hf_), npm (npm_), PyPI (pypi-AgEIcHlwaS5vcmc…),
//     HashiCorp Vault (hvs., hvb.), Shopify (shpat_, …), DigitalOcean
//     (dop_v1_, …) and Groq (gsk_) tokens;
//   - a generic KEY=value or "key": "value" whose key names a secret
//     (secret, token, password, passwd, api_key, apikey, access_key,
//     private_key, credential, auth…) and whose value has 16 characters or
//     more and a high entropy (3.5 bits a character or more).
//
// # False positives
//
// A scanner that cries wolf gets turned off, so what is well known not to
// be a secret passes: the AWS documentation's example keys (any value
// holding "EXAMPLE"), placeholders (values made of one repeated character,
// holding "xxxx", "<", "your", "changeme" or "redacted"), references to a
// variable ($VAR, ${VAR}, %VAR%), hexadecimal strings (hashes: commit
// ids, SHA-256 sums, which a generic key may well name: "token_sha256"),
// UUIDs, public keys (BEGIN PUBLIC KEY, BEGIN CERTIFICATE, ssh-ed25519 …
// lines: they are not in any rule), Stripe publishable keys (pk_…) and a
// generic value of low entropy (a word, a path, a version). A key or
// token of a named format is found whatever its entropy.
//
// # Measured against gitleaks
//
// The corpus of the tests (TestFinds: 33 credentials of 24 formats;
// TestPasses: 31 look-alikes) was read against gitleaks' rule set (its
// cmd/generate/config/rules, about 220 rules; no scanner binary could be
// installed here, so by reading its expressions, not by running it).
// Both find every credential of the formats above. gitleaks finds
// besides, and this package misses: the formats of about 190 other
// providers (Azure, Twilio, SendGrid, Datadog, Heroku, Atlassian,
// Databricks, Doppler, 1Password, …), which a tool's output holds rarely,
// and which the generic rule finds only after a key naming a secret.
// This package finds, and gitleaks' default rules miss or allow: a
// private key block inside a JSON string with \n escapes redacted whole
// (gitleaks matches it too, but its allow list drops values in test
// files), a password in a URL with any scheme, and Authorization: Bearer
// tokens of no known format but high entropy. The generic rules differ:
// gitleaks' generic-api-key (keys holding key, api, token, secret,
// client, passwd, password, auth or access; a value of 10 to 150 of
// [0-9a-z-_.=]; entropy 3.5 and a stop-word list) finds a hexadecimal
// value after such a key ("client_secret": "6da8…8fde", 64 hex digits),
// which this package lets pass as a hash by its policy, and values of 10
// to 15 characters, which this one finds only after a password key.
//
// # Bounds
//
// Scan stops after [MaxFindings] findings (Redact then redacts no more,
// and says so); a private key block is looked for up to [MaxBlock] bytes
// after its BEGIN line and redacted to that bound when no END line comes.
// The scan is linear in the length of the text: no byte is looked at more
// than a fixed number of times, whatever the text.
package secrets
