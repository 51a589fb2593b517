package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/towerlog/towerlog/internal/suggest"
	"github.com/towerlog/towerlog/replay"
)

// The checks of positional arguments and the messages of bad flags, in
// towerlog's words: what is wrong, then the usage line and where the help is.

// usage ends a message about the command line of cmd.
func usage(cmd *cobra.Command) string {
	return fmt.Sprintf("usage: %s (see %s --help)", cmd.UseLine(), cmd.CommandPath())
}

// noArgs accepts no positional argument; one given to a command of
// subcommands is an unknown subcommand.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 && cmd.HasAvailableSubCommands() {
		return usageError("%s has no command %q%s; its commands are listed by %s --help", cmd.CommandPath(), args[0], commandHint(cmd, args[0]), cmd.CommandPath())
	}
	if len(args) > 0 {
		return usageError("%s takes no arguments, yet got %q; %s", cmd.Name(), args[0], usage(cmd))
	}
	return nil
}

// oneArg accepts exactly one positional argument, named what.
func oneArg(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return usageError("%s needs a %s; %s", cmd.Name(), what, usage(cmd))
		case len(args) > 1:
			return usageError("%s takes one %s, yet got %d arguments; %s", cmd.Name(), what, len(args), usage(cmd))
		}
		return nil
	}
}

// someArgs accepts one positional argument or more, named what.
func someArgs(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageError("%s needs at least one %s; %s", cmd.Name(), what, usage(cmd))
		}
		return nil
	}
}

// atMostOneArg accepts no positional argument or one, named what.
func atMostOneArg(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > 1 {
			return usageError("%s takes at most one %s, yet got %d arguments; %s", cmd.Name(), what, len(args), usage(cmd))
		}
		return nil
	}
}

// exclusive refuses flags of cmd given together.
func exclusive(cmd *cobra.Command, names ...string) error {
	var set []string
	for _, n := range names {
		if cmd.Flags().Changed(n) {
			set = append(set, "--"+n)
		}
	}
	if len(set) > 1 {
		return usageError("%s cannot be used together; %s", strings.Join(set, " and "), usage(cmd))
	}
	return nil
}

// flagError rewords an error of the flag parser.
func flagError(cmd *cobra.Command, err error) error {
	var (
		notExist *pflag.NotExistError
		noValue  *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		name := "--" + notExist.GetSpecifiedName()
		if s := notExist.GetSpecifiedShortnames(); s != "" {
			name = "-" + notExist.GetSpecifiedName()[:1]
		}
		return usageError("%s has no flag %s%s; %s", cmd.Name(), name, flagHint(cmd, notExist), usage(cmd))
	case errors.As(err, &noValue):
		return usageError("--%s needs a value; %s", noValue.GetFlag().Name, usage(cmd))
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return usageError("--%s %q: %s", f.Name, invalid.GetValue(), wantedValue(f.Value.Type()))
	case errors.As(err, &syntax):
		return usageError("%q is no flag; %s", syntax.GetSpecifiedFlag(), usage(cmd))
	}
	return usageError("%v; %s", err, usage(cmd))
}

// wantedValue says what a flag of a pflag type takes.
func wantedValue(typ string) string {
	switch typ {
	case "int", "int64":
		return "give a whole number"
	case "uint64", "uint":
		return "give a whole number, 0 or more"
	case "bool":
		return "give true or false"
	case "range":
		return "give N, N-M, N- (at least N) or -M (at most M)"
	case "duration":
		return "give a duration: a number and a unit, as 90s, 10m or 1h30m"
	case "intSlice":
		return "give whole numbers separated by commas, as 9,18,27"
	case "float64":
		return "give a number, as 0.5"
	}
	return "not a valid " + typ
}

// flagHint is " (did you mean --rollouts?)" for a flag of cmd whose name is
// near that of the unknown flag of e, "" when none is.
func flagHint(cmd *cobra.Command, e *pflag.NotExistError) string {
	if e.GetSpecifiedShortnames() != "" {
		return ""
	}
	known := map[string]bool{}
	for _, fs := range []*pflag.FlagSet{cmd.Flags(), cmd.InheritedFlags()} {
		fs.VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				known[f.Name] = true
			}
		})
	}
	near := suggest.Nearest(e.GetSpecifiedName(), known)
	if len(near) == 0 {
		return ""
	}
	for i := range near {
		near[i] = "--" + near[i]
	}
	return " (did you mean " + strings.Join(near, " or ") + "?)"
}

// commandHint is " (did you mean list?)" for the subcommands of cmd whose
// names are near name (suggest.Nearest, as for flags and names), and
// those cobra suggests (a SuggestFor of theirs), "" when none is.
func commandHint(cmd *cobra.Command, name string) string {
	known := map[string]bool{}
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			known[c.Name()] = true
		}
	}
	near := suggest.Nearest(name, known)
	for _, s := range cmd.SuggestionsFor(name) {
		if !slices.Contains(near, s) {
			near = append(near, s)
		}
	}
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near, " or ") + "?)"
}

// checkCommand refuses a first argument that names no command, in
// towerlog's words and with the commands whose names are close.
func checkCommand(root *cobra.Command, args []string) error {
	switch {
	case len(args) == 0, strings.HasPrefix(args[0], "-"),
		// Commands cobra adds as it runs: help, shell completion, and
		// the requests of completion scripts.
		args[0] == "help", args[0] == "completion",
		args[0] == cobra.ShellCompRequestCmd, args[0] == cobra.ShellCompNoDescRequestCmd:
		return nil
	}
	for _, c := range root.Commands() {
		if c.Name() == args[0] || c.HasAlias(args[0]) {
			return nil
		}
	}
	return usageError("unknown command %q%s; the commands are listed by towerlog --help", args[0], commandHint(root, args[0]))
}

// addJobsFlag adds -j/--jobs, how many games a command replays at once, to
// cmd; checkJobs checks it.
func addJobsFlag(cmd *cobra.Command, n *int) {
	cmd.Flags().IntVarP(n, "jobs", "j", 0, fmt.Sprintf("games replayed at once (default: one per core; at most %d)", replay.MaxWorkers))
}

// checkJobs refuses a negative --jobs, and caps one above
// replay.MaxWorkers at it, saying so: more would only cost memory.
func checkJobs(cmd *cobra.Command, n *int) error {
	return capJobs(cmd, n, replay.MaxWorkers, "replaying %d games at once")
}

// capJobs refuses a negative --jobs, and caps one above most at it with a
// message that says what is done at once (doing, with a %d for most).
func capJobs(cmd *cobra.Command, n *int, most int, doing string) error {
	switch {
	case *n < 0:
		return usageError("--jobs %d: give a positive number, or 0 for one per core", *n)
	case *n > most:
		fmt.Fprintf(cmd.ErrOrStderr(), "towerlog: --jobs %d is more than %d: "+doing+"\n", *n, most, most)
		*n = most
	}
	return nil
}
