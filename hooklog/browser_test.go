package hooklog

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// chromium runs headless Chromium on the page at path with extra (a
// --dump-dom or --screenshot) and returns its stdout and stderr (the
// browser's log, console messages included). Without Chromium the test is
// skipped, unless HOOKS_REQUIRE_CHROMIUM=1 (.ci/run installs it and sets
// that), when it fails.
func chromium(t *testing.T, path string, extra ...string) (string, string) {
	t.Helper()
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		if os.Getenv("HOOKS_REQUIRE_CHROMIUM") == "1" {
			t.Fatal("chromium not found, and HOOKS_REQUIRE_CHROMIUM=1")
		}
		t.Skip("chromium not found (apt-get install chromium; HOOKS_REQUIRE_CHROMIUM=1 makes this a failure)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + t.TempDir(),
		"--enable-logging=stderr", "--v=0", "--window-size=1000,900"}
	args = append(append(args, extra...), "file://"+path)
	cmd := exec.CommandContext(ctx, bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	return stdout.String(), stderr.String()
}

// consoleLine is a message of the page's console in Chromium's log.
var consoleLine = regexp.MustCompile(`(?m)^.*:CONSOLE[:(].*$`)

// The report page renders in a real browser: one series per host in the
// chart (found in the DOM, and drawn in its colour on the screenshot), the
// tables, and no console message (no error, no blocked load).
func TestHTMLInChromium(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"--log", writeSample(t), "--html", page}, "", t0, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	dom, log := chromium(t, page, "--dump-dom")
	series := regexp.MustCompile(`<polyline class="series" data-host="([a-z]+)"`).FindAllStringSubmatch(dom, -1)
	var hosts []string
	for _, m := range series {
		hosts = append(hosts, m[1])
	}
	if strings.Join(hosts, ",") != "claude,codex,gemini" {
		t.Errorf("series %q, want one per host", hosts)
	}
	for _, want := range []string{`<table id="rows">`, "none (observe: would deny)", "handler: panic: boom", "rm -rf build", `id="summary">191 events`} {
		if !strings.Contains(dom, want) {
			t.Errorf("the rendered page has no %q", want)
		}
	}
	if m := consoleLine.FindAllString(log, -1); len(m) > 0 {
		t.Errorf("console messages:\n%s", strings.Join(m, "\n"))
	}

	shot := filepath.Join(dir, "shot.png")
	chromium(t, page, "--screenshot="+shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for i, host := range hosts {
		if n := pixels(img, palette[i]); n < 50 {
			t.Errorf("%s's series (%s): %d pixels of its colour on the screenshot", host, palette[i], n)
		}
	}
}

// The console check sees an error: the same browser run on a page whose
// script throws reports it.
func TestChromiumConsoleCheckSeesErrors(t *testing.T) {
	page := filepath.Join(t.TempDir(), "bad.html")
	os.WriteFile(page, []byte(`<!DOCTYPE html><html><body><script>undefinedFunction()</script></body></html>`), 0o600)
	_, log := chromium(t, page, "--dump-dom")
	if m := consoleLine.FindAllString(log, -1); len(m) == 0 || !strings.Contains(strings.Join(m, "\n"), "undefinedFunction") {
		t.Errorf("no console error seen in:\n%s", log)
	}
}

// pixels counts the pixels of img within a small distance of the colour
// "#rrggbb".
func pixels(img image.Image, hex string) int {
	var want [3]int
	for i := range want {
		var v int
		for _, c := range hex[1+2*i : 3+2*i] {
			v = v*16 + strings.IndexRune("0123456789abcdef", c)
		}
		want[i] = v
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if abs(int(r>>8)-want[0]) < 24 && abs(int(g>>8)-want[1]) < 24 && abs(int(bl>>8)-want[2]) < 24 {
				n++
			}
		}
	}
	return n
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
