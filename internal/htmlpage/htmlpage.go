package htmlpage

import (
	_ "embed"
	"html/template"
)

// The ECharts library, version 5.6.0 from the npm package echarts
// (dist/echarts.min.js), Apache-2.0; its LICENSE and NOTICE are beside it.
//
//go:embed assets/echarts.min.js
var echartsJS string

//go:embed page.js
var pageJS string

//go:embed page.css
var pageCSS string

//go:embed parts.html
var partsHTML string

// ECharts renders with SVG so that a page prints sharply and its charts
// can be inspected as markup.
var scripts = []string{echartsJS, pageJS}

// Stylesheet is the pages' stylesheet.
func Stylesheet() string { return pageCSS }

// Scripts are the pages' scripts in the order they run: the ECharts
// library first, then the one that draws every div.chart from its
// data-options and drives the turn slider.
func Scripts() []string { return scripts }

// Parse parses the page template text, named name, with the shared parts
// defined (parts.html): "meta" (the viewport, generator and title of the
// head, of the page's .Title), "title" (the header's .Title and
// .Subtitle), "slider" (the turn slider of a game of as many turns as
// its data), "turn-info" (the chosen turn's title, scores and events),
// "slider-note" and "credit". It panics if the text does not parse, as
// template.Must does.
func Parse(name, text string) *template.Template {
	t := template.Must(template.New(name).Parse(text))
	return template.Must(t.Parse(partsHTML))
}

// Parts is the text of the shared parts of the templates: a page cached
// by the hash of its template must hash Parts too.
func Parts() string { return partsHTML }
