package generate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"
)

// Club seats a Series' games as a club or a federation plays them: each
// table's players drawn from a pool of named members, and the games
// grouped into events of a fixed number of games (a club night, a
// tournament), each with its own entrants and date.
//
// The game of seed s (from 1) is round (s-1) mod EventGames + 1 of event
// (s-1) / EventGames + 1, so that an archive generated in parts of
// consecutive seeds (games 1 to 1000 in one file, 1001 to 2000 in the
// next) has the same events, members and tables as one generated whole.
type Club struct {
	// Pool is the number of members; member k is named PoolName(k).
	Pool int
	// EventGames is the number of games of an event; 0 puts every game in
	// one event, "towerlog generated games", as a Series without Club.
	EventGames int
}

// entrantShare is the number of games each entrant of an event plays,
// on average: an event of 100 four-player games has 40 entrants.
const entrantShare = 10

// firstNames make the members' names with a number: Anna1, Bruno1, ...,
// Anna2, ...: names as online players choose them, bare in CGN.
var firstNames = []string{
	"Anna", "Bruno", "Chloé", "Dmitri", "Emeka", "Fatima", "Greta", "Hiroshi", "Ines", "Jonas",
	"Kalani", "Lucía", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Stefan", "Tamar",
	"Ulla", "Viktor", "Wanda", "Xavier", "Yusuf", "Zofia", "Aiko", "Bjørn", "Carmen", "Diego",
	"Elif", "Finn", "Giulia", "Hamza", "Ingrid", "Joaquín", "Katja", "Lars", "Maëlle", "Niko",
	"Olga", "Pablo", "Radek", "Sanna", "Tomás", "Uma", "Vera", "Wim", "Ximena", "Yara",
	"Zeynep", "Amir", "Bea", "Cyril", "Dagny", "Elio", "Freya", "Gaspard", "Hana", "Igor",
	"Jana", "Kofi", "Leni", "Milan", "Noor", "Otto", "Paula", "Rafael", "Sofia", "Theo",
	"Ugo", "Valentina", "Wiebke", "Yannick", "Zoltán", "Agnes", "Boris", "Clara", "Dario", "Eva",
	"Felix", "Gitte", "Henrik", "Irene", "Jakub", "Kira", "Luca", "Marta", "Nils", "Orla",
	"Piotr", "Ruth", "Søren", "Tilde", "Ursula", "Vilja", "Walter", "Yvonne", "Zara", "Andrés",
}

// PoolName names member k (from 0) of a club's pool.
func PoolName(k int) string {
	return firstNames[k%len(firstNames)] + strconv.Itoa(k/len(firstNames)+1)
}

// check says what is wrong with a club for games of up to maxPlayers.
func (c Club) check(maxPlayers int) error {
	if c.Pool < maxPlayers {
		return fmt.Errorf("a pool of %d players cannot seat a game of %d", c.Pool, maxPlayers)
	}
	if c.EventGames < 0 {
		return fmt.Errorf("games an event must not be negative")
	}
	return nil
}

// seater seats the games of a club in order, keeping the entrants of
// the event of its last game.
type seater struct {
	club    Club
	event   uint64
	members []int // the pool's members, the event's entrants first
	n       int   // the number of entrants of event
	chosen  bool  // whether event's entrants are chosen
}

// seat returns the names of the n players of the game of seed seed, and
// the game's Event, Round and Date tags, for a series of games of lo to
// hi players.
func (s *seater) seat(seed uint64, n, lo, hi int) (names []string, tags map[string]string) {
	c := s.club
	if s.members == nil {
		s.members = make([]int, c.Pool)
		for k := range s.members {
			s.members[k] = k
		}
		s.n = c.Pool
	}
	tags = map[string]string{"Event": "towerlog generated games", "Round": strconv.FormatUint(seed, 10)}
	if c.EventGames > 0 {
		event, round := (seed-1)/uint64(c.EventGames), (seed-1)%uint64(c.EventGames)
		if !s.chosen || event != s.event {
			// The event's entrants: the first of a shuffle of the pool
			// that depends on the event alone.
			for k := range s.members {
				s.members[k] = k
			}
			s.event, s.chosen = event, true
			// Enough for the largest table (check made the pool as large).
			s.n = min(c.Pool, max(hi, c.EventGames*(lo+hi)/2/entrantShare))
			er := rand.New(rand.NewPCG(event, 0x636c7562)) // "club"
			for i := 0; i < s.n; i++ {
				j := i + er.IntN(c.Pool-i)
				s.members[i], s.members[j] = s.members[j], s.members[i]
			}
		}
		date := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(event))
		tags = map[string]string{
			"Event": fmt.Sprintf("Club event %d", event+1),
			"Round": strconv.FormatUint(round+1, 10),
			"Date":  date.Format("2006.01.02"),
		}
	}
	// The table: n distinct entrants, drawn by the game's seed alone.
	tr := rand.New(rand.NewPCG(seed, 0x7461626c65)) // "table"
	picked := make([]int, 0, n)
	for len(picked) < n {
		k := s.members[tr.IntN(s.n)]
		if !slices.Contains(picked, k) {
			picked = append(picked, k)
			names = append(names, PoolName(k))
		}
	}
	return names, tags
}
