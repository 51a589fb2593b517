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
    show(turns.length - 1);
  };
  window.towerlogUnpack = unpack;

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
    window.towerlogSlider(JSON.parse(sec.getAttribute('data-turns')), function (n) {
      if (boards) { img.src = boards[n]; }
    });
  }

  // A marker for tests and tools: every chart has been drawn.
  document.documentElement.setAttribute('data-charts-rendered', String(all.length));
})();
