package show

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"slices"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
)

// StandingsJSON writes the standings of the stored games f selects
// (st from EventSummary with the same f) as one line of JSON: the object
// encoding/json makes of Standings with every player's games round by
// round (HTML characters left as they are). It holds one player's games
// at a time: each player's object is encoded and written on its own.
func StandingsJSON(ctx context.Context, w io.Writer, s *analytics.Store, f filter.Filter, st *analytics.Standings) error {
	bw := bufio.NewWriter(w)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	// put writes v as encoding/json encodes it, without the encoder's
	// line end, so that the pieces make one line.
	put := func(v any) error {
		b.Reset()
		if err := enc.Encode(v); err != nil {
			return err
		}
		_, err := bw.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
		return err
	}
	bw.WriteString(`{"rounds":`)
	if err := put(st.Rounds); err != nil {
		return err
	}
	bw.WriteString(`,"players":[`)
	var cur *analytics.Standing
	err := s.EachPlayerRounds(ctx, f, st, func(p *analytics.Standing) error {
		if p != &st.Players[0] {
			bw.WriteByte(',')
		}
		cur = p
		cur.Rounds = make([][]analytics.RoundGame, 0, len(st.Rounds))
		return nil
	}, func(_ int, games []analytics.RoundGame) error {
		cur.Rounds = append(cur.Rounds, slices.Clone(games)) // nil for a round sat out
		return nil
	}, func(p *analytics.Standing) error {
		err := put(p)
		p.Rounds = nil
		if err == nil {
			err = bw.Flush()
		}
		return err
	})
	if err != nil {
		return err
	}
	bw.WriteString("]}\n")
	return bw.Flush()
}
