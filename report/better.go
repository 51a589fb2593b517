package report

import (
	"bytes"
	"fmt"

	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/review"
)

// Reviewed is a reviewed turn as the game pages show it beside the
// board: the board before the move, the move played and the review's
// best move marked on it, and the moves the review listed.
type Reviewed struct {
	Step   int          // the turn's step of the slider: the board before it is step Step-1
	Number int          // the turn's number
	Title  string       // "Turn 12, Anna: mistake ?"
	Before *engine.Game // the game before the turn (valid during EachReviewed's call only)
	Played draw.Mark
	Best   *draw.Mark // nil when the move played was the best
	Moves  []ListedMove
}

// ListedMove is a move listed beside the board: the alternatives the
// review listed among the best (review --top), in its order, then the
// move played and the best move when it listed neither.
type ListedMove struct {
	Move     string  `json:"move"`  // CGN, without the turn's number and player
	Words    string  `json:"words"` // the move in words; "" when unknown
	Value    float64 `json:"value"` // the final margin, in points from the mover's side
	StdErr   float64 `json:"se"`    // the value's standard error
	Rollouts int     `json:"rollouts"`
	Played   bool    `json:"played,omitempty"`
	Best     bool    `json:"best,omitempty"`
}

// EachReviewed calls each with every turn of g that turns (the review
// g's record carries, review.Read) reviewed, in order, with the board
// before it and its moves marked: the move played, and the best move when
// it was another, replayed from the record (a best move that does not
// replay is not marked, and the turn's title says so). The Reviewed, and
// its Before, are valid during the call only: one game's worth of memory
// serves every turn. An error of each stops the walk and is returned.
func EachReviewed(g *replay.Game, turns []review.Summary, each func(r *Reviewed) error) error {
	if len(turns) == 0 {
		return nil
	}
	byIndex := make(map[int]*review.Summary, len(turns))
	for i := range turns {
		for k, t := range g.Record.Turns {
			if t.Number == turns[i].Number && k < len(g.Turns) {
				byIndex[k] = &turns[i]
				break
			}
		}
	}
	before, err := engine.NewGame(g.Setup)
	if err != nil {
		return fmt.Errorf("%s: %w", g, err)
	}
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	k := 0
	var stop error
	rp := replay.Replay(g.File, g.Index, g.Record, replay.Options{Lenient: true, AfterTurn: func(t *replay.Turn, state *engine.Game) {
		defer func() { k++ }()
		if s := byIndex[k]; s != nil && stop == nil {
			stop = reviewedTurn(g, k, t, before, state, s, names, each)
		}
		if byIndex[k+1] != nil {
			state.CopyTo(before)
		}
	}})
	if stop != nil {
		return stop
	}
	if !rp.Valid() {
		return &InvalidGameError{Game: rp.String(), Diagnostics: rp.Diagnostics}
	}
	return nil
}

// reviewedTurn calls each with turn index i of g, t as replayed, whose
// review is s: before is the game before it, after the game after it.
func reviewedTurn(g *replay.Game, i int, t *replay.Turn, before, after *engine.Game, s *review.Summary, names []string, each func(*Reviewed) error) error {
	r := Reviewed{Step: i + 1, Number: s.Number, Title: reviewedTitle(s), Before: before, Played: draw.MarkOf(after, t, draw.MarkPlayed)}
	r.Played.Label = "Played: " + s.PlayedMove
	if s.BestMove != "" {
		// A best move that does not replay (a record edited by hand) is
		// listed, not drawn.
		if best, err := lineMark(g, i, s); err == nil {
			best.Label = "Best: " + s.BestMove
			r.Best = &best
		} else {
			r.Title += " (its best move does not replay on this board)"
		}
	}
	var err error
	if r.Moves, err = listed(g, t, before, s, names); err != nil {
		return err
	}
	return each(&r)
}

// reviewedTitle names a reviewed turn, its player and the review's
// verdict: "Turn 12, Anna: mistake ?".
func reviewedTitle(s *review.Summary) string {
	t := fmt.Sprintf("Turn %d, %s", s.Number, s.Player)
	if s.Grade != "" {
		t += ": " + s.Grade
	}
	if s.Glyph != record.NoGlyph {
		t += " " + s.Glyph.String()
	}
	return t
}

// lineMark replays the record up to turn index i, then s's best move in
// its place, and returns the best move's mark.
func lineMark(g *replay.Game, i int, s *review.Summary) (draw.Mark, error) {
	bt := s.BestTurn
	if bt == nil {
		var err error
		if bt, err = parseTurn(s.Number, s.Player, s.BestMove); err != nil {
			return draw.Mark{}, err
		}
	}
	mark, err := turnInPlace(g, i, bt)
	if err != nil {
		return draw.Mark{}, fmt.Errorf("%s: the best move of turn %d, %s, does not replay: %w", g, s.Number, s.BestMove, err)
	}
	return mark, nil
}

// turnInPlace replays the record of g up to turn index i, then t in
// that turn's place, and returns t's mark, in style MarkOther.
func turnInPlace(g *replay.Game, i int, t *record.Turn) (draw.Mark, error) {
	line := &record.Game{}
	for _, tag := range g.Record.Tags {
		c := *tag
		line.Tags = append(line.Tags, &c)
	}
	line.SetTag("Result", "*")
	line.Turns = append(append(line.Turns, g.Record.Turns[:i]...), t)
	var mark draw.Mark
	k := 0
	lg := replay.Replay(g.File, g.Index, line, replay.Options{Lenient: true, AfterTurn: func(t *replay.Turn, state *engine.Game) {
		if k == i {
			mark = draw.MarkOf(state, t, draw.MarkOther)
		}
		k++
	}})
	if !lg.Valid() || k <= i {
		for _, d := range lg.Diagnostics {
			if d.Severity == replay.Error {
				return draw.Mark{}, &d
			}
		}
		return draw.Mark{}, fmt.Errorf("turn %d was not played", t.Number)
	}
	return mark, nil
}

// VariationMarks returns what towerlog replay --variation draws of g: the
// game before its turn numbered turn, and the marks of that turn's move
// played (MarkPlayed) and of the first turn of its variation v (1 for
// the first; MarkOther), each labelled for the legend. A variation's
// later turns are not drawn.
func VariationMarks(g *replay.Game, turn, v int) (*engine.Game, []draw.Mark, error) {
	i := -1
	for k, t := range g.Record.Turns {
		if t.Number == turn {
			i = k
			break
		}
	}
	if i < 0 {
		return nil, nil, fmt.Errorf("%s has no turn %d", g, turn)
	}
	rt := g.Record.Turns[i]
	if v < 1 || v > len(rt.Variations) || len(rt.Variations[v-1].Turns) == 0 {
		return nil, nil, fmt.Errorf("turn %d of %s has %s, not a variation %d", turn, g, count(len(rt.Variations), "variation", "variations"), v)
	}
	var before *engine.Game
	var played draw.Mark
	k := 0
	start, err := engine.NewGame(g.Setup)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", g, err)
	}
	if i == 0 {
		before = start
	}
	rp := replay.Replay(g.File, g.Index, g.Record, replay.Options{Lenient: true, Stop: replay.StopAfter(i + 1), AfterTurn: func(t *replay.Turn, state *engine.Game) {
		if k+1 == i {
			before = state.Clone()
		}
		if k == i {
			played = draw.MarkOf(state, t, draw.MarkPlayed)
		}
		k++
	}})
	if !rp.Valid() || k <= i || before == nil {
		return nil, nil, &InvalidGameError{Game: rp.String(), Diagnostics: rp.Diagnostics}
	}
	other, err := turnInPlace(g, i, rt.Variations[v-1].Turns[0])
	if err != nil {
		return nil, nil, fmt.Errorf("%s: variation %d of turn %d does not replay: %w", g, v, turn, err)
	}
	played.Label = fmt.Sprintf("The move played on turn %d", turn)
	other.Label = fmt.Sprintf("Variation %d of turn %d", v, turn)
	if len(rt.Variations[v-1].Turns) > 1 {
		other.Label += " (its first turn)"
	}
	return before, []draw.Mark{played, other}, nil
}

// parseTurn reads move, a turn's moves in CGN as a review's comment
// writes them ("V@2,-1r270 +C:N"), as turn number n of player.
func parseTurn(n int, player, move string) (*record.Turn, error) {
	src := fmt.Sprintf("%d. %s %s\n", n, record.QuoteName(player), move)
	rg, err := record.RawGame{Src: []byte(src)}.Parse()
	if err != nil {
		return nil, fmt.Errorf("turn %d: the move %q: %w", n, move, err)
	}
	if rg == nil || len(rg.Turns) != 1 {
		return nil, fmt.Errorf("turn %d: the move %q is not one turn", n, move)
	}
	return rg.Turns[0], nil
}

// listed is the moves of s listed beside the board: the alternatives its
// review listed, each said in words, then the move played and the best
// move when the list holds neither. t is the turn replayed and before
// the game before it.
func listed(g *replay.Game, t *replay.Turn, before *engine.Game, s *review.Summary, names []string) ([]ListedMove, error) {
	best := s.BestMove
	if best == "" {
		best = s.PlayedMove
	}
	var out []ListedMove
	words := moveWords{g: g, t: t, before: before, names: names}
	hasPlayed, hasBest := false, false
	for _, l := range s.Top {
		m := ListedMove{Move: l.Move, Value: l.Value, StdErr: l.StdErr, Rollouts: l.Rollouts, Played: l.Move == s.PlayedMove, Best: l.Move == best}
		switch {
		case m.Played:
			m.Words = s.PlayedWords
		case m.Best:
			m.Words = s.BestWords
		default:
			w, err := words.of(s, l.Move)
			if err != nil {
				return nil, err
			}
			m.Words = w
		}
		hasPlayed, hasBest = hasPlayed || m.Played, hasBest || m.Best
		out = append(out, m)
	}
	if !hasPlayed {
		out = append(out, ListedMove{Move: s.PlayedMove, Words: s.PlayedWords, Value: s.Played, StdErr: s.PlayedErr, Played: true, Best: s.BestMove == ""})
	}
	if !hasBest && s.BestMove != "" {
		out = append(out, ListedMove{Move: s.BestMove, Words: s.BestWords, Value: s.Best, StdErr: s.BestErr, Best: true})
	}
	return out, nil
}

// moveWords says listed moves of turn t in words: it finds, among the
// ways of finishing the turn after the move's placement, the one that the
// review writes as the move, and says it as the review does
// (review.Words).
type moveWords struct {
	g      *replay.Game
	t      *replay.Turn
	before *engine.Game
	names  []string
}

// of returns move, an alternative of turn s in CGN, in words; "" when it
// is no CGN (a comment edited by hand) or places no tile, or when no way
// of finishing the turn is written so.
func (w *moveWords) of(s *review.Summary, move string) (string, error) {
	want, err := parseTurn(s.Number, s.Player, move)
	if err != nil || want.Placement == nil {
		return "", nil
	}
	rot, ok := engine.RotationFromDegrees(int(want.Placement.Rotation))
	if !ok {
		return "", nil
	}
	// The turn's moves up to its placement: a ransom (one of those the
	// player could pay, when the move pays one), the draws, the placement.
	prefixes := [][]engine.Move{nil}
	if len(want.Ransoms) > 0 {
		prefixes = prefixes[:0]
		for _, m := range w.before.LegalMoves(nil) {
			if m.Kind == engine.MoveRansom {
				prefixes = append(prefixes, []engine.Move{m})
			}
		}
	}
	text := turnCGN(want)
	for _, moves := range prefixes {
		for _, d := range w.t.Discards {
			moves = append(moves, engine.Move{Kind: engine.MoveDraw, Tile: d}, engine.Move{Kind: engine.MoveDiscard})
		}
		moves = append(moves, engine.Move{Kind: engine.MoveDraw, Tile: w.t.Tile},
			engine.Move{Kind: engine.MovePlace, Pos: engine.Pos{X: want.Placement.X, Y: want.Placement.Y}, Rot: rot})
		words, err := w.finishing(s, moves, want, text)
		if words != "" || err != nil {
			return words, err
		}
	}
	return "", nil
}

// finishing returns in words the way of finishing the turn after moves
// that the review writes as text (want, parsed); "" when moves are not
// legal or none is written so.
func (w *moveWords) finishing(s *review.Summary, moves []engine.Move, want *record.Turn, text string) (string, error) {
	g := w.before.Clone()
	for _, m := range moves {
		if g.Apply(m) != nil {
			return "", nil // not a move of this turn: listed without words
		}
	}
	alts, err := review.Finishes(g, moves)
	if err != nil {
		return "", fmt.Errorf("%s: turn %d: %w", w.g, s.Number, err)
	}
	for _, a := range alts {
		rt, err := replay.WriteTurn(w.before.Clone(), w.g.Players, a.Moves)
		if err != nil {
			return "", fmt.Errorf("%s: turn %d: %w", w.g, s.Number, err)
		}
		rt.Number, rt.Player = want.Number, want.Player
		if turnCGN(rt) == text {
			return review.Words(w.before, a.Moves, w.names)
		}
	}
	return "", nil
}

// turnCGN writes t's moves as CGN, for comparing turns.
func turnCGN(t *record.Turn) string {
	return string(bytes.TrimSpace(record.AppendGame(nil, &record.Game{Turns: []*record.Turn{t.Bare()}})))
}
