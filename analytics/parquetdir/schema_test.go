package parquetdir

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/sqltest"
)

// TestSchema: every table's file has the columns of the SQLite table, in
// its order, each with the Parquet type of its SQL type (INTEGER: INT64,
// TEXT: a UTF-8 string) and required exactly when the SQL column is NOT
// NULL or the key; its pages are compressed with zstd and its row groups
// hold at most rowsPerGroup rows.
func TestSchema(t *testing.T) {
	files := archive(t, 30)
	s := store(t, files)
	dir := t.TempDir()
	if _, err := WriteRecords(t.Context(), dir, "s", files, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, tab := range analytics.Tables {
		type column struct {
			name, typ    string
			notNull, key bool
		}
		var want []column
		rows, err := sqltest.Open(t, s.Path()).QueryContext(t.Context(), `SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid`, tab.Name)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var c column
			var pk int
			if err := rows.Scan(&c.name, &c.typ, &c.notNull, &pk); err != nil {
				t.Fatal(err)
			}
			c.key = pk > 0
			want = append(want, c)
		}
		rows.Close()

		f := openParquet(t, filepath.Join(dir, tab.Name, "s.parquet"))
		fields := f.Schema().Fields()
		if len(fields) != len(want) {
			t.Errorf("%s: %d columns, the SQLite table %d", tab.Name, len(fields), len(want))
			continue
		}
		for i, c := range want {
			field := fields[i]
			if field.Name() != c.name {
				t.Errorf("%s: column %d is %s, in SQLite %s", tab.Name, i, field.Name(), c.name)
			}
			kind, logical := field.Type().Kind(), field.Type().LogicalType()
			switch c.typ {
			case "INTEGER":
				// INT64, plain or marked as a signed 64-bit integer.
				it, _ := logicalValue(logical).(*format.IntType)
				if kind != parquet.Int64 || logical != nil && (it == nil || it.BitWidth != 64 || !it.IsSigned) {
					t.Errorf("%s.%s: %v %v, want INT64", tab.Name, c.name, kind, logical)
				}
			case "TEXT", "BLOB":
				// games.record, the one BLOB, is the record compressed
				// in the database and its text in Parquet.
				if c.typ == "BLOB" && tab.Name+"."+c.name != "games.record" {
					t.Errorf("%s.%s: SQL type BLOB has no Parquet type in this test", tab.Name, c.name)
				}
				if _, ok := logicalValue(logical).(*format.StringType); kind != parquet.ByteArray || !ok {
					t.Errorf("%s.%s: %v %v, want a UTF-8 BYTE_ARRAY", tab.Name, c.name, kind, logical)
				}
			default:
				t.Errorf("%s.%s: SQL type %s has no Parquet type in this test", tab.Name, c.name, c.typ)
			}
			if required := c.notNull || c.key; field.Required() != required || field.Optional() == required {
				t.Errorf("%s.%s: required %v, optional %v; NOT NULL in SQLite: %v", tab.Name, c.name, field.Required(), field.Optional(), required)
			}
		}
		for _, rg := range f.Metadata().RowGroups {
			if rg.NumRows > groupRows {
				t.Errorf("%s: a row group of %d rows", tab.Name, rg.NumRows)
			}
			for _, cc := range rg.Columns {
				if cc.MetaData.Codec != format.Zstd {
					t.Errorf("%s.%s: compressed with %v", tab.Name, cc.MetaData.PathInSchema, cc.MetaData.Codec)
				}
			}
		}
	}
}

func openParquet(t *testing.T, name string) *parquet.File {
	t.Helper()
	r, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	info, err := r.Stat()
	if err != nil {
		t.Fatal(err)
	}
	f, err := parquet.OpenFile(r, info.Size())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func logicalValue(t *format.LogicalType) format.LogicalTypeValue {
	if t == nil {
		return nil
	}
	return t.Value
}

// TestRecordWithoutPageBounds: the games file's page index gives no bounds
// for the pages of games.record (whole records, which the writer would
// otherwise hold in memory until the file is closed), and bounds for
// every page of the other columns, games.id among them.
func TestRecordWithoutPageBounds(t *testing.T) {
	files := archive(t, 30)
	dir := t.TempDir()
	if _, err := WriteRecords(t.Context(), dir, "s", files, Options{}); err != nil {
		t.Fatal(err)
	}
	f := openParquet(t, filepath.Join(dir, "games", "s.parquet"))
	fields := f.Schema().Fields()
	indexes := f.ColumnIndexes()
	if len(indexes) != len(f.Metadata().RowGroups)*len(fields) {
		t.Fatalf("%d column indexes for %d row groups of %d columns", len(indexes), len(f.Metadata().RowGroups), len(fields))
	}
	checked := map[string]bool{}
	for g, rg := range f.Metadata().RowGroups {
		for j, field := range fields {
			name := field.Name()
			ci := indexes[g*len(fields)+j]
			stats := rg.Columns[j].MetaData.Statistics
			for p := range ci.MinValues {
				if ci.NullPages[p] {
					continue
				}
				bounded := len(ci.MinValues[p]) > 0 && len(ci.MaxValues[p]) > 0
				if name == "record" && bounded {
					t.Errorf("games.record: page %d of row group %d has bounds %q to %q", p, g, ci.MinValues[p], ci.MaxValues[p])
				}
				if name != "record" && !bounded {
					t.Errorf("games.%s: page %d of row group %d has no bounds", name, p, g)
				}
				checked[name] = true
			}
			if name == "record" && (len(stats.MinValue) > 0 || len(stats.MaxValue) > 0) {
				t.Errorf("games.record: row group %d has bounds in its statistics", g)
			}
		}
	}
	for _, name := range []string{"record", "id", "file", "rules"} {
		if !checked[name] {
			t.Errorf("games.%s: no page with values checked", name)
		}
	}
}
