// Package table writes the tables of the command line, a row at a time:
// aligned text for a terminal, or CSV for programs. Every table output of
// towerlog goes through a Writer, so that the rules of a table (columns
// two spaces apart, numbers aligned right, control characters never sent
// to the terminal, no line ending with a space, a table made to fit a
// width) are written once. Fit makes a Text table fit a width (120
// columns, DefaultWidth, or a narrower terminal's): the columns marked
// Clip or Wrap are narrowed, those with a Drop left out, and a table with
// Key columns still too wide is written in blocks of columns.
//
//	t := table.New(os.Stdout, table.Text, table.All,
//		table.Column{Head: "PLAYER"}, table.Column{Head: "WINS", Right: true})
//	t.Row("Anna", "3")
//	err := t.Flush()
package table
