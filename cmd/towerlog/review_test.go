package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/towerlog/towerlog/review"
)

// TestReviewWritesAValidRecord reviews a real game into an annotated
// record that validate accepts and fmt leaves unchanged, with glyphs,
// comments and variations; --json gives one object per reviewed turn.
func TestReviewWritesAValidRecord(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "reviewed.cgn")
	game := "../../testdata/cgn/tower-exchange-ransom.cgn"
	code, stdout, errOut := runCLI(t, "review", game, "--rollouts", "80", "-o", out)
	if code != exitOK || stdout != "wrote "+out+" (18 turns reviewed)\n" {
		t.Fatalf("review: code %d\n%s%s", code, stdout, errOut)
	}
	if code, stdout, errOut := runCLI(t, "validate", out); code != exitOK {
		t.Fatalf("validate: code %d\n%s%s", code, stdout, errOut)
	}
	if code, stdout, errOut := runCLI(t, "fmt", "--check", out); code != exitOK {
		t.Fatalf("fmt --check: code %d\n%s%s", code, stdout, errOut)
	}
	text, _ := os.ReadFile(out)
	for _, want := range []string{`[Annotator "towerlog review --seed 1 --rollouts 80"]`, "{review: played ", "\n  (2. Bob "} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the reviewed record lacks %q:\n%s", want, text)
		}
	}
	code, stdout, errOut = runCLI(t, "review", game, "--rollouts", "80", "--json", "-j", "1")
	if code != exitOK {
		t.Fatalf("review --json: code %d\n%s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 19 || !strings.HasPrefix(lines[18], `{"accuracy":[{"player":"Anna","accuracy":`) {
		t.Fatalf("%d JSON lines, want 19 (one per turn, then the accuracies)", len(lines))
	}
	var first struct {
		Turn   int    `json:"turn"`
		Player string `json:"player"`
		Played struct {
			Move string `json:"move"`
		} `json:"played"`
		Win []struct {
			Player string `json:"player"`
		} `json:"win"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first.Turn != 1 || first.Player != "Anna" || first.Played.Move != "V@1,0r0 +R:SW" || len(first.Win) != 2 {
		t.Errorf("first line %s", lines[0])
	}
}

func TestReviewErrors(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.cgn")
	if err := os.WriteFile(existing, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	game := "../../testdata/cgn/tower-exchange-ransom.cgn"
	for _, c := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"BudgetAndRollouts", []string{game, "--budget", "1s", "--rollouts", "5"}, exitUsage,
			"towerlog: --budget and --rollouts cannot be used together; usage: towerlog review GAME.cgn [flags] (see towerlog review --help)\n"},
		{"NoRollouts", []string{game, "--rollouts", "0"}, exitUsage, "towerlog: --rollouts 0: give at least 1\n"},
		{"OutputExists", []string{game, "-o", existing}, exitUsage,
			"towerlog: " + existing + " already exists: use --force to replace it\n"},
		{"NoSuchGame", []string{game, "--game", "2"}, exitUsage, "towerlog: " + game + " has 1 game, not 2\n"},
		// The record has 18 turns.
		{"NoSuchTurn", []string{game, "--turns", "3,19"}, exitUsage, "towerlog: " + game + " game 1 has no turn 19: its turns are 1 to 18\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, append([]string{"review"}, c.args...)...)
			if code != c.code || errOut != c.msg {
				t.Errorf("code %d, stderr %q; want %d, %q", code, errOut, c.code, c.msg)
			}
		})
	}
	if b, _ := os.ReadFile(existing); string(b) != "kept" {
		t.Error("an existing file was overwritten")
	}
	// An illegal game is invalid input: its error is shown, nothing reviewed.
	code, _, errOut := runCLI(t, "review", "../../testdata/invalid/follower-occupied.cgn")
	if code != exitInvalid || !strings.HasSuffix(errOut, "towerlog: ../../testdata/invalid/follower-occupied.cgn game 1 is invalid: only a valid game can be reviewed\n") {
		t.Errorf("invalid game: code %d, stderr %s", code, errOut)
	}
}

// TestReportOfAReview: the report of a reviewed record, or of any record
// with --review, has the review's chart, table and turning points.
func TestReportOfAReview(t *testing.T) {
	dir := t.TempDir()
	reviewed := filepath.Join(dir, "reviewed.cgn")
	if code, _, errOut := runCLI(t, "review", "../../testdata/cgn/tower-exchange-ransom.cgn", "--rollouts", "40", "-o", reviewed); code != exitOK {
		t.Fatal(errOut)
	}
	for _, args := range [][]string{
		{"report", reviewed, "-o", filepath.Join(dir, "a.html")},
		{"report", "../../testdata/cgn/tower-exchange-ransom.cgn", "--review", "-o", filepath.Join(dir, "b.html")},
	} {
		if code, _, errOut := runCLI(t, args...); code != exitOK {
			t.Fatalf("%v: code %d %s", args, code, errOut)
		}
		html, _ := os.ReadFile(args[len(args)-1])
		for _, id := range []string{"win-probability", "points-given-away", "review"} {
			if !strings.Contains(string(html), `id="`+id+`"`) {
				t.Errorf("%v: no %s", args, id)
			}
		}
	}
	code, _, errOut := runCLI(t, "report", "--review", "-o", filepath.Join(dir, "c.html"))
	if code != exitUsage || errOut != "towerlog: --review applies to the report of one game: towerlog report GAME.cgn --review\n" {
		t.Errorf("--review without a game: code %d, %q", code, errOut)
	}
}

// TestReviewTurns: --turns reviews the turns listed and no other, each as
// the review of every turn reviews it.
func TestReviewTurns(t *testing.T) {
	game := "../../testdata/cgn/tower-exchange-ransom.cgn"
	code, all, errOut := runCLI(t, "review", game, "--rollouts", "60", "--json")
	if code != exitOK {
		t.Fatalf("review: code %d: %s", code, errOut)
	}
	code, some, errOut := runCLI(t, "review", game, "--rollouts", "60", "--json", "--turns", "14,3")
	if code != exitOK {
		t.Fatalf("review --turns: code %d: %s", code, errOut)
	}
	lines := strings.Split(all, "\n")
	got := strings.SplitAfterN(some, "\n", 3)
	if want := lines[2] + "\n" + lines[13] + "\n"; got[0]+got[1] != want {
		t.Errorf("--turns 14,3 wrote\n%swant turns 3 and 14 of the whole review\n%s", some, want)
	}
}

// TestReviewOfManyGames: in a file of several games, review without
// --game reviews the first and says so; with --game it says nothing.
func TestReviewOfManyGames(t *testing.T) {
	path := generateFile(t, t.TempDir(), "two.cgn", 2, "2")
	want := "towerlog: " + path + " holds more than one game: reviewing the first (--game K reviews the K-th)\n"
	code, first, errOut := runCLI(t, "review", path, "--rollouts", "2", "--turns", "5", "--json")
	if code != exitOK || errOut != want {
		t.Errorf("without --game: code %d, stderr %q; want 0, %q", code, errOut, want)
	}
	code, chosen, errOut := runCLI(t, "review", path, "--rollouts", "2", "--turns", "5", "--json", "--game", "1")
	if code != exitOK || errOut != "" || chosen != first {
		t.Errorf("--game 1: code %d, stderr %q, stdout %q; want 0, no message and %q", code, errOut, chosen, first)
	}
}

// TestReviewBudgetCappedAndInterrupted: an absurd --rollouts is capped
// with a message instead of allocating for it, and the review, which
// would then take hours, stops within moments of SIGINT or SIGTERM,
// exit 130.
func TestReviewBudgetCappedAndInterrupted(t *testing.T) {
	game := "../../testdata/cgn/tower-exchange-ransom.cgn"
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			start := time.Now()
			var sent time.Time
			code, stderr := signalChild(t, []string{"review", game, "--rollouts", "1000000000000", "--json"}, func() bool {
				sent = time.Now()
				return sent.Sub(start) > 1500*time.Millisecond
			}, sig)
			stopped := time.Since(sent)
			want := "towerlog: --rollouts 1000000000000 is more than 1000000: playing 1000000 rollouts a turn\n" +
				"towerlog: interrupted: nothing written\n"
			if code != exitInterrupted || stderr != want {
				t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr, exitInterrupted, want)
			}
			// Within a second on an idle machine; the slack is for a loaded one.
			if stopped > 3*time.Second {
				t.Errorf("stopped %v after the signal", stopped)
			}
		})
	}
}

// TestReviewTable: the table has a column of each player's chance of
// winning, in percent, adding up to 100 on each line (give or take the
// rounding), the moves in words and the --top best alternatives under
// each turn, and ends with
// each player's accuracy.
func TestReviewTable(t *testing.T) {
	code, out, errOut := runCLI(t, "review", "../../testdata/cgn/tower-exchange-ransom.cgn", "--rollouts", "60", "--turns", "17,18", "--top", "2", "--wide")
	if code != exitOK {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var lines []string
	tops, words := 0, 0
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[0] == "tile" {
			words++
			continue
		}
		if f := strings.Fields(l); len(f) > 2 && f[0] == "top" {
			tops++
			if !strings.HasPrefix(f[len(f)-2], "±") || !strings.HasPrefix(f[len(f)-1], "(") {
				t.Errorf("line %q: want a value, its error and its rollouts", l)
			}
			continue
		}
		lines = append(lines, l)
	}
	if len(lines) != 4 || tops != 4 || words != 2 {
		t.Fatalf("%d lines, %d of alternatives and %d of words, want a head, two turns with their moves in words and two alternatives each, and the accuracies:\n%s", len(lines), tops, words, out)
	}
	head := strings.Fields(lines[0])
	if n := len(head); n < 2 || head[n-2] != "Anna" || head[n-1] != "Bob" {
		t.Errorf("head %q, want it to end with the players", lines[0])
	}
	for _, line := range lines[1:3] {
		f := strings.Fields(line)
		a, errA := strconv.Atoi(strings.TrimSuffix(f[len(f)-2], "%"))
		b, errB := strconv.Atoi(strings.TrimSuffix(f[len(f)-1], "%"))
		if errA != nil || errB != nil || a+b < 99 || a+b > 101 {
			t.Errorf("line %q: chances %q and %q, want percents adding up to 100", line, f[len(f)-2], f[len(f)-1])
		}
	}
	if !strings.HasPrefix(lines[3], "accuracy: Anna ") || !strings.Contains(lines[3], "% Bob ") {
		t.Errorf("last line %q, want the accuracies", lines[3])
	}
}

// TestReviewTableSaysDecided: a turn that gave away many points under a
// mild grade says beside its grade that the chance hardly moved.
func TestReviewTableSaysDecided(t *testing.T) {
	tr := &review.TurnReview{Seat: 1, GivenAway: 7.4, GivenAwayErr: 1, Drop: 1.2, Grade: review.Excellent, BestAt: 1}
	gt := review.GameTurn{Number: 60, Player: "Bob", TurnReview: tr, PlayedText: "K@0,2r90", BestText: "E@1,0r0", Chance: []float64{0.99, 0.01}}
	var out bytes.Buffer
	if _, err := writeReviewTable(&out, []review.GameTurn{gt}, []string{"Anna", "Bob"}, 400); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if want := "7.4 points given away, but the chance moved 1%"; len(lines) < 3 || !strings.Contains(lines[2], want) {
		t.Errorf("the table reads\n%s\nwant a third line with %q", out.String(), want)
	}
}
