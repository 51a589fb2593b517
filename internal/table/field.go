package table

import "io"

// A Field is a column of a table of values of type T, next to the value
// it shows: its head in a Text table and in CSV, how it aligns, and its
// cell for a value. A command's table is a list of fields, its schema.
type Field[T any] struct {
	Head  string // in a Text table
	CSV   string // in CSV; "" for Head
	Right bool
	// Narrow, Drop and Key say how a Text table fitted to a width treats
	// the column (see Column).
	Narrow Narrow
	Drop   int
	Key    bool
	Text   func(T) string // the cell in a Text table
	Exact  func(T) string // the cell in CSV, every figure unrounded; nil for Text
}

// Columns are the columns of fields in format f.
func Columns[T any](f Format, fields []Field[T]) []Column {
	cols := make([]Column, len(fields))
	for i, fd := range fields {
		cols[i] = Column{Head: fd.Head, Right: fd.Right, Narrow: fd.Narrow, Drop: fd.Drop, Key: fd.Key}
		if f == CSV && fd.CSV != "" {
			cols[i].Head = fd.CSV
		}
	}
	return cols
}

// Cells are the cells of v under fields in format f.
func Cells[T any](f Format, fields []Field[T], v T) []string {
	row := make([]string, len(fields))
	for i, fd := range fields {
		cell := fd.Text
		if f == CSV && fd.Exact != nil {
			cell = fd.Exact
		}
		row[i] = cell(v)
	}
	return row
}

// Write writes the table of values under fields in format f, each
// column as wide as its widest cell.
func Write[T any](w io.Writer, f Format, fields []Field[T], values []T) error {
	_, err := WriteFit(w, f, 0, fields, values)
	return err
}

// WriteFit writes the table of values under fields in format f, a Text
// table fitted to width columns (Fit; 0: as wide as its cells); it
// returns the heads of the columns left out.
func WriteFit[T any](w io.Writer, f Format, width int, fields []Field[T], values []T) (dropped []string, err error) {
	t := New(w, f, All, Columns(f, fields)...)
	t.Fit(width)
	for _, v := range values {
		if err := t.Row(Cells(f, fields, v)...); err != nil {
			return nil, err
		}
	}
	err = t.Flush()
	return t.Dropped(), err
}
