package analytics

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/analytics/identity"

	"github.com/towerlog/towerlog/record"
	"github.com/towerlog/towerlog/replay"
)

// replayText replays the one game of a CGN text; it must be valid.
func replayText(t *testing.T, text string) *replay.Game {
	t.Helper()
	rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(text)})
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	g := replay.Replay("x.cgn", 1, rg, replay.Options{})
	if !g.Valid() {
		t.Fatalf("%v\n%s", g.Diagnostics, text)
	}
	return g
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestIdentity: annotations leave a game's identity as it is; what was
// played changes it.
func TestIdentity(t *testing.T) {
	orig := readText(t, filepath.Join("..", "testdata", "jcz", "ransom.cgn"))
	id := identity.Of(replayText(t, orig))
	same := map[string]string{
		"annotator and source": strings.Replace(orig, "[Result", "[Annotator \"Greta\"]\n[Source \"club book\"]\n[Result", 1),
		"another event and date": strings.Replace(strings.Replace(orig, "A discard, a ransom", "Club night: a discard, a ransom", 1),
			"2026.11.20", "2026.11.21", 1),
		"other colours":      strings.Replace(orig, "Anna:red; Bob:blue", "Anna:green; Bob:yellow", 1),
		"no colours":         strings.Replace(orig, "Anna:red; Bob:blue", "Anna; Bob", 1),
		"comments":           strings.Replace(orig, "=8-0 ~7:30", "=8-0 ~7:30 {a road for the thief}", 1) + "\n{The end.}\n",
		"glyphs":             strings.Replace(orig, "+M ~9:09", "+M! ~9:09", 1),
		"no clocks":          stripClocks(orig),
		"no declared score":  strings.Replace(orig, " =5-3 ~9:10", "", 1),
		"a variation":        strings.Replace(orig, "=9-7 ~10:30", "=9-7 ~10:30 (13. Anna T15@-1,-2r0 ^-1,0)", 1),
		"turns unnumbered":   strings.Replace(strings.Replace(orig, "\n2. Bob", "\nBob", 1), "\n3. Anna", "\nAnna", 1),
		"ransom owner said":  strings.Replace(orig, "$Bob", "$Anna@Bob", 1),
		"the default start":  strings.Replace(orig, "[Rules", "[Start \"D@0,0r0\"]\n[Rules", 1),
		"default rule words": strings.Replace(orig, `[Rules "tower"]`, `[Rules "tower range=orthogonal reopen=yes farmers=on"]`, 1),
	}
	for name, text := range same {
		if text == orig {
			t.Fatalf("%s: the variant is the original", name)
		}
		if got := identity.Of(replayText(t, text)); got != id {
			t.Errorf("%s: identity changed", name)
		}
	}
	// Without declared scores and Result, a game of other moves or rules
	// is still valid (leniently), and it is another game.
	bare := regexp.MustCompile(` =[0-9-]+|\[Result "[^"]*"\]\n`).ReplaceAllString(stripClocks(orig), "")
	if got := identity.Of(replayLenient(t, bare)); got != id {
		t.Fatalf("without scores and Result: identity changed")
	}
	other := map[string]string{
		"another name": strings.ReplaceAll(bare, "Bob", "Bobby"),
		"other rules":  strings.Replace(bare, `[Rules "tower"]`, `[Rules "tower reopen=no"]`, 1),
		"a turn less":  bare[:strings.Index(bare, "13. Anna")],
	}
	for name, text := range other {
		if text == bare {
			t.Fatalf("%s: the variant is the original", name)
		}
		if got := identity.Of(replayLenient(t, text)); got == id {
			t.Errorf("%s: same identity", name)
		}
	}
}

func stripClocks(s string) string {
	return regexp.MustCompile(` ~[0-9:.]+`).ReplaceAllString(s, "")
}

func replayLenient(t *testing.T, text string) *replay.Game {
	t.Helper()
	rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(text)})
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	g := replay.Replay("x.cgn", 1, rg, replay.Options{Lenient: true})
	if !g.Valid() {
		t.Fatalf("%v\n%s", g.Diagnostics, text)
	}
	return g
}

// TestIngestReannotated: a game ingested again with other annotations is
// one game, whose annotations are the new ones.
func TestIngestReannotated(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	orig := readText(t, filepath.Join("..", "testdata", "jcz", "ransom.cgn"))
	copyText := strings.Replace(strings.Replace(strings.Replace(orig, "A discard, a ransom", "Club night: a discard, a ransom", 1),
		"[Result", "[Annotator \"Greta\"]\n[Result", 1), "Anna:red", "Anna:green", 1) + "\n{Greta: a fine game.}\n"
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a, b := write("a.cgn", orig), write("b.cgn", copyText)
	both := write("both.cgn", orig+"\n"+copyText)

	s := openTemp(t)
	for _, c := range []struct {
		file                    string
		added, updated, present int
	}{{a, 1, 0, 0}, {b, 0, 1, 0}, {b, 0, 0, 1}, {a, 0, 1, 0}, {both, 0, 1, 1}} {
		st, err := s.Ingest(ctx, []string{c.file}, IngestOptions{})
		if err != nil || st.Added != c.added || st.Updated != c.updated || st.Present != c.present {
			t.Fatalf("ingest %s: %+v, %v; want %d added, %d updated, %d present", filepath.Base(c.file), st, err, c.added, c.updated, c.present)
		}
	}
	checkStored := func(s *Store, wantFile string, wantIdx int) {
		t.Helper()
		var games, idx int
		var gid int64
		var event, file, colour string
		var stored []byte
		err := s.db.QueryRow(`SELECT count(*), max(gid), max(event), max(record), max(file), max(idx),
			(SELECT colour FROM players WHERE seat = 0) FROM games`).Scan(&games, &gid, &event, &stored, &file, &idx, &colour)
		if err != nil {
			t.Fatal(err)
		}
		r, err := newRecordReader(context.Background(), s.db)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		record, err := r.Text(context.Background(), gid, stored)
		if err != nil {
			t.Fatal(err)
		}
		want := string(canonicalText(t, copyText))
		if games != 1 || !strings.HasPrefix(event, "Club night") || record != want || colour != "green" || file != wantFile || idx != wantIdx {
			t.Errorf("%d games, event %q, colour %q, read from %s#%d, record\n%s\nwant 1 game of the copy's annotations, from %s#%d:\n%s",
				games, event, colour, file, idx, record, wantFile, wantIdx, want)
		}
	}
	checkStored(s, both, 2)

	// Two copies in one ingest into a new database: the last one's
	// annotations are kept.
	s2 := openTemp(t)
	if st, err := s2.Ingest(ctx, []string{both}, IngestOptions{}); err != nil || st.Added != 1 || st.Updated != 1 {
		t.Fatalf("ingest of both copies: %+v, %v", st, err)
	}
	checkStored(s2, both, 2)
	checkConsistent(t, s2, 1)
}

// canonicalText returns the canonical form of a one-game text.
func canonicalText(t *testing.T, text string) []byte {
	t.Helper()
	rg, err := record.NewParser().Parse(record.RawGame{Src: []byte(text)})
	if err != nil {
		t.Fatal(err)
	}
	return record.AppendGame(nil, rg)
}

// TestIngestMergesAnnotations ingests copies of a game in both orders: a
// tag a copy lacks never erases a stored value, a tag it gives otherwise
// replaces the stored one and is reported, and KeepAnnotations keeps the
// stored values.
func TestIngestMergesAnnotations(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	orig := readText(t, filepath.Join("..", "testdata", "jcz", "ransom.cgn"))
	const event = "A discard, a ransom paid mid-turn, and a last floor"
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	plain := write("plain.cgn", orig)
	tagged := write("tagged.cgn", strings.NewReplacer(event, "Spring cup", "[Date", "[Site \"Lyon\"]\n[Round \"2\"]\n[Date",
		"Anna:red", "Anna:green").Replace(orig))
	bare := write("bare.cgn", strings.NewReplacer("[Event \""+event+"\"]\n", "", "[Date \"2026.11.20\"]\n", "",
		"Anna:red; Bob:blue", "Anna; Bob").Replace(orig))
	type stored struct{ event, site, date, round, colour string }
	const (
		redToGreen = `Players "Anna:red; Bob:blue" → "Anna:green; Bob:blue"`
		greenToRed = `Players "Anna:green; Bob:blue" → "Anna:red; Bob:blue"`
	)
	for _, c := range []struct {
		name    string
		files   []string
		keep    bool
		updated int
		present int
		want    stored
		lines   []string
	}{
		{"tagged, plain, bare", []string{tagged, plain, bare}, false, 1, 1,
			stored{event, "Lyon", "2026-11-20", "2", "red"},
			[]string{plain + `#1: replaces the annotations of ` + tagged + `#1: Event "Spring cup" → "` + event + `"; ` + greenToRed}},
		{"bare, plain, tagged", []string{bare, plain, tagged}, false, 2, 0,
			stored{"Spring cup", "Lyon", "2026-11-20", "2", "green"},
			[]string{tagged + `#1: replaces the annotations of ` + plain + `#1: Event "` + event + `" → "Spring cup"; ` + redToGreen}},
		{"tagged, plain, bare, keeping", []string{tagged, plain, bare}, true, 0, 2,
			stored{"Spring cup", "Lyon", "2026-11-20", "2", "green"}, nil},
		{"bare, plain, tagged, keeping", []string{bare, plain, tagged}, true, 2, 0,
			stored{event, "Lyon", "2026-11-20", "2", "red"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openTemp(t)
			var lines []string
			updated, present := 0, 0
			for _, f := range c.files {
				st, err := s.Ingest(ctx, []string{f}, IngestOptions{KeepAnnotations: c.keep,
					Reannotated: func(r identity.Reannotation) { lines = append(lines, r.String()) }})
				if err != nil {
					t.Fatal(err)
				}
				updated, present = updated+st.Updated, present+st.Present
			}
			if updated != c.updated || present != c.present {
				t.Errorf("%d updated, %d present; want %d, %d", updated, present, c.updated, c.present)
			}
			var got stored
			var games int
			err := s.db.QueryRow(`SELECT count(*), max(event), max(site), max(date), max(round),
				(SELECT colour FROM players WHERE seat = 0) FROM games`).Scan(&games, &got.event, &got.site, &got.date, &got.round, &got.colour)
			if err != nil {
				t.Fatal(err)
			}
			if games != 1 || got != c.want {
				t.Errorf("%d games, stored %+v; want 1, %+v", games, got, c.want)
			}
			if !slices.Equal(lines, c.lines) {
				t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(c.lines, "\n"))
			}
			checkConsistent(t, s, 1)
		})
	}
}
