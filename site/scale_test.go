// The benchmark counts pages a CPU second, which getrusage gives on unix.

//go:build unix

package site_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"testing"
	"time"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/generate"
	"github.com/towerlog/towerlog/replay"
	"github.com/towerlog/towerlog/site"
)

var scaleGames = flag.Int("site.games", 40000, "games of BenchmarkSitePerPage's archive; its small site has a quarter of them")

// BenchmarkSitePerPage: the cost of a page does not grow with the games
// selected. From one club-shaped database of site.games four-player Tower
// games (a pool of 10,000 players, events of 100, as scripts/bench-scale.sh
// makes), it writes the site of the first quarter of the games (--until
// the date of the last of them) and the site of them all, twice each,
// one after the other, and compares their game pages per second of the
// process's CPU time from the first game page to the last, the best of
// the two runs of each: the ratio must be within 25 % of 1. It reports
// too the pages of the whole site (game, player and event pages) per CPU
// second of the whole run, whose setup (ratings, the players' figures)
// is linear in the games and whose players' pages list more games each in
// the larger archive. CPU time rather
// than the wall clock, which other work on the machine moves; a ratio of
// one process rather than a time. Not run by CI (an hour's work at the
// default size):
//
//	go test ./site -run '^$' -bench SitePerPage -benchtime 1x -timeout 2h [-site.games 40000]
func BenchmarkSitePerPage(b *testing.B) {
	// The collector tuned as towerlog's main tunes it (cmd/towerlog):
	// under its memory limit, live memory that grows with the games
	// would make every page cost more.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(64 << 20))
	ctx := context.Background()
	dir := b.TempDir()
	n := *scaleGames
	db := clubDatabase(b, dir, n)
	s, err := analytics.OpenShared(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	// The date of the last game of the first quarter: its events come
	// one after the other, a day apart.
	var until string
	k := 0
	if _, err := s.SelectGames(ctx, filter.Filter{}, false, func(g *analytics.Game) error {
		if k++; k == n/4 {
			until = g.Date
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	small := filter.Filter{Until: until}
	best := map[bool]float64{}  // all games: the best game pages per CPU second
	whole := map[bool]float64{} // all games: the best pages per CPU second of the whole run
	for b.Loop() {
		for _, all := range []bool{false, true, false, true} {
			f := small
			if all {
				f = filter.Filter{}
			}
			out := filepath.Join(dir, "site")
			// The CPU time at the first game page and at the last.
			var first, last time.Duration
			done := 0
			progress := func() {
				if done++; done == 1 {
					first = processCPU(b)
				}
				last = processCPU(b)
			}
			c0, t0 := processCPU(b), time.Now()
			st, err := site.Write(ctx, s, out, site.Options{Filter: f, Progress: progress})
			if err != nil {
				b.Fatal(err)
			}
			cpu, wall := processCPU(b)-c0, time.Since(t0)
			pages := float64(st.Games + st.Players + st.Events)
			games := float64(st.Games-1) / (last - first).Seconds()
			b.Logf("%d games: %.0f game pages a CPU second; the whole site %d pages in %.1f s, %.1f CPU-s: %.0f pages a second, %.0f a CPU second",
				st.Games, games, int(pages), wall.Seconds(), cpu.Seconds(), pages/wall.Seconds(), pages/cpu.Seconds())
			best[all] = max(best[all], games)
			whole[all] = max(whole[all], pages/cpu.Seconds())
			if err := os.RemoveAll(out); err != nil {
				b.Fatal(err)
			}
		}
	}
	ratio := best[true] / best[false]
	b.ReportMetric(best[false], "game-pages/CPU-s-quarter")
	b.ReportMetric(best[true], "game-pages/CPU-s-all")
	b.ReportMetric(ratio, "all/quarter")
	b.ReportMetric(whole[true]/whole[false], "whole-all/quarter")
	if ratio < 0.75 || ratio > 1/0.75 {
		b.Errorf("game pages a CPU second: %.0f for all %d games, %.0f for a quarter: a ratio of %.2f, not within 25 %% of 1",
			best[true], n, best[false], ratio)
	}
}

// clubDatabase stores n club-shaped games (generate --players 4 --pool
// 10000 --event-games 100) in a new database in dir and returns its path.
func clubDatabase(b *testing.B, dir string, n int) string {
	b.Helper()
	archive := filepath.Join(dir, "club.cgn")
	f, err := os.Create(archive)
	if err != nil {
		b.Fatal(err)
	}
	rules, err := engine.ParseRules([]string{"tower"})
	if err != nil {
		b.Fatal(err)
	}
	series := generate.Series{Games: n, MinPlayers: 4, MaxPlayers: 4, Seed: 1, Rules: rules,
		Club: &generate.Club{Pool: 10000, EventGames: 100}}
	if err := series.Write(f); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	db := filepath.Join(dir, "club.db")
	s, err := analytics.Open(context.Background(), db)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Ingest(context.Background(), []string{archive}, analytics.IngestOptions{Loaders: replay.Loaders{".cgn": replay.CGN()}}); err != nil {
		b.Fatal(err)
	}
	return db
}

// processCPU is the CPU time the process has used, user and system.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
