package review

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// GameTurn is a reviewed turn of a game.
type GameTurn struct {
	Number int // the turn's number, from 1
	Player string
	*TurnReview
	// Played and Best are the move played and the best alternative as
	// CGN turns (the same turn when the move played was best); BestTurn is
	// the best alternative as a record turn, for a variation.
	PlayedText, BestText string
	BestTurn             *record.Turn
	// Chance is each player's chance of winning after the move played, by
	// seat (see chance).
	Chance []float64
	// TopText is Top as CGN turns; PlayedWhy and BestWhy say what the
	// move played and the best move do (Why).
	TopText            []string
	PlayedWhy, BestWhy []string
	// PlayedWords, BestWords and TopWords say the same moves in words
	// (Words).
	PlayedWords, BestWords string
	TopWords               []string
}

// BestDiffers reports whether the review found a move better than the one
// played.
func (t *GameTurn) BestDiffers() bool { return t.BestAt != t.PlayedAt }

// Game reviews every turn of a replayed game whose tile was placed (a
// turn that only discards has nothing to choose), in order, or only the
// turns o.Turns lists; done, if not nil, is called after each turn. g must
// be valid.
func Game(ctx context.Context, g *replay.Game, o Options, done func()) ([]GameTurn, error) {
	if !g.Valid() {
		return nil, fmt.Errorf("review: %s is not a valid game", g)
	}
	for _, n := range o.Turns {
		if !slices.ContainsFunc(g.Turns, func(t replay.Turn) bool { return t.Number == n }) {
			return nil, &NoTurnError{Game: g.String(), Turn: n, Turns: len(g.Turns)}
		}
	}
	state := func(k int) *engine.Game {
		return replay.Replay(g.File, g.Index, g.Record, replay.Options{Stop: replay.StopAfter(k), Lenient: true}).State
	}
	var out []GameTurn
	var before *engine.Game
	for k, t := range g.Turns {
		if t.Placed && (len(o.Turns) == 0 || slices.Contains(o.Turns, t.Number)) {
			if before == nil {
				before = state(k)
			}
			after := state(k + 1)
			gt, err := gameTurn(ctx, g, k, before, after, o)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", g, err)
			}
			out = append(out, gt)
			before = after
		} else {
			before = nil
		}
		if done != nil {
			done()
		}
	}
	return out, nil
}

// NoTurnError is returned for a turn to review that the game does not
// have.
type NoTurnError struct {
	Game        string
	Turn, Turns int
}

func (e *NoTurnError) Error() string {
	return fmt.Sprintf("%s has no turn %d: its turns are 1 to %d", e.Game, e.Turn, e.Turns)
}

func gameTurn(ctx context.Context, g *replay.Game, k int, before, after *engine.Game, o Options) (GameTurn, error) {
	t := g.Turns[k]
	draws := append(append([]engine.TileID(nil), t.Discards...), t.Tile)
	tr, err := Turn(ctx, before, after, draws, o)
	if err != nil {
		return GameTurn{}, err
	}
	gt := GameTurn{Number: t.Number, Player: g.Players[t.Seat].Name, TurnReview: tr}
	// The alternative played is the first of those that leave the same
	// game (distinct): it is said as the record wrote it, turned as the
	// record turned it (a symmetric tile looks the same two ways).
	played := asPlayed(tr.playedMoves, t.Rot)
	gt.Chance = chance(after, tr.Seat, tr.Played)
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	for _, r := range tr.Top {
		if played != nil && slices.Equal(r.Moves, tr.playedMoves) {
			r.Moves = played
		}
		rt, err := replay.WriteTurn(before.Clone(), g.Players, r.Moves)
		if err != nil {
			return GameTurn{}, err
		}
		rt.Number = t.Number
		gt.TopText = append(gt.TopText, turnText(rt))
		words, err := Words(before, r.Moves, names)
		if err != nil {
			return GameTurn{}, err
		}
		gt.TopWords = append(gt.TopWords, words)
	}
	if tr.BestMoves != nil {
		if gt.BestWhy, err = Why(before, tr.BestMoves, names); err != nil {
			return GameTurn{}, err
		}
		if gt.BestWords, err = Words(before, tr.BestMoves, names); err != nil {
			return GameTurn{}, err
		}
	}
	if tr.playedMoves != nil {
		if gt.PlayedWhy, err = Why(before, played, names); err != nil {
			return GameTurn{}, err
		}
		if gt.PlayedWords, err = Words(before, played, names); err != nil {
			return GameTurn{}, err
		}
	}
	if gt.BestMoves != nil {
		if gt.BestTurn, err = replay.WriteTurn(before.Clone(), g.Players, gt.BestMoves); err != nil {
			return GameTurn{}, err
		}
		gt.BestTurn.Number = t.Number
		gt.BestText = turnText(gt.BestTurn)
	}
	if gt.PlayedAt >= 0 {
		pt, err := replay.WriteTurn(before.Clone(), g.Players, played)
		if err != nil {
			return GameTurn{}, err
		}
		gt.PlayedText = turnText(pt)
	} else {
		gt.PlayedText = turnText(g.Record.Turns[k].Bare())
	}
	if !gt.BestDiffers() {
		gt.BestText, gt.BestTurn, gt.BestWords = gt.PlayedText, nil, gt.PlayedWords
	}
	if note := gt.Decided(); note != "" {
		gt.PlayedWhy = append(gt.PlayedWhy, note)
	}
	return gt, nil
}

// asPlayed returns a copy of moves with the tile turned by rot, the
// record's rotation of the tile placed; nil for no moves.
func asPlayed(moves []engine.Move, rot engine.Rotation) []engine.Move {
	if moves == nil {
		return nil
	}
	out := slices.Clone(moves)
	for i := range out {
		if out[i].Kind == engine.MovePlace {
			out[i].Rot = rot
		}
	}
	return out
}

// turnText writes t as CGN without its number and player: "V@1,0r90 +C:N".
func turnText(t *record.Turn) string {
	line := strings.TrimSpace(string(record.AppendGame(nil, &record.Game{Turns: []*record.Turn{t}})))
	head := fmt.Sprintf("%d. %s", t.Number, record.QuoteName(t.Player.Text))
	return strings.TrimSpace(strings.TrimPrefix(line, head))
}

// GameAccuracy is each seat's accuracy over turns (see Accuracy), players seats in all; NaN for a seat without a reviewed turn.
func GameAccuracy(turns []GameTurn, players int) []float64 {
	seats := make([]int, len(turns))
	drops := make([]float64, len(turns))
	chances := []float64{100 / float64(players)}
	for i := range turns {
		seats[i], drops[i] = turns[i].Seat, turns[i].Drop
		chances = append(chances, 100*turns[i].Chance[0])
	}
	return Accuracy(seats, drops, chances, players)
}
