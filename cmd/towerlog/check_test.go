package main

import (
	"database/sql"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ingestedDB returns a database holding n generated games of 3 players.
func ingestedDB(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", n, "3")
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, games); code != 0 {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	return db
}

// execSQL runs statements on the database at path, beside towerlog.
func execSQL(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// indexCells returns the page size, the offset in the file of the root
// page of the index name, and the offsets of its cells in the file: the
// index of a few games is one leaf page, whose header (SQLite's file
// format, section 1.6) gives the number of cells at byte 3 and their
// offsets in the page after its 8 bytes.
func indexCells(t *testing.T, path, name string) []int64 {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	var root, size int64
	err = db.QueryRow(`SELECT (SELECT rootpage FROM sqlite_schema WHERE name = ?), (SELECT page_size FROM pragma_page_size)`, name).Scan(&root, &size)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := b[(root-1)*size : root*size]
	if page[0] != 0x0a {
		t.Fatalf("index %s: page %d is of type %#x, not a leaf page of an index (0x0a)", name, root, page[0])
	}
	cells := make([]int64, binary.BigEndian.Uint16(page[3:]))
	for i := range cells {
		cells[i] = (root-1)*size + int64(binary.BigEndian.Uint16(page[8+2*i:]))
	}
	return cells
}

// flipByte inverts the byte at off of the file at path.
func flipByte(t *testing.T, path string, off int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, off); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0xff
	if _, err := f.WriteAt(b, off); err != nil {
		t.Fatal(err)
	}
}

// TestCheckSound: a database as ingest leaves it is sound.
func TestCheckSound(t *testing.T) {
	db := ingestedDB(t, 6)
	code, out, errOut := runCLI(t, "check", "--db", db)
	if want := db + ": sound (6 games, 0 failed records)\n"; code != 0 || out != want || errOut != "" {
		t.Fatalf("check: %d %q %q, want 0 %q", code, out, errOut, want)
	}
}

// TestCheckDamagedIndex flips one byte in each of the first cells of the
// index of players' names (a byte of the name's text, of its length, of
// the record's header): a damage the commands that read may not notice,
// answering wrongly; check finds each and exits 1.
func TestCheckDamagedIndex(t *testing.T) {
	db := ingestedDB(t, 6)
	cells := indexCells(t, db, "players_name")
	for i, cell := range cells[:3] {
		for _, at := range []int64{1, 2, 3, 6} {
			damaged := copyFile(t, db, t.TempDir())
			flipByte(t, damaged, cell+at)
			code, out, errOut := runCLI(t, "check", "--db", damaged)
			wantErr := "towerlog: " + damaged + " is not sound: restore it from a backup, or ingest its files into a new database\n"
			if code != 1 || !strings.HasPrefix(out, damaged+": integrity_check: ") || errOut != wantErr {
				t.Errorf("cell %d, byte %d flipped: check gave %d\n%s%s", i, at, code, out, errOut)
			}
		}
	}
}

// TestCheckRows: rows that SQLite finds sound but that break towerlog's
// invariants (a game's turn removed, a player's score changed) are
// named.
func TestCheckRows(t *testing.T) {
	db := ingestedDB(t, 6)
	execSQL(t, db, `PRAGMA foreign_keys = ON`,
		`DELETE FROM turns WHERE game = 2 AND turn = (SELECT max(turn) FROM turns WHERE game = 2)`,
		`UPDATE players SET score = score + 5 WHERE game = 4 AND seat = 1`)
	var turns, score int
	ro, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	err = ro.QueryRow(`SELECT (SELECT turns FROM games WHERE gid = 2), (SELECT score FROM players WHERE game = 4 AND seat = 1)`).Scan(&turns, &score)
	ro.Close()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "check", "--db", db)
	want := db + ": game 2 has " + itoa(turns-1) + " turns rows and " + itoa(turns) + " turns\n" +
		db + ": game 4, seat 1: a score of " + itoa(score) + ", but its scorings and ransoms make " + itoa(score-5) + "\n" +
		db + ": game 2: stored record: the game's rows are not those it was stored with: zlib: invalid dictionary\n"
	if code != 1 || out != want {
		t.Fatalf("check: %d\n got %s%s\nwant %s", code, out, errOut, want)
	}
}

// TestDamagedReads: a command that reads a damaged database says so in
// one line naming the database (not the output file, not twice), exit
// status 2.
func TestDamagedReads(t *testing.T) {
	db := ingestedDB(t, 6)
	// The first byte of the first cell's record (its header's size) of
	// the index of names: SQLite finds the file malformed when it reads
	// the index.
	flipByte(t, db, indexCells(t, db, "players_name")[0]+1)
	out := t.TempDir()
	for _, args := range [][]string{
		{"report", "-o", filepath.Join(out, "report.html")},
		{"select", "-o", filepath.Join(out, "games.cgn"), "--player", "Anna"},
		// Without a filter stats reads the players' totals, which the
		// index of names does not hold.
		{"stats", "--player", "Anna"},
		{"games", "list", "--player", "Anna"},
		{"standings", "--event", "towerlog generated games"},
	} {
		code, _, errOut := runCLI(t, append(args, "--db", db)...)
		want := "towerlog: " + db + " is damaged: database disk image is malformed (11): towerlog check --db " + db + " says what is wrong\n"
		if code != 2 || errOut != want {
			t.Errorf("%s: %d\n got %s\nwant %s", args[0], code, errOut, want)
		}
	}
}

// TestUnreadableRow: a value of the wrong type in a row (a score that
// is text) is an error naming the database, not database/sql's alone.
func TestUnreadableRow(t *testing.T) {
	db := ingestedDB(t, 6)
	execSQL(t, db, `UPDATE players SET score = 'x' WHERE game = 2 AND seat = 0`)
	code, _, errOut := runCLI(t, "standings", "--db", db, "--event", "towerlog generated games")
	want := "towerlog: " + db + `: sql: Scan error on column index 4, name "score": converting driver.Value type string ("x") to a int: invalid syntax` +
		" (towerlog check --db " + db + " says whether the database is damaged)\n"
	if code != 2 || errOut != want {
		t.Errorf("standings: %d\n got %s\nwant %s", code, errOut, want)
	}
	code, out, _ := runCLI(t, "check", "--db", db)
	want = db + `: game 2, seat 0: a score of "x", but its scorings and ransoms make `
	if code != 1 || !strings.HasPrefix(out, want) {
		t.Errorf("check: %d\n got %s\nwant %s...", code, out, want)
	}
}

// TestIngestDatabaseError: an ingest stopped by an error of the database
// (a trigger failing as a full disk would) names the database and how
// many games it stored, exit status 2.
func TestIngestDatabaseError(t *testing.T) {
	db := ingestedDB(t, 3)
	execSQL(t, db, `CREATE TRIGGER full BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'full disk'); END`)
	more := generateFile(t, t.TempDir(), "more.cgn", 4, "2")
	code, _, errOut := runCLI(t, "ingest", "--db", db, more)
	// The driver writes a trigger's RAISE as "constraint failed: REASON (1811)".
	want := "towerlog: " + db + ": games: constraint failed: full disk (1811) (0 games stored; the database is consistent: once the cause is fixed, the same command stores the rest)\n"
	if code != exitUsage || errOut != want {
		t.Fatalf("ingest: %d\n got %q\nwant %q", code, errOut, want)
	}
}
