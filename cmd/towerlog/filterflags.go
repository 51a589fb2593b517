package main

import (
	"context"
	"errors"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"

	"github.com/towerlog/towerlog/internal/collation"
)

// filterFlags are the flags that choose games, the same for every command
// that reads a selection of games (select, report, stats, standings,
// games list): one for each of filter.Fields, named as the field.
// They fill an filter.Filter.
type filterFlags struct {
	f filter.Filter
	// set holds the filter flags alone, in the order of filter.Fields; the
	// command's flags share them.
	set *pflag.FlagSet
}

// rangeValue is a pflag.Value of an filter.Range.
type rangeValue struct{ r *filter.Range }

func (v rangeValue) String() string { return v.r.String() }
func (v rangeValue) Type() string   { return "range" }
func (v rangeValue) Set(s string) error {
	r, err := filter.ParseRange(s)
	if err != nil {
		return err
	}
	*v.r = r
	return nil
}

// addFilterFlags adds to cmd a flag for each field of
// filter.Fields, which completes names from the database when
// the field takes names.
func addFilterFlags(cmd *cobra.Command, ff *filterFlags) {
	ff.set = pflag.NewFlagSet("filters", pflag.ContinueOnError)
	ff.set.SortFlags = false
	for i := range filter.Fields {
		fld := &filter.Fields[i]
		switch v := fld.Value(&ff.f).(type) {
		case *string:
			ff.set.StringVar(v, fld.Name, "", fld.Help)
		case *[]string:
			ff.set.StringArrayVar(v, fld.Name, nil, fld.Help)
		case *int:
			ff.set.IntVar(v, fld.Name, 0, fld.Help)
		case *filter.Range:
			ff.set.Var(rangeValue{v}, fld.Name, fld.Help)
		}
	}
	cmd.Flags().AddFlagSet(ff.set)
	for i := range filter.Fields {
		if fld := &filter.Fields[i]; fld.TakesNames() {
			_ = cmd.RegisterFlagCompletionFunc(fld.Name, completeNames(fld.Names))
		}
	}
}

// filter returns the Filter the flags set.
func (ff *filterFlags) filter() filter.Filter { return ff.f }

// changed returns the first filter flag set, or "".
func (ff *filterFlags) changed() string {
	first := ""
	ff.set.VisitAll(func(f *pflag.Flag) {
		if f.Changed && first == "" {
			first = f.Name
		}
	})
	return first
}

// flagWord names a filter field as the command line does: by its flag.
func flagWord(field string) string { return "--" + field }

// message is the text of an error as the command line says it: the
// store's errors name filter fields, which are flags here, and a game the
// database does not hold comes with the command that lists those it does.
// An error wrapped with more context keeps the store's words.
func message(err error) string {
	for {
		ee, ok := err.(*exitError)
		if !ok || ee.err == nil {
			break
		}
		err = ee.err
	}
	switch e := err.(type) {
	case *filter.Error:
		return e.Text(flagWord)
	case *filter.NoGamesError:
		return e.Text(flagWord)
	case *analytics.UnknownGameError:
		if e.Matches <= 1 {
			return e.Error() + " (see towerlog games list)"
		}
	}
	return err.Error()
}

// selectionError gives an error of reading a selection of games its exit
// status: 1 when no game matches the filters, 2 for a filter that cannot
// be used and for any other failure.
func selectionError(err error) error {
	var none *filter.NoGamesError
	if errors.As(err, &none) {
		return &exitError{exitInvalid, err}
	}
	return &exitError{exitUsage, err}
}

// storeError gives an error of reading the database db its exit status,
// as selectionError does, and names the database in an error of its own
// (a damaged file, a row that cannot be read: *analytics.ReadError), one
// line. Errors that say something of the command line, of writing a file
// (*fs.PathError) or that the command stopped are as they were.
func storeError(db string, err error) error {
	var none *filter.NoGamesError
	var fe *filter.Error
	var ue *analytics.UnknownGameError
	var pe *fs.PathError
	var ee *exitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ee):
		return err
	case errors.As(err, &none), errors.As(err, &fe), errors.As(err, &ue), errors.As(err, &pe),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return selectionError(err)
	}
	return &exitError{exitUsage, &analytics.ReadError{Path: db, Err: err}}
}

// completeNames offers, for shell completion, the names the database of
// the command's --db knows: players, or events, sites or rounds (which
// picks them from an filter.Known). A database that does not exist is
// not created.
func completeNames(which func(*filter.Known) map[string]bool) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		db := defaultDB
		if f := cmd.Flag("db"); f != nil {
			db = f.Value.String()
		}
		s, err := openExisting(cmd.Context(), db)
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
		collation.Sort(out)
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
