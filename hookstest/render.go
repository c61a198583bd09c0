package hookstest

import (
	"fmt"

	"github.com/agenthooks/hooks"
	"github.com/agenthooks/hooks/hostfacts"
)

// render renders s for a's host with the adapter's own renderer
// ([hostfacts.ScenarioRenderer]). It returns no payload and a reason when
// the host cannot do what s describes.
func render(a hooks.Adapter, s Scenario) (cases []hostfacts.Payload, skip string, err error) {
	if err := s.validate(); err != nil {
		return nil, "", err
	}
	r, ok := a.(hostfacts.ScenarioRenderer)
	if !ok {
		return nil, "", fmt.Errorf("hookstest: the adapter of host %q renders no scenarios (hostfacts.ScenarioRenderer)", a.Host())
	}
	return r.RenderAct(s.asAct())
}
