package main

import (
	"fmt"
	"strings"
	"testing"
)

// eventsDB stores five games, each won 4-0 by its first player: the Cup
// (round 1 on 1 March 2025, Anna beats Bruno; round 2 on 8 March, Chloé
// beats Anna and Bruno beats Dmitri), the League (1 May, Dmitri beats
// Emil) and a game without an Event or Round tag (1 April, Emil beats
// Anna).
func eventsDB(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, g := range []struct{ tags, first, second string }{
		{"[Event \"Cup\"]\n[Round \"1\"]\n[Date \"2025.03.01\"]\n", "Anna", "Bruno"},
		{"[Event \"Cup\"]\n[Round \"2\"]\n[Date \"2025.03.08\"]\n", "Chloé", "Anna"},
		{"[Event \"Cup\"]\n[Round \"2\"]\n[Date \"2025.03.08\"]\n", "Bruno", "Dmitri"},
		{"[Event \"League\"]\n[Round \"1\"]\n[Date \"2025.05.01\"]\n", "Dmitri", "Emil"},
		{"[Date \"2025.04.01\"]\n", "Emil", "Anna"},
	} {
		fmt.Fprintf(&b, "%s[Players \"%s; %s\"]\n[Bag \"order E\"]\n[Result \"4-0\"]\n\n1. %s E@0,-1r180 +C:S\n\n", g.tags, g.first, g.second, g.first)
	}
	return ingestCGN(t, b.String())
}

// TestEvents: the events, the latest first, the games without an Event
// tag last. The Cup's leader is Chloé: Anna, Bruno and Chloé won one
// game each, and only Chloé's margin is above 0 (Anna +4-4, Bruno -4+4).
func TestEvents(t *testing.T) {
	db := eventsDB(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"events"},
			"EVENT       FIRST       LAST        GAMES  PLAYERS  ROUNDS  LEADER\n" +
				"League      2025-05-01  2025-05-01      1        2       1  Dmitri\n" +
				"Cup         2025-03-01  2025-03-08      3        4       2  Chloé\n" +
				"(no event)  2025-04-01  2025-04-01      1        2       1  Emil\n"},
		{[]string{"events", "--csv", "--player", "Anna"},
			"event,first,last,games,players,rounds,leader\n" +
				"Cup,2025-03-01,2025-03-08,2,3,2,Chloé\n" +
				"(no event),2025-04-01,2025-04-01,1,2,1,Emil\n"},
		{[]string{"events", "--json", "--until", "2025-03-01"},
			`{"name":"Cup","first":"2025-03-01","last":"2025-03-01","games":1,"players":2,"rounds":1,"leader":"Anna"}` + "\n"},
		{[]string{"standings", "--event", "(no event)", "--csv"},
			"player,round,place,points,margin\n" +
				"Emil,,1,4,4\n" +
				"Anna,,2,0,-4\n"},
	} {
		code, out, errOut := runCLI(t, append(c.args, "--db", db)...)
		if code != exitOK || out != c.want {
			t.Errorf("%v: %d %s\n%s\nwant\n%s", c.args, code, errOut, out, c.want)
		}
	}
	// --event completes the pseudo-event too.
	if _, out, _ := runCLI(t, "__complete", "stats", "--db", db, "--event", "("); out != "(no event)\n:4\n" {
		t.Errorf("completion of --event (: %q", out)
	}
}
