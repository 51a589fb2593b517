package site

// SetListRows sets the most games a page lists, for a test, and returns
// the function that puts it back.
func SetListRows(n int) (restore func()) {
	old := listRows
	listRows = n
	return func() { listRows = old }
}
