package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"
)

// version is the program version; release builds set it with
// -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit codes shared by every command.
const (
	exitOK          = 0
	exitInvalid     = 1   // the input was read but is not valid (an illegal game, a failed check)
	exitUsage       = 2   // bad usage or an I/O error
	exitInterrupted = 130 // stopped by an interrupt (Ctrl-C) or SIGTERM, as shells report 128+SIGINT
)

// exitError carries a specific exit code through cobra's error return.
// With a nil err the command has said all there is to say: the process
// exits with code and prints nothing more.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}
func (e *exitError) Unwrap() error { return e.err }

// exitCode maps an error returned by a command to the process exit code.
func exitCode(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	return exitUsage
}

// usageError is an error of the command line, exit status 2.
func usageError(format string, args ...any) error {
	return &exitError{exitUsage, fmt.Errorf(format, args...)}
}

// newRootCmd builds the towerlog command with every subcommand. stop ends
// what the root's flags started (the --cpuprofile profile); call it once
// the command has run.
func newRootCmd() (root *cobra.Command, stop func()) {
	root = &cobra.Command{
		Use:   "towerlog",
		Short: "Record, replay, verify and analyse Carcassonne games with The Tower",
		Long: `towerlog reads and writes CGN (Carcassonne Game Notation) records of
Carcassonne games with the expansion The Tower. It verifies that every move
of a record was legal, reconstructs the state at any turn, and turns game
archives into HTML reports.

Exit status of every command: 0 success, 1 invalid input (an illegal game,
a failed check), 2 usage or I/O error, 130 interrupted.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("towerlog {{.Version}}\n")
	root.AddCommand(
		newValidateCmd(),
		newReplayCmd(),
		newReviewCmd(),
		newLuckCmd(),
		newFmtCmd(),
		newGenerateCmd(),
		newTilesCmd(),
		newIngestCmd(),
		newReportCmd(),
		newSelectCmd(),
		newGamesCmd(),
		newStatsCmd(),
		newStandingsCmd(),
		newEventsCmd(),
		newSiteCmd(),
		newCheckCmd(),
		newImportCmd(),
		newExportCmd(),
		newDemoCmd(),
		newVersionCmd(),
	)
	root.SetFlagErrorFunc(flagError)
	// --cpuprofile writes a CPU profile of the whole command, for
	// `go tool pprof`; hidden because it serves the program's own tuning.
	var profile string
	stopProfile := func() {}
	root.PersistentFlags().StringVar(&profile, "cpuprofile", "", "write a CPU profile to `FILE`")
	_ = root.PersistentFlags().MarkHidden("cpuprofile")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if profile == "" {
			return nil
		}
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return err
		}
		stopProfile = func() {
			pprof.StopCPUProfile()
			f.Close()
		}
		return nil
	}
	return root, func() { stopProfile() }
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the towerlog version",
		Example: "  towerlog version\n  towerlog --version",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "towerlog %s\n", version)
			return err
		},
	}
}
