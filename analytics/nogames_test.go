package analytics

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/towerlog/towerlog/analytics/filter"
)

func TestNoGamesHints(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	files := []string{filepath.Join("..", "testdata", "jcz", "capture.cgn")}
	if _, err := s.Ingest(ctx, files, IngestOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err := s.CountGames(ctx, filter.Filter{Players: []string{"ANNA"}, Winner: "Bobby", Event: "a tower captures a thief"})
	var none *filter.NoGamesError
	if !errors.As(err, &none) {
		t.Fatalf("CountGames: %v, want a *filter.NoGamesError", err)
	}
	want := []filter.Hint{{Field: "player", Noun: "player", Name: "ANNA", Near: []string{"Anna"}},
		{Field: "winner", Noun: "player", Name: "Bobby", Near: []string{"Bob"}},
		{Field: "event", Noun: "event", Name: "a tower captures a thief", Near: []string{"A tower captures a thief"}}}
	if !reflect.DeepEqual(none.Hints, want) {
		t.Errorf("hints:\n%+v\nwant\n%+v", none.Hints, want)
	}
	const msg = `no game matches (games of ANNA, event a tower captures a thief, won by Bobby): ` +
		`no player is named "ANNA" (player); did you mean "Anna"?; no player is named "Bobby" (winner); did you mean "Bob"?; ` +
		`no event is named "a tower captures a thief" (event); did you mean "A tower captures a thief"?`
	if got := none.Error(); got != msg {
		t.Errorf("message:\n%s\nwant\n%s", got, msg)
	}
	if n, err := s.CountGames(ctx, filter.Filter{}); n != 1 || err != nil {
		t.Errorf("CountGames of every game: %d, %v", n, err)
	}
}
