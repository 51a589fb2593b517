package main

import (
	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/internal/table"
)

// queryOptions are the flags of the commands that print tables of the
// database's games, as text, CSV or JSON: stats and standings.
type queryOptions struct {
	db        string
	json, csv bool
	wide      bool
	filter    filterFlags
}

// format is the format of the command's table: CSV with --csv, else text.
func (o queryOptions) format() table.Format {
	if o.csv {
		return table.CSV
	}
	return table.Text
}

// queryFlags gives cmd the flags of queryOptions (jsonHelp and csvHelp
// say what --json and --csv write) and makes it call run with them once
// it has refused --json and --csv given together.
func queryFlags(cmd *cobra.Command, jsonHelp, csvHelp string, run func(*cobra.Command, queryOptions) error) *cobra.Command {
	var o queryOptions
	cmd.Args = noArgs
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if err := exclusive(cmd, "json", "csv"); err != nil {
			return err
		}
		return run(cmd, o)
	}
	cmd.Flags().StringVar(&o.db, "db", defaultDB, "database file")
	cmd.Flags().BoolVar(&o.json, "json", false, jsonHelp)
	cmd.Flags().BoolVar(&o.csv, "csv", false, csvHelp)
	addWideFlag(cmd, &o.wide)
	addFilterFlags(cmd, &o.filter)
	return cmd
}

// writeTable writes values under fields as the command's table: CSV with
// --csv, else text fitted to the width (tableWidth), saying what columns
// it left out.
func writeTable[T any](cmd *cobra.Command, o queryOptions, fields []table.Field[T], values []T) error {
	width := tableWidth(cmd, o.wide)
	dropped, err := table.WriteFit(cmd.OutOrStdout(), o.format(), width, fields, values)
	sayDropped(cmd, dropped, width)
	return err
}
