// The report's game viewer: decodes the games embedded by report/viewer_section.cpp (deflated,
// base64, one block per chunk of games, inflated on demand by the browser's DecompressionStream)
// and steps through a game on the board drawn by the report (squares are <g data-sq> groups whose
// class names their content; 10x10 or 8x8, as the match's variant). It knows no rules: captured
// squares and promotions come with each move (report/move_encoding.hpp). Sets
// <body data-ready="1"> when the first game is shown, and data-js-error when anything fails, so
// that headless tests can check the page.
(function () {
  'use strict';
  const body = document.body;
  const fail = (message) => { body.dataset.jsError = String(message); body.dataset.ready = 'error'; };
  window.addEventListener('error', (e) => fail(e.message));
  window.addEventListener('unhandledrejection', (e) => fail(e.reason));
  const root = document.getElementById('viewer');
  if (!root) { body.dataset.ready = '1'; return; }
  const index = JSON.parse(document.getElementById('viewer-index').textContent);
  const chunks = new Map();
  const squares = new Map();
  root.querySelectorAll('g[data-sq]').forEach((g) => squares.set(Number(g.dataset.sq), g));
  const state = { game: null, ply: 0, boards: [], number: 0 };

  function bytesOf(base64) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  // A block of games (report/viewer_section.cpp, encode_chunk), inflated and decoded once.
  async function chunk(n) {
    if (!chunks.has(n)) {
      const text = document.getElementById('viewer-chunk-' + n).textContent.trim();
      const stream = new Blob([bytesOf(text)]).stream().pipeThrough(new DecompressionStream('deflate'));
      chunks.set(n, decodeChunk(new Uint8Array(await new Response(stream).arrayBuffer())));
    }
    return chunks.get(n);
  }
  function reader(bytes) {
    let at = 0;
    const r = {
      byte: () => bytes[at++],
      varint: () => { let v = 0, shift = 1, b; do { b = bytes[at++]; v += (b & 127) * shift; shift *= 128; } while (b & 128); return v; },
      signed: () => { const z = r.varint(); return z % 2 ? -(z + 1) / 2 : z / 2; },
      text: (n) => { let s = ''; for (let i = 0; i < n; ++i) s += String.fromCharCode(bytes[at++]); return s; },
    };
    return r;
  }
  // The games of a block: start position, plies (from, to, captured squares), scores and times.
  function decodeChunk(bytes) {
    const r = reader(bytes);
    const games = [];
    const count = r.varint();
    for (let g = 0; g < count; ++g) games.push({ fen: r.text(r.varint()), count: r.varint(), plies: [] });
    for (const game of games) {
      for (let i = 0; i < game.count; ++i) {
        // The origin's byte carries the promotion (64): the rules core knows when a man is
        // crowned (at the end of its move, or during a Russian capture), the page does not.
        const first = r.byte(), to = r.byte();
        const from = first & 63;
        const captured = [];
        if (to & 128) { const n = r.byte(); for (let k = 0; k < n; ++k) captured.push(r.byte() - 50 + from); }
        game.plies.push({ from, to: (to & 127) - 50 + from, captured, crowns: (first & 64) !== 0 });
      }
    }
    for (const game of games) {
      const codes = [];
      game.plies.forEach((p, i) => {
        const x = r.signed() + (i >= 2 ? codes[i - 2] : 0);
        codes.push(x);
        p.kind = ((x % 4) + 4) % 4;
        p.value = (x - p.kind) / 4;
      });
    }
    for (const game of games) for (const p of game.plies) p.time = r.varint() / 10000;
    return games;
  }
  // The board's playable squares (50 on 10x10, 32 on 8x8; report/board_code.hpp).
  function parseFen(fen) {
    const board = new Array(index.squares + 1).fill('e');
    const parts = fen.split(':');
    for (const part of parts.slice(1)) {
      const colour = part[0] === 'W' ? 'w' : 'b';
      for (let item of part.slice(1).split(',')) {
        if (!item) continue;
        const king = item[0] === 'K';
        if (king) item = item.slice(1);
        const range = item.split('-').map(Number);
        for (let s = range[0]; s <= (range[1] || range[0]); ++s) board[s] = colour + (king ? 'k' : 'm');
      }
    }
    return board;
  }
  function play(board, ply) {
    const next = board.slice();
    let piece = next[ply.from];
    next[ply.from] = 'e';
    for (const s of ply.captured) next[s] = 'e';
    if (ply.crowns) piece = piece[0] + 'k';
    next[ply.to] = piece;
    return next;
  }
  function scoreText(p) {
    if (p.kind === 1) return (p.value >= 0 ? '+' : '') + (p.value / 100).toFixed(2);
    if (p.kind === 2) return p.value > 0 ? '+W' + p.value : '-L' + (-p.value);
    return '';
  }
  function timeText(t) { return t >= 1 ? t.toFixed(2) + ' s' : (t * 1000).toFixed(1) + ' ms'; }
  function boardCode(board) {
    return board.slice(1).map((c) => ({ e: '.', wm: 'w', wk: 'W', bm: 'b', bk: 'B' })[c]).join('');
  }
  function show(ply) {
    state.ply = Math.max(0, Math.min(ply, state.boards.length - 1));
    const board = state.boards[state.ply];
    const last = state.ply > 0 ? state.game.plies[state.ply - 1] : null;
    for (const [s, g] of squares) {
      const marked = last && (s === last.from || s === last.to) ? ' last' : '';
      g.setAttribute('class', 'sq ' + board[s] + marked);
    }
    const list = document.getElementById('viewer-moves');
    list.querySelectorAll('li').forEach((li, i) => li.classList.toggle('current', i + 1 === state.ply));
    const current = list.querySelector('li.current');
    if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
    root.dataset.ply = String(state.ply);
    root.dataset.board = boardCode(board);
    document.getElementById('viewer-ply').textContent = state.ply + ' / ' + (state.boards.length - 1);
  }
  function moveList(game) {
    const list = document.getElementById('viewer-moves');
    list.textContent = '';
    game.plies.forEach((p, i) => {
      const li = document.createElement('li');
      li.textContent = p.from + (p.captured.length ? 'x' : '-') + p.to;
      const extra = document.createElement('span');
      extra.className = 'move-info';
      extra.textContent = ' ' + scoreText(p) + ' ' + timeText(p.time);
      li.appendChild(extra);
      li.addEventListener('click', () => show(i + 1));
      list.appendChild(li);
    });
  }
  const byNumber = new Map(index.games.map((g, i) => [g[0], i]));
  // Opens the game numbered `number` (as the report numbers games, from 1) at `ply`.
  async function open(number, ply) {
    const at = byNumber.has(number) ? byNumber.get(number) : Math.max(0, Math.min(index.games.length - 1, number - 1));
    const entry = index.games[at];
    number = entry[0];
    const game = (await chunk(Math.floor(at / index.chunk)))[at % index.chunk];
    state.game = game;
    state.number = number;
    state.boards = [parseFen(game.fen)];
    for (const p of game.plies) state.boards.push(play(state.boards[state.boards.length - 1], p));
    const e = index.engines;
    document.getElementById('viewer-number').value = String(number);
    document.getElementById('viewer-title').textContent = 'Game ' + entry[0] + ': ' + e[entry[1]] + ' (White) v ' +
      e[entry[2]] + ' (Black), ' + entry[3] + ', ' + index.terminations[entry[4]] + ', ' + entry[5] + ' plies';
    root.dataset.game = String(number);
    moveList(game);
    show(ply);
  }
  function fragment() {
    const out = {};
    for (const item of location.hash.slice(1).split('&')) { const [k, v] = item.split('='); if (k) out[k] = v; }
    return out;
  }
  document.addEventListener('keydown', (e) => {
    if (!state.game || e.target.tagName === 'INPUT') return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -1e9, End: 1e9 };
    if (e.key in moves) { show(state.ply + moves[e.key]); e.preventDefault(); }
  });
  document.getElementById('viewer-prev').addEventListener('click', () => show(state.ply - 1));
  document.getElementById('viewer-next').addEventListener('click', () => show(state.ply + 1));
  document.getElementById('viewer-number').addEventListener('change', (e) => open(Number(e.target.value), 0).catch(fail));
  window.addEventListener('hashchange', () => { const f = fragment(); if (f.game) open(Number(f.game), Number(f.ply || 0)).catch(fail); });
  async function start() {
    if (!index.games.length) { body.dataset.ready = '1'; return; }
    const f = fragment();
    await open(Number(f.game || 1), Number(f.ply || 0));
    if (f.selftest) {
      // Headless tests: step forward once with the keyboard, as a reader would, and record the
      // boards before and after in the page.
      root.dataset.boardBefore = root.dataset.board;
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
      root.dataset.boardAfter = root.dataset.board;
      // And how many row labels of the facts tables (the provenance's "working directory", ...)
      // take more than one line: a label broken mid-word reads wrong.
      // (The text's own line boxes: the cell is as tall as its row, whose value may wrap.)
      const tall = (cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getClientRects().length > 1;
      };
      body.dataset.wrappedLabels = String(
        [...document.querySelectorAll('section table tbody th[scope="row"]')].filter(tall).length);
    }
    body.dataset.ready = '1';
  }
  start().catch(fail);
})();
