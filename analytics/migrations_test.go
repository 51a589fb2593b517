package analytics

import (
	"io/fs"
	"testing"
)

// TestSchemaTable: the table of migrations names every embedded SQL file
// once, in the order of their numbers, which run from 1 without a gap, so
// that a file added without its row (or a row without its file) fails.
func TestSchemaTable(t *testing.T) {
	files, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(schema) {
		t.Fatalf("%d embedded migration files, %d migrations in schema", len(files), len(schema))
	}
	for i, m := range schema {
		if m.name() != files[i] {
			t.Errorf("migration %d is %s, the file is %s", i+1, m.name(), files[i])
		}
		if num, ok := migrationNumber(m.file); !ok || num != i+1 {
			t.Errorf("migration %d is numbered %d (%v)", i+1, num, ok)
		}
	}
	if got, want := knownSchema(), len(schema); got != want {
		t.Errorf("knownSchema() = %d, want %d", got, want)
	}
}
