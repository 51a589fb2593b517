package parquetdir

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"reflect"
	"regexp"

	"github.com/parquet-go/parquet-go"

	"github.com/towerlog/towerlog/analytics"
)

// groupRows and groupBytes bound a row group, the unit engines split a
// scan into and skip by its statistics, and which a table's writer holds
// in memory, compressed, until it is full: a group is written once it
// has groupRows rows or about groupBytes bytes (parquet-go's estimate,
// the pages compressed so far and the values of the page being filled).
// A million rows of the turns table make some 12 MB; the games table,
// whose rows carry the record, reaches groupBytes in some 8,000 rows.
// Variables so that tests can make groups of a few rows.
var (
	groupRows  int64 = 1_000_000
	groupBytes int64 = 8 << 20
)

// columns returns the options that make parquet-go name the columns of
// row type T by their `col` tags, the column names of the SQLite store;
// the Parquet types follow the fields' Go types (int64 is INT64, string
// is a UTF-8 BYTE_ARRAY, a pointer is an optional column).
func columns[T any]() []parquet.SchemaOption {
	t := reflect.TypeFor[T]()
	opts := make([]parquet.SchemaOption, 0, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		opts = append(opts, parquet.StructTag(reflect.StructTag(fmt.Sprintf("parquet:%q", f.Tag.Get("col"))), f.Name))
	}
	return opts
}

// writerOptions are the options of a table's writer: its columns, zstd
// compression of every page, row groups of at most groupRows rows (the
// writer's add flushes them at groupBytes), and no page bounds for
// games.record (an option that names a column the table does not have
// changes nothing). A record's range selects no query's pages, and
// parquet-go keeps the bounds of every page of a file in memory until the
// file is closed, each a whole record (it truncates them to 16 bytes only
// in the slices it writes): some 50 bytes a game, 42 MB of the Go heap
// near the end of a million-game shard (a heap profile of a
// 1,000,000-game ingest).
func writerOptions[T any]() []parquet.WriterOption {
	opts := []parquet.WriterOption{
		parquet.Compression(pages),
		parquet.MaxRowsPerRowGroup(groupRows),
		parquet.SkipPageBounds("record"),
	}
	for _, o := range columns[T]() {
		opts = append(opts, o.(parquet.WriterOption))
	}
	return opts
}

// Schema returns the Parquet schema of the table whose rows are of type
// T (analytics.GameRow and the others).
func Schema[T any]() *parquet.Schema {
	var zero T
	return parquet.SchemaOf(zero, columns[T]()...)
}

// Key returns the key of a game in a directory (games.gid, and the game
// column of the tables that refer to it): the first 63 bits of its id,
// the SHA-256 of its record in hex. Every shard gives a game the same key
// without asking the others; two different games share a key with a
// probability of about n²/2⁶⁴ for n games (one in 180,000 for 10
// million).
func Key(id string) (int64, error) {
	if len(id) < 16 {
		return 0, fmt.Errorf("game id %q: not a SHA-256 in hex", id)
	}
	b, err := hex.DecodeString(id[:16])
	if err != nil {
		return 0, fmt.Errorf("game id %q: not a SHA-256 in hex", id)
	}
	return int64(binary.BigEndian.Uint64(b) >> 1), nil
}

// shardName is what a shard id may be: letters, digits, '.', '_' and
// '-', starting with a letter or digit (engines skip files whose names
// start with '.' or '_').
var shardName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$`)

// CheckShard returns an error unless id can name a shard.
func CheckShard(id string) error {
	if !shardName.MatchString(id) {
		return fmt.Errorf("shard id %q: use up to 100 letters, digits, '.', '_' and '-', starting with a letter or digit", id)
	}
	return nil
}

// table returns the table of the store whose rows are of type T.
func table[T any]() analytics.Table { return analytics.TableOf[T]() }
