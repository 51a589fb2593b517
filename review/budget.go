package review

import (
	"context"
	"time"

	"github.com/towerlog/towerlog/replay"
)

// calibration is the number of rollouts, per worker, RolloutsFor times.
const calibration = 40

// RolloutsFor returns the rollouts per turn that make a review of g with
// o's workers last about budget on this machine as it is loaded now. It
// times rollouts from the start of the game, the longest there are, so
// the review tends to end early. The count is at least 50 and at most
// MaxRollouts. The count depends on the machine's
// speed: a review is reproducible to the byte with a number of rollouts,
// not with a budget.
func RolloutsFor(ctx context.Context, g *replay.Game, budget time.Duration, o Options) (int, error) {
	start := replay.Replay(g.File, g.Index, g.Record, replay.Options{Stop: replay.StopAfter(0), Lenient: true}).State
	ev := &evaluation{o: o, before: start, mover: start.Player(), seed: o.Seed, bag: bag(start, nil), ref: -1}
	ev.cands = []*candidate{{after: start}}
	n := calibration * o.workers()
	t0 := time.Now()
	if err := ev.run(ctx, ev.cands, n); err != nil {
		return 0, err
	}
	perSecond := float64(n) / time.Since(t0).Seconds()
	turns := 0
	for _, t := range g.Turns {
		if t.Placed {
			turns++
		}
	}
	return int(max(50, min(MaxRollouts, perSecond*budget.Seconds()/float64(max(turns, 1))))), nil
}
