package report

// standingsTables adds the standings and the crosstable of the selected
// games to a report of one event.
func (r *report) standingsTables() error {
	if r.f.Event == "" {
		return nil
	}
	st, err := r.s.EventStandings(r.ctx, r.f)
	if err != nil {
		return err
	}
	head, rows := st.Table()
	r.page.Tables = append(r.page.Tables, table{ID: "standings", Title: "Standings of " + r.f.Event, Head: head, Rows: rows,
		Note: "Each round's cell gives the player's place at the table and final score. Players are ranked by games won (a shared first place counts), then by margin (over their games, their score minus the best score of the others at the table), then by points."})
	head, rows = st.Crosstable()
	r.page.Tables = append(r.page.Tables, table{ID: "crosstable", Title: "Head to head", Head: head, Rows: rows,
		Note: "Each cell counts the games the player of the row played with the player of the column (numbered as in the rows): finished ahead, behind, and level if any were."})
	return nil
}
