// Package table writes the tables of the command line, a row at a time:
// aligned text for a terminal, or CSV for programs. Every table output of
// towerlog goes through a Writer, so that the rules of a table (columns
// two spaces apart, numbers aligned right, control characters never sent
// to the terminal, no line ending with a space) are written once, and a
// later rule (a table made to fit the terminal's width by leaving out or
// shortening columns) has one place to go: the widths are measured in
// start alone.
//
//	t := table.New(os.Stdout, table.Text, table.All,
//		table.Column{Head: "PLAYER"}, table.Column{Head: "WINS", Right: true})
//	t.Row("Anna", "3")
//	err := t.Flush()
package table
