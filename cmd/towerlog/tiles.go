package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/towerlog/towerlog/engine"
)

// tileJSON is one tile type in `towerlog tiles --json`.
type tileJSON struct {
	ID       string      `json:"id"`
	Set      string      `json:"set"`
	Count    int         `json:"count"`
	Edges    string      `json:"edges"` // N E S W: C city, R road, F field
	Cities   []cityJSON  `json:"cities"`
	Roads    []roadJSON  `json:"roads"`
	Fields   []fieldJSON `json:"fields"`
	Cloister bool        `json:"cloister"`
	Tower    bool        `json:"tower_foundation"`
	JCZ      string      `json:"jcz"`
	C1       int         `json:"first_edition_number"`
}

type cityJSON struct {
	Edges   string `json:"edges"`
	Pennant bool   `json:"pennant"`
}

type roadJSON struct {
	Edges string `json:"edges"`
	End   string `json:"end,omitempty"`
}

type fieldJSON struct {
	Halves string `json:"halves"`
	Cities []int  `json:"cities"` // 0-based indices into cities
}

var roadEnds = map[engine.RoadEnd]string{
	engine.EndCrossing: "crossing", engine.EndCloister: "cloister", engine.EndCityGate: "city gate",
	engine.EndTower: "tower", engine.EndBridge: "bridge",
}

func tileInfo(t *engine.TileType) tileJSON {
	j := tileJSON{ID: t.ID, Set: t.Set.String(), Count: t.Count, Cloister: t.Cloister, Tower: t.HasFoundation(),
		JCZ: t.JCZ, C1: t.C1, Cities: []cityJSON{}, Roads: []roadJSON{}, Fields: []fieldJSON{}}
	var e [4]byte
	for i, tr := range t.Edges {
		e[i] = "FRC"[tr]
	}
	j.Edges = string(e[:])
	for _, c := range t.Cities {
		j.Cities = append(j.Cities, cityJSON{c.Edges.String(), c.Pennant})
	}
	for _, r := range t.Roads {
		j.Roads = append(j.Roads, roadJSON{r.Edges.String(), roadEnds[r.End]})
	}
	for _, f := range t.Fields {
		cities := f.Cities
		if cities == nil {
			cities = []int{}
		}
		j.Fields = append(j.Fields, fieldJSON{f.Halves.String(), cities})
	}
	return j
}

func newTilesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "tiles",
		Short: "List the tile catalog",
		Long: `tiles lists every tile type of the base game (A to X, 72 tiles) and The
Tower (T01 to T17, 18 tiles): edges, cities, roads, fields, cloisters, tower
foundations and JCloisterZone ids. Edges are given N E S W in the tile's
canonical orientation; spots use CGN's (and JCloisterZone's) names.`,
		Example: `  towerlog tiles
  towerlog tiles --json | jq '.[] | select(.tower_foundation)'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var infos []tileJSON
			for i := range engine.Catalog {
				infos = append(infos, tileInfo(&engine.Catalog[i]))
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(infos)
			}
			tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tSET\tCOUNT\tEDGES\tCITIES\tROADS\tFIELDS\tEXTRA\tJCZ")
			for _, j := range infos {
				var cities, roads, fields, extra []string
				for _, c := range j.Cities {
					s := c.Edges
					if c.Pennant {
						s += "+pennant"
					}
					cities = append(cities, s)
				}
				for _, r := range j.Roads {
					s := r.Edges
					if r.End != "" {
						s += ">" + r.End
					}
					roads = append(roads, s)
				}
				for _, f := range j.Fields {
					fields = append(fields, f.Halves)
				}
				if j.Cloister {
					extra = append(extra, "cloister")
				}
				if j.Tower {
					extra = append(extra, "tower")
				}
				fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\n", j.ID, j.Set, j.Count, j.Edges,
					dash(cities), dash(roads), dash(fields), dash(extra), j.JCZ)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "write the catalog as JSON")
	return cmd
}

func dash(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, " ")
}
