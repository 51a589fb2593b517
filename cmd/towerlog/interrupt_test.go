package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/sqltest"
)

// TestIngestSignalled runs ingests in a child process (this test binary,
// running the command line given in its environment) and stops each with
// a signal once it has begun to write: it exits 130 and says how many
// games it stored, which are in the database whole, and running the same
// command again finishes the work.
func TestIngestSignalled(t *testing.T) {
	if env := os.Getenv("TOWERLOG_CLI_CHILD"); env != "" {
		var args []string
		if err := json.Unmarshal([]byte(env), &args); err != nil {
			t.Fatal(err)
		}
		os.Exit(run(context.Background(), args, os.Stdin, os.Stdout, os.Stderr))
	}
	dir := t.TempDir()
	games := generateFile(t, dir, "games.cgn", 2000, "2-4")
	for _, c := range []struct {
		name   string
		sig    syscall.Signal
		format string
	}{
		{"SIGINT", syscall.SIGINT, "sqlite"},
		{"SIGTERM", syscall.SIGTERM, "sqlite"},
		{"SIGINT, Parquet", syscall.SIGINT, "parquet"},
		{"SIGTERM, Parquet", syscall.SIGTERM, "parquet"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := []string{"ingest", "-j", "1", "--db", out, games}
			// Some games are stored, more are to come.
			ready := func() bool { return peekGames(out) > 0 }
			if c.format == "parquet" {
				args = []string{"ingest", "-j", "1", "--format", "parquet", "-o", out, games}
				ready = func() bool { // a table's folder, made as the first game is written
					_, err := os.Stat(filepath.Join(out, "games"))
					return err == nil
				}
			}
			code, stderr := signalChild(t, args, ready, c.sig)
			stored := 0
			if c.format == "sqlite" {
				stored = countStored(t, out)
			}
			want := fmt.Sprintf("towerlog: interrupted: %d games stored, run the same command to finish\n", stored)
			if stored == 1 {
				want = "towerlog: interrupted: 1 game stored, run the same command to finish\n"
			}
			if code != exitInterrupted || stderr != want {
				t.Fatalf("exit %d, stderr %q; want %d, %q", code, stderr, exitInterrupted, want)
			}
			if c.format == "sqlite" {
				code, stdout, stderr := runCLI(t, args...)
				want := fmt.Sprintf("%s: %d added, 0 updated, %d already present, 0 invalid (1 file)\n", out, 2000-stored, stored)
				if code != 0 || stdout != want {
					t.Errorf("again: exit %d, stdout %q, stderr %q; want 0, %q", code, stdout, stderr, want)
				}
			}
		})
	}
}

// signalChild runs the command line args in a child process, sends it sig
// as soon as ready reports true, and returns its exit code and standard
// error.
func signalChild(t *testing.T, args []string, ready func() bool, sig syscall.Signal) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestIngestSignalled$", "-test.count=1")
	env, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(), "TOWERLOG_CLI_CHILD="+string(env))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for !ready() {
		select {
		case err := <-exited:
			t.Fatalf("the child ended (%v) before it was ready to stop: %s", err, stderr.String())
		case <-time.After(2 * time.Millisecond):
		}
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	err = <-exited
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// peekGames returns the number of games of a database another process
// is writing, read without writing anything; 0 while there is none.
func peekGames(path string) int {
	if _, err := os.Stat(path); err != nil {
		return 0
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return 0
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil {
		return 0
	}
	return n
}

// countStored returns the number of games of a database, checking that
// each is whole.
func countStored(t *testing.T, path string) int {
	t.Helper()
	s, err := analytics.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var games, broken int
	err = sqltest.Open(t, s.Path()).QueryRow(`SELECT count(*), count(*) FILTER (WHERE turns != (SELECT count(*) FROM turns WHERE game = gid))
		FROM games`).Scan(&games, &broken)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		t.Fatal(err)
	}
	if broken != 0 {
		t.Errorf("%d of %d games stored without all their turns", broken, games)
	}
	return games
}
