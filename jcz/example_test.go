package jcz_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/towerlog/towerlog/jcz"
	"github.com/towerlog/towerlog/record"
)

// Import a JCloisterZone save and print it as CGN.
func ExampleImportFile() {
	rg, _, err := jcz.ImportFile("../testdata/jcz/tower-floor.jcz")
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = record.Format(os.Stdout, rg)
	// Output:
	// [Event "A first floor with nothing in range"]
	// [Date "2026.11.20"]
	// [Players "Anna:red; Bob:blue"]
	// [Rules "tower"]
	// [Bag "order U N T08"]
	// [Result "3-2"]
	//
	// 1. Anna U@1,0r0 +R:WE =0-0
	// 2. Bob N@0,-1r180 +C:SE =0-0
	// 3. Anna T08@-1,0r180 ^-1,0 =3-2
}

// Saves of other expansions are refused as unsupported, with the file, the
// place and the reason.
func ExampleImport_refused() {
	_, _, err := jcz.Import([]byte(`{"appVersion": "5.7.0", "setup": {"sets": {"basic:1": 1, "bridges-castles-bazaars:1": 1}}}`), "bcb.jcz")
	fmt.Println(err)
	// Output:
	// bcb.jcz:1:43: setup.sets: set "bridges-castles-bazaars:1" is not supported: towerlog plays the base game (basic:1, basic:2) and The Tower (tower:1, tower:2) only
}

// Export a CGN game for JCloisterZone.
func ExampleExport() {
	games, err := record.Parse(strings.NewReader(`[Players "Anna; Bob"]
[Rules "base"]
[Bag "order U E"]

1. Anna U@1,0r0 +R:WE ~0:12
2. Bob E@0,-1r180
`), "short.cgn")
	if err != nil {
		fmt.Println(err)
		return
	}
	data, warnings, err := jcz.Export(games[0], "short.cgn")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range warnings { // moves JCloisterZone's releases refuse
		fmt.Println(w.String())
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, `"type"`) || strings.Contains(line, `"meepleId"`) || strings.Contains(line, "BA/") || strings.Contains(line, "#END") {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// "tile": "BA/RCr",
	// "type": "PLACE_TILE",
	// "tileId": "BA/RFr",
	// "type": "DEPLOY_MEEPLE",
	// "meepleId": "0.small.1"
	// "type": "COMMIT",
	// "type": "PLACE_TILE",
	// "tileId": "BA/C",
	// "type": "PASS",
	// "type": "COMMIT",
	// "BA/RFr",
	// "BA/C",
	// "#END"
}
