package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/record"
)

// endless is an input that never ends: the same text over and over.
type endless struct{ text string }

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], e.text)
	}
	return n, nil
}

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReadersStopAtTheirLimit feeds each reader more than its limit: a
// stream that never ends, or a file past the limit. Each stops there with
// an error naming the input, having allocated a bounded amount. Of the
// commands that replay records, validate and replay count a game past the
// limit as an unreadable file; ingest and select, which list the records
// that failed, list it as one. Each exits with 2, as for any input past
// its limit.
func TestReadersStopAtTheirLimit(t *testing.T) {
	dir := t.TempDir()
	// A save of 16 MiB and a byte, of zeros, that takes no disk space.
	bigSave := filepath.Join(dir, "big.jcz")
	if f, err := os.Create(bigSave); err != nil || f.Truncate(16<<20+1) != nil || f.Close() != nil {
		t.Fatal("cannot make the sparse file")
	}
	// A game of 16 MiB and more: one turn line after another.
	bigGame := filepath.Join(dir, "big.cgn")
	os.WriteFile(bigGame, []byte("[Players \"Anna; Bruno\"]\n\n1. Anna U@1,0r0\n"+strings.Repeat("2. Bruno V@2,0r0\n", 1<<20)), 0o644)
	stop := bigGame + ":1:1: game text larger than 16 MiB (the limit): stopped reading"
	db, tables := filepath.Join(dir, "t.db"), filepath.Join(dir, "tables")
	tests := []struct {
		name   string
		stdin  io.Reader
		args   []string
		code   int
		stdout string
		stderr string
		budget uint64 // bytes allocated, at most: thrice the limit (a buffer grows by doubling)
	}{
		{"fmt of an endless stream", endless{"1. Anna U@1,0r0\n"}, []string{"fmt"}, exitUsage, "",
			"towerlog: <standard input>: input larger than 64 MiB (the limit): stopped reading\n", 3 * 64 << 20},
		{"fmt of a game past the limit", nil, []string{"fmt", bigGame}, exitUsage, "",
			"towerlog: " + bigGame + ":1:1: game text larger than 16 MiB (the limit): stopped reading\n", 3 * 16 << 20},
		{"export of a game past the limit", nil, []string{"export", bigGame, "-o", "-"}, exitUsage, "",
			"towerlog: " + bigGame + ":1:1: game text larger than 16 MiB (the limit): stopped reading\n", 3 * 16 << 20},
		{"import of a save past the limit", nil, []string{"import", bigSave, "-o", "-"}, exitUsage, "",
			"towerlog: " + bigSave + ": save larger than 16 MiB (the limit): stopped reading\n", 3 * 16 << 20},
		{"files-from of an endless stream", endless{"a.cgn\n"}, []string{"ingest", "--format", "parquet", "-o", filepath.Join(dir, "tables"), "--files-from", "-"}, exitUsage, "",
			"towerlog: --files-from: -: list of files larger than 64 MiB (the limit): stopped reading\n", 3 * 64 << 20},
		{"validate of a game past the limit", nil, []string{"validate", bigGame}, exitUsage,
			stop + "\n0 games, 0 valid, 0 invalid, 1 path unreadable\n", "", 3 * 16 << 20},
		{"replay of a game past the limit", nil, []string{"replay", bigGame}, exitUsage, "",
			"towerlog: " + stop + "\n", 3 * 16 << 20},
		{"ingest of a game past the limit", nil, []string{"ingest", "--db", db, bigGame}, exitUsage,
			db + ": 0 added, 0 updated, 0 already present, 1 invalid (1 file)\n",
			"failed: " + bigGame + " game 1: " + stop + "\n" +
				"towerlog: 1 game failed validation: see towerlog validate, or towerlog games list --invalid --db " + db + "\n", 3 * 16 << 20},
		{"ingest --format parquet of a game past the limit", nil, []string{"ingest", "--format", "parquet", "--shard", "s", "-o", tables, bigGame}, exitUsage,
			tables + ": shard s: 0 games, 0 repeated, 1 invalid (1 file), 2 rows\n",
			"failed: " + bigGame + " game 1: " + stop + "\n" +
				"towerlog: 1 game failed validation: see towerlog validate, or " + tables + "/diagnostics\n", 3 * 16 << 20},
		{"select of a game past the limit", nil, []string{"select", bigGame}, exitUsage, "",
			"failed: " + bigGame + " game 1: " + stop + "\n0 of 0 games selected; 1 record failed validation\n", 3 * 16 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := tt.stdin
			if stdin == nil {
				stdin = strings.NewReader("")
			}
			var out, errOut bytes.Buffer
			var code int
			cost := allocated(func() { code = run(context.Background(), tt.args, stdin, &out, &errOut) })
			if code != tt.code || out.String() != tt.stdout || errOut.String() != tt.stderr {
				t.Errorf("code %d, stdout %q, stderr %q; want %d, %q, %q", code, out.String(), errOut.String(), tt.code, tt.stdout, tt.stderr)
			}
			if cost > tt.budget {
				t.Errorf("allocated %d bytes, want at most %d", cost, tt.budget)
			}
		})
	}
}

// TestJobsCapped checks that -j far beyond any machine is capped, with a
// message, instead of allocating queues for ten million workers.
func TestJobsCapped(t *testing.T) {
	dir := t.TempDir()
	path := generateFile(t, dir, "g.cgn", 3, "2")
	tests := []struct {
		name string
		args []string
		out  string
	}{
		{"validate", []string{"validate", "-j", "10000000", path}, "3 games, 3 valid, 0 invalid\n"},
		{"select", []string{"select", "-j", "10000000", "--csv", path}, ""},
		{"ingest", []string{"ingest", "-j", "10000000", "--db", filepath.Join(dir, "t.db"), path}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var code int
			var out, errOut string
			cost := allocated(func() { code, out, errOut = runCLI(t, tt.args...) })
			if code != exitOK {
				t.Fatalf("code %d: %s", code, errOut)
			}
			if want := "towerlog: --jobs 10000000 is more than 64: replaying 64 games at once\n"; !strings.HasPrefix(errOut, want) {
				t.Errorf("stderr %q, want it to start with %q", errOut, want)
			}
			if tt.out != "" && out != tt.out {
				t.Errorf("stdout %q, want %q", out, tt.out)
			}
			if cost > 256<<20 {
				t.Errorf("allocated %d bytes, want at most 256 MiB", cost)
			}
		})
	}
}

// TestReviewJobsCapped checks that review's -j, the rollouts played at
// once, is capped as the replays' is: the review is the one -j 1 gives,
// for about as many bytes allocated.
func TestReviewJobsCapped(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "cgn", "tower-exchange-ransom.cgn")
	review := func(jobs string) (cost uint64, out, errOut string) {
		var code int
		cost = allocated(func() { code, out, errOut = runCLI(t, "review", "-j", jobs, "--rollouts", "6", "--json", path) })
		if code != exitOK {
			t.Fatalf("-j %s: code %d: %s", jobs, code, errOut)
		}
		return cost, out, errOut
	}
	one, want, _ := review("1")
	cost, out, errOut := review("10000000")
	if errOut != "towerlog: --jobs 10000000 is more than 64: playing 64 rollouts at once\n" {
		t.Errorf("stderr %q", errOut)
	}
	if out != want {
		t.Errorf("the review with -j 10000000 differs from the one with -j 1")
	}
	if cost > 2*one {
		t.Errorf("allocated %d bytes, %d with -j 1: want at most twice as many", cost, one)
	}
	if code, _, errOut := runCLI(t, "review", "-j", "-1", path); code != exitUsage ||
		errOut != "towerlog: --jobs -1: give a positive number, or 0 for one per core\n" {
		t.Errorf("-j -1: code %d, stderr %q", code, errOut)
	}
}

// TestOnlyItsOwnFilesWritten checks that every writer leaves a file it
// did not make as it was, byte for byte, unless told to replace it.
func TestOnlyItsOwnFilesWritten(t *testing.T) {
	dir := t.TempDir()
	game := generateFile(t, dir, "g.cgn", 1, "2")
	record, _ := os.ReadFile(game)
	db := filepath.Join(dir, "club.db")
	dbBytes := []byte("SQLite format 3\x00 and the rest of a club's database")
	os.WriteFile(db, dbBytes, 0o644)
	notes := filepath.Join(dir, "notes.cgn")
	os.WriteFile(notes, []byte("{a person's notes}\n"), 0o644)
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("a person's notes\n"), 0o644)
	jcz := filepath.Join("..", "..", "testdata", "jcz", "capture.jcz")
	store := filepath.Join(dir, "towerlog.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", store, game); code != exitOK {
		t.Fatalf("ingest: code %d: %s", code, errOut)
	}
	tests := []struct {
		name   string
		args   []string
		file   string // the file that must stay as it was
		stderr string
	}{
		{"replay --svg onto its record", []string{"replay", game, "--svg", game}, game,
			"towerlog: " + game + " is also an input: choose another output file\n"},
		{"replay --svg onto its record, forced", []string{"replay", game, "--svg", game, "--force"}, game,
			"towerlog: " + game + " is also an input: choose another output file\n"},
		{"replay --svg onto a database", []string{"replay", game, "--svg", db}, db,
			"towerlog: " + db + " already exists: use --force to replace it\n"},
		{"report -o onto a record", []string{"report", game, "-o", notes}, notes,
			"towerlog: " + notes + " already exists: use --force to replace it\n"},
		// Any existing file, whatever it holds, is kept without --force.
		{"report -o onto a database", []string{"report", game, "-o", db}, db,
			"towerlog: " + db + " already exists: use --force to replace it\n"},
		{"games report -o onto a database", []string{"games", "report", "--db", store, "1", "-o", db}, db,
			"towerlog: " + db + " already exists: use --force to replace it\n"},
		{"select -o onto a database", []string{"select", game, "-o", db}, db,
			"towerlog: " + db + " already exists: use --force to replace it\n"},
		{"review -o onto a database", []string{"review", game, "-o", db}, db,
			"towerlog: " + db + " already exists: use --force to replace it\n"},
		{"export -o onto a text file", []string{"export", game, "-o", text}, text,
			"towerlog: " + text + " already exists: use --force to replace it\n"},
		{"import -o onto a database", []string{"import", jcz, "-o", db}, db,
			"towerlog: " + db + " already exists: use --force to replace it\n"},
		{"generate -o onto a database", []string{"generate", "--games", "1", "--players", "2", "--seed", "1", "-o", db}, db,
			"towerlog: " + db + " already exists: use --force to replace it\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := os.ReadFile(tt.file)
			code, _, errOut := runCLI(t, tt.args...)
			if code != exitUsage || errOut != tt.stderr {
				t.Errorf("code %d, stderr %q; want %d, %q", code, errOut, exitUsage, tt.stderr)
			}
			if after, _ := os.ReadFile(tt.file); !bytes.Equal(after, before) {
				t.Errorf("%s changed", tt.file)
			}
		})
	}
	if after, _ := os.ReadFile(game); !bytes.Equal(after, record) {
		t.Fatal("the record changed")
	}
	// With --force, as the messages say, the files are replaced.
	for _, args := range [][]string{{"replay", game, "--svg", db, "--force"}, {"report", game, "-o", notes, "--force"}} {
		if code, _, errOut := runCLI(t, args...); code != exitOK {
			t.Errorf("%v: code %d: %s", args, code, errOut)
		}
	}
	if after, _ := os.ReadFile(db); !bytes.HasPrefix(after, []byte("<svg")) && !bytes.HasPrefix(after, []byte("<?xml")) {
		t.Errorf("replay --svg --force wrote %.40q", after)
	}
	if after, _ := os.ReadFile(notes); !bytes.Contains(after, []byte("<html")) {
		t.Errorf("report --force wrote %.40q", after)
	}
	// A new file needs no --force.
	svg := filepath.Join(dir, "board.svg")
	if code, out, errOut := runCLI(t, "replay", game, "--svg", svg); code != exitOK || !strings.HasPrefix(out, "wrote "+svg+" (after turn ") {
		t.Errorf("replay --svg to a new file: code %d, %q %q", code, out, errOut)
	}
}

// TestForceSuggestedOnlyWhereItExists checks every command that writes a
// file named by a flag (-o, --svg): each has the --force that the
// message of an existing file suggests.
func TestForceSuggestedOnlyWhereItExists(t *testing.T) {
	root, stop := newRootCmd()
	defer stop()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, name := range []string{"output", "svg"} {
			if c.Flags().Lookup(name) != nil && c.Flags().Lookup("force") == nil && c.Name() != "ingest" {
				t.Errorf("%s has --%s but no --force", c.CommandPath(), name)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// TestParquetMakesOnlyTheLastDirectory checks that ingest --format parquet
// makes the directory -o names but not its parents.
func TestParquetMakesOnlyTheLastDirectory(t *testing.T) {
	dir := t.TempDir()
	game := generateFile(t, dir, "g.cgn", 1, "2")
	out := filepath.Join(dir, "missing", "tables")
	code, _, errOut := runCLI(t, "ingest", "--format", "parquet", "-o", out, game)
	want := "towerlog: -o " + out + ": " + filepath.Join(dir, "missing") + " does not exist: ingest makes the directory -o names, not its parents\n"
	if code != exitUsage || errOut != want {
		t.Errorf("code %d, stderr %q; want %d, %q", code, errOut, exitUsage, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "missing")); !os.IsNotExist(err) {
		t.Errorf("the parent was made: %v", err)
	}
	out = filepath.Join(dir, "tables")
	if code, _, errOut := runCLI(t, "ingest", "--format", "parquet", "-o", out, game); code != exitOK {
		t.Fatalf("into a new directory: code %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(out, "games")); err != nil {
		t.Error(err)
	}
}

// TestSelectNothingExitsOne checks select's promise: exit status 1 when
// no game is selected, whether none matched or none was valid.
func TestSelectNothingExitsOne(t *testing.T) {
	dir := t.TempDir()
	game := generateFile(t, dir, "g.cgn", 2, "2")
	broken := filepath.Join(dir, "broken.cgn")
	os.WriteFile(broken, []byte("[Players \"A; B\"]\n\n1. A U@1;0r0\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"no valid game", []string{"select", broken}, "0 of 0 games selected; 1 record failed validation\n"},
		{"none matched", []string{"select", "--turns", "1000-", game}, "towerlog: no game matches (1000- turns)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != exitInvalid || out != "" || !strings.HasSuffix(errOut, tt.stderr) {
				t.Errorf("code %d, stdout %q, stderr %q; want %d and stderr ending %q", code, out, errOut, exitInvalid, tt.stderr)
			}
		})
	}
}

// TestFmtStreams checks fmt, which reads files one game at a time, against
// record.FormatFile of the whole file parsed at once.
func TestFmtStreams(t *testing.T) {
	dir := t.TempDir()
	games := generateFile(t, dir, "g.cgn", 3, "2")
	canon, _ := os.ReadFile(games)
	lax := strings.ReplaceAll(string(canon), "\n1. ", "\n1.   ")
	parsed, err := record.Parse(strings.NewReader(lax), "lax.cgn")
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := record.FormatFile(&want, parsed); err != nil {
		t.Fatal(err)
	}
	if want.String() != string(canon) {
		t.Fatal("the generated file is not canonical")
	}
	tests := []struct {
		name  string
		text  string
		check int // fmt --check's exit status
	}{
		{"canonical", string(canon), exitOK},
		{"lax", lax, exitInvalid},
		{"a line end more", string(canon) + "\n", exitInvalid},
		{"a byte less", string(canon[:len(canon)-1]), exitInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".cgn")
			os.WriteFile(path, []byte(tt.text), 0o644)
			if code, _, errOut := runCLI(t, "fmt", "--check", path); code != tt.check {
				t.Errorf("--check: code %d, want %d: %s", code, tt.check, errOut)
			}
			if code, out, errOut := runCLI(t, "fmt", path); code != exitOK || out != want.String() {
				t.Errorf("fmt: code %d, %d bytes, want %d: %s", code, len(out), want.Len(), errOut)
			}
			if code, out, _ := runCLIWith(t, tt.text, "fmt"); code != exitOK || out != want.String() {
				t.Errorf("fmt of standard input: code %d, %d bytes, want %d", code, len(out), want.Len())
			}
			if code, _, errOut := runCLI(t, "fmt", "-w", path); code != exitOK {
				t.Fatalf("-w: code %d: %s", code, errOut)
			}
			if got, _ := os.ReadFile(path); string(got) != want.String() {
				t.Errorf("after -w: %d bytes, want %d", len(got), want.Len())
			}
		})
	}
}

// TestFailedListBounded reads 25 broken records: ingest (into SQLite and
// Parquet) and select name the first 20 (analytics.KeptFailed) and count the rest, and their
// totals count all 25, so that an archive of broken records costs no
// memory per record.
func TestFailedListBounded(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 25 {
		fmt.Fprintf(&b, "[Event \"Broken %d\"]\n[Players \"Anna; Bruno\"]\n[Result \"0-0\"]\n\n1. Anna Q@5,5r0\n\n", i+1)
	}
	broken := filepath.Join(dir, "broken.cgn")
	if err := os.WriteFile(broken, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(name, errOut, summary string) {
		t.Helper()
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if len(lines) != 22 {
			t.Fatalf("%s: %d lines of stderr, want 20 failed, the rest counted, a summary:\n%s", name, len(lines), errOut)
		}
		for i, l := range lines[:20] {
			if want := fmt.Sprintf("failed: %s game %d: ", broken, i+1); !strings.HasPrefix(l, want) {
				t.Errorf("%s: line %d %q, want it to start with %q", name, i+1, l, want)
			}
		}
		if lines[20] != "... and 5 more records that failed validation" {
			t.Errorf("%s: %q", name, lines[20])
		}
		if !strings.Contains(lines[21], summary) {
			t.Errorf("%s: summary %q, want it to hold %q", name, lines[21], summary)
		}
	}
	code, _, errOut := runCLI(t, "select", "--csv", broken)
	if code != exitInvalid {
		t.Errorf("select: code %d", code)
	}
	check("select", errOut, "0 of 0 games selected; 25 records failed validation")
	code, out, errOut := runCLI(t, "ingest", "--db", filepath.Join(dir, "t.db"), broken)
	if code != exitInvalid || !strings.Contains(out, "0 added, 0 updated, 0 already present, 25 invalid") {
		t.Errorf("ingest: code %d, stdout %q", code, out)
	}
	check("ingest", errOut, "25 games failed validation")
	code, out, errOut = runCLI(t, "ingest", "--format", "parquet", "-o", filepath.Join(dir, "tables"), broken)
	if code != exitInvalid || !strings.Contains(out, "0 games, 0 repeated, 25 invalid") {
		t.Errorf("ingest --format parquet: code %d, stdout %q", code, out)
	}
	check("ingest --format parquet", errOut, "25 games failed validation")
}

// TestHostileInputCommands runs the commands that read records over the
// hostile shapes that once cost them time and memory out of all
// proportion (30,000 nested variations took an ingest 6.1 GB and left a
// 901 MB database): each command allocates a small multiple of the
// input, at n as at n/10, and what it writes is no larger than the input
// and a megabyte.
func TestHostileInputCommands(t *testing.T) {
	const head = "[Players \"Anna:red; Bruno:blue\"]\n[Result \"0-0\"]\n\n1. Anna U@1,0r0\n"
	const turn = "2. Bruno V@2,0r0 "
	shapes := []struct {
		name  string
		build func(n int) string
		n     int
	}{
		{"30000 nested variations", func(n int) string {
			return head + turn + strings.Repeat("("+turn, n) + strings.Repeat(")", n) + "\n"
		}, 30000},
		{"20000 unclosed variations", func(n int) string { return head + strings.Repeat(turn+"(\n", n) }, 20000},
		{"100000 tags", func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
			}
			return b.String() + head
		}, 100000},
		{"unclosed 10 MB comment", func(n int) string {
			return head + turn + "{" + strings.Repeat(strings.Repeat("x", 99)+"\n", n)
		}, 100000},
	}
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			dir := t.TempDir()
			run := func(n int, name string, args func(out, path string) []string) (cost uint64, written int64) {
				src := sh.build(n)
				path := filepath.Join(dir, fmt.Sprintf("h%d.cgn", n))
				if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				out := filepath.Join(dir, fmt.Sprintf("%s-%d.out", name, n))
				var stdout string
				cost = allocated(func() {
					_, stdout, _ = runCLI(t, args(out, path)...)
				})
				written = int64(len(stdout))
				if info, err := os.Stat(out); err == nil {
					written += info.Size()
				}
				if limit := uint64(64*len(src) + 64<<20); cost > limit {
					t.Errorf("%s of %d bytes allocated %d, want at most %d", name, len(src), cost, limit)
				}
				if limit := int64(len(src) + 1<<20); written > limit {
					t.Errorf("%s of %d bytes wrote %d, want at most %d", name, len(src), written, limit)
				}
				return cost, written
			}
			for _, cmd := range []struct {
				name string
				args func(out, path string) []string
			}{
				{"ingest", func(out, path string) []string { return []string{"ingest", "--db", out, path} }},
				{"fmt", func(_, path string) []string { return []string{"fmt", path} }},
			} {
				big, _ := run(sh.n, cmd.name, cmd.args)
				small, _ := run(sh.n/10, cmd.name, cmd.args)
				if big > 20*small+64<<20 {
					t.Errorf("%s: %d bytes allocated at n = %d, %d at n/10: want about 10 times as many", cmd.name, big, sh.n, small)
				}
			}
		})
	}
}
