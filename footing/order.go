package footing

import "github.com/agenthooks/hooks/internal/inorder"

// inOrder reports whether every text (a command and the script files it
// runs) runs its commands once each, in the order written (see
// [inorder.Texts]).
func inOrder(texts ...string) bool { return inorder.Texts(texts...) }
