package footing

import "github.com/agenthooks/hooks/internal/tempvar"

// onlyExpanded is tempvar.OnlyExpanded of the command's text, which is
// read once a text (issue 38): each word "$vN" read the whole text
// again, and 8,000 of them took 1.6 s.
func (p *place) onlyExpanded(name string) bool {
	if p.assigned == nil || p.assigned.src != p.src {
		p.assigned = &assignedMemo{src: p.src, names: tempvar.Assigned(p.src)}
	}
	return !p.assigned.names[name]
}

// assignedMemo is tempvar.Assigned of one text.
type assignedMemo struct {
	src   string
	names map[string]bool
}

// cdRepos is the folders a script changes to (its cds) that are in a
// git worktree, each once, in order, with their worktree's root: found
// once a script, not once a git command (3,000 cd then 3,000 git stash
// looked each folder up for each git command, issue 38).
type cdRepos struct {
	cds    []string // the cds they were found for
	list   []cdRepo
	byRoot map[string][]cdRepo // others' answer for each root
}

// A cdRepo is a folder a script changes to, and its worktree's root.
type cdRepo struct{ dir, root string }

// cdRepos returns the cdRepos of cds, found once for the same slice.
func (p *place) cdRepos(cds []string) *cdRepos {
	if m := p.cdMemo; m != nil && len(m.cds) == len(cds) && (len(cds) == 0 || &m.cds[0] == &cds[0]) {
		return m
	}
	m := &cdRepos{cds: cds, byRoot: map[string][]cdRepo{}}
	seen := map[string]bool{}
	for _, cd := range cds {
		d := p.abs(cd)
		if seen[d] {
			continue // the same folder gives the same answer
		}
		seen[d] = true
		if r := p.rootOf(d); r != "" {
			m.list = append(m.list, cdRepo{d, r})
		}
	}
	p.cdMemo = m
	return m
}

// others returns the folders of m whose worktree is not root's.
func (m *cdRepos) others(root string) []cdRepo {
	if o, ok := m.byRoot[root]; ok {
		return o
	}
	var o []cdRepo
	for _, x := range m.list {
		if x.root != root {
			o = append(o, x)
		}
	}
	m.byRoot[root] = o
	return o
}

// allSpellings returns the spellings of each entry's path (in the order
// of Entries) from the command's directory, made once a directory a
// call: 4,000 `python3 -c` made them again for each (1.3 million
// allocations, issue 38), and the Go files of a package in another
// folder than the command's, each read from both, made them again for
// each file.
func (p *place) allSpellings() [][]string {
	es := p.Entries()
	if sps, ok := p.spellMemo[p.dir]; ok && len(sps) == len(es) {
		return sps // made again when resolveLinks has added entries
	}
	sps := make([][]string, len(es))
	for i, e := range es {
		sps[i] = p.spellings(e.Path)
	}
	if p.spellMemo == nil {
		p.spellMemo = map[string][][]string{}
	}
	p.spellMemo[p.dir] = sps
	return sps
}
