// towerlog report: draws the charts from their options and drives the
// game pickers and the turn slider. Every value read from the page is
// data: options are parsed with JSON.parse, and text is written with
// textContent, never as markup.
(function () {
  'use strict';
  var byId = {};
  var all = [];
  function draw(el) {
    var c = echarts.init(el, null, { renderer: 'svg' });
    c.setOption(JSON.parse(el.getAttribute('data-options')));
    byId[el.id] = c;
    all.push(c);
  }
  Array.prototype.forEach.call(document.querySelectorAll('div.chart'), draw);
  window.addEventListener('resize', function () {
    all.forEach(function (c) { c.resize(); });
  });

  // Charts of one game at a time: the select swaps every chart's options.
  // The games' options are gzipped: they are unpacked once, on the first
  // choice.
  Array.prototype.forEach.call(document.querySelectorAll('section.picker'), function (sec) {
    var games = null;
    var sel = sec.querySelector('select.game-select');
    var show = function () {
      var g = games[Number(sel.value)];
      Object.keys(g).forEach(function (id) {
        if (byId[id]) { byId[id].setOption(g[id], true); }
      });
    };
    sel.addEventListener('change', function () {
      if (games) { show(); return; }
      unpack(sec.getAttribute('data-games')).then(function (all) { games = all; show(); });
    });
  });

  // unpack reads base64 of gzipped JSON.
  function unpack(b64) {
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).text().then(JSON.parse);
  }

  // The slider through the turns of one game, shared with the site's
  // board viewer: show(n) draws step n with drawBoard(n) and tells what
  // the turn did, the scores after it and its events.
  window.towerlogSlider = function (turns, drawBoard) {
    var slider = document.getElementById('turn-slider');
    var title = document.getElementById('turn-title');
    var caption = document.getElementById('board-caption');
    var label = document.getElementById('turn-label');
    var scores = document.querySelector('#turn-scores tbody');
    var events = document.getElementById('turn-events');
    var race = byId['score-race'];
    var show = function (n) {
      n = Math.max(0, Math.min(turns.length - 1, n));
      slider.value = String(n);
      var t = turns[n];
      drawBoard(n);
      title.textContent = t.title;
      caption.textContent = t.caption;
      label.textContent = n === 0 ? 'Start' : 'Turn ' + t.turn + ' of ' + (turns.length - 1);
      scores.textContent = '';
      t.scores.forEach(function (s) {
        var tr = document.createElement('tr');
        [s.name, String(s.score)].forEach(function (v) {
          var td = document.createElement('td');
          td.textContent = v;
          tr.appendChild(td);
        });
        scores.appendChild(tr);
      });
      events.textContent = '';
      t.events.forEach(function (e) {
        var li = document.createElement('li');
        li.textContent = e;
        events.appendChild(li);
      });
      if (race && n > 0) {
        race.dispatchAction({ type: 'showTip', seriesIndex: 0, dataIndex: n - 1 });
      }
    };
    slider.addEventListener('input', function () { show(Number(slider.value)); });
    document.getElementById('turn-first').addEventListener('click', function () { show(0); });
    document.getElementById('turn-prev').addEventListener('click', function () { show(Number(slider.value) - 1); });
    document.getElementById('turn-next').addEventListener('click', function () { show(Number(slider.value) + 1); });
    document.getElementById('turn-last').addEventListener('click', function () { show(turns.length - 1); });
    // A link to #turn-N (a verdict, a turning point) chooses turn N: the
    // slider goes to it, and the page to the turn's review when it has
    // one, or else to the board.
    var choose = function (hash) {
      var m = /^#turn-([0-9]+)$/.exec(hash);
      if (!m) { return false; }
      for (var i = 1; i < turns.length; i++) {
        if (turns[i].turn === Number(m[1])) {
          show(i);
          var better = document.getElementById('better');
          (better && !better.hidden ? better : slider).scrollIntoView();
          return true;
        }
      }
      return false;
    };
    document.addEventListener('click', function (e) {
      var a = e.target.closest ? e.target.closest('a[href^="#turn-"]') : null;
      if (a && choose(a.getAttribute('href'))) { e.preventDefault(); history.replaceState(null, '', a.getAttribute('href')); }
    });
    window.addEventListener('hashchange', function () { choose(location.hash); });
    if (!choose(location.hash)) { show(turns.length - 1); }
    return show;
  };
  window.towerlogUnpack = unpack;

  // The review of the turn the slider shows, under the board: entries are
  // the reviewed turns ({step, title, moves}), and drawBoard(entry, box)
  // draws an entry's board before the move, with its moves marked, into
  // box. It returns show(n), which shows step n's review, or hides the
  // review when step n has none.
  window.towerlogBetter = function (entries, drawBoard) {
    var box = document.getElementById('better');
    if (!box) { return function () {}; }
    var byStep = {};
    entries.forEach(function (e) { byStep[e.step] = e; });
    var title = document.getElementById('better-title');
    var board = document.getElementById('better-board');
    var body = document.querySelector('#better-moves tbody');
    var cell = function (tr, text) {
      var td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
      return td;
    };
    var tag = function (td, text) {
      var s = document.createElement('span');
      s.className = 'mark-tag mark-tag-' + text;
      s.textContent = text;
      td.appendChild(s);
    };
    return function (n) {
      var e = byStep[n];
      box.hidden = !e;
      if (!e) { return; }
      title.textContent = e.title + ': the board before the move';
      board.textContent = '';
      drawBoard(e, board);
      body.textContent = '';
      e.moves.forEach(function (m) {
        var tr = document.createElement('tr');
        tr.className = (m.played ? 'played ' : '') + (m.best ? 'best' : '');
        var td = cell(tr, '');
        var code = document.createElement('code');
        code.textContent = m.move;
        td.appendChild(code);
        if (m.played) { tag(td, 'played'); }
        if (m.best) { tag(td, 'best'); }
        if (m.words) {
          var w = document.createElement('div');
          w.className = 'words';
          w.textContent = m.words;
          td.appendChild(w);
        }
        cell(tr, (m.value >= 0 ? '+' : '\u2212') + Math.abs(m.value).toFixed(1) + ' \u00b1' + m.se.toFixed(1));
        cell(tr, m.rollouts > 0 ? String(m.rollouts) : '\u2013');
        body.appendChild(tr);
      });
    };
  };

  // The board of one game: the report carries an SVG of every step.
  var sec = document.getElementById('board');
  if (sec) {
    var boards = null; // filled once unpacked; until then the final board stays
    unpack(sec.getAttribute('data-boards')).then(function (svgs) {
      boards = svgs.map(function (svg) {
        return 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
      });
      sec.setAttribute('data-boards-ready', String(boards.length));
    });
    var img = document.getElementById('board-image');
    var better = null; // the reviewed turns' view, once unpacked
    var show = window.towerlogSlider(JSON.parse(sec.getAttribute('data-turns')), function (n) {
      if (boards) { img.src = boards[n]; }
      if (better) { better(n); }
    });
    if (sec.hasAttribute('data-better')) {
      unpack(sec.getAttribute('data-better')).then(function (entries) {
        better = window.towerlogBetter(entries, function (e, box) {
          var b = document.createElement('img');
          b.alt = e.title + ': the board before the move, with the move played and the best move marked';
          b.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(e.svg);
          box.appendChild(b);
        });
        show(Number(document.getElementById('turn-slider').value));
        if (location.hash) { window.dispatchEvent(new HashChangeEvent('hashchange')); }
        sec.setAttribute('data-better-ready', String(entries.length));
      });
    }
  }

  // A marker for tests and tools: every chart has been drawn.
  document.documentElement.setAttribute('data-charts-rendered', String(all.length));
})();
