package towerlog_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/towerlog/towerlog"

// packages reads the imports of every package of the module, tests aside
// (test imports in tests, by path relative to the module).
func packages(t *testing.T) (imports, tests map[string][]string) {
	t.Helper()
	imports, tests = map[string][]string{}, map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if _, ok := err.(*build.NoGoError); ok {
			return nil
		}
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(path)
		imports[rel] = p.Imports
		tests[rel] = append(slices.Clone(p.TestImports), p.XTestImports...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return imports, tests
}

// ours is the module's packages among imports, relative to the module.
func ours(imports []string) []string {
	var o []string
	for _, i := range imports {
		if rel, ok := strings.CutPrefix(i, module+"/"); ok {
			o = append(o, rel)
		}
	}
	return o
}

// TestArchitecture checks the rules of docs/architecture.md that the
// imports show.
func TestArchitecture(t *testing.T) {
	imports, tests := packages(t)
	if len(imports) < 20 {
		t.Fatalf("%d packages found: the walk missed the module", len(imports))
	}
	for pkg, imps := range imports {
		for _, leaf := range []string{"engine", "record"} {
			if pkg == leaf && len(ours(imps)) > 0 {
				t.Errorf("%s imports %v: it imports nothing of ours", pkg, ours(imps))
			}
		}
		if slices.Contains(imps, "database/sql") && pkg != "analytics" && pkg != "analytics/sqltest" {
			t.Errorf("%s imports database/sql: only the store speaks SQL", pkg)
		}
		if pkg == "analytics" || strings.HasPrefix(pkg, "analytics/") {
			for _, i := range imps {
				if i == "html/template" || strings.HasPrefix(i, "github.com/go-echarts/") {
					t.Errorf("%s imports %s: the store draws no page", pkg, i)
				}
			}
			for _, o := range ours(imps) {
				if o == "report" || o == "site" || strings.HasPrefix(o, "cmd/") || o == "internal/show" || o == "internal/table" || o == "internal/htmlpage" {
					t.Errorf("%s imports %s: the writers import the store, never the reverse", pkg, o)
				}
			}
		}
		if pkg == "replay" {
			for _, o := range ours(imps) {
				if o != "engine" && o != "record" && !strings.HasPrefix(o, "internal/") {
					t.Errorf("replay imports %s: it knows the rules and the notation only", o)
				}
			}
		}
		if slices.Contains(imps, module+"/analytics/sqltest") {
			t.Errorf("%s imports analytics/sqltest outside its tests", pkg)
		}
	}
	if !slices.Contains(tests["analytics/filter"], module+"/analytics/sqltest") {
		t.Errorf("analytics/filter's tests do not import analytics/sqltest: the walk reads no test imports")
	}
}
