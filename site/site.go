package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/towerlog/towerlog/analytics"
	"github.com/towerlog/towerlog/analytics/filter"
	"github.com/towerlog/towerlog/analytics/rating"
	"github.com/towerlog/towerlog/draw"
	"github.com/towerlog/towerlog/internal/htmlpage"
)

//go:embed templates/site.html
var siteHTML string

//go:embed templates/site.css
var siteCSS string

//go:embed templates/viewer.js
var viewerJS string

var pageTemplate = htmlpage.Parse("site", siteHTML)

// pageVersion changes whenever the code changes what a game page shows
// (a change of the template counts by itself): a game page whose record,
// template and version are those it was written from is not made again.
const pageVersion = "5"

// Options tunes Write.
type Options struct {
	Filter filter.Filter // the games of the site
	// Force writes into a directory that holds files and is not marked
	// as a site towerlog wrote.
	Force bool
	// Progress, when not nil, is called after each game page, written or
	// not.
	Progress func()
}

// Stats counts the files of a run.
type Stats struct {
	Games, Players, Events int
	Written, Unchanged     int // files written, and files left as they were
	Removed                int // pages of games, players and events no longer selected, removed
}

// Write writes the website of the games of s that o.Filter selects into
// dir: index.html, a page per event, per player and per game, the
// games' records, and the shared site.css and site.js. dir is created,
// or must be empty or marked by a site written before (Marker), unless
// o.Force is set; no file outside it is written, and no symbolic link
// followed. A file whose content is unchanged is not written again, and
// a game page whose record is unchanged is not even rebuilt. In a
// directory marked before, the pages of games, players and events that
// an earlier run wrote and this one did not are removed (see prune).
//
// Everything the site shows is read from one snapshot of the store (see
// analytics.Snapshot): a site written while an ingest or a removal
// writes is the site of the database before it or after it, never of a
// mix; open the store with analytics.OpenShared or analytics.Open.
func Write(ctx context.Context, s *analytics.Store, dir string, o Options) (Stats, error) {
	var st Stats
	if err := o.Filter.Check(); err != nil {
		return st, err
	}
	sn, err := s.Snapshot(ctx, o.Filter)
	if err != nil {
		return st, err
	}
	defer sn.Close()
	out, err := openDir(dir, o.Force)
	if err != nil {
		return st, err
	}
	w := &writer{ctx: ctx, sn: sn, f: o.Filter, out: out, progress: o.Progress, reviews: map[string]*reviewTally{}}
	if err := w.assets(); err != nil {
		return st, err
	}
	if w.ladder, err = sn.Ratings(ctx); err != nil {
		return st, err
	}
	prune := func() error {
		return out.prune(func(key string) (bool, error) { return sn.SelectsGame(ctx, key) })
	}
	for _, step := range []func() error{w.games, w.events, w.players, w.index, prune} {
		if err := step(); err != nil {
			return st, err
		}
	}
	st.Games, st.Players, st.Events = w.nGames, w.nPlayers, len(w.eventList)
	st.Written, st.Unchanged, st.Removed = out.written, out.unchanged, out.removed
	return st, nil
}

// writer writes one site.
type writer struct {
	ctx       context.Context
	sn        *analytics.Snapshot
	f         filter.Filter
	out       *output
	progress  func()
	ladder    *rating.Ladder
	eventList []analytics.EventInfo
	winners   map[string][]string // event: its leader or leaders
	nGames    int
	nPlayers  int
	unrated   []string // players with no finished game
	reviews   map[string]*reviewTally
}

// The file names of the pages: from ids, never from names as given.
func eventFile(name string) string  { return "event-" + nameID(name) + ".html" }
func playerFile(name string) string { return "player-" + nameID(name) + ".html" }
func gameFile(id string) string     { return "game-" + gameKey(id) + ".html" }
func recordFile(id string) string   { return "game-" + gameKey(id) + ".cgn" }

// nameID is the id of a player or an event: the start of the SHA-256 of
// the name, in hex.
func nameID(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:8])
}

// gameKey is the start of a game's id (hex digits only, whatever the
// store holds).
func gameKey(id string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(id) {
		if b.Len() == 16 {
			break
		}
		if strings.ContainsRune("0123456789abcdef", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// assets writes the shared stylesheet and script.
func (w *writer) assets() error {
	if err := w.out.write("site.css", []byte(htmlpage.Stylesheet()+"\n"+siteCSS)); err != nil {
		return err
	}
	var js bytes.Buffer
	for _, s := range htmlpage.Scripts() {
		js.WriteString(s)
		js.WriteString("\n")
	}
	var defs bytes.Buffer
	defs.WriteString(`<svg xmlns="http://www.w3.org/2000/svg"><defs>`)
	if err := draw.TileSymbols(&defs); err != nil {
		return err
	}
	defs.WriteString(`</defs></svg>`)
	d, _ := json.Marshal(defs.String())
	m, _ := json.Marshal(draw.MeeplePath)
	c, _ := json.Marshal([]string{draw.PlayedColour, draw.OtherColour})
	js.WriteString("var defs = " + string(d) + ";\nvar meeple = " + string(m) + ";\nvar markColours = " + string(c) + ";\n")
	js.WriteString(viewerJS)
	return w.out.write("site.js", js.Bytes())
}

// page is what the site's template draws.
type page struct {
	Input    string // the hash of what the page is built from
	Record   string // game pages: recordMeta of the record shown
	Home     string
	Title    string
	Subtitle string
	Facts    []fact
	Game     *gameView
	Sections []section
}

// fact is a figure of a page's head: text, a link, or several links.
type fact struct {
	Label, Text, Href string
	Links             []cell
}

type section struct {
	ID, Title, Note string
	Table           *table
	Chart           *chart
}

type table struct {
	Head []string
	Rows [][]cell
	Key  int
}

// cell is a table's cell: text, a link, or several links (Links).
type cell struct {
	Text, Href string
	Links      []cell
}

type chart struct {
	ID      string
	Height  int
	Options string // ECharts options, JSON
}

func text(s string) cell { return cell{Text: s} }

// render writes the page p as the file name, unless the page written
// before was made from the same data by the same template and version
// (its Input, the hash of them, in its head): a rerun renders only the
// pages whose data changed.
func (w *writer) render(name string, p page) error {
	p.Input = pageInput(p)
	if w.out.made(name, p.Input) {
		return nil
	}
	b, err := renderPage(p)
	if err != nil {
		return err
	}
	return w.out.write(name, b)
}

// pageInput is the hash of what a page other than a game's is made from:
// its data, the template and pageVersion.
func pageInput(p page) string {
	h := sha256.New()
	put := func(ss ...string) {
		for _, s := range ss {
			h.Write([]byte(s))
			h.Write([]byte{0})
		}
	}
	var cells func(cs []cell)
	cells = func(cs []cell) {
		put(strconv.Itoa(len(cs)))
		for _, c := range cs {
			put(c.Text, c.Href)
			cells(c.Links)
		}
	}
	put(pageVersion, siteHTML, p.Title, p.Subtitle)
	for _, f := range p.Facts {
		put("fact", f.Label, f.Text, f.Href)
		cells(f.Links)
	}
	for _, sec := range p.Sections {
		put("section", sec.ID, sec.Title, sec.Note)
		if t := sec.Table; t != nil {
			put("table", strconv.Itoa(t.Key))
			put(t.Head...)
			for _, r := range t.Rows {
				cells(r)
			}
		}
		if c := sec.Chart; c != nil {
			put("chart", c.ID, strconv.Itoa(c.Height), c.Options)
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// renderPage is the HTML of p.
func renderPage(p page) ([]byte, error) {
	p.Home = "Home: the archive"
	var b bytes.Buffer
	err := pageTemplate.Execute(&b, p)
	return b.Bytes(), err
}
