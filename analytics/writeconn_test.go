package analytics

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestWriteConnMissingFile(t *testing.T) {
	_, err := openWriteConn(context.Background(), "file:"+filepath.Join(t.TempDir(), "missing", "x.db"))
	if err == nil || !strings.Contains(err.Error(), "unable to open database file") {
		t.Fatalf("got %v, want an error saying the file cannot be opened", err)
	}
}

// TestBulk writes rows of every kind through statements of every size a
// bulk uses, and refuses a column of mixed kinds.
func TestBulk(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	c, err := openWriteConn(ctx, s.uri)
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	if err := c.exec(`CREATE TABLE t (a INTEGER, b TEXT, c INTEGER)`); err != nil {
		t.Fatal(err)
	}
	b := newBulk(c, "t", []string{"a", "b", "c"})
	defer b.close()
	const n = maxRowsPerStatement + 300 // a full statement, then 256, 32, 8 and 4 rows
	for i := range n {
		var text any
		if i%3 != 0 {
			text = strings.Repeat("é", i%5)
		}
		if err := b.add(i, text, int64(-i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.flush(); err != nil {
		t.Fatal(err)
	}
	var rows, sumA, sumC, nulls, chars int
	err = s.db.QueryRow(`SELECT count(*), sum(a), sum(c), count(*) - count(b), sum(length(b)) FROM t`).
		Scan(&rows, &sumA, &sumC, &nulls, &chars)
	if err != nil {
		t.Fatal(err)
	}
	wantChars := 0
	for i := range n {
		if i%3 != 0 {
			wantChars += i % 5
		}
	}
	if rows != n || sumA != n*(n-1)/2 || sumC != -sumA || nulls != (n+2)/3 || chars != wantChars {
		t.Errorf("got %d rows, sum(a) %d, sum(c) %d, %d NULL, %d characters; want %d, %d, %d, %d, %d",
			rows, sumA, sumC, nulls, chars, n, n*(n-1)/2, -n*(n-1)/2, (n+2)/3, wantChars)
	}
	if err := b.add(1, 2, 3); err == nil || err.Error() != "analytics: t: mixed integers and text in column 2" {
		t.Errorf("an integer in a text column: got %v", err)
	}
}

// TestIngestOddPath ingests into a file whose name holds the characters
// of URIs: the writer's connection opens the same file as the others.
func TestIngestOddPath(t *testing.T) {
	ctx := context.Background()
	dir := testArchive(t, 6, 1)
	path := filepath.Join(t.TempDir(), "file:a?b=c#d%20 é.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.Ingest(ctx, []string{dir}, IngestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if valid, _, err := s.Counts(ctx); err != nil || valid != 6 || st.Added != 6 {
		t.Fatalf("%d games stored, %d added (%v); want 6", valid, st.Added, err)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := filepath.Base(path); !slices.Contains(names, want) {
		t.Errorf("files %q, want %q among them", names, want)
	}
}
