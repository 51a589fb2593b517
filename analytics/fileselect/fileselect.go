// Package fileselect finds games in files and directories of records,
// without a database: towerlog select PATH... It reads the formats replay
// knows, applies the filters of package filter as the store does in SQL,
// and describes each game as the store would keep it (analytics.Game).
package fileselect

import (
	"context"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/replay"
)

// Options configures Select.
type Options struct {
	Filter  filter.Filter
	Loaders replay.Loaders // the formats read; nil reads CGN only
	Workers int            // games replayed at once; 0 means one per core
	Lenient bool           // accept games whose annotations are missing or unverifiable
	// Dedupe drops every game whose Identity a game selected before has:
	// the same game however annotated.
	Dedupe bool
}

// Select replays the games of files and directories and calls emit,
// in file order, with each valid game o.Filter selects. Games that fail
// validation are never selected; they are listed in the stats. When the
// filter selects nothing, the error is a *filter.NoGamesError.
func Select(ctx context.Context, paths []string, o Options, emit func(*analytics.Game) error) (analytics.SelectStats, error) {
	var st analytics.SelectStats
	if err := o.Filter.Check(); err != nil {
		return st, err
	}
	files, err := o.Loaders.ExpandPaths(paths)
	if err != nil {
		return st, err
	}
	known := filter.NewKnown()
	seen := map[string]bool{}
	ro := replay.RunOptions{Workers: o.Workers, Loaders: o.Loaders, Options: replay.Options{Lenient: o.Lenient}}
	err = replay.Run(ctx, files, ro, func(g *replay.Game) error {
		if !g.Valid() || g.Record == nil || g.State == nil {
			if st.Invalid++; len(st.Failed) < analytics.KeptFailed {
				st.Failed = append(st.Failed, analytics.FailedOf(g))
			}
			return nil
		}
		st.Read++
		known.Add(g)
		if !o.Filter.Match(g) {
			return nil
		}
		sel := analytics.GameOf(g)
		if o.Dedupe {
			if seen[sel.ID] {
				st.Duplicates++
				return nil
			}
			seen[sel.ID] = true
		}
		st.Selected++
		return emit(sel)
	})
	if err != nil {
		return st, err
	}
	if st.Selected == 0 && !o.Filter.IsZero() {
		return st, &filter.NoGamesError{Filter: o.Filter, Hints: o.Filter.Hints(known)}
	}
	return st, nil
}
