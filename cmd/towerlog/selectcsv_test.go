package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

// TestSelectCSVReadsNoRecord: select --csv, which has no column of the
// record, does not read the records: a damaged record fails select's CGN
// output but not its CSV.
func TestSelectCSVReadsNoRecord(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, "../../testdata/jcz/capture.cgn", dir)
	db := filepath.Join(dir, "club.db")
	if code, _, errOut := runCLI(t, "ingest", "--db", db, dir); code != exitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = conn.Exec(`UPDATE games SET record = x'00'`)
	if cerr := conn.Close(); err != nil || cerr != nil {
		t.Fatal(err, cerr)
	}
	if code, out, _ := runCLI(t, "select", "--db", db); code != exitUsage || out != "" {
		t.Fatalf("select of a damaged record: code %d, %q; want %d and nothing written", code, out, exitUsage)
	}
	code, out, errOut := runCLI(t, "select", "--db", db, "--csv")
	want := "gid,id,file,index,event,site,date,round,rules,players,scores,result,winner,turns\n1,"
	if code != exitOK || !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 2 {
		t.Fatalf("select --csv: code %d, %q\n%s", code, errOut, out)
	}
}
