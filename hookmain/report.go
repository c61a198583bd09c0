package hookmain

import (
	"io"
	"time"

	"github.com/agenthooks/hooks/hooklog"
	"github.com/agenthooks/hooks/install"
)

// report runs "report": a summary of the decision log (see hooklog.Main),
// by default the one --log without a path writes.
func report(args []string, stdout, stderr io.Writer) int {
	def := ""
	if dir, err := install.StateDir(); err == nil {
		def = hooklog.DefaultPath(dir, progName())
	}
	return hooklog.Main(args, def, time.Now(), stdout, stderr)
}
