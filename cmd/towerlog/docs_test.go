package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// codeSpan is a `span` of markdown; codeLine a line of a code block
// (indented four spaces, or inside ``` fences, which docLines marks).
var (
	codeSpan = regexp.MustCompile("`[^`]+`")
	// towerlogCall is a towerlog command line in code: at the start of
	// the code (after a prompt $, time or nice) or after a shell's
	// operator, up to the end of the code or a separator (a pipe, ;, &&,
	// a comment, a redirection). Output that names towerlog mid-line is
	// not a command line.
	commandWord  = regexp.MustCompile(`^[a-z]+$`)
	negative     = regexp.MustCompile(`^-[0-9]`) // a value, not a flag
	towerlogCall = regexp.MustCompile(`(?:^\s*(?:\$\s+)?|[|;(=]\s*|&&\s*)(?:time\s+|nice -n \d+\s+)?towerlog((?:[ \t]+(?:\\\||[^\s|;&#>` + "`" + `])+)*)`)
)

// TestDocsNameRealCommands walks every towerlog command line that
// README.md and docs/*.md show as code, and checks each command and
// subcommand and each flag (--name or -x) against the command tree: a
// command renamed or a flag removed fails here until the docs say so.
func TestDocsNameRealCommands(t *testing.T) {
	root, stop := newRootCmd()
	defer stop()
	files, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	files = append(files, filepath.Join("..", "..", "README.md"))
	calls := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range tableRowFlags(string(b)) {
			calls++
			if err := checkCall(root, row.words); err != "" {
				t.Errorf("%s:%d: the row of towerlog %s: %s", file, row.line, row.words[0], err)
			}
		}
		for _, code := range docCode(string(b)) {
			for _, m := range towerlogCall.FindAllStringSubmatch(code.text, -1) {
				calls++
				if err := checkCall(root, strings.Fields(m[1])); err != "" {
					t.Errorf("%s:%d: towerlog%s: %s", file, code.line, m[1], err)
				}
			}
		}
	}
	t.Logf("%d towerlog command lines checked", calls)
	if calls < 50 {
		t.Errorf("only %d towerlog command lines found in the docs: is the walk broken?", calls)
	}
}

// rowFlags are the flags a row of a table of commands names beside its
// command: "| `towerlog ingest ...` | ... `--keep-annotations` ... |".
type rowFlags struct {
	words []string // the command path, then the flags
	line  int
}

// tableRowFlags returns, for each row of a table that opens with a
// towerlog command, its command and the flags of its other code spans
// that start with a dash.
func tableRowFlags(md string) []rowFlags {
	var out []rowFlags
	for i, l := range strings.Split(md, "\n") {
		if !strings.HasPrefix(l, "| `towerlog ") {
			continue
		}
		spans := codeSpan.FindAllString(l, -1)
		var words []string
		for _, w := range strings.Fields(strings.Trim(spans[0], "`"))[1:] {
			if !commandWord.MatchString(w) {
				break
			}
			words = append(words, w)
		}
		for _, sp := range spans[1:] {
			if f := strings.Fields(strings.Trim(sp, "`")); len(f) > 0 && strings.HasPrefix(f[0], "-") {
				words = append(words, f[0])
			}
		}
		out = append(out, rowFlags{words, i + 1})
	}
	return out
}

// docText is a piece of code of a markdown file and its line.
type docText struct {
	text string
	line int
}

// docCode returns the code of a markdown text: its code spans, and the
// lines of its code blocks (indented or fenced).
func docCode(md string) []docText {
	var out []docText
	fenced := false
	for i, l := range strings.Split(md, "\n") {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "```"):
			fenced = !fenced
		case fenced, strings.HasPrefix(l, "    ") && !strings.HasPrefix(strings.TrimSpace(l), "-"):
			out = append(out, docText{l, i + 1})
		default:
			for _, s := range codeSpan.FindAllString(l, -1) {
				out = append(out, docText{strings.Trim(s, "`"), i + 1})
			}
		}
	}
	return out
}

// checkCall checks the words after "towerlog" against the tree under
// root; it returns what is wrong, or "".
func checkCall(root *cobra.Command, words []string) string {
	cmd := root
	for i, w := range words {
		w = strings.Trim(w, "[]()")
		if strings.HasPrefix(w, "-") {
			if e := checkFlag(cmd, w); e != "" {
				return e
			}
			continue
		}
		// A subcommand, or alternatives of one: list\|show.
		alts := strings.Split(w, `\|`)
		if sub := findSub(cmd, alts[0]); sub != nil {
			for _, a := range alts[1:] {
				if a = strings.Fields(a + " ")[0]; findSub(cmd, a) == nil {
					return "no command " + a + " under " + cmd.CommandPath()
				}
			}
			cmd = sub
			continue
		}
		switch {
		case i == 0 && (w == "help" || w == "completion"):
			return ""
		case cmd.HasAvailableSubCommands():
			if cmd == root {
				return "no command " + w
			}
			return "no command " + w + " under " + cmd.CommandPath()
		}
	}
	return ""
}

// findSub is the subcommand of cmd named name (or by an alias), or nil.
func findSub(cmd *cobra.Command, name string) *cobra.Command {
	for _, c := range cmd.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return c
		}
	}
	return nil
}

// checkFlag checks a flag word (--name, --name=value, -x) of cmd.
func checkFlag(cmd *cobra.Command, w string) string {
	if negative.MatchString(w) || w == "-" {
		return "" // a number (--turns -5), standard input
	}
	fs := pflag.NewFlagSet("all", pflag.ContinueOnError)
	fs.AddFlagSet(cmd.Flags())
	fs.AddFlagSet(cmd.InheritedFlags())
	if name, ok := strings.CutPrefix(w, "--"); ok {
		name, _, _ = strings.Cut(name, "=")
		if name == "help" || name == "version" && cmd == cmd.Root() || fs.Lookup(name) != nil {
			return ""
		}
		return cmd.CommandPath() + " has no flag --" + name
	}
	short := strings.TrimPrefix(w, "-")
	if short == "h" || len(short) == 1 && fs.ShorthandLookup(short) != nil {
		return ""
	}
	return cmd.CommandPath() + " has no flag " + w
}

// TestCheckCall: the walk finds what is wrong in lines written to be.
func TestCheckCall(t *testing.T) {
	root, stop := newRootCmd()
	defer stop()
	for _, c := range []struct{ line, want string }{
		{"review --rollouts 100 final.cgn", ""},
		{"review --rollout 100 final.cgn", "towerlog review has no flag --rollout"},
		{"games list --event X --wide", ""},
		{"games lst", "no command lst under towerlog games"},
		{`games list\|show ID\|report ID\|remove ID...`, ""},
		{`games list\|shw ID`, "no command shw under towerlog games"},
		{"stat --db x", "no command stat"},
		{"select [PATH...] [--db FILE] -o out.cgn", ""},
		{"select -x", "towerlog select has no flag -x"},
		{"--version", ""},
		{"standings --event E --csv --crosstab", ""},
		{"events --json", ""},
	} {
		if got := checkCall(root, strings.Fields(c.line)); got != c.want {
			t.Errorf("%q: %q, want %q", c.line, got, c.want)
		}
	}
}
