package generate

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// Names are the player names of generated games, by seat.
var Names = []string{"Anna", "Bruno", "Chloé", "Dmitri", "Emeka", "Fatima"}

// Game plays a seeded game with gen and writes it as a record: players
// named by Names in the default colours, declared scores after every turn,
// the Result tag, and tags (Event, Round, ...) besides.
func Game(gen *engine.Generator, o engine.GenOptions, tags map[string]string) (*record.Game, error) {
	_, moves, err := gen.Generate(o)
	if err != nil {
		return nil, err
	}
	return write(o, moves, nil, tags)
}

// write writes the moves of a game played with options o as Game does,
// the seats named by names (nil: Names).
func write(o engine.GenOptions, moves []engine.Move, names []string, tags map[string]string) (*record.Game, error) {
	if names == nil {
		names = Names
	}
	players := make([]replay.Player, o.Players)
	for i := range players {
		players[i] = replay.Player{Name: names[i], Colour: replay.DefaultColours[i]}
	}
	return replay.Write(players, engine.Setup{Players: o.Players, Rules: o.Rules}, moves, replay.WriteOptions{Tags: tags, Scores: true})
}

// Player plays whole games for a Series in a style the engine's generator
// does not have (towerlog generate --style review).
type Player struct {
	Name string // the style's name, as --style spells it
	// Play returns the moves of a complete game played with o (o.Style
	// is not read); the same options give the same game.
	Play func(o engine.GenOptions) ([]engine.Move, error)
}

// Series describes numbered games: game i (from 0) is played with seed
// Seed+i by MinPlayers + i mod (MaxPlayers-MinPlayers+1) players, so the
// seats cycle through the range.
type Series struct {
	Games                  int
	MinPlayers, MaxPlayers int
	Seed                   uint64
	Rules                  engine.Rules
	Style                  engine.Style
	// Player, if set, plays the games instead of the engine's generator
	// (Style is then not read).
	Player *Player
	// Club, if set, seats the games from a pool of members and groups
	// them into events; without it the seats are named by Names and
	// every game is a round of one event.
	Club *Club
	// Done, if set, is called after each game is written.
	Done func()
}

// Check says what is wrong with the series, before any game is played.
func (s Series) Check() error {
	if s.Club == nil {
		return nil
	}
	if s.Club.EventGames > 0 && s.Seed == 0 {
		return fmt.Errorf("games grouped into events are numbered by their seeds from 1: the seed must not be 0")
	}
	return s.Club.check(s.MaxPlayers)
}

// options returns the generator's options for game i.
func (s Series) options(i int) engine.GenOptions {
	return engine.GenOptions{Players: s.MinPlayers + i%(s.MaxPlayers-s.MinPlayers+1), Rules: s.Rules, Seed: s.Seed + uint64(i), Style: s.Style}
}

// game plays game i of the series, with tags that say where it comes
// from: Event, Round (i+1) and Source (the seed and style that replay it).
func (s Series) game(gen *engine.Generator, seats *seater, i int) (*record.Game, error) {
	o := s.options(i)
	style := StyleName(o.Style)
	if s.Player != nil {
		style = s.Player.Name
	}
	tags := map[string]string{
		"Event": "towerlog generated games",
		"Round": strconv.Itoa(i + 1),
	}
	var names []string
	if seats != nil {
		names, tags = seats.seat(o.Seed, o.Players, s.MinPlayers, s.MaxPlayers)
	}
	tags["Source"] = fmt.Sprintf("towerlog generate --seed %d --style %s", o.Seed, style)
	var rg *record.Game
	var err error
	if s.Player != nil {
		var moves []engine.Move
		if moves, err = s.Player.Play(o); err == nil {
			rg, err = write(o, moves, names, tags)
		}
	} else {
		var moves []engine.Move
		if _, moves, err = gen.Generate(o); err == nil {
			rg, err = write(o, moves, names, tags)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("game %d (seed %d): %w", i+1, o.Seed, err)
	}
	return rg, nil
}

// each plays the games of the series in order and calls emit with each
// one's number and CGN text (valid until emit returns).
func (s Series) each(emit func(i int, text []byte) error) error {
	if err := s.Check(); err != nil {
		return err
	}
	gen := engine.NewGenerator()
	var seats *seater
	if s.Club != nil {
		seats = &seater{club: *s.Club}
	}
	var buf []byte
	for i := 0; i < s.Games; i++ {
		rg, err := s.game(gen, seats, i)
		if err != nil {
			return err
		}
		buf = record.AppendGame(buf[:0], rg)
		if err := emit(i, buf); err != nil {
			return err
		}
		if s.Done != nil {
			s.Done()
		}
	}
	return nil
}

// Write writes the games of the series to w, one after another, separated
// by a blank line. It returns the first error, a write error included.
func (s Series) Write(w io.Writer) error {
	return s.each(func(i int, text []byte) error {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		_, err := w.Write(text)
		return err
	})
}

// FileName names the file of game i (from 0) that WriteDir writes:
// game-000001.cgn for the first.
func FileName(i int) string { return fmt.Sprintf("game-%06d.cgn", i+1) }

// WriteDir writes each game of the series to a file of its own in dir,
// named by FileName, creating dir if need be.
func (s Series) WriteDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return s.each(func(i int, text []byte) error {
		return atomicfile.WriteFile(filepath.Join(dir, FileName(i)), text)
	})
}

// styleNames spell the generator's styles as towerlog generate --style
// takes them.
var styleNames = [...]string{engine.StyleRandom: "random", engine.StyleGreedy: "greedy", engine.StyleQuick: "quick", engine.StyleLearned: "learned"}

// StyleName spells a style: "random", "greedy", "quick" or "learned".
func StyleName(s engine.Style) string {
	if int(s) < len(styleNames) {
		return styleNames[s]
	}
	return "style " + strconv.Itoa(int(s))
}

// ParseStyle reads a style's name.
func ParseStyle(name string) (engine.Style, bool) {
	for s, n := range styleNames {
		if n == name {
			return engine.Style(s), true
		}
	}
	return 0, false
}
