package analytics

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// schemaDoc reads docs/schema.md.
func schemaDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "docs", "schema.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var (
	sqlBlock   = regexp.MustCompile("(?s)```sql\n(.*?)```")
	sqliteLine = regexp.MustCompile(`(?m)^\s+sqlite3 towerlog\.db "(.*)"$`)
)

// TestSchemaDocQueries runs every query of docs/schema.md, and a SELECT
// of every view, over an ingested archive: each must give rows.
func TestSchemaDocQueries(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	if _, err := s.Ingest(ctx, []string{proofArchive}, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	doc := schemaDoc(t)
	var queries []string
	for _, m := range sqliteLine.FindAllStringSubmatch(doc, -1) {
		queries = append(queries, m[1])
	}
	for _, m := range sqlBlock.FindAllStringSubmatch(doc, -1) {
		queries = append(queries, m[1])
	}
	if len(queries) < 8 {
		t.Fatalf("found %d queries in docs/schema.md, want at least 8", len(queries))
	}
	views := names(t, s, "view")
	for _, v := range views {
		queries = append(queries, "SELECT * FROM "+v)
	}
	for _, q := range queries {
		n, err := countRows(ctx, s, q)
		if err != nil {
			t.Errorf("%s: %v", q, err)
		} else if n == 0 {
			t.Errorf("%s: no rows", q)
		}
	}
}

// TestSchemaDocTables checks that docs/schema.md describes every table
// with its columns, and every view.
func TestSchemaDocTables(t *testing.T) {
	s := openTemp(t)
	doc := schemaDoc(t)
	sections := map[string][]string{}
	var cur string
	for _, line := range strings.Split(doc, "\n") {
		if name, ok := strings.CutPrefix(line, "### "); ok {
			cur = name
			sections[cur] = nil
			continue
		}
		if cur == "" || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| column ") {
			continue
		}
		cell := strings.TrimSpace(strings.Split(line, "|")[1])
		sections[cur] = append(sections[cur], strings.Split(cell, ", ")...)
	}
	for _, tb := range Tables {
		cols, ok := sections[tb.Name]
		if !ok {
			t.Errorf("docs/schema.md has no section for table %s", tb.Name)
			continue
		}
		if !slices.Equal(cols, tb.Columns) {
			t.Errorf("docs/schema.md lists columns %q for %s, want %q", cols, tb.Name, tb.Columns)
		}
	}
	for _, name := range names(t, s, "table") {
		if _, ok := sections[name]; !ok {
			t.Errorf("docs/schema.md has no section for table %s", name)
		}
	}
	for _, v := range names(t, s, "view") {
		if !strings.Contains(doc, "| `"+v+"` |") {
			t.Errorf("docs/schema.md does not describe view %s", v)
		}
	}
}

// names lists the tables or the views of the store.
func names(t *testing.T, s *Store, kind string) []string {
	t.Helper()
	rows, err := s.db.Query(`SELECT name FROM sqlite_schema WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name`, kind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}

func countRows(ctx context.Context, s *Store, query string) (int, error) {
	rows, err := s.db.QueryContext(ctx, query)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}
