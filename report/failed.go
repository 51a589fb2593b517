package report

import (
	"fmt"
	"strconv"
)

// failedRows are the records of the report's table of failed records.
const failedRows = 100

// failedTable adds the table of the records that failed validation.
func (r *report) failedTable() error {
	failed, err := r.s.FailedGames(r.ctx, failedRows)
	if err != nil || len(failed) == 0 {
		return err
	}
	total := r.sum.Invalid
	t := table{ID: "failed-records", Title: "Records that failed validation",
		Note: "These records of the database are left out of every figure above. Each is shown with its first error; towerlog validate tells all.",
		Head: []string{"File", "Game", "Event", "Players", "Errors", "First error"}}
	for _, f := range failed {
		t.Rows = append(t.Rows, []string{f.File, strconv.Itoa(f.Index), f.Event, f.Players, strconv.Itoa(f.Errors), f.First})
	}
	if total > len(failed) {
		t.Note += fmt.Sprintf(" The first %d of %d are listed.", len(failed), total)
	}
	r.page.Tables = append(r.page.Tables, t)
	return nil
}
