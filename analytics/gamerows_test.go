package analytics

import (
	"reflect"
	"testing"
)

// TestGameRowsTables: each of Tables has its place in GameRows
// (tableRows), which holds rows of the table's type, every place of
// GameRows belongs to a table, and SetGame gives the game's key to every
// row of a valid game's tables.
func TestGameRowsTables(t *testing.T) {
	for _, valid := range []bool{true, false} {
		r := GameRows{Valid: valid}
		v := reflect.ValueOf(&r).Elem()
		slices := 0
		for i := range v.NumField() {
			if f := v.Field(i); f.Kind() == reflect.Slice {
				f.Set(reflect.MakeSlice(f.Type(), 1, 1))
				slices++
			}
		}
		r.SetGame(7)
		rows := 0
		for tb := range tableRows {
			tableRows[tb](&r, func(x row) {
				rows++
				if got := reflect.TypeOf(x).Elem(); got != Tables[tb].Row {
					t.Errorf("valid %v: table %s holds a %s, want a %s", valid, Tables[tb].Name, got.Name(), Tables[tb].Row.Name())
				}
				if key := x.args(nil)[0]; tb <= tDiscards && key != int64(7) {
					t.Errorf("valid %v: a row of %s has the key %v after SetGame(7)", valid, Tables[tb].Name, key)
				}
			})
		}
		// Each slice holds one row, and the games or invalid_games row is
		// the game's own.
		if rows != slices+1 {
			t.Errorf("valid %v: the tables hold %d rows of GameRows, want %d", valid, rows, slices+1)
		}
	}
}
