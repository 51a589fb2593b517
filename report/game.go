package report

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/klauspost/compress/gzip"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/bga"
	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/replay"
)

// InvalidGameError is returned for a report on a game that failed
// validation.
type InvalidGameError struct {
	Game        string
	Diagnostics []replay.Diagnostic
}

func (e *InvalidGameError) Error() string {
	msg := e.Game + " is not valid"
	for i := range e.Diagnostics {
		if e.Diagnostics[i].Severity == replay.Error {
			return msg + ": " + e.Diagnostics[i].Error()
		}
	}
	return msg
}

// turnView is one step of the turn slider (the start of the game is
// step 0).
type turnView struct {
	Turn    int          `json:"turn"`
	Caption string       `json:"caption"` // what the board shows
	Title   string       `json:"title"`
	Scores  []scoreEntry `json:"scores"`
	Events  []string     `json:"events"`
}

type scoreEntry struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
}

// WriteGame writes the HTML report of one replayed game: the board
// after every turn with a slider through the turns, and the game's charts.
func WriteGame(w io.Writer, g *replay.Game) error {
	if !g.Valid() || g.State == nil || g.Record == nil {
		return &InvalidGameError{Game: g.String(), Diagnostics: g.Diagnostics}
	}
	names := make([]string, len(g.Players))
	for i, p := range g.Players {
		names[i] = p.Name
	}
	b, err := boardView(g)
	if err != nil {
		return err
	}
	colour := gameColours(g)
	p := page{
		Title:    playedTitle(g.Rules.Tower(), g.Rules.Phantom) + ": " + strings.Join(names, ", "),
		Subtitle: gameSubtitle(g),
		Facts:    gameFacts(g),
		Board:    b,
		Charts:   gameCharts(g, names, colour),
	}
	if g.Rules.Phantom {
		gamePhantoms(g, names).add(&p, false, "", colour)
	}
	if l, err := bga.ExportLink(g); err == nil {
		p.Link = l.String()
	}
	if err := addReview(&p, g, names); err != nil {
		return err
	}
	addLuck(&p, g, names)
	return render(w, p)
}

// gameColours gives each player of g the colour the board draws them in:
// the one the record's Players tag gives, or else their seat's default.
func gameColours(g *replay.Game) colours {
	c := colours{}
	for i, p := range g.Players {
		c[p.Name] = draw.SeatFill(p.Colour, i)
	}
	return c
}

func gameSubtitle(g *replay.Game) string {
	var parts []string
	for _, tag := range []string{"Event", "Site", "Date", "Round"} {
		if v, ok := g.Record.Tag(tag); ok && v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, " · ")
}

func gameFacts(g *replay.Game) []fact {
	scores := g.State.Scores()
	best := -1 << 31
	for _, s := range scores {
		best = max(best, s)
	}
	var winners, result []string
	for i, p := range g.Players {
		result = append(result, fmt.Sprintf("%s %d", p.Name, scores[i]))
		if scores[i] == best {
			winners = append(winners, p.Name)
		}
	}
	label := "Winner"
	if len(winners) > 1 {
		label = "Winners (shared)"
	}
	return []fact{
		{label, strings.Join(winners, " and ")},
		{"Final scores", strings.Join(result, ", ")},
		{"Turns", fmt.Sprint(len(g.Turns))},
		{"Rules", g.Rules.String()},
	}
}

// boardView draws the board before the first turn and after each turn.
func boardView(g *replay.Game) (*board, error) {
	start, err := engine.NewGame(g.Setup)
	if err != nil {
		return nil, err
	}
	seats := draw.Seats(g)
	var svg strings.Builder
	if err := draw.SVG(&svg, start, seats); err != nil {
		return nil, err
	}
	boards := []string{svg.String()}
	views := Steps(g)
	for i, t := range g.Turns {
		state := g.State
		if i < len(g.Turns)-1 {
			state = replay.Replay(g.File, g.Index, g.Record, replay.Options{Stop: replay.StopAfter(t.Number)}).State
		}
		if state == nil {
			return nil, fmt.Errorf("%s: no state after turn %d", g, t.Number)
		}
		svg.Reset()
		if err := draw.SVG(&svg, state, seats); err != nil {
			return nil, err
		}
		boards = append(boards, svg.String())
	}
	packed, err := gzipJSON(boards, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tj, err := json.Marshal(views)
	if err != nil {
		return nil, err
	}
	return &board{Final: template.URL(svgURL([]byte(boards[len(boards)-1]))), Caption: views[len(views)-1].Caption,
		Boards: packed, Turns: string(tj), Count: len(g.Turns), Phantom: g.Rules.Phantom}, nil
}

// Step is what the game viewer tells of one step of a game: the start
// (Turn 0), then each turn, with what the board shows, the turn in a
// sentence, every player's score after it and what happened in it.
type Step = turnView

// Steps returns the steps of g's viewer, the start and every turn.
func Steps(g *replay.Game) []Step {
	views := []turnView{{Caption: boardCaption(0, len(g.Turns)), Title: "Before the first turn", Scores: scoreList(g.Players, make([]int, len(g.Players))),
		Events: []string{"The start tile is on the table."}}}
	events := g.Events()
	for i, t := range g.Turns {
		views = append(views, turnView{Turn: t.Number, Caption: boardCaption(i+1, len(g.Turns)), Title: describeTurn(g, &t),
			Scores: scoreList(g.Players, t.Scores), Events: describeEvents(g, events[t.EventsFrom:t.EventsTo])})
	}
	return views
}

// boardCaption says which position the board shows at step n of the
// slider: 0 is the start, turns the end.
func boardCaption(n, turns int) string {
	switch n {
	case 0:
		return "The start of the game: the board before the first turn."
	case turns:
		return fmt.Sprintf("The final position, after the last turn (%d) and the final scoring.", turns)
	}
	return fmt.Sprintf("The board after turn %d of %d.", n, turns)
}

// gzipJSON packs v as base64 of gzipped JSON: the boards of successive
// turns differ by a tile or two, so they shrink about tenfold. The page
// unpacks them with the browser's DecompressionStream.
func gzipJSON(v any, level int) (string, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		return "", err
	}
	if err := json.NewEncoder(zw).Encode(v); err != nil {
		return "", err
	}
	if err := zw.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// svgURL makes an image URL of an SVG document. An SVG shown as an image
// runs no script, whatever it contains.
func svgURL(svg []byte) string {
	return "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)
}

func scoreList(players []replay.Player, scores []int) []scoreEntry {
	out := make([]scoreEntry, len(players))
	for i, p := range players {
		out[i] = scoreEntry{Name: p.Name}
		if i < len(scores) {
			out[i].Score = scores[i]
		}
	}
	return out
}

func playerName(g *replay.Game, seat int) string {
	if seat >= 0 && seat < len(g.Players) {
		return g.Players[seat].Name
	}
	return fmt.Sprintf("player %d", seat+1)
}

// article is "a" or "an" before a feature kind.
func article(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// count writes n with the singular or plural noun.
func count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// describeTurn says in a sentence what a turn did.
func describeTurn(g *replay.Game, t *replay.Turn) string {
	who := playerName(g, t.Seat)
	s := fmt.Sprintf("Turn %d: %s", t.Number, who)
	if !t.Placed {
		return s + " could place no tile"
	}
	s += fmt.Sprintf(" placed tile %s at (%d, %d)", t.Tile, t.Pos.X, t.Pos.Y)
	if d := t.Rot.Degrees(); d != 0 {
		s += fmt.Sprintf(", turned %d°", d)
	}
	fig := "a follower"
	if t.Phantom {
		fig = "the phantom"
	}
	switch t.Action {
	case replay.ActionFollower:
		s += " and put " + fig + " on " + article(t.Spot.Kind.String())
	case replay.ActionFloor:
		s += fmt.Sprintf(" and built a floor on the tower at (%d, %d)", t.Target.X, t.Target.Y)
	case replay.ActionTowerFollower:
		guard := "a guard"
		if t.Phantom {
			guard = "the phantom as a guard"
		}
		s += fmt.Sprintf(" and put %s on the tower at (%d, %d)", guard, t.Target.X, t.Target.Y)
	}
	switch t.Second {
	case replay.ActionFollower:
		s += ", then the phantom on " + article(t.SecondSpot.Kind.String())
	case replay.ActionTowerFollower:
		s += fmt.Sprintf(", then the phantom on the tower at (%d, %d)", t.SecondTarget.X, t.SecondTarget.Y)
	}
	return s
}

// figureOf names the figure of player seat an event concerns: "follower"
// or "phantom".
func figureOf(e *engine.Event, seat int) string { return analytics.FigureName(e.Phantom(seat)) }

// oneFigure is the same with its article: "a follower" (one of several)
// or "the phantom" (the only one).
func oneFigure(e *engine.Event, seat int) string {
	if e.Phantom(seat) {
		return "the phantom"
	}
	return "a follower"
}

// describeEvents says what happened during a turn, one sentence an event.
func describeEvents(g *replay.Game, events []engine.Event) []string {
	out := []string{}
	for _, e := range events {
		out = append(out, describeEvent(g, &e))
	}
	return out
}

func describeEvent(g *replay.Game, e *engine.Event) string {
	name := func(seat int) string { return playerName(g, seat) }
	switch e.Kind {
	case engine.EventScore:
		var who []string
		for seat := range g.Players {
			if e.Scored(seat) {
				who = append(who, name(seat))
			}
		}
		when := ""
		if e.Final {
			when = "At the end of the game, "
		}
		what := article(e.Feature.String())
		if e.Feature == engine.FeatureField {
			what = "a field next to " + count(e.Size, "completed city", "completed cities")
		} else if e.Size > 0 {
			what += " of " + count(e.Size, "tile", "tiles")
		}
		if e.Pennants > 0 {
			what += " with " + count(e.Pennants, "pennant", "pennants")
		}
		var phantoms []string
		for seat := range g.Players {
			if e.Scored(seat) && e.Phantom(seat) {
				phantoms = append(phantoms, name(seat)+"'s")
			}
		}
		if len(phantoms) > 0 {
			what += fmt.Sprintf(", where %s phantom stood", strings.Join(phantoms, " and "))
		}
		return fmt.Sprintf("%s%s scored %s for %s.", when, strings.Join(who, " and "), count(e.Points, "point", "points"), what)
	case engine.EventCapture:
		fig := figureOf(e, e.Other)
		if e.Player == e.Other {
			return fmt.Sprintf("%s's tower at (%d, %d) took back %s's own %s from %s at (%d, %d).",
				name(e.Player), e.Pos.X, e.Pos.Y, name(e.Other), fig, article(e.Feature.String()), e.Target.X, e.Target.Y)
		}
		return fmt.Sprintf("%s's tower at (%d, %d), %s high, captured %s's %s on %s at (%d, %d), %s away.",
			name(e.Player), e.Pos.X, e.Pos.Y, count(e.Height, "floor", "floors"), name(e.Other), fig, article(e.Feature.String()),
			e.Target.X, e.Target.Y, count(e.Distance, "tile", "tiles"))
	case engine.EventExchange:
		if e.Phantoms == 0 {
			return fmt.Sprintf("%s and %s exchanged prisoners.", name(e.Player), name(e.Other))
		}
		return fmt.Sprintf("%s and %s exchanged prisoners: %s got %s back, %s %s.", name(e.Player), name(e.Other),
			name(e.Player), oneFigure(e, e.Player), name(e.Other), oneFigure(e, e.Other))
	case engine.EventRansom:
		return fmt.Sprintf("%s paid %s a ransom of %d points to free %s.", name(e.Player), name(e.Other), e.Points,
			oneFigure(e, e.Player))
	case engine.EventFloor:
		return fmt.Sprintf("The tower at (%d, %d) is now %s high.", e.Pos.X, e.Pos.Y, count(e.Height, "floor", "floors"))
	case engine.EventDiscard:
		return fmt.Sprintf("%s discarded tile %s, which fitted nowhere.", name(e.Player), e.Tile)
	}
	return e.Kind.String()
}

// gameCharts draws the charts of one game, the players in their colours;
// the tower heights and captures only in a game with The Tower.
func gameCharts(g *replay.Game, names []string, colour colours) []chart {
	scores := make([][]int, len(g.Turns))
	for i, t := range g.Turns {
		scores[i] = t.Scores
	}
	var floors []growth
	made := namedInts{name: "Captures made", values: make([]int, len(names))}
	suffered := namedInts{name: "Captures suffered", values: make([]int, len(names))}
	byFeature := map[string][]int{}
	for _, f := range featureOrder {
		byFeature[f] = make([]int, len(names))
	}
	for _, e := range g.Events() {
		switch e.Kind {
		case engine.EventFloor:
			floors = append(floors, growth{Turn: e.Turn, X: e.Pos.X, Y: e.Pos.Y, Height: e.Height})
		case engine.EventCapture:
			if e.Player != e.Other {
				made.values[e.Player]++
				suffered.values[e.Other]++
			}
		case engine.EventScore:
			for seat := range names {
				if v, ok := byFeature[e.Feature.String()]; ok && e.Scored(seat) {
					v[seat] += e.Points
				}
			}
		}
	}
	var features []namedInts
	for _, f := range featureOrder {
		features = append(features, namedInts{name: f, values: byFeature[f]})
	}
	race := chart{ID: "score-race", Title: "Score race", Height: 400,
		Note:    "Every player's score after each turn; the last turn includes the final scoring.",
		Options: scoreRaceChart(names, scores, colour)}
	byFeatures := chart{ID: "points-by-feature", Title: "Where the points come from",
		Note: "Points each player scored from cities, roads, cloisters and fields." + ransomsLeftOut(g.Rules.Tower()),
	}.playerBars(bars{rowName: "Player", valueName: "Points", players: names, series: features, stacked: true, rowColours: colour.of(names)})
	if !g.Rules.Tower() {
		return []chart{race, byFeatures}
	}
	return []chart{
		race,
		{ID: "tower-heights", Title: "Tower heights over the game", Height: 400,
			Note:    "The height of every tower after each turn, one line per tower, named by its square on the board (x to the east, y to the south).",
			Options: towerChart(len(g.Turns), floors)},
		chart{ID: "captures-per-player", Title: "Captures per player",
			Note: "Opponents' followers each player captured with a tower, and their own followers captured by others.",
		}.playerBars(bars{rowName: "Player", valueName: "Captures", players: names, series: []namedInts{made, suffered}, rowColours: colour.of(names)}),
		byFeatures,
	}
}
