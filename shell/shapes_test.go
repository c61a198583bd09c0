package shell

import "strings"

type shape struct{ name, src string }

// worstShapes returns the inputs that cost the most per byte, n levels
// or items each.
func worstShapes(n int) []shape {
	r := strings.Repeat
	evals := "ls"
	for i := 0; i < n && i < 64; i++ {
		evals = "eval " + evals
	}
	return []shape{
		{"subst", r("$(", n) + "x" + r(")", n)},
		{"dquote-subst", r(`"$(`, n) + "x" + r(`)"`, n)},
		{"backquote", "echo " + r("`", 1) + "x" + r("`", 1)},
		{"subshell", r("(", n) + "x" + r(")", n)},
		{"group", r("{ ", n) + "x" + r("; }", n)},
		{"arith", "((" + r("(", n) + "1" + r(")", n) + "))"},
		{"param", "echo " + r("${x:-", n) + "y" + r("}", n)},
		{"if", r("if a; then ", n) + "x" + r("; fi", n)},
		{"while", r("while a; do ", n) + "x" + r("; done", n)},
		{"case", r("case x in a) ", n) + "x" + r(";; esac", n)},
		{"and", r("ls && ", n) + "ls"},
		{"pipe", r("ls | ", n) + "ls"},
		{"time", r("time ", n) + "ls"},
		{"array", "a=(" + r("x ", n) + ")"},
		{"eval", evals},
	}
}

// worstInputs returns the worst shapes at about size bytes each, and
// inputs of that size of the shapes that pass every other limit.
func worstInputs(size int) []shape {
	var out []shape
	for _, s := range worstShapes(100) {
		n := 100 * size / len(s.src)
		if s.name == "eval" {
			n = 64
		}
		big := worstShapes(n)
		for _, t := range big {
			if t.name == s.name {
				out = append(out, t)
			}
		}
	}
	r := strings.Repeat
	evalBig := r("eval ", 15) + r("a ", (size-100)/2)
	return append(out,
		shape{"list", r("ls;", size/3)},
		shape{"words", "echo " + r("'a' ", size/4-2)},
		shape{"plain", "echo " + r("a ", size/2-3)},
		shape{"eval-words", evalBig},
		shape{"heredoc", "cat <<'EOF' >f\n" + r("func f() { return g(`x`, \"y\", 'z') }\n", size/40) + "EOF\n"},
		shape{"heredoc-to-bash", "bash <<'EOF'\n" + r("echo a b c d\n", size/14) + "EOF\n"},
		shape{"braces", "echo " + r("{a,b}{c,d}{e,f}{g,h} ", size/21-1)},
		shape{"subst-words", "echo " + r("x$(echo x$(a)) ", size/16)},
		shape{"sudo-chain", r("sudo ", size/5-2) + "rm -rf d"},
	)
}
