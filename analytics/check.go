package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/towerlog/towerlog/analytics/recordcodec"
)

// maxProblems is the most problems Check lists of each of its checks:
// a damaged file can have a problem in every row.
const maxProblems = 20

// CheckReport is what Check found.
type CheckReport struct {
	Games, Invalid int      // the valid games and the failed records stored
	Problems       []string // what is wrong, one line each; empty for a sound database
}

// Check checks the database: first SQLite's integrity_check (every page,
// every index against its table) and foreign_key_check (every row of a
// game refers to a stored game), then towerlog's own invariants: each
// game has as many players rows as seats and as many turns rows as
// turns, each player's score is the sum of their scorings and ransoms,
// each game's towers are those its floors make, and each record reads
// against its game's rows (the rows the record is
// compressed against are all there, unchanged). The invariants are
// checked only on a file that SQLite finds sound, since a damaged index
// can answer anything. Each check lists at most maxProblems problems,
// then how many more it found. An error is returned only when the checks
// could not run; a damaged file's errors while they run are problems.
func (s *Store) Check(ctx context.Context) (CheckReport, error) {
	var r CheckReport
	// One transaction: every check reads the same state of the file,
	// whatever another process writes meanwhile (a record read against
	// rows a later commit changed would look damaged).
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return r, err
	}
	defer tx.Rollback()
	ck := checker{tx}
	for i, ch := range []struct {
		name  string
		check func(context.Context, *CheckReport) error
	}{{"integrity_check", ck.checkIntegrity}, {"foreign_key_check", ck.checkForeignKeys}, {"counts", ck.checkCounts}, {"towers", ck.checkTowers}, {"records", ck.checkRecords}} {
		if err := ch.check(ctx, &r); err != nil {
			if !Damaged(err) {
				return r, err
			}
			r.Problems = append(r.Problems, ch.name+": "+err.Error())
		}
		if i == 0 && len(r.Problems) > 0 {
			return r, nil // the file is damaged: nothing more read from it can be trusted
		}
	}
	err = tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM invalid_games)`).Scan(&r.Games, &r.Invalid)
	return r, err
}

// checker runs the checks of Check in its transaction.
type checker struct{ tx *sql.Tx }

// Damaged reports whether err is SQLite's finding that the file is
// damaged (SQLITE_CORRUPT, SQLITE_NOTADB).
func Damaged(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code() & 0xff
	return code == sqlite3.SQLITE_CORRUPT || code == sqlite3.SQLITE_NOTADB
}

// limited adds the problems of one check to a report: at most
// maxProblems of them, then, once done, how many more.
type limited struct {
	r *CheckReport
	n int
}

func (l *limited) add(line string) {
	if l.n++; l.n <= maxProblems {
		l.r.Problems = append(l.r.Problems, line)
	}
}

func (l *limited) done() {
	if l.n > maxProblems {
		l.r.Problems = append(l.r.Problems, fmt.Sprintf("... and %d more", l.n-maxProblems))
	}
}

// problems adds the lines of the query's rows, which scan writes ("" for
// none), to r.
func (ck checker) problems(ctx context.Context, r *CheckReport, query string, scan func(*sql.Rows) (string, error)) error {
	l := &limited{r: r}
	defer l.done()
	return eachRow(ctx, ck.tx, query, nil, func(rows *sql.Rows) error {
		line, err := scan(rows)
		if err == nil && line != "" {
			l.add(line)
		}
		return err
	})
}

func (ck checker) checkIntegrity(ctx context.Context, r *CheckReport) error {
	// integrity_check writes "ok", or at most its argument rows, each a
	// problem, the first after a line naming the schema ("*** in
	// database main ***").
	return ck.problems(ctx, r, fmt.Sprintf(`PRAGMA integrity_check(%d)`, maxProblems+1), func(rows *sql.Rows) (string, error) {
		var text string
		if err := rows.Scan(&text); err != nil || text == "ok" {
			return "", err
		}
		var lines []string
		for _, line := range strings.Split(text, "\n") {
			if line != "" && !strings.HasPrefix(line, "*** in database ") {
				lines = append(lines, line)
			}
		}
		return "integrity_check: " + strings.Join(lines, "; "), nil
	})
}

func (ck checker) checkForeignKeys(ctx context.Context, r *CheckReport) error {
	return ck.problems(ctx, r, `PRAGMA foreign_key_check`, func(rows *sql.Rows) (string, error) {
		var table, parent string
		var rowid sql.NullInt64
		var fk int
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return "", err
		}
		return fmt.Sprintf("foreign_key_check: a row of %s (rowid %d) refers to no row of %s", table, rowid.Int64, parent), nil
	})
}

// countChecks are the invariants of the counts of each game's rows: a
// query of the rows that break one (integers each) and the problem's
// line, written from them.
var countChecks = []struct{ query, line string }{
	{`SELECT gid, n, seats FROM (SELECT g.gid, g.seats, (SELECT count(*) FROM players p WHERE p.game = g.gid) AS n FROM games g)
		WHERE n <> seats ORDER BY gid`, "game %v has %v players rows and %v seats"},
	{`SELECT gid, n, turns FROM (SELECT g.gid, g.turns, (SELECT count(*) FROM turns t WHERE t.game = g.gid) AS n FROM games g)
		WHERE n <> turns ORDER BY gid`, "game %v has %v turns rows and %v turns"},
	{`SELECT game, seat, score, n FROM (SELECT p.game, p.seat, p.score,
		coalesce((SELECT sum(points) FROM score_shares s WHERE s.game = p.game AND s.seat = p.seat), 0)
		+ coalesce((SELECT sum(points) FROM ransoms r WHERE r.game = p.game AND r.payee = p.seat), 0)
		- coalesce((SELECT sum(points) FROM ransoms r WHERE r.game = p.game AND r.payer = p.seat), 0) AS n FROM players p)
		WHERE n <> score ORDER BY game, seat`, "game %v, seat %v: a score of %v, but its scorings and ransoms make %v"},
}

func (ck checker) checkCounts(ctx context.Context, r *CheckReport) error {
	for _, c := range countChecks {
		err := ck.problems(ctx, r, c.query, func(rows *sql.Rows) (string, error) {
			cols, err := rows.Columns()
			if err != nil {
				return "", err
			}
			// Scanned as they are: a damaged row may hold text
			// where a number belongs.
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return "", err
			}
			for i, v := range vals {
				switch v.(type) {
				case string, []byte:
					vals[i] = fmt.Sprintf("%q", v)
				}
			}
			return fmt.Sprintf(c.line, vals...), nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// checkRecords reads every stored record against its game's rows.
func (ck checker) checkRecords(ctx context.Context, r *CheckReport) error {
	rr, err := newRecordReader(ctx, ck.tx)
	if err != nil {
		return err
	}
	defer rr.Close()
	l := &limited{r: r}
	defer l.done()
	return eachStored(ctx, ck.tx, "1", func(gid int64, value any) error {
		var problem error
		b, err := rr.read(ctx, gid)
		stored, ok := value.([]byte)
		switch {
		case Damaged(err) || ctx.Err() != nil:
			return err
		case err != nil:
			problem = fmt.Errorf("game %d: its rows cannot be read: %w", gid, err)
		case !ok:
			problem = fmt.Errorf("game %d: its record is not a compressed blob", gid)
		default:
			if _, err := recordcodec.Unpack(stored, b); err != nil {
				problem = fmt.Errorf("game %d: %w", gid, err)
			}
		}
		if problem != nil {
			l.add(problem.Error())
		}
		return nil
	})
}

// ReadError is an error of reading the database at Path that is no
// error of the command's input: the file is damaged (Damaged), or a row
// does not hold what the schema says, or the disk failed. It is one line
// (of a joined error, the first), naming the database and saying how to
// check it.
type ReadError struct {
	Path string
	Err  error
}

func (e *ReadError) Error() string {
	err := e.Err
	if j, ok := err.(interface{ Unwrap() []error }); ok && len(j.Unwrap()) > 0 {
		err = j.Unwrap()[0]
	}
	if Damaged(e.Err) {
		return fmt.Sprintf("%s is damaged: %v: towerlog check --db %s says what is wrong", e.Path, err, e.Path)
	}
	return fmt.Sprintf("%s: %v (towerlog check --db %s says whether the database is damaged)", e.Path, err, e.Path)
}

func (e *ReadError) Unwrap() error { return e.Err }
