package jcz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// tagged is the record of g with every tag of the roster and others,
// spelt as people write them: the tags JCZ has no field for, with values
// that need escapes, and the tags it has a field for in texts its fields
// cannot hold (a date with unknown parts, players without colours, the
// default start restated, a rule flag at its default).
func tagged(t *testing.T, g generated) *record.Game {
	t.Helper()
	var b strings.Builder
	if err := record.Format(&b, g.rg); err != nil {
		t.Fatal(err)
	}
	games, err := record.Parse(strings.NewReader(b.String()), "g.cgn")
	if err != nil {
		t.Fatal(err)
	}
	rg := games[0]
	var names []string
	for _, p := range g.players {
		names = append(names, p.Name)
	}
	rules, _ := rg.Tag("Rules")
	for _, tag := range [][2]string{
		{"Event", `Club "night" \ 3`},
		{"Site", "Utrecht, De Drie Torens"},
		{"Date", "2026.11.??"},
		{"Round", "3b"},
		{"Players", strings.Join(names, "; ")},
		{"Rules", rules + " range=orthogonal"},
		{"Start", "D@0,0r0"},
		{"Termination", "time forfeit"},
		{"Source", "https://example.org/game/7"},
		{"Annotator", "Zoë\tvan Dijk\nline two"},
		{"Board", "2"},
		{"White_Space", " "},
		{"Empty", ""},
	} {
		rg.SetTag(tag[0], tag[1])
	}
	return rg
}

// tagsOf gives the tags of rg as their canonical lines.
func tagsOf(t *testing.T, rg *record.Game) []string {
	t.Helper()
	text := format(t, &record.Game{Tags: rg.Tags})
	return strings.Split(strings.TrimSpace(text), "\n")
}

// TestExportKeepsTags: every tag of a record survives an export and an
// import, for base, Tower and Phantom games, finished and unfinished, and
// the tags change nothing that JCloisterZone reads: the save's setup,
// players, moves and draw order are those of the untagged game's save.
func TestExportKeepsTags(t *testing.T) {
	gen := engine.NewGenerator()
	for _, words := range []string{"base", "tower", "base phantom", "tower phantom", "tower phantom farmers=off tiny-city=2"} {
		for _, cut := range []int{0, 9} {
			g := generateGame(t, gen, words, 3, 77, cut, "")
			t.Run(g.name, func(t *testing.T) {
				rg := tagged(t, g)
				data, _, err := Export(rg, "g.cgn")
				if err != nil {
					t.Fatal(err)
				}
				back, warnings, err := Import(data, "g.jcz")
				if err != nil || len(warnings) > 0 {
					t.Fatal(err, warnings)
				}
				if got, want := tagsOf(t, back), tagsOf(t, rg); !reflect.DeepEqual(got, want) {
					t.Errorf("tags after the round trip\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				plain, _, err := Export(g.rg, "g.cgn")
				if err != nil {
					t.Fatal(err)
				}
				var a, b save
				if err := errors.Join(json.Unmarshal(data, &a), json.Unmarshal(plain, &b)); err != nil {
					t.Fatal(err)
				}
				if a.Setup.Start == nil || !reflect.DeepEqual(a.Setup, b.Setup) || !reflect.DeepEqual(a.Players, b.Players) ||
					!reflect.DeepEqual(a.Replay, b.Replay) || !reflect.DeepEqual(a.Annotations.DrawOrder, b.Annotations.DrawOrder) {
					t.Error("the tags changed what JCloisterZone reads")
				}
				if b.Annotations.CGNTags != nil {
					t.Errorf("the untagged game keeps tags %v", b.Annotations.CGNTags)
				}
			})
		}
	}
}

// TestKeptTagsOfARecord: testdata/cgn/tower-exchange-ransom.cgn, a club's
// record, exported and imported. JCZ has fields for its Event (name), Date
// (created), Players (names and colours red and blue: slots 0 and 1),
// Rules (tower), Bag (the draw order, ended) and Result (recomputed:
// 10-10); it has none for Site, Round and Annotator, which the save keeps
// in gameAnnotations.cgnTags. Edited saves: a kept Result that the game
// does not reach and kept Rules other than the save's (guard-capture=no:
// JCZ's towers capture their guards) give way to the save's, and a name
// that is not a tag name is left out, each with a warning; the other kept
// tags stay.
func TestKeptTagsOfARecord(t *testing.T) {
	const file = "../testdata/cgn/tower-exchange-ransom.cgn"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	games, err := record.Parse(bytes.NewReader(src), file)
	if err != nil {
		t.Fatal(err)
	}
	rg := games[0]
	data, _, err := Export(rg, file)
	if err != nil {
		t.Fatal(err)
	}
	var sv save
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"Site": "Utrecht", "Round": "1", "Annotator": "M. Keller"}
	if !reflect.DeepEqual(sv.Annotations.CGNTags, want) {
		t.Fatalf("cgnTags %v, want %v", sv.Annotations.CGNTags, want)
	}
	tags := tagsOf(t, rg)
	withResult := func(result string) []string {
		out := slices.Clone(tags)
		for i, line := range out {
			if strings.HasPrefix(line, "[Result ") {
				out[i] = `[Result "` + result + `"]`
			}
		}
		return out
	}
	// at is where the value of gameAnnotations.cgnTags begins in data.
	at := func(data []byte) string {
		off := bytes.Index(data, []byte(`"cgnTags": `)) + len(`"cgnTags": `)
		line := bytes.Count(data[:off], []byte("\n")) + 1
		return fmt.Sprintf("x.jcz:%d:%d: gameAnnotations.cgnTags: warning: ", line, off-bytes.LastIndexByte(data[:off], '\n'))
	}
	for _, c := range []struct {
		name     string
		change   func(sv map[string]any)
		tags     []string
		warnings []string // after the place
	}{
		{"AsExported", func(map[string]any) {}, tags, nil},
		{"ResultNotReached", func(sv map[string]any) { obj(sv, "gameAnnotations", "cgnTags")["Result"] = "1-2" }, withResult("10-10"),
			[]string{"the kept tags do not fit the save's game (the Result tag gives 1-2, but the final scores are 10-10): the save's own players, rules, bag, start and result stand"}},
		{"OtherRules", func(sv map[string]any) { obj(sv, "gameAnnotations", "cgnTags")["Rules"] = "tower guard-capture=no" }, tags,
			[]string{`the kept tags do not fit the save's game (the rules "tower guard-capture=no", not the save's "tower"): the save's own players, rules, bag, start and result stand`}},
		{"ResultOpen", func(sv map[string]any) { obj(sv, "gameAnnotations", "cgnTags")["Result"] = "*" }, withResult("*"), nil},
		{"NotATagName", func(sv map[string]any) { obj(sv, "gameAnnotations", "cgnTags")["9 lives"] = "y" }, tags,
			[]string{`"9 lives" is not a CGN tag name (a letter, then letters, digits or _): the tag is left out`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := mutateData(t, data, c.change)
			back, warnings, err := Import(edited, "x.jcz")
			if err != nil {
				t.Fatal(err)
			}
			if got := tagsOf(t, back); !reflect.DeepEqual(got, c.tags) {
				t.Errorf("tags\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.tags, "\n"))
			}
			var got, wantWarnings []string
			for i := range warnings {
				got = append(got, warnings[i].String())
			}
			for _, w := range c.warnings {
				wantWarnings = append(wantWarnings, at(edited)+w)
			}
			if !slices.Equal(got, wantWarnings) {
				t.Errorf("warnings\n%q\nwant\n%q", got, wantWarnings)
			}
		})
	}
}
