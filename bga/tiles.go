package bga

import (
	"fmt"
	"strings"

	"github.com/towerlog/towerlog/engine"
	"github.com/towerlog/towerlog/record"
)

// NumTypes is the number of BGA tile types of the base game, 1 to 24.
const NumTypes = 24

// MaxPos is the highest feature number (pos) of a BGA tile type.
const MaxPos = 8

// tileType is what BGA's tile type number stands for: the CGN tile, the
// rotation of BGA's ori 1, and the spots of its features (pos 1, 2, ...)
// at ori 1, in board terms; "" for a pos the type does not have.
type tileType struct {
	tile  engine.TileID
	rot   engine.Rotation
	spots [MaxPos + 1]engine.Spot // [0] unused; Kind FeatureNone where there is none
}

// typeTable lists BGA's tile types 1 to 24 as BoardGameArena numbers them:
// the tile letter, its rotation at ori 1, and its features by pos at ori 1.
var typeTable = []string{
	1:  "T r0 R:S C:_S F:SR F:SL",
	2:  "S r0 R:S C:_S F:SR F:SL",
	3:  "N r0 C:NW F:EL.ER.SL.SR",
	4:  "M r0 C:NW F:EL.ER.SL.SR",
	5:  "P r0 R:SE C:NW F:EL.SR F:ER.SL",
	6:  "O r0 R:SE C:NW F:EL.SR F:ER.SL",
	7:  "G r0 C:WE F:NL.NR F:SL.SR",
	8:  "F r0 C:WE F:NL.NR F:SL.SR",
	9:  "I r0 C:N C:W F:EL.ER.SL.SR",
	10: "H r0 C:N C:S F:EL.ER.WL.WR",
	11: "E r0 C:N F:EL.ER.SL.SR.WL.WR",
	12: "K r0 R:SW C:N F:EL.ER.SL.WR F:SR.WL",
	13: "J r0 R:SE C:N F:EL.SR.WL.WR F:ER.SL",
	14: "L r0 R:W R:E R:S C:N F:EL.WR F:SR.WL F:ER.SL",
	15: "D r0 R:WE C:N F:EL.WR F:ER.SL.SR.WL",
	16: "U r90 R:NS - F:NL.SR.WL.WR F:NR.EL.ER.SL",
	17: "V r0 R:SW F:NL.NR.EL.ER.SL.WR F:SR.WL",
	18: "W r0 R:W R:E R:S F:NL.NR.EL.WR F:SR.WL F:ER.SL",
	19: "X r0 R:W R:E R:S R:N F:NL.WR F:NR.EL F:ER.SL F:SR.WL",
	20: "B r0 M F:NL.NR.EL.ER.SL.SR.WL.WR",
	21: "A r0 M R:S F:NL.NR.EL.ER.SL.SR.WL.WR",
	22: "C r0 C:NWSE",
	23: "R r0 C:_S F:SL.SR",
	24: "Q r0 C:_S F:SL.SR",
}

// types holds typeTable read; types[0] is unused.
var types = func() (out [NumTypes + 1]tileType) {
	for n := 1; n <= NumTypes; n++ {
		f := strings.Fields(typeTable[n])
		id, ok := engine.LookupTile(f[0])
		if !ok {
			panic("bga: unknown tile " + f[0])
		}
		var deg int
		fmt.Sscanf(f[1], "r%d", &deg)
		rot, _ := engine.RotationFromDegrees(deg)
		out[n] = tileType{tile: id, rot: rot}
		for i, s := range f[2:] {
			if s == "-" {
				continue
			}
			rs, err := record.ParseSpot(s)
			if err != nil {
				panic("bga: " + err.Error())
			}
			out[n].spots[i+1] = engineSpot(rs)
		}
	}
	return out
}()

// typeOf is the BGA type of each CGN tile of the base game, 0 for the
// others (The Tower's).
var typeOf = func() (out [engine.NumTileTypes]int) {
	for n := 1; n <= NumTypes; n++ {
		out[types[n].tile] = n
	}
	return out
}()

var engineKinds = [...]engine.FeatureKind{
	record.City: engine.FeatureCity, record.Road: engine.FeatureRoad,
	record.Field: engine.FeatureField, record.Cloister: engine.FeatureCloister,
}

func engineSpot(s record.Spot) engine.Spot {
	return engine.Spot{Kind: engineKinds[s.Kind], Edges: engine.EdgeSet(s.Edges), Halves: engine.HalfSet(s.Halves)}
}

// placement is a tile as BGA places it: type 1–24 and ori 1–4.
func placement(typ, ori int) (engine.TileID, engine.Rotation) {
	t := &types[typ]
	return t.tile, (t.rot + engine.Rotation(ori-1)) & 3
}

// spotOf returns the board spot of feature pos of a tile of type typ
// placed with ori; false when the type has no such feature.
func spotOf(typ, ori, pos int) (engine.Spot, bool) {
	if pos < 1 || pos > MaxPos {
		return engine.Spot{}, false
	}
	s := types[typ].spots[pos]
	if s.Kind == engine.FeatureNone {
		return s, false
	}
	r := engine.Rotation(ori - 1)
	return engine.Spot{Kind: s.Kind, Edges: s.Edges.Rotate(r), Halves: s.Halves.Rotate(r)}, true
}

// oriOf returns BGA's ori of a base tile placed with rotation r.
func oriOf(tile engine.TileID, r engine.Rotation) int {
	return int((r-types[typeOf[tile]].rot)&3) + 1
}

// posOf returns BGA's feature number of spot s of a tile of type typ
// placed with ori; 0 when the tile has no such feature.
func posOf(typ, ori int, s engine.Spot) int {
	for pos := 1; pos <= MaxPos; pos++ {
		if got, ok := spotOf(typ, ori, pos); ok && got == s {
			return pos
		}
	}
	return 0
}
