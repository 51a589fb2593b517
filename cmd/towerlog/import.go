package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/format"
	"github.com/towerlog/towerlog/internal/atomicfile"
	"github.com/towerlog/towerlog/record"
)

type importOptions struct {
	out   string
	force bool
}

func newImportCmd() *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "import FILE|LINK... [-o OUT]",
		Short: "Convert JCloisterZone saves, BoardGameArena table logs and CarcassonneLab links to CGN",
		Long: `import reads games of other programs and writes each in CGN, replayed and
checked on the way, with declared scores after every turn:

  - JCloisterZone saves (FILE.jcz, version 5.7 and later), with the clocks
    of the save, a Bag tag when the save prepared its draw order, and the
    tags that towerlog export kept in the save (gameAnnotations.cgnTags:
    Site, Round, ...). Both editions of the base game (basic:1, basic:2)
    and of The Tower are read; an Edition tag keeps a later one.
  - BoardGameArena table logs (JSON as BoardGameArena or a replay page
    saves it, any file name): every winPoints of the log and its final
    scores must equal the engine's, or the log is refused naming the
    turn, the player and both figures.
  - CarcassonneLab links: one on the command line, a text file of links
    (one a line), or a CSV file with a URL column, whose Game ID, Edition
    (or Tournament), Round and Date columns become the Site, Event, Round
    and Date tags. A file of links gives one game a link.

Without -o each FILE becomes FILE.cgn next to it (a link given on the
command line goes to standard output; two inputs that would write one
file are refused before anything is written); -o OUT writes every game into OUT
("-" for standard output). See docs/import.md.

A save or a log that stops inside the game gives the turns before it,
unfinished, with a warning. Games towerlog does not play (other
expansions, other games, saves older than 5.7) are refused as
unsupported, games with a move the rules refuse or a score that differs
as invalid, broken logs and links as unreadable, each on one line with
the file, the place in it (line:column, packet, character), the turn,
the player and the reason; the other games are still converted. Output
files appear only once complete.

Exit status: 0 when every game was converted, 1 when any was refused or
an input holds no game (a file of no game format, a CGN file, a directory
without a save), 2 on usage or I/O errors (a file that cannot be read, a
file or a link past its limit): the verdict of every command on that
input (docs/import.md, "Exit codes").`,
		Example: `  towerlog import bug-report.jcz
  towerlog import saves/*.jcz -o imported.cgn
  towerlog import 366166200.json
  towerlog import 'https://www.carcassonnelab.com/#/0/0/qm9V.../2111...?players=A,B&colors=red,blue'
  towerlog import league.csv -o league.cgn`,
		Args: someArgs("FILE or LINK"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runImport(cmd, args, o)
		},
	}
	cmd.Flags().StringVarP(&o.out, "output", "o", "", `write every game into this file ("-" for standard output)`)
	cmd.Flags().BoolVar(&o.force, "force", false, "replace existing files")
	return cmd
}

// importRun counts what an import converted and refused.
type importRun struct {
	errOut   io.Writer
	force    bool
	games    int
	refused  int // games refused (unreadable, unsupported, invalid)
	noFormat int // inputs of no format import reads
	code     int // the worst verdict of an input that could not be read
}

// importArg reads the games of one argument (a save, a log, a list of
// links, a link) and hands add each game converted. What it refuses, and
// an input it cannot read, it says on errOut and counts; the error it
// returns is add's.
func (ir *importRun) importArg(arg string, add func(*record.Game) error) error {
	var addErr error
	err := format.Import(arg, func(rg *record.Game, warnings []string, refused error) error {
		if refused != nil {
			ir.refuse(refused)
			return nil
		}
		for _, w := range warnings {
			fmt.Fprintln(ir.errOut, w)
		}
		if rg == nil {
			return nil
		}
		ir.games++
		addErr = add(rg)
		return addErr
	})
	switch {
	case addErr != nil:
		return addErr
	case err != nil:
		ir.refuse(err)
	}
	return nil
}

// refuse says why a game or an input is not converted, and counts it.
func (ir *importRun) refuse(err error) {
	if r, ok := errors.AsType[*format.Refusal](err); ok {
		ir.refused++
		fmt.Fprintf(ir.errOut, "%v (%s)\n", err, r.Kind)
		return
	}
	fmt.Fprintln(ir.errOut, "towerlog:", err)
	if code := inputVerdict(err); code == exitInvalid {
		ir.noFormat++
	} else {
		ir.code = max(ir.code, code)
	}
}

func runImport(cmd *cobra.Command, args []string, o importOptions) error {
	files := importInputs(cmd.ErrOrStderr(), args)
	if err := checkOutput(o.out, append(files.Files, args...), o.force); err != nil {
		return &exitError{exitUsage, err}
	}
	ir := &importRun{errOut: cmd.ErrOrStderr(), force: o.force, code: files.code, noFormat: files.noFormat}
	if files.code == exitInvalid {
		ir.code = exitOK // said by noFormat
	}
	inputCount := len(files.Files) + len(files.Refused)
	args = files.Files
	var err error
	if o.out != "" {
		err = ir.importInto(cmd.OutOrStdout(), o.out, args, args, false)
	} else {
		var outs []string
		if outs, err = importOutputs(args); err != nil {
			return &exitError{exitUsage, err}
		}
		for i, path := range args {
			if err = ir.importInto(cmd.OutOrStdout(), outs[i], []string{path}, args, true); err != nil {
				break
			}
		}
	}
	switch {
	case err != nil:
		return &exitError{exitUsage, err}
	case ir.code != exitOK:
		return &exitError{code: ir.code}
	case ir.noFormat > 0:
		return &exitError{exitInvalid, fmt.Errorf("%d of %d inputs are of no format import reads", ir.noFormat, inputCount)}
	case ir.refused > 0:
		return &exitError{exitInvalid, fmt.Errorf("%d of %d games were refused", ir.refused, ir.refused+ir.games)}
	}
	return nil
}

// importInputs are the inputs of import: the files and links named, and
// the saves of the directories named. The CGN files of a directory are
// skipped, as its other files are: they are CGN already.
func importInputs(errOut io.Writer, args []string) inputs {
	named := map[string]bool{}
	for _, a := range args {
		named[a] = true
	}
	in := readInputs(errOut, args)
	files, cgn := in.Files[:0], 0
	for _, f := range in.Files {
		if !named[f] && strings.EqualFold(filepath.Ext(f), ".cgn") {
			cgn++
			continue
		}
		files = append(files, f)
	}
	in.Files = files
	if cgn > 0 {
		fmt.Fprintf(errOut, "towerlog: %s skipped (CGN already)\n", count(cgn, ".cgn file"))
	}
	return in
}

// importOutputs names the output of each argument without -o: FILE.cgn
// beside FILE, or standard output for a link. Two inputs that would write
// one file (g.json and g.csv) are a usage error, found before anything is
// written, so that neither replaces the other's games.
func importOutputs(args []string) ([]string, error) {
	outs := make([]string, len(args))
	first := map[string]string{} // output: the argument that writes it
	for i, path := range args {
		outs[i] = "-" // a link on the command line: standard output
		if _, err := os.Stat(path); err != nil {
			continue
		}
		outs[i] = strings.TrimSuffix(path, filepath.Ext(path)) + ".cgn"
		key := filepath.Clean(outs[i])
		if other, ok := first[key]; ok {
			return nil, fmt.Errorf("%s and %s would both be written to %s: give -o, or import them one at a time", other, path, outs[i])
		}
		first[key] = path
	}
	return outs, nil
}

// errNoGames abandons an output file that would hold no game.
var errNoGames = errors.New("no games")

// importInto imports the games of paths into out ("-": stdout), one game
// at a time, so that memory does not grow with the number of games. A
// file appears only once complete, and not at all without a game; it is
// named with its source when perFile is set.
func (ir *importRun) importInto(stdout io.Writer, out string, paths, inputs []string, perFile bool) error {
	if err := checkOutput(out, inputs, ir.force); err != nil {
		return err
	}
	n := 0
	write := func(w io.Writer) error {
		for _, path := range paths {
			err := ir.importArg(path, func(rg *record.Game) error {
				n++
				b := record.AppendGame(nil, rg)
				if n > 1 {
					b = append([]byte("\n"), b...)
				}
				_, err := w.Write(b)
				return err
			})
			if err != nil {
				return err
			}
		}
		if n == 0 {
			return errNoGames
		}
		return nil
	}
	var err error
	if out == "-" {
		err = write(stdout)
	} else {
		err = atomicfile.Write(out, write)
	}
	switch {
	case errors.Is(err, errNoGames):
		return nil
	case err != nil || out == "-":
		return err
	case !perFile:
		return say(stdout, "wrote %s (%s)\n", out, count(n, "game"))
	case n == 1:
		return say(stdout, "wrote %s (from %s)\n", out, paths[0])
	}
	return say(stdout, "wrote %s (%s from %s)\n", out, count(n, "game"), paths[0])
}
