package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/analytics/filter"
)

// TestFilterFlagsFromFields: every field of filter.Fields is a
// flag of the commands that choose games, with its help, and a field
// added to the table is one too, in select from files (the matcher) and
// from the database (the SQL) alike. The added field reads games as
// turns does, under another name; the games it keeps are counted from
// the records' movetext (the JCloisterZone save of clubDir is a short
// game, never among them).
func TestFilterFlagsFromFields(t *testing.T) {
	saved := filter.Fields
	i := slices.IndexFunc(saved, func(f filter.Field) bool { return f.Name == "turns" })
	fake := saved[i]
	fake.Name, fake.Help = "length", "only games of so many turns, by another name"
	filter.Fields = append(slices.Clip(saved), fake)
	t.Cleanup(func() { filter.Fields = saved })

	var ff filterFlags
	cmd := &cobra.Command{Use: "x", RunE: func(*cobra.Command, []string) error { return nil }}
	addFilterFlags(cmd, &ff)
	for _, fld := range filter.Fields {
		if fl := cmd.Flags().Lookup(fld.Name); fl == nil || fl.Usage != fld.Help {
			t.Errorf("flag --%s: %+v, want one with the help %q", fld.Name, fl, fld.Help)
		}
	}
	cmd.SetArgs([]string{"--length", "70-", "--event", "Club night"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if f := ff.filter(); f.Turns != (filter.Range{Min: 70, Max: -1, Set: true}) || f.Event != "Club night" || ff.changed() != "event" {
		t.Errorf("filter %+v, first flag set %q", f, ff.changed())
	}

	dir := clubDir(t)
	var turns []int
	for _, name := range []string{"games-001.cgn", "games-002.cgn"} {
		for _, g := range readGames(t, filepath.Join(dir, name)) {
			turns = append(turns, len(g.Turns))
		}
	}
	slices.Sort(turns)
	median := turns[len(turns)/2]
	want := len(turns) - slices.Index(turns, median)
	if want == len(turns) {
		t.Fatalf("every game has %d turns or more: the filter would not choose", median)
	}
	length := strconv.Itoa(median) + "-"
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitInvalid {
		t.Fatalf("ingest: code %d %s", code, errOut)
	}
	for _, args := range [][]string{{"select", "--length", length, "--json", dir}, {"select", "--length", length, "--json", "--db", db}} {
		code, _, errOut := runCLI(t, args...)
		wantOut := fmt.Sprintf("%d of 61 games selected; 1 record failed validation\n", want)
		if args[len(args)-2] == "--db" {
			wantOut = fmt.Sprintf("%d of 61 stored games selected\n", want)
		}
		if code != exitOK || errOut[len(errOut)-len(wantOut):] != wantOut {
			t.Errorf("%q: code %d\n%s\nwant it to end with\n%s", args, code, errOut, wantOut)
		}
	}
}
