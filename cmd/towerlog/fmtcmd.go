package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

func init() { register(newFmtCmd) }

type fmtOptions struct {
	write bool
	check bool
}

func newFmtCmd() *cobra.Command {
	var o fmtOptions
	cmd := &cobra.Command{
		Use:   "fmt [-w | --check] PATH...",
		Short: "Rewrite CGN files in canonical form",
		Long: `fmt writes CGN files in the one canonical form, as gofmt does for Go: by
default to standard output, with -w back into the files (only those that
change), with --check only listing the files that are not canonical (exit
status 1 if any). A file with syntax errors is never rewritten.`,
		Example: `  towerlog fmt game.cgn
  towerlog fmt -w archive/
  towerlog fmt --check archive/`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFmt(cmd, args, o)
		},
	}
	cmd.Flags().BoolVarP(&o.write, "write", "w", false, "write the canonical form back into the files")
	cmd.Flags().BoolVar(&o.check, "check", false, "list the files that are not canonical; change nothing")
	cmd.MarkFlagsMutuallyExclusive("write", "check")
	return cmd
}

func runFmt(cmd *cobra.Command, args []string, o fmtOptions) error {
	files, err := replay.ExpandPaths(args)
	if err != nil {
		return &exitError{exitUsage, err}
	}
	out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
	var broken, changed int
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return &exitError{exitUsage, err}
		}
		games, err := record.Parse(bytes.NewReader(src), file)
		if err != nil {
			broken++
			if list, ok := err.(record.ErrorList); ok {
				fmt.Fprintln(errOut, strings.TrimRight(list.Excerpt(), "\n"))
			} else {
				fmt.Fprintln(errOut, err)
			}
			continue
		}
		var buf bytes.Buffer
		if err := record.FormatFile(&buf, games); err != nil {
			return &exitError{exitUsage, err}
		}
		same := bytes.Equal(buf.Bytes(), src)
		switch {
		case o.check:
			if !same {
				changed++
				fmt.Fprintln(out, file)
			}
		case o.write:
			if !same {
				changed++
				if err := writeAtomic(file, buf.Bytes()); err != nil {
					return &exitError{exitUsage, err}
				}
			}
		default:
			if _, err := out.Write(buf.Bytes()); err != nil {
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

// writeAtomic replaces a file's content through a temporary file and a
// rename, so the file is never left half written; its mode is kept, and a
// symbolic link stays a link: the file it points to is rewritten.
func writeAtomic(path string, data []byte) error {
	path, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".towerlog-fmt-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
