package report

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// A chart is one chart of a report: what the reader sees around it and
// the ECharts options that draw it, as JSON. The page passes the JSON to
// ECharts as data (JSON.parse of an attribute), never as code, so a
// string in it stays a string whatever it contains.
type chart struct {
	ID      string
	Title   string
	Note    string // one or two sentences saying how to read the chart
	Height  int    // pixels
	Options string // JSON
	// MinWidth, if not 0, is the narrowest the chart is drawn, in pixels;
	// on a narrower screen it scrolls sideways inside its section.
	MinWidth int
	// Key, if not nil, is the chart's legend, drawn by the page above the
	// chart, where it wraps on a narrow screen and stays in view.
	Key []swatch
}

// swatch is a legend entry: a name and its colour.
type swatch struct{ Name, Colour string }

// jsonOptions renders a go-echarts chart's options as JSON. Map keys come
// out sorted, so the same data gives the same bytes.
func jsonOptions(c interface{ JSON() map[string]any }) string {
	b, err := json.Marshal(c.JSON())
	if err != nil {
		// The options are maps, slices, strings and numbers only.
		panic(fmt.Sprintf("analytics: chart options: %v", err))
	}
	return string(b)
}

// palette gives players their colours in an archive's charts, in a fixed
// order; no two are alike, so the chartPlayers players of a chart each
// have a colour of their own.
var palette = []string{"#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452",
	"#9a60b4", "#ea7ccc", "#7f7f7f", "#b5a642", "#2f4554", "#1b9e77", "#d95f02", "#7570b3", "#e7298a",
	"#66a61e", "#a6761d", "#17becf", "#8c564b"}

// colours gives each player their colour, by name: the same player is
// drawn in the same colour in every chart of a report.
type colours map[string]string

// paletteColours gives players the colours of the palette in order, the
// first colour to the first player; after len(palette) players they repeat.
func paletteColours(players []string) colours {
	c := colours{}
	for i, p := range players {
		c[p] = palette[i%len(palette)]
	}
	return c
}

// of returns the colours of players, in order.
func (c colours) of(players []string) []string {
	out := make([]string, len(players))
	for i, p := range players {
		out[i] = c[p]
	}
	return out
}

// neutral is the colour of a legend entry that stands for a measure drawn
// in every player's colour, told apart by its shade.
const neutral = "#6e7079"

// shade is the opacity of series i of n drawn in the players' colours:
// the first in full, the last lightest.
func shade(i, n int) float32 {
	if n < 2 {
		return 1
	}
	return 1 - 0.6*float32(i)/float32(n-1)
}

// Layout, in pixels. ECharts draws its labels at 12 px; the margins
// around a chart's plot are worked out from the labels they must hold
// (containLabel would fit the tick labels but not the axis names).
const (
	charPx     = 7   // width of a label's character, generously
	lineHeight = 16  // height of a line of label text
	labelGap   = 8   // between an axis and its tick labels (ECharts' default margin)
	maxLabelPx = 100 // player names longer than this are cut short with "…"
	legendPx   = 40  // room for the legend above the plot
	edgePx     = 12  // free border around the plot
	segmentPx  = 34  // the least width of a part of a stacked bar, on average
)

// textWidth estimates the width of the widest label, at most maxLabelPx.
func textWidth(labels []string) int {
	w := charPx
	for _, l := range labels {
		w = max(w, charPx*utf8.RuneCountInString(l))
	}
	return min(w, maxLabelPx)
}

// labelWidth is the width axis labels are cut to: room for the widest
// with a character to spare, at most maxLabelPx.
func labelWidth(labels []string) int {
	return min(textWidth(labels)+charPx, maxLabelPx)
}

// numberWidth estimates the width of the tick labels of a value axis whose
// data reach lo and hi: the ticks may go one step beyond the data.
func numberWidth(lo, hi int) int {
	m := max(-lo, hi)
	ticks := []string{strconv.Itoa(m + m/2 + 1)}
	if m >= 1000 {
		ticks[0] += "," // ECharts groups thousands
	}
	if lo < 0 {
		ticks[0] = "-" + ticks[0]
	}
	return textWidth(ticks)
}

// frame is the room around a chart's plot, in pixels.
type frame struct{ top, right, bottom, left int }

func (f frame) grid() charts.GlobalOpts {
	px := func(n int) string { return strconv.Itoa(n) }
	return charts.WithGridOpts(opts.Grid{Top: px(f.top), Right: px(f.right), Bottom: px(f.bottom), Left: px(f.left),
		ContainLabel: opts.Bool(false)})
}

// leftName is the gap from a vertical axis to its name, beside tick
// labels labelPx wide, and the left margin that holds both.
func leftName(labelPx int) (gap, margin int) {
	gap = labelPx + labelGap + 6 + lineHeight/2 // the name is centred on the gap
	return gap, gap + lineHeight/2 + edgePx/2
}

// bottomName is the same below a horizontal axis whose labels are
// labelPx high.
func bottomName(labelPx int) (gap, margin int) {
	gap = labelPx + labelGap + 6 // the name hangs below the gap
	return gap, gap + lineHeight + edgePx/2
}

// common are the options every chart shares: no animation (the page is
// drawn once, the same way each time), a legend that scrolls when there
// are many series, and tooltips.
func common(trigger string, legend bool) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithAnimation(false),
		charts.WithInitializationOpts(opts.Initialization{Theme: "white"}),
		charts.WithColorsOpts(opts.Colors(palette)),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(legend), Type: "scroll", Top: "0"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: trigger}),
	}
}

// valueX and valueY are value axes of whole numbers: minInterval 1 keeps
// ticks such as 0.2 off an axis of counts.
func valueX(name string, gap int) opts.XAxis {
	return opts.XAxis{Type: "value", Name: name, NameLocation: "middle", NameGap: gap, MinInterval: 1}
}

func valueY(name string, gap int) opts.YAxis {
	return opts.YAxis{Type: "value", Name: name, NameLocation: "middle", NameGap: gap, MinInterval: 1}
}

// namedInts is one series: a name for the legend and a value per category.
type namedInts struct {
	name   string
	values []int
}

// extent returns the least and the greatest value of the series, and 0.
func extent(series []namedInts, stacked bool) (lo, hi int) {
	if stacked && len(series) > 0 {
		for i := range series[0].values {
			sum := 0
			for _, s := range series {
				sum += s.values[i]
			}
			hi = max(hi, sum)
		}
		return 0, hi
	}
	for _, s := range series {
		for _, v := range s.values {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// bars are a row of bars per player.
type bars struct {
	rowName, valueName string
	players            []string // the rows, the first at the top
	series             []namedInts
	stacked            bool
	colours            []string // of the series, when the series are players
	// rowColours, when colours is nil, are the colours of the players (the
	// rows): every bar is in its player's colour, a shade a series.
	rowColours []string
	keyInPage  bool // the legend in chart.Key rather than in the chart
}

// playerBars draws b with every value written beside or inside its bar,
// so that a short bar still reads. Stacked bars leave out zeros, which
// would only add "0" labels on nothing.
func (c chart) playerBars(b bars) chart {
	bar := charts.NewBar()
	nameW := labelWidth(b.players)
	yGap, left := leftName(nameW)
	lo, hi := extent(b.series, b.stacked)
	xGap, bottom := bottomName(lineHeight)
	f := frame{top: legendPx, right: edgePx + numberWidth(lo, hi), bottom: bottom, left: left}
	o := append(common("axis", true),
		charts.WithXAxisOpts(valueX(b.valueName, xGap)),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Name: b.rowName, NameLocation: "middle", NameGap: yGap,
			Data: b.players, Inverse: opts.Bool(true),
			AxisLabel: &opts.AxisLabel{Interval: "0", Width: nameW, Overflow: "truncate"}}))
	if b.keyInPage {
		f.top = edgePx
		o = append(o, charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}))
		for i, s := range b.series {
			c.Key = append(c.Key, swatch{Name: s.name, Colour: b.colours[i]})
		}
	}
	bar.SetGlobalOptions(append(o, f.grid())...)
	shadesNote := false
	for i, s := range b.series {
		data := make([]opts.BarData, len(s.values))
		for j, v := range s.values {
			data[j] = opts.BarData{Value: v}
			if b.stacked && v == 0 {
				data[j].Value = "-" // ECharts' blank
			}
		}
		so := []charts.SeriesOpts{charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "right"})}
		if b.stacked {
			so = []charts.SeriesOpts{charts.WithBarChartOpts(opts.BarChart{Stack: "total"}),
				charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "inside"}),
				charts.WithLabelLayoutOpts(opts.LabelLayout{HideOverlap: opts.Bool(true)})}
		}
		switch {
		case b.colours != nil:
			so = append(so, charts.WithItemStyleOpts(opts.ItemStyle{Color: b.colours[i]}))
		case b.rowColours != nil:
			shadesNote = len(b.series) > 1
			opacity := shade(i, len(b.series))
			so = append(so, charts.WithItemStyleOpts(opts.ItemStyle{Color: neutral, Opacity: opts.Float(opacity)}))
			for j := range data {
				data[j].ItemStyle = &opts.ItemStyle{Color: b.rowColours[j], Opacity: opts.Float(opacity)}
			}
		}
		bar.AddSeries(s.name, data, so...)
	}
	row := 26
	if !b.stacked {
		row = 12 + 14*len(b.series)
	}
	c.Height = f.top + f.bottom + row*max(1, len(b.players))
	if b.stacked && len(b.series) > 4 {
		// Room for the parts of a bar to hold their numbers.
		c.MinWidth = f.left + f.right + segmentPx*len(b.series)
	}
	if shadesNote {
		c.Note += " Each player's bars are in the player's colour, from the darkest shade for the legend's first entry to the lightest for its last."
	}
	c.Options = jsonOptions(bar)
	return c
}

// columns draws one vertical bar per category, its value written on top.
func (c chart) columns(xName, yName string, categories []string, s namedInts) chart {
	bar := charts.NewBar()
	lo, hi := extent([]namedInts{s}, false)
	yGap, left := leftName(numberWidth(lo, hi))
	xGap, bottom := bottomName(lineHeight)
	f := frame{top: legendPx, right: edgePx, bottom: bottom, left: left}
	bar.SetGlobalOptions(append(common("axis", false), f.grid(), charts.WithYAxisOpts(valueY(yName, yGap)),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: xName, NameLocation: "middle", NameGap: xGap,
			Data: categories, AxisLabel: &opts.AxisLabel{Interval: "auto", HideOverlap: opts.Bool(true)}}))...)
	data := make([]opts.BarData, len(s.values))
	for i, v := range s.values {
		data[i] = opts.BarData{Value: v}
	}
	bar.AddSeries(s.name, data, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "top"}))
	c.Options = jsonOptions(bar)
	return c
}

// point is a point of a line: [turn, y].
type point [2]int

// turnLines draws step lines over the turns 1 to turns: a line's value
// after a turn holds until its next point; colours, if not nil, are the
// lines' colours. The turns are categories, so that a tooltip names a
// whole turn; ECharts labels as many as fit.
func turnLines(yName string, turns int, names []string, lines [][]point, colours []string) string {
	line := charts.NewLine()
	lo, hi := 0, 0
	for _, l := range lines {
		for _, p := range l {
			lo, hi = min(lo, p[1]), max(hi, p[1])
		}
	}
	yGap, left := leftName(numberWidth(lo, hi))
	xGap, bottom := bottomName(lineHeight)
	f := frame{top: legendPx, right: edgePx + 2*charPx, bottom: bottom, left: left}
	x := opts.XAxis{Type: "category", Name: "Turn", NameLocation: "middle", NameGap: xGap,
		Data: itoas(fillRange(1, []int{turns})), AxisLabel: &opts.AxisLabel{Interval: "auto"}}
	line.SetGlobalOptions(append(common("axis", true), f.grid(), charts.WithXAxisOpts(x),
		charts.WithYAxisOpts(valueY(yName, yGap)))...)
	for i, name := range names {
		data := make([]opts.LineData, len(lines[i]))
		for j, p := range lines[i] {
			data[j] = opts.LineData{Value: [2]int{p[0] - 1, p[1]}} // a category by its index
		}
		so := []charts.SeriesOpts{charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false), Step: "end"})}
		if colours != nil {
			so = append(so, charts.WithItemStyleOpts(opts.ItemStyle{Color: colours[i]}),
				charts.WithLineStyleOpts(opts.LineStyle{Color: colours[i]}))
		}
		line.AddSeries(name, data, so...)
	}
	return jsonOptions(line)
}

// Heatmap cells, in pixels: on a screen too narrow for them, the chart
// scrolls sideways rather than squeezing its numbers together.
const (
	cellWidth  = 40
	cellHeight = 28
)

// cells are counts in a grid of x and y categories, indexed [y][x].
type cells struct {
	xName, yName string
	xs, ys       []string
	counts       [][]int
	topDown      bool // the first y category at the top, not the bottom
	blankZeros   bool // leave cells that count 0 empty
}

// heatmap draws cells, each showing its count; the darker, the more.
// Long x labels, player names as often as not, are turned 45° and cut
// short, and the axis name is set below the lowest corner they reach.
func (c chart) heatmap(g cells) chart {
	hm := charts.NewHeatMap()
	maxV := 1
	var data []opts.HeatMapData
	for yi := range g.counts {
		for xi, v := range g.counts[yi] {
			maxV = max(maxV, v)
			if v == 0 && g.blankZeros {
				continue
			}
			data = append(data, opts.HeatMapData{Value: [3]int{xi, yi, v}})
		}
	}
	xW, yW := labelWidth(g.xs), labelWidth(g.ys)
	xH, rotate := lineHeight, 0.0
	if xW > cellWidth-charPx {
		rotate = 45
		xH = int(math.Ceil(float64(xW)*math.Sin(rotate*math.Pi/180) + lineHeight))
	}
	xGap, bottom := bottomName(xH)
	yGap, left := leftName(yW)
	f := frame{top: edgePx, right: edgePx + xW/2, bottom: bottom, left: left}
	hm.SetGlobalOptions(append(common("item", false), f.grid(),
		charts.WithXAxisOpts(opts.XAxis{Name: g.xName, NameLocation: "middle", NameGap: xGap, Type: "category", Data: g.xs,
			SplitArea: &opts.SplitArea{Show: opts.Bool(true)},
			AxisLabel: &opts.AxisLabel{Interval: "0", Rotate: rotate, Width: xW, Overflow: "truncate"}}),
		charts.WithYAxisOpts(opts.YAxis{Name: g.yName, NameLocation: "middle", NameGap: yGap, Type: "category", Data: g.ys,
			Inverse: opts.Bool(g.topDown), SplitArea: &opts.SplitArea{Show: opts.Bool(true)},
			AxisLabel: &opts.AxisLabel{Interval: "0", Width: yW, Overflow: "truncate"}}),
		// Every cell shows its number, so the scale itself is not drawn.
		charts.WithVisualMapOpts(opts.VisualMap{Show: opts.Bool(false), Calculable: opts.Bool(false), Min: 0, Max: float32(maxV),
			InRange: &opts.VisualMapInRange{Color: []string{"#f7fbff", "#08306b"}}}),
	)...)
	hm.AddSeries(c.Title, data, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true)}))
	// The plot is at least as high as the y axis' name is long.
	c.Height = f.top + f.bottom + max(cellHeight*max(1, len(g.ys)), charPx*utf8.RuneCountInString(g.yName))
	c.MinWidth = f.left + f.right + cellWidth*max(1, len(g.xs))
	c.Options = jsonOptions(hm)
	return c
}

// flow is points paid by one player to another.
type flow struct {
	from, to string
	points   int
}

// ransoms draws who paid whom: a bar for each paying player, split into
// the points each other player received, every part labelled with its
// points. Players keep one colour each, the colour of their part in
// other players' bars.
func (c chart) ransoms(players []string, flows []flow, colour colours) chart {
	index := map[string]int{}
	for i, p := range players {
		index[p] = i
	}
	paid := make([]bool, len(players))
	received := make([]bool, len(players))
	for _, f := range flows {
		paid[index[f.from]], received[index[f.to]] = true, true
	}
	var payers []string
	for i, p := range players {
		if paid[i] {
			payers = append(payers, p)
		}
	}
	row := map[string]int{}
	for i, p := range payers {
		row[p] = i
	}
	var series []namedInts
	var seriesColours []string
	for i, p := range players {
		if !received[i] {
			continue
		}
		s := namedInts{name: p, values: make([]int, len(payers))}
		for _, f := range flows {
			if f.to == p {
				s.values[row[f.from]] += f.points
			}
		}
		series = append(series, s)
		seriesColours = append(seriesColours, colour[p])
	}
	return c.playerBars(bars{rowName: "Payer", valueName: "Ransom points paid", players: payers, series: series,
		stacked: true, colours: seriesColours, keyInPage: true})
}
