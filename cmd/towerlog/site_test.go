package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSiteCommand: site writes the archive's website, with the ratings
// stats --rating prints; a second run writes nothing; a directory that
// is not a site is refused with exit 2.
func TestSiteCommand(t *testing.T) {
	dir := clubDir(t)
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitInvalid {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	out := filepath.Join(t.TempDir(), "site")
	code, stdout, errOut := runCLI(t, "site", "--db", db, "--event", "Club night", "-o", out)
	if code != exitOK || !strings.HasPrefix(stdout, "wrote "+out+": ") {
		t.Fatalf("site: %d %q %s", code, stdout, errOut)
	}
	b, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	page = page[strings.Index(page, `id="ratings"`):]
	page = page[:strings.Index(page, "</table>")]
	rows := regexp.MustCompile(`<td class="key"><a href="[^"]+">([^<]+)</a></td><td>(\d+\??)</td>`).FindAllStringSubmatch(page, -1)
	want := ratingsMarked(t, "?", "--db", db, "--event", "Club night") // the site marks a provisional rating as stats does
	if len(rows) != len(want) || len(want) < 5 {
		t.Fatalf("%d players in the site's rating list, %d in stats --rating", len(rows), len(want))
	}
	for _, r := range rows {
		if want[r[1]] != r[2] {
			t.Errorf("%s: %s in the site, %s in stats --rating", r[1], r[2], want[r[1]])
		}
	}
	if code, stdout, _ := runCLI(t, "site", "--db", db, "--event", "Club night", "-o", out); code != exitOK || !strings.Contains(stdout, "; 0 files written, ") {
		t.Errorf("second run: %d %q, want nothing written", code, stdout)
	}
	// A game removed from the database loses its page and record.
	pages, _ := filepath.Glob(filepath.Join(out, "game-*.html"))
	key := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(pages[0]), "game-"), ".html")
	if code, _, errOut := runCLI(t, "games", "remove", "--db", db, key); code != exitOK {
		t.Fatalf("games remove: %d %s", code, errOut)
	}
	if code, stdout, _ := runCLI(t, "site", "--db", db, "--event", "Club night", "-o", out); code != exitOK || !strings.Contains(stdout, " removed\n") || strings.Contains(stdout, " 0 removed") {
		t.Errorf("after a game was removed: %d %q, want its page removed", code, stdout)
	}
	for _, ext := range []string{".html", ".cgn"} {
		if _, err := os.Lstat(filepath.Join(out, "game-"+key+ext)); !os.IsNotExist(err) {
			t.Errorf("game-%s%s after its game was removed: %v", key, ext, err)
		}
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "site", "--db", db, "-o", other)
	wantErr := "towerlog: " + other + " holds files and is not a site towerlog wrote (no .towerlog-site): choose a new directory, or use --force to write into it\n"
	if code != exitUsage || errOut != wantErr {
		t.Errorf("into another directory: %d %q, want %d %q", code, errOut, exitUsage, wantErr)
	}
	if code, _, errOut := runCLI(t, "site", "--db", db); code != exitUsage || errOut != "towerlog: -o DIR is needed: the directory to write the site into\n" {
		t.Errorf("without -o: %d %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "site", "--db", db, "--player", "Nobody", "-o", out); code != exitInvalid || !strings.Contains(errOut, "Nobody") {
		t.Errorf("a filter matching nothing: %d %q", code, errOut)
	}
}
