package main

import "testing"

// TestHints: a misspelt command, subcommand or flag gets the names near
// it; a value that cannot be read gets every form accepted.
func TestHints(t *testing.T) {
	db := eventsDB(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"review", "--rollout", "100", "x.cgn"},
			"towerlog: review has no flag --rollout (did you mean --rollouts?); usage: towerlog review GAME.cgn [flags] (see towerlog review --help)\n"},
		{[]string{"stats", "--evnt", "Cup"},
			"towerlog: stats has no flag --evnt (did you mean --event?); usage: towerlog stats [flags] (see towerlog stats --help)\n"},
		{[]string{"stats", "--colour"},
			"towerlog: stats has no flag --colour; usage: towerlog stats [flags] (see towerlog stats --help)\n"},
		{[]string{"evnts"},
			"towerlog: unknown command \"evnts\" (did you mean events?); the commands are listed by towerlog --help\n"},
		{[]string{"games", "lsit"},
			"towerlog: towerlog games has no command \"lsit\" (did you mean list?); its commands are listed by towerlog games --help\n"},
		{[]string{"stats", "--db", db, "--since", "2026-13"},
			"towerlog: --since \"2026-13\": give a date as YYYY-MM-DD, YYYY-MM or YYYY (2025-03-08, 2025-03 or 2025)\n"},
		{[]string{"review", "--budget", "3", "x.cgn"},
			"towerlog: --budget \"3\": give a duration: a number and a unit, as 90s, 10m or 1h30m\n"},
		{[]string{"review", "--turns", "1-3", "x.cgn"},
			"towerlog: --turns \"1-3\": give whole numbers separated by commas, as 9,18,27\n"},
	} {
		code, out, errOut := runCLI(t, c.args...)
		if code != exitUsage || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr\n%s\nwant\n%s", c.args, code, out, errOut, c.want)
		}
	}
}
