package site

import (
	"fmt"
	"strconv"
)

// listRows is the most games a page lists: a longer list goes on in
// pages of its own, linked from the first, so that neither a page's size
// nor the memory that makes it grows with the archive. A variable so
// that tests can cross pages with few games.
var listRows = 500

// pager lists games over pages: the first listRows rows on the main
// page (base.html), the next ones on base-2.html, base-3.html, ...
// written as they fill.
type pager struct {
	w     *writer
	base  string // the main page's file name without ".html"
	title string // the main page's title
	head  []string
	key   int
	first [][]cell // the rows of the main page
	rows  [][]cell // the rows of the page being filled
	n     int      // rows in all
	pages int      // pages written after the main one
}

func (p *pager) add(row []cell) error {
	p.n++
	if len(p.first) < listRows {
		p.first = append(p.first, row)
		return nil
	}
	p.rows = append(p.rows, row)
	if len(p.rows) == listRows {
		return p.flush()
	}
	return nil
}

// flush writes the page being filled.
func (p *pager) flush() error {
	if len(p.rows) == 0 {
		return nil
	}
	p.pages++
	from := p.pages*listRows + 1
	pg := page{Title: p.title, Subtitle: fmt.Sprintf("Games %d to %d", from, from+len(p.rows)-1),
		Facts:    []fact{{Label: "Back to", Text: p.title, Href: p.base + ".html"}},
		Sections: []section{{ID: "games", Title: "Games", Table: &table{Head: p.head, Rows: p.rows, Key: p.key}}}}
	p.rows = nil
	return p.w.render(p.page(p.pages+1), pg)
}

func (p *pager) page(k int) string { return p.base + "-" + strconv.Itoa(k) + ".html" }

// sections ends the list and returns the main page's sections: its
// rows, and the links to the other pages.
func (p *pager) sections(title, note string) ([]section, error) {
	if err := p.flush(); err != nil {
		return nil, err
	}
	out := []section{{ID: "games", Title: title, Note: note, Table: &table{Head: p.head, Rows: p.first, Key: p.key}}}
	if p.pages == 0 {
		return out, nil
	}
	out[0].Note += fmt.Sprintf(" The first %d of %d games are listed here; the others on the pages below.", listRows, p.n)
	more := &table{Head: []string{"Page", "Games"}}
	for k := 1; k <= p.pages; k++ {
		from := k*listRows + 1
		more.Rows = append(more.Rows, []cell{{Text: "Page " + strconv.Itoa(k+1), Href: p.page(k + 1)},
			text(fmt.Sprintf("%d to %d", from, min(p.n, from+listRows-1)))})
	}
	return append(out, section{ID: "more-games", Title: "More games", Table: more}), nil
}
