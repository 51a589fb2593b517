package draw

import (
	"strings"

	"github.com/towerlog/towerlog/replay"
)

// Seat is what a drawing shows of a player: the name in the legend and
// the colour of the followers.
type Seat struct {
	Name   string
	Colour string // a colour name of CGN ("red"); "" or an unknown name takes the seat's default
}

// Seats returns the seats of a replayed game's players, in seat order.
func Seats(g *replay.Game) []Seat {
	seats := make([]Seat, len(g.Players))
	for i, p := range g.Players {
		seats[i] = Seat{Name: p.Name, Colour: p.Colour}
	}
	return seats
}

// fills maps the colour names of CGN to the fills of the drawings. Names
// outside it (and anything else a record may hold) never reach the output.
var fills = map[string]string{
	"red": "#d7263d", "blue": "#1f5fd1", "green": "#178a35", "yellow": "#f6cd1c",
	"black": "#262626", "gray": "#9a9a9a", "grey": "#9a9a9a", "orange": "#f08a1c",
	"purple": "#7d3cb5", "pink": "#f27bbd", "white": "#fafafa", "brown": "#8b5a2b",
}

// seatFills are the fills of seats without a colour, in seat order: red,
// blue, green, yellow, black and gray, as JCloisterZone seats players.
var seatFills = []string{"#d7263d", "#1f5fd1", "#178a35", "#f6cd1c", "#262626", "#9a9a9a"}

// Fill returns the fill (an RGB colour such as "#d7263d") the drawings use
// for a colour name, in any case and with spaces around it ignored, and
// whether the palette knows the name.
func Fill(colour string) (string, bool) {
	f, ok := fills[strings.ToLower(strings.TrimSpace(colour))]
	return f, ok
}

// SeatFill returns the fill of seat p (0 for the first) whose colour name
// is c: the name's fill, or the seat's default when c is empty or unknown.
// The drawings and the report's charts give a player this one colour.
func SeatFill(c string, p int) string {
	if f, ok := Fill(c); ok {
		return f
	}
	return seatFills[p%len(seatFills)]
}
