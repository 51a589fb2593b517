// Package htmlpage holds what the pages of the report and of the site
// share: the stylesheet, the scripts (the ECharts library, embedded so
// that a page works offline, then the one that draws the charts and
// drives the turn slider) and the parts of their templates that are the
// same (the head's meta lines, the title, the turn slider and the turn's
// scores, the credit of the footer). Package report inlines the
// stylesheet and scripts in each page; package site writes them once, as
// files.
//
//	t := htmlpage.Parse("game", gameHTML) // gameHTML may call {{template "slider" .Turns}}
package htmlpage
