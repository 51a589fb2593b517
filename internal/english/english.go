// Package english spells numbers as English words do, for the messages,
// tables and pages of every package (not API).
package english

import "strconv"

// Ordinal spells n as an English ordinal: 1st, 2nd, 3rd, 4th, 11th, 22nd.
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}
