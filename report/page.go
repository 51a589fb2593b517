package report

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"html/template"
	"io"

	"github.com/klauspost/compress/gzip"

	"github.com/towerlog/towerlog/internal/htmlpage"
)

//go:embed templates/page.html
var pageHTML string

var pageTemplate = htmlpage.Parse("page", pageHTML)

// PackJSON packs v as base64 of gzipped JSON, as the reports carry
// their data and unpack it with the browser's DecompressionStream, at
// gzip's default level: for pages made by the thousand, where the best
// compression costs twice the time for a few percent.
func PackJSON(v any) (string, error) { return gzipJSON(v, gzip.DefaultCompression) }

// page is what the page template draws: a header, a summary, tables,
// charts and, for one game, the board and the turns.
type page struct {
	Title    string
	Subtitle string
	Facts    []fact
	Board    *board
	Tables   []table
	Charts   []chart
	Pickers  []picker
	Review   *reviewView // a single game's review, when its record carries one
	Link     string      // a single base game's CarcassonneLab link, "" for the others
	Empty    string      // shown instead of the charts when there is nothing to show
}

// fact is one line of the summary.
type fact struct{ Label, Value string }

// table is an HTML table; every cell is text. On a narrow screen it
// scrolls sideways, and column Key, which names the rows (0 for the
// first), stays in view.
type table struct {
	ID, Title, Note string
	Head            []string
	Rows            [][]string
	Key             int
}

// board is the single-game view: the final position and a slider through
// the turns. Boards holds the SVG of the board before the first turn and
// after each turn, a JSON array gzipped and in base64, and Turns the JSON
// list of turn records.
type board struct {
	// Final is the data: URL of the final position, an SVG in base64 made
	// by this package: trusted as a URL (html/template would otherwise
	// refuse the data: scheme), and an image runs no script.
	Final   template.URL
	Caption string // says what Final shows
	Boards  string // base64 of the gzipped JSON array of SVG documents
	Turns   string // JSON array of turns
	Count   int
	Phantom bool // the game is played with the Phantom: the note explains its figure
	// Better is the reviewed turns, each with the board before the move
	// and its moves marked (betterBoards); "" without a review.
	Better string
}

// picker is a choice of game for charts that show one game at a time:
// Games is base64 of the gzipped JSON array of {chartID: options}, one
// object per game of Labels; the page opens on game Opens, whose options
// the Charts hold.
type picker struct {
	ID, Title, Note string
	Games           string
	Labels          []string
	Opens           int
	Charts          []chart
}

// pageData is page with the assets and the security policy added.
type pageData struct {
	page
	CSP     string
	CSS     template.CSS
	Scripts []template.JS
}

// render writes the page. The Content-Security-Policy allows exactly the
// two inline scripts (by hash), inline styles and data: images, and no
// network at all: the report works offline, and a name that somehow
// became markup could neither run code nor fetch anything.
func render(w io.Writer, p page) error {
	d := pageData{page: p, CSS: template.CSS(htmlpage.Stylesheet())}
	csp := "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src"
	for _, s := range htmlpage.Scripts() {
		sum := sha256.Sum256([]byte(s))
		csp += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
		d.Scripts = append(d.Scripts, template.JS(s))
	}
	d.CSP = csp
	return pageTemplate.Execute(w, d)
}
