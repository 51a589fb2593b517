// towerlog site: the board of a game page, laid out turn by turn from
// the page's data with the tile drawings shared by every page (defs,
// above); the slider and the turn's text are the reports' (page.js). Text from the data is written with textContent, never as
// markup; the board is built with createElementNS.
(function () {
  'use strict';
  var sec = document.getElementById('site-board');
  if (!sec) { return; }
  var NS = 'http://www.w3.org/2000/svg';
  var SQ = 64;
  var holder = document.createElementNS(NS, 'svg');
  holder.setAttribute('width', '0');
  holder.setAttribute('height', '0');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.position = 'absolute';
  var parsed = new DOMParser().parseFromString(defs, 'image/svg+xml');
  holder.appendChild(document.importNode(parsed.documentElement, true));
  document.body.appendChild(holder);

  function el(name, attrs) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
    return e;
  }
  function figure(g, f, colour) {
    var t = 'translate(' + f[0] + ' ' + f[1] + ') scale(' + f[2] / 100 + ')';
    if (f[4]) {
      g.appendChild(el('path', { d: meeple, transform: t, fill: '#ffffff', 'fill-opacity': 0.6, stroke: '#ffffff', 'stroke-width': 4.4 }));
      g.appendChild(el('path', { d: meeple, transform: t, fill: 'none', stroke: '#1a1a1a', 'stroke-width': 3 }));
      g.appendChild(el('path', { d: meeple, transform: t, fill: 'none', stroke: colour, 'stroke-width': 1.6 }));
      return;
    }
    g.appendChild(el('path', { d: meeple, transform: t, fill: 'none', stroke: '#ffffff', 'stroke-width': 2.6 }));
    g.appendChild(el('path', { d: meeple, transform: t, fill: colour, stroke: '#1a1a1a', 'stroke-width': 1 }));
  }
  function tower(g, w, colours) {
    var x = w[0], y = w[1], h = w[2], guard = w[3], closed = w[4];
    if (guard >= 0 && guard < colours.length) {
      g.appendChild(el('circle', { cx: x, cy: y, r: 11, fill: 'none', stroke: '#1a1a1a', 'stroke-width': 5 }));
      g.appendChild(el('circle', { cx: x, cy: y, r: 11, fill: 'none', stroke: colours[guard], 'stroke-width': 3 }));
    }
    if (h === 0) {
      g.appendChild(el('circle', { cx: x, cy: y, r: 8.5, fill: '#dcdcdc', stroke: '#4a4a4a', 'stroke-width': 1.2, 'stroke-dasharray': '2.5 2' }));
    } else {
      g.appendChild(el('circle', { cx: x, cy: y, r: 8.5, fill: '#7d7d7d', stroke: closed && guard < 0 ? '#000000' : '#333333', 'stroke-width': closed && guard < 0 ? 2.5 : 1.2 }));
    }
    var t = el('text', { x: x, y: y + 3.6, 'font-size': 10, 'font-weight': 'bold', 'text-anchor': 'middle', fill: h === 0 ? '#444444' : '#ffffff' });
    t.textContent = String(h);
    g.appendChild(t);
  }
  // board draws step n of the game on a board of bounds b; with e, a
  // reviewed turn, it marks e's move played and best move on it as
  // draw.SVGMarked does: the played tile outlined in solid
  // markColours[0], the best one see-through and outlined in dashed
  // markColours[1], their figures ringed.
  function board(game, n, b, e) {
    var x0 = b[0] * SQ, y0 = b[1] * SQ, w = (b[2] - b[0] + 1) * SQ, h = (b[3] - b[1] + 1) * SQ;
    var svg = el('svg', { viewBox: x0 + ' ' + y0 + ' ' + w + ' ' + h, role: 'img', 'aria-label': e ? 'The board before the move' : 'The board' });
    svg.appendChild(el('rect', { x: x0, y: y0, width: w, height: h, fill: '#efebe1' }));
    var step = game.boards[n];
    for (var i = 0; i < step.n; i++) {
      var t = game.tiles[i];
      var u = el('use', { href: '#t-' + t[0] + '-' + t[3], x: t[1] * SQ, y: t[2] * SQ, width: SQ, height: SQ });
      svg.appendChild(u);
    }
    var marks = e ? [[e.played, false]].concat(e.best ? [[e.best, true]] : []) : [];
    marks.forEach(function (m) { markTile(svg, m[0], m[1]); });
    // The grid between the squares, as the report's board draws it.
    var d = '';
    for (var x = b[0]; x <= b[2] + 1; x++) { d += 'M' + x * SQ + ' ' + y0 + 'V' + (y0 + h); }
    for (var y = b[1]; y <= b[3] + 1; y++) { d += 'M' + x0 + ' ' + y * SQ + 'H' + (x0 + w); }
    svg.appendChild(el('path', { d: d, fill: 'none', stroke: '#000000', 'stroke-opacity': 0.3, 'stroke-width': 0.6 }));
    var g = el('g', {});
    (step.w || []).forEach(function (w) { tower(g, w, game.colours); });
    (step.f || []).forEach(function (f) { figure(g, f, game.colours[f[3]] || '#888888'); });
    marks.forEach(function (m) { markOutline(g, m[0], m[1], game.colours); });
    svg.appendChild(g);
    return svg;
  }
  function markTile(svg, m, other) {
    if (!m.t) { return; }
    var u = el('use', { href: '#t-' + m.t[0] + '-' + m.t[3], x: m.t[1] * SQ, y: m.t[2] * SQ, width: SQ, height: SQ });
    if (other) { u.setAttribute('opacity', '0.6'); }
    svg.appendChild(u);
  }
  function markOutline(g, m, other, colours) {
    if (!m.t) { return; }
    var cls = other ? 'mark-other' : 'mark-played';
    var colour = markColours[other ? 1 : 0];
    var inset = other ? 5.5 : 2;
    var dash = other ? { 'stroke-dasharray': '7 4' } : {};
    var attrs = function (a) { Object.keys(dash).forEach(function (k) { a[k] = dash[k]; }); a['class'] = cls; return a; };
    g.appendChild(el('rect', attrs({ x: m.t[1] * SQ + inset, y: m.t[2] * SQ + inset, width: SQ - 2 * inset, height: SQ - 2 * inset, fill: 'none', stroke: colour, 'stroke-width': 3.5 })));
    (m.f || []).forEach(function (f) {
      var fg = el('g', other ? { opacity: 0.75 } : {});
      figure(fg, f, colours[f[3]] || '#888888');
      g.appendChild(fg);
      g.appendChild(el('circle', attrs({ cx: f[0], cy: f[1], r: 11 * f[2] / 100, fill: 'none', stroke: colour, 'stroke-width': 2.5 })));
    });
    (m.w || []).forEach(function (w) {
      g.appendChild(el('circle', attrs({ cx: w[0], cy: w[1], r: 13.5, fill: 'none', stroke: colour, 'stroke-width': 3 })));
    });
  }

  var view = document.getElementById('board-svg');
  window.towerlogUnpack(sec.getAttribute('data-game')).then(function (game) {
    var better = window.towerlogBetter(game.reviewed || [], function (e, box) {
      box.appendChild(board(game, e.step - 1, e.bounds, e));
    });
    window.towerlogSlider(game.turns, function (n) {
      view.textContent = '';
      view.appendChild(board(game, n, game.bounds));
      better(n);
    });
    sec.setAttribute('data-board-ready', String(game.turns.length));
  });
})();
