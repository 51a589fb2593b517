package analytics

import (
	"encoding/json"
	"fmt"

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
}

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

// palette gives players their colours in the charts, in a fixed order.
var palette = []string{"#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de", "#3ba272", "#fc8452",
	"#9a60b4", "#ea7ccc", "#7f7f7f", "#b5a642", "#2f4554"}

// featureColours are the colours of the feature kinds, as on the board.
var featureColours = map[string]string{"road": "#9e9e9e", "city": "#c8a165", "field": "#7cb342", "cloister": "#8d6e63", "tower": "#546e7a"}

// common are the options every chart shares: no animation (the page is
// drawn once, the same way each time), a legend that scrolls when there
// are many players, and tooltips.
func common(trigger string) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithAnimation(false),
		charts.WithInitializationOpts(opts.Initialization{Theme: "white"}),
		charts.WithColorsOpts(opts.Colors(palette)),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Type: "scroll", Top: "0"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: trigger}),
		charts.WithGridOpts(opts.Grid{Left: "3%", Right: "4%", Top: "40", Bottom: "50", ContainLabel: opts.Bool(true)}),
	}
}

func axisX(name string, data any) charts.GlobalOpts {
	return charts.WithXAxisOpts(opts.XAxis{Name: name, NameLocation: "middle", NameGap: 30, Data: data,
		AxisLabel: &opts.AxisLabel{Interval: "0", HideOverlap: opts.Bool(true)}})
}

func axisY(name string) charts.GlobalOpts {
	return charts.WithYAxisOpts(opts.YAxis{Name: name, NameLocation: "middle", NameGap: 40})
}

// barChart draws one bar per category for each series.
func barChart(xName, yName string, categories []string, series []namedInts, stacked bool) string {
	bar := charts.NewBar()
	bar.SetGlobalOptions(append(common("axis"), axisX(xName, categories), axisY(yName))...)
	for _, s := range series {
		data := make([]opts.BarData, len(s.values))
		for i, v := range s.values {
			data[i] = opts.BarData{Value: v}
		}
		var o []charts.SeriesOpts
		if stacked {
			o = append(o, charts.WithBarChartOpts(opts.BarChart{Stack: "total"}))
		}
		if c, ok := featureColours[s.name]; ok {
			o = append(o, charts.WithItemStyleOpts(opts.ItemStyle{Color: c}))
		}
		bar.AddSeries(s.name, data, o...)
	}
	return jsonOptions(bar)
}

// namedInts is one series: a name for the legend and a value per category.
type namedInts struct {
	name   string
	values []int
}

// lineChart draws one line per series over the x values.
func lineChart(xName, yName string, x []int, series []namedInts, step bool) string {
	line := charts.NewLine()
	line.SetGlobalOptions(append(common("axis"), axisX(xName, x), axisY(yName))...)
	for _, s := range series {
		data := make([]opts.LineData, len(s.values))
		for i, v := range s.values {
			data[i] = opts.LineData{Value: v}
		}
		o := []charts.SeriesOpts{charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)})}
		if step {
			o = []charts.SeriesOpts{charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false), Step: "end"})}
		}
		line.AddSeries(s.name, data, o...)
	}
	return jsonOptions(line)
}

// heatmap draws counts in a grid of x and y categories; cells is
// indexed [y][x].
func heatmap(xName, yName string, xs, ys []string, cells [][]int, seriesName string) string {
	hm := charts.NewHeatMap()
	maxV := 1
	var data []opts.HeatMapData
	for yi := range cells {
		for xi, v := range cells[yi] {
			maxV = max(maxV, v)
			data = append(data, opts.HeatMapData{Value: [3]int{xi, yi, v}})
		}
	}
	o := append(common("item"),
		charts.WithXAxisOpts(opts.XAxis{Name: xName, NameLocation: "middle", NameGap: 30, Type: "category", Data: xs,
			SplitArea: &opts.SplitArea{Show: opts.Bool(true)}, AxisLabel: &opts.AxisLabel{Interval: "0", Rotate: 30}}),
		charts.WithYAxisOpts(opts.YAxis{Name: yName, NameLocation: "middle", NameGap: 70, Type: "category", Data: ys,
			SplitArea: &opts.SplitArea{Show: opts.Bool(true)}}),
		charts.WithVisualMapOpts(opts.VisualMap{Calculable: opts.Bool(true), Min: 0, Max: float32(maxV), Orient: "horizontal",
			Left: "center", Bottom: "0", InRange: &opts.VisualMapInRange{Color: []string{"#f7fbff", "#08306b"}}}),
		charts.WithGridOpts(opts.Grid{Left: "3%", Right: "4%", Top: "40", Bottom: "90", ContainLabel: opts.Bool(true)}),
	)
	hm.SetGlobalOptions(o...)
	hm.AddSeries(seriesName, data, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true)}))
	return jsonOptions(hm)
}

// flow is points paid by one player to another.
type flow struct {
	from, to string
	points   int
}

// sankey draws flows from a column of payers to a column of payees. A
// node's name is its identity in ECharts, and a player both pays and
// receives, so the two columns name the player differently; the suffixes
// cannot make two nodes equal, since every left name ends in " (paid)"
// and every right one in " (received)".
func sankey(flows []flow) string {
	sk := charts.NewSankey()
	sk.SetGlobalOptions(charts.WithAnimation(false),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}))
	var nodes []opts.SankeyNode
	seen := map[string]bool{}
	node := func(name string, depth int) {
		if !seen[name] {
			seen[name] = true
			nodes = append(nodes, opts.SankeyNode{Name: name, Depth: &depth})
		}
	}
	var links []opts.SankeyLink
	for _, f := range flows {
		from, to := f.from+" (paid)", f.to+" (received)"
		node(from, 0)
		node(to, 1)
		links = append(links, opts.SankeyLink{Source: from, Target: to, Value: float32(f.points)})
	}
	sk.AddSeries("Ransom points", nodes, links,
		charts.WithLabelOpts(opts.Label{Show: opts.Bool(true)}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: "source", Curveness: 0.5, Opacity: opts.Float(0.4)}))
	return jsonOptions(sk)
}

// anySeries is a series whose values may be blanks ("-").
type anySeries struct {
	name   string
	values []any
}

// stepLines draws step lines that may have blanks.
func stepLines(xName, yName string, x []int, series []anySeries) string {
	line := charts.NewLine()
	line.SetGlobalOptions(append(common("axis"), axisX(xName, x), axisY(yName))...)
	for _, s := range series {
		data := make([]opts.LineData, len(s.values))
		for i, v := range s.values {
			data[i] = opts.LineData{Value: v}
		}
		line.AddSeries(s.name, data, charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false), Step: "end"}))
	}
	return jsonOptions(line)
}
