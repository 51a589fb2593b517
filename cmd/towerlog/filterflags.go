package main

import (
	"errors"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics"
)

// filterFlags are the flags that choose games, the same for every command
// that reads a selection of games (select, report, stats, standings,
// games list). They fill an analytics.Filter.
type filterFlags struct {
	f     analytics.Filter
	rules []string
}

// rangeValue is a pflag.Value of an analytics.Range.
type rangeValue struct{ r *analytics.Range }

func (v rangeValue) String() string { return v.r.String() }
func (v rangeValue) Type() string   { return "range" }
func (v rangeValue) Set(s string) error {
	r, err := analytics.ParseRange(s)
	if err != nil {
		return err
	}
	*v.r = r
	return nil
}

// filterFlagNames are the names of the flags addFilterFlags adds.
var filterFlagNames = []string{"player", "seat", "event", "site", "round", "since", "until", "rules", "result",
	"winner", "players", "turns", "captures", "ransoms", "tower", "captor", "victim"}

// addFilterFlags adds the flags that choose games to cmd.
func addFilterFlags(cmd *cobra.Command, ff *filterFlags) {
	f := cmd.Flags()
	f.StringArrayVar(&ff.f.Players, "player", nil, "only games this player took part in (repeat it: games of all of them)")
	f.IntVar(&ff.f.Seat, "seat", 0, "with one --player: only games where that player had this seat (1 plays first)")
	f.StringVar(&ff.f.Event, "event", "", "only games of this event (the Event tag)")
	f.StringVar(&ff.f.Site, "site", "", "only games played at this site (the Site tag)")
	f.StringVar(&ff.f.Round, "round", "", "only games of this round (the Round tag)")
	f.StringVar(&ff.f.Since, "since", "", "only games played on or after this date (YYYY-MM-DD, YYYY-MM or YYYY)")
	f.StringVar(&ff.f.Until, "until", "", "only games played on or before this date (YYYY-MM-DD, YYYY-MM or YYYY)")
	f.StringArrayVar(&ff.rules, "rules", nil, `only games played with these rules words ("guard-capture=no range=diagonal")`)
	f.StringVar(&ff.f.Result, "result", "", "only games with this result: finished, unfinished, shared (first place) or scores (57-43)")
	f.StringVar(&ff.f.Winner, "winner", "", "only games this player won alone")
	f.Var(rangeValue{&ff.f.Seats}, "players", "only games of so many players: N, N-M, N- or -M")
	f.Var(rangeValue{&ff.f.Turns}, "turns", "only games of so many turns: N, N-M, N- or -M")
	f.Var(rangeValue{&ff.f.Captures}, "captures", "only games with so many followers captured by towers: N, N-M, N- or -M")
	f.Var(rangeValue{&ff.f.Ransoms}, "ransoms", "only games with so many ransoms paid: N, N-M, N- or -M")
	f.Var(rangeValue{&ff.f.Tower}, "tower", "only games whose highest tower ended so high: N, N-M, N- or -M")
	f.StringVar(&ff.f.Captor, "captor", "", "only games in which this player's tower captured an opponent's follower (of --victim if given)")
	f.StringVar(&ff.f.Victim, "victim", "", "only games in which an opponent's tower captured this player's follower (--captor's if given)")
	registerFilterCompletions(cmd)
}

// filter returns the Filter the flags set.
func (ff *filterFlags) filter() analytics.Filter {
	f := ff.f
	f.Rules = nil
	for _, r := range ff.rules {
		f.Rules = append(f.Rules, strings.Fields(r)...)
	}
	return f
}

// filterChanged returns the first filter flag set on cmd, or "".
func filterChanged(cmd *cobra.Command) string {
	for _, n := range filterFlagNames {
		if cmd.Flags().Changed(n) {
			return n
		}
	}
	return ""
}

// selectionError gives an error of reading a selection of games its exit
// status: 1 when no game matches the filters, 2 for a filter that cannot
// be used and for any other failure.
func selectionError(err error) error {
	var none *analytics.NoGamesError
	if errors.As(err, &none) {
		return &exitError{exitInvalid, err}
	}
	return &exitError{exitUsage, err}
}

// completeNames offers, for shell completion, the names the database of
// the command's --db knows: players, or events, sites or rounds (which
// picks them from an analytics.Known). A database that does not exist is
// not created.
func completeNames(which func(*analytics.Known) map[string]bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		db := defaultDB
		if f := cmd.Flag("db"); f != nil {
			db = f.Value.String()
		}
		if _, err := os.Stat(db); err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		s, err := analytics.OpenReadOnly(cmd.Context(), db)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer s.Close()
		k, err := s.KnownNames(cmd.Context())
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for name := range which(k) {
			if strings.HasPrefix(strings.ToLower(name), strings.ToLower(toComplete)) {
				out = append(out, name)
			}
		}
		sort.Strings(out)
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// registerFilterCompletions makes the shell complete the filters' names
// from the database.
func registerFilterCompletions(cmd *cobra.Command) {
	players := completeNames(func(k *analytics.Known) map[string]bool { return k.Players })
	for _, f := range []string{"player", "winner", "captor", "victim"} {
		_ = cmd.RegisterFlagCompletionFunc(f, players)
	}
	_ = cmd.RegisterFlagCompletionFunc("event", completeNames(func(k *analytics.Known) map[string]bool { return k.Events }))
	_ = cmd.RegisterFlagCompletionFunc("site", completeNames(func(k *analytics.Known) map[string]bool { return k.Sites }))
	_ = cmd.RegisterFlagCompletionFunc("round", completeNames(func(k *analytics.Known) map[string]bool { return k.Rounds }))
}
