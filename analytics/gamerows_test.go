package analytics

import (
	"reflect"
	"testing"
)

// TestGameRowsTables: GameRows keeps a row of every table.
func TestGameRowsTables(t *testing.T) {
	var r GameRows
	for _, tab := range Tables {
		r.add(reflect.New(tab.Row).Interface().(row))
	}
	v := reflect.ValueOf(r)
	kept := 0
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Slice && f.Len() == 1 || f.Kind() == reflect.Struct {
			kept++
		}
	}
	if kept != len(Tables) {
		t.Errorf("GameRows kept rows of %d tables, want %d", kept, len(Tables))
	}
}
