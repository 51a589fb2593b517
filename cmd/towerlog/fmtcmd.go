package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

type fmtOptions struct {
	write bool
	check bool
}

func newFmtCmd() *cobra.Command {
	var o fmtOptions
	cmd := &cobra.Command{
		Use:   "fmt [-w | --check] [PATH...]",
		Short: "Rewrite CGN files in canonical form",
		Long: `fmt writes CGN files in the one canonical form, as gofmt does for Go: by
default to standard output, with -w back into the files (only those that
change), with --check only listing the files that are not canonical (exit
status 1 if any). A file with syntax errors is never rewritten. Without a
PATH, fmt reads standard input and writes its canonical form to standard
output.`,
		Example: `  towerlog fmt game.cgn
  towerlog fmt -w archive/
  towerlog fmt --check archive/
  towerlog generate --games 2 | towerlog fmt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := exclusive(cmd, "write", "check"); err != nil {
				return err
			}
			if len(args) == 0 {
				if o.write {
					return usageError("fmt -w needs a PATH: standard input cannot be written back")
				}
				return runFmtStdin(cmd, o)
			}
			return runFmt(cmd, args, o)
		},
	}
	cmd.Flags().BoolVarP(&o.write, "write", "w", false, "write the canonical form back into the files")
	cmd.Flags().BoolVar(&o.check, "check", false, "list the files that are not canonical; change nothing")
	return cmd
}

// stdinName names standard input in messages, as gofmt does.
const stdinName = "<standard input>"

func runFmtStdin(cmd *cobra.Command, o fmtOptions) error {
	src, err := io.ReadAll(cmd.InOrStdin())
	if err != nil {
		return &exitError{exitUsage, err}
	}
	canon, ok, err := canonical(cmd, stdinName, src)
	switch {
	case err != nil:
		return err
	case !ok:
		return &exitError{exitInvalid, fmt.Errorf("%s has syntax errors", stdinName)}
	case o.check:
		if !bytes.Equal(canon, src) {
			if err := say(cmd.OutOrStdout(), "%s\n", stdinName); err != nil {
				return err
			}
			return &exitError{exitInvalid, fmt.Errorf("%s is not in canonical form", stdinName)}
		}
		return nil
	}
	if _, err := cmd.OutOrStdout().Write(canon); err != nil {
		return &exitError{exitUsage, err}
	}
	return nil
}

// canonical returns the canonical form of the CGN text src read from
// name; with syntax errors it writes them to standard error, as validate
// does, and returns false.
func canonical(cmd *cobra.Command, name string, src []byte) ([]byte, bool, error) {
	games, err := record.Parse(bytes.NewReader(src), name)
	if printSyntaxErrors(cmd.ErrOrStderr(), err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, &exitError{exitUsage, err}
	}
	var buf bytes.Buffer
	if err := record.FormatFile(&buf, games); err != nil {
		return nil, false, &exitError{exitUsage, err}
	}
	return buf.Bytes(), true, nil
}

func runFmt(cmd *cobra.Command, args []string, o fmtOptions) error {
	files, err := replay.ExpandPaths(args)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	out := cmd.OutOrStdout()
	var broken, changed int
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		canon, ok, err := canonical(cmd, file, src)
		if err != nil {
			return err
		}
		if !ok {
			broken++
			continue
		}
		same := bytes.Equal(canon, src)
		switch {
		case o.check:
			if !same {
				changed++
				if err := say(out, "%s\n", file); err != nil {
					return err
				}
			}
		case o.write:
			if !same {
				changed++
				if err := atomicfile.WriteFile(file, canon); err != nil {
					return &exitError{exitUsage, err}
				}
			}
		default:
			if _, err := out.Write(canon); err != nil {
				return &exitError{exitUsage, err}
			}
		}
	}
	switch {
	case broken > 0:
		return &exitError{exitInvalid, fmt.Errorf("%s with syntax errors", count(broken, "file"))}
	case o.check && changed > 0:
		return &exitError{exitInvalid, fmt.Errorf("%s not in canonical form", count(changed, "file"))}
	}
	return nil
}
