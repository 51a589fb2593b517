package record

// Bare returns a copy of t with its moves only: no annotation (glyph,
// clock, comment) on its head or any of its elements, no declared score
// and no variation. t is left as it is.
func (t *Turn) Bare() *Turn {
	c := *t
	c.Notes, c.Score, c.Variations = nil, nil, nil
	c.Ransoms = make([]*Ransom, len(t.Ransoms))
	for i, r := range t.Ransoms {
		rc := *r
		rc.Notes = nil
		c.Ransoms[i] = &rc
	}
	c.Discards = make([]*Discard, len(t.Discards))
	for i, d := range t.Discards {
		dc := *d
		dc.Notes = nil
		c.Discards[i] = &dc
	}
	if t.Placement != nil {
		p := *t.Placement
		p.Notes = nil
		c.Placement = &p
	}
	c.Action, c.Second = bareAction(t.Action), bareAction(t.Second)
	return &c
}

// bareAction returns a copy of a without its annotations, nil for nil.
func bareAction(a Action) Action {
	switch a := a.(type) {
	case *Follower:
		c := *a
		c.Notes = nil
		return &c
	case *TowerFollower:
		c := *a
		c.Notes = nil
		return &c
	case *TowerFloor:
		c := *a
		c.Notes = nil
		if a.Capture != nil {
			cp := *a.Capture
			cp.Notes = nil
			if cp.Exchange != nil {
				e := *cp.Exchange
				e.Notes = nil
				cp.Exchange = &e
			}
			c.Capture = &cp
		}
		return &c
	}
	return a
}
