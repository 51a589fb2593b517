package analytics

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
)

// The benchmarks run over the CGN archive -bench.archive (a file or a
// directory; analytics/bench.sh makes one of 4-player games) or, without
// it, over a generated archive of -bench.games games, kept in -bench.dir
// between runs when that is set.
var (
	benchArchivePath = flag.String("bench.archive", "", "CGN file or directory to ingest (default: a generated archive)")
	benchGames       = flag.Int("bench.games", 2000, "games in the generated benchmark archive")
	benchDir         = flag.String("bench.dir", "", "directory to keep the generated benchmark archive in (default: a temporary one)")
)

// benchArchive returns the benchmark archive, generating it when it is
// missing.
func benchArchive(b *testing.B) string {
	b.Helper()
	if *benchArchivePath != "" {
		return *benchArchivePath
	}
	dir := *benchDir
	if dir == "" {
		dir = filepath.Join(b.TempDir(), "archive")
	} else {
		dir = filepath.Join(dir, "archive-"+strconv.Itoa(*benchGames))
	}
	if _, err := os.Stat(filepath.Join(dir, "complete")); err == nil {
		return dir
	}
	start := time.Now()
	files := max(1, *benchGames/1000)
	if _, err := generate.Archive(context.Background(), dir, generate.ArchiveOptions{Games: *benchGames, Files: files, Seed: 42}); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "complete"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Logf("generated %d games in %d files in %v", *benchGames, files, time.Since(start))
	return dir
}

// BenchmarkIngest ingests the archive into a new database: parse, replay
// on every core, one writer.
func BenchmarkIngest(b *testing.B) {
	dir := benchArchive(b)
	ctx := context.Background()
	var games, rows int
	cpu0, _ := cpuTime()
	for b.Loop() {
		b.StopTimer()
		s := openBench(b)
		b.StartTimer()
		st, err := s.Ingest(ctx, []string{dir}, IngestOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if st.Added == 0 || st.Invalid != 0 {
			b.Fatalf("ingest: %+v; want every game added", st)
		}
		games, rows = st.Added, st.Rows
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
	reportCPU(b, cpu0)
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// BenchmarkBareInsert inserts the rows that BenchmarkIngest writes,
// built beforehand, with nothing but database/sql: in transactions of
// defaultBatchRows rows, as Ingest, per table a prepared INSERT of rowsPerInsert rows
// and one of the rest. It is the floor under BenchmarkIngest: the cost of
// the database alone.
func BenchmarkBareInsert(b *testing.B) {
	dir := benchArchive(b)
	ctx := context.Background()
	files, err := replay.ExpandPaths([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	var batches [][len(Tables)][]any // the values of each table, by transaction
	var batch [len(Tables)][]any
	games, rows, inBatch := 0, 0, 0
	err = replay.RunWith(ctx, files, replay.RunOptions{}, newPending, func(g *replay.Game, r *pending) error {
		if !r.Valid {
			return fmt.Errorf("%s: not valid", g)
		}
		games++
		r.setKey(int64(games))
		for t := range batch {
			batch[t] = append(batch[t], r.values[t]...)
		}
		rows += r.rowCount()
		if inBatch += r.rowCount(); inBatch >= defaultBatchRows {
			batches, batch, inBatch = append(batches, batch), [len(Tables)][]any{}, 0
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	batches = append(batches, batch)
	// CPU time is counted while the clock runs only, the writing alone.
	var cpu time.Duration
	var measured bool
	for b.Loop() {
		b.StopTimer()
		s := openBench(b)
		var cpu0 time.Duration
		cpu0, measured = cpuTime()
		b.StartTimer()
		for _, batch := range batches {
			if err := bareInsert(ctx, s.db, &batch); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		cpu1, _ := cpuTime()
		cpu += cpu1 - cpu0
		s.Close()
		b.StartTimer()
	}
	if measured {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	}
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// bareInsert writes the values of each table's rows in one transaction.
func bareInsert(ctx context.Context, db *sql.DB, values *[len(Tables)][]any) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for t := range Tables {
		cols := len(Tables[t].Columns)
		vals := values[t]
		full, err := tx.PrepareContext(ctx, Tables[t].insertSQL(rowsPerInsert))
		if err != nil {
			return err
		}
		for ; len(vals) >= rowsPerInsert*cols; vals = vals[rowsPerInsert*cols:] {
			if _, err := full.ExecContext(ctx, vals[:rowsPerInsert*cols]...); err != nil {
				return err
			}
		}
		if len(vals) > 0 {
			if _, err := tx.ExecContext(ctx, Tables[t].insertSQL(len(vals)/cols), vals...); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

func openBench(b *testing.B) *Store {
	b.Helper()
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func reportCPU(b *testing.B, since time.Duration) {
	if now, ok := cpuTime(); ok {
		b.ReportMetric((now-since).Seconds()/float64(b.N), "cpu-s/op")
	}
}
