// The page: draws what the library's session holds and sends it the player's commands.
//
// No rule of play lives here: a click or a key becomes a session command ("set r3c5 7",
// "singles", "undo"), and the board is drawn again from board.state(). What this file decides
// is only how things look and which command a gesture means.
'use strict';

(async function main() {
  const module = await SudokuModule();
  const board = new module.Board();
  const $ = (id) => document.getElementById(id);
  const boardEl = $('board');
  const statusEl = $('status');
  const chessEl = $('chess');
  const messageEl = $('message');
  const menuEl = $('menu');
  // The built-in puzzles, and a last entry for any other (a file, a paste, a new puzzle, a link).
  const puzzleEl = $('puzzle');

  const ui = {
    state: null,
    selected: 0,
    hint: null,         // {cells} of the hint being shown
    mistakes: [],       // cells marked wrong by the last check
    clashes: new Map(), // cell -> digit: digits a peer holds, entered all the same (the
                        // session refuses them), shown red with that peer until taken out
    mistakeCount: 0,    // wrong digits entered on this puzzle (counted when the player asks)
    noteMode: '',       // '', 'corner' or 'centre': where a digit typed goes
    notes: { corner: new Map(), centre: new Map() },  // the player's own notes: cell -> digits
    hideUndecided: false,
    viewChosen: false,  // the player set "Hide candidates": their choice stays
    hideChoices: false,
    pencil: false,
    fileName: 'sudoku.txt',
    cellEls: [],
    started: Date.now(),  // when the puzzle was opened (less the time restored with it)
    stopped: null,        // the time it took, once solved
    pausedAt: null,       // when the game was paused, null while it runs
    autoPaused: false,    // paused because the page was hidden: shown again, it goes on
    opening: false,
  };
  const STORE = 'sudoku.position';

  // A cell's row and column in the board's picture (a samurai's is 21 by 21, with holes).
  const rowOf = (cell) => Math.floor(ui.state.place[cell] / ui.state.width);
  const colOf = (cell) => ui.state.place[cell] % ui.state.width;
  const cellName = (cell) => `r${rowOf(cell) + 1}c${colOf(cell) + 1}`;
  const symbol = (digit) => ui.state.symbols[digit - 1];

  function say(text, ok = true) {
    messageEl.textContent = text.trim();
    messageEl.classList.toggle('bad', !ok);
  }

  // Runs a session command, redraws, and shows the reply (unless told to keep quiet). The
  // mistakes of a check, and the cells of a step, stay marked until the next command.
  function command(line, { quiet = false, mistakes = false, step = false } = {}) {
    const reply = board.run(line);
    settleClashes();
    ui.hint = step && reply.ok ? { cells: reply.cells } : null;
    ui.mistakes = mistakes ? reply.cells : [];
    refresh();
    if (!quiet || !reply.ok) say(reply.text, reply.ok);
    return reply;
  }

  // Opens a puzzle or a position. `fileName` is what Save offers for it, `puzzle` the index of
  // the built-in puzzle it is ('' for any other), `spent` the time already spent on it.
  function open(name, text, { fileName = 'sudoku.txt', puzzle = '', spent = 0, rating = null } = {}) {
    const reply = board.open(name, text);
    if (reply.ok) {
      ui.hint = null;
      ui.mistakes = [];
      ui.selected = 0;
      ui.fileName = fileName;
      ui.notes = { corner: new Map(), centre: new Map() };
      ui.clashes = new Map();
      ui.mistakeCount = 0;
      showMistakeCount();
      ui.started = Date.now() - spent;
      ui.stopped = null;
      ui.opening = true;  // a position opened solved is no moment of solving
      setPaused(false);
      puzzleEl.value = puzzle;
      // A puzzle starts as on paper, its candidates left for the player to find (until the player
      // asks for them); a position with candidates removed (pencil marks) shows them.
      if (!ui.viewChosen) {
        ui.hideUndecided = !board.hasRemoved();
        $('hide-undecided').checked = ui.hideUndecided;
      }
      build();
      refresh();
      ui.opening = false;
      rate(rating);
    }
    say(reply.ok ? reply.text || `${name}: opened` : reply.text, reply.ok);
    return reply.ok;
  }

  // The digit pad under the board: a digit places it in the selected cell (with Pencil, removes
  // that candidate, or brings back one removed by hand); the last button clears the cell.
  function buildPad() {
    const pad = $('pad');
    pad.replaceChildren();
    for (let d = 1; d <= ui.state.size; ++d) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = symbol(d);
      b.dataset.digit = d;
      b.addEventListener('click', () => padDigit(d));
      pad.appendChild(b);
    }
    const clear = document.createElement('button');
    clear.type = 'button';
    clear.textContent = '⌫';
    clear.title = 'Clear the selected cell';
    clear.setAttribute('aria-label', 'Clear');
    clear.addEventListener('click', () => clearCell(ui.selected));
    pad.appendChild(clear);
    // The tools a player reaches for between digits, by the pad so that they stay in view with
    // the board (on a phone too): undo, a hint, and what a digit does (the modes: placed,
    // noted in the corners or the centre, or removed as a candidate), as icons of 44 px and more.
    const tools = document.createElement('div');
    tools.className = 'tools';
    tools.setAttribute('role', 'toolbar');
    tools.setAttribute('aria-label', 'Tools');
    const tool = (id, icon, text, title, action) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.id = id;
      b.title = title;
      b.setAttribute('aria-label', text);
      // An icon: a drawing, or digits drawn by the style sheet (glyph-*), so that the button's
      // text is its caption alone.
      b.innerHTML = icon.startsWith('glyph') ? `<span class="glyph ${icon}" aria-hidden="true"></span>`
        : `<svg viewBox="0 0 24 24" aria-hidden="true">${icon}</svg>`;
      b.appendChild(span('caption', text));
      b.addEventListener('click', () => {
        action();
        if (ui.cellEls[ui.selected]) ui.cellEls[ui.selected].focus();
      });
      tools.appendChild(b);
      return b;
    };
    tool('tool-undo', '<path d="M9 5 4 10l5 5M4 10h10a6 6 0 0 1 0 12h-3" fill="none" stroke-width="2.2"/>',
      'Undo', 'Undo the last move (Ctrl+Z)', undo);
    tool('tool-redo', '<path d="M15 5l5 5-5 5M20 10H10a6 6 0 0 0 0 12h3" fill="none" stroke-width="2.2"/>',
      'Redo', 'Redo (Ctrl+Y)', () => command('redo'));
    tool('tool-hint', '<path d="M12 2a7 7 0 0 0-4 12.7V18h8v-3.3A7 7 0 0 0 12 2zM9 21h6" fill="none" stroke-width="2"/>',
      'Hint', 'A hint, in stages: where, then what, then why; again to apply it (H)', hint);
    const modes = [
      ['normal', 'glyph-normal', 'Normal', 'Digits are placed'],
      ['corner', 'glyph-corner', 'Corner',
        'Digits go into the corners of a cell, as notes (the candidates hidden meanwhile)'],
      ['centre', 'glyph-centre', 'Centre',
        'Digits go into the centre of a cell, as notes (the candidates hidden meanwhile)'],
      ['pencil', '<path d="M4 20l1-5L16 4l4 4L9 19zM14 6l4 4" fill="none" stroke-width="2"/>', 'Pencil',
        'Digits remove a candidate, or bring it back (also Alt+digit)'],
    ];
    for (const [name, icon, text, title] of modes) {
      const b = tool(`mode-${name}`, icon, text, title, () => setMode(name));
      b.classList.add('mode');
      b.dataset.mode = name;
    }
    pad.appendChild(tools);
    showModes();
  }

  // The mode buttons pressed as the switches stand.
  function showModes() {
    const mode = ui.noteMode || (ui.pencil ? 'pencil' : 'normal');
    for (const b of document.querySelectorAll('#pad .mode'))
      b.setAttribute('aria-pressed', b.dataset.mode === mode ? 'true' : 'false');
  }

  // A digit into the player's notes of a cell: added, or taken out when it is there.
  function note(cell, d) {
    if (ui.state.cells[cell].value !== 0) return;
    const layer = ui.notes[ui.noteMode];
    const digits = layer.get(cell) || new Set();
    if (digits.has(d)) digits.delete(d);
    else digits.add(d);
    if (digits.size) layer.set(cell, digits);
    else layer.delete(cell);
    refresh();
  }

  function padDigit(d) {
    const cell = ui.selected;
    const info = ui.state.cells[cell];
    if (ui.noteMode) {
      note(cell, d);
    } else if (ui.pencil) {
      if (info.value !== 0) return;
      if (info.candidates.includes(d)) removeCandidate(cell, d);
      else command(`mark ${cellName(cell)} +${symbol(d)}`);
    } else {
      place(cell, d);
    }
    ui.cellEls[cell].focus();
  }

  // The cells of the board, made again when the shape changes.
  function build() {
    const s = board.state();
    ui.state = s;
    const n = s.size, height = s.height, width = s.width;
    const cols = s.boxCols || Math.ceil(Math.sqrt(n));
    const rows = s.boxRows || Math.ceil(n / cols);
    // The cell at a place of the picture, -1 outside it or in a hole; a square grid is framed by
    // the board's border, a samurai's grids by their cells' own.
    const at = (r, c) => (r < 0 || c < 0 || r >= height || c >= width ? -1 : s.at[r * width + c]);
    const framed = height === n && width === n;
    boardEl.style.setProperty('--n', width);
    boardEl.style.setProperty('--cand-cols', cols);
    boardEl.style.setProperty('--cand-rows', rows);
    boardEl.style.setProperty('--cand-max', Math.max(cols, rows, 3));
    boardEl.dataset.size = n;
    boardEl.dataset.variant = s.variant;
    boardEl.classList.toggle('unframed', !framed);
    // The chess constraints: a knight or a king beside the status (their peers light up).
    const marks = [s.knight && '♞', s.king && '♚'].filter(Boolean);
    chessEl.hidden = marks.length === 0;
    chessEl.textContent = marks.join('');
    chessEl.title = [s.knight && 'anti-knight', s.king && 'anti-king'].filter(Boolean).join(', ') +
        ': no digit repeats a ' +
        [s.knight && 'knight\'s', s.king && 'king\'s'].filter(Boolean).join(' or ') + ' move away';
    boardEl.replaceChildren();
    ui.cellEls = [];
    ui.cageParts = [];  // per cell, its cage's outline and sum, kept when its content changes
    for (let r = 0; r < height; ++r) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (let c = 0; c < width; ++c) {
        const cell = at(r, c);
        if (cell < 0) {  // a hole between a samurai's grids
          const hole = document.createElement('div');
          hole.className = 'hole';
          hole.setAttribute('aria-hidden', 'true');
          row.appendChild(hole);
          continue;
        }
        const el = document.createElement('div');
        el.className = 'cell';
        el.setAttribute('role', 'gridcell');
        el.dataset.cell = cell;
        el.dataset.name = `r${r + 1}c${c + 1}`;
        el.tabIndex = -1;
        const right = at(r, c + 1), below = at(r + 1, c);
        if (right >= 0 && s.region[cell] !== s.region[right]) el.classList.add('edge-right');
        if (below >= 0 && s.region[cell] !== s.region[below]) el.classList.add('edge-bottom');
        if (right < 0) el.classList.add(framed ? 'last-col' : 'edge-right');
        if (below < 0) el.classList.add(framed ? 'last-row' : 'edge-bottom');
        if (!framed && at(r, c - 1) < 0) el.classList.add('edge-left');
        if (!framed && at(r - 1, c) < 0) el.classList.add('edge-top');
        if (s.marks[cell] & 1) el.classList.add('window');
        if (s.marks[cell] & 2) {
          if (r === c) el.classList.add('diagonal');
          if (r + c === n - 1) el.classList.add('anti-diagonal');
        }
        // A killer cage: a dashed outline inside the cells, on the sides where the cage ends,
        // and its sum in the corner of its first cell.
        const k = s.cage[cell];
        ui.cageParts[cell] = [];
        if (k >= 0) {
          const outline = document.createElement('div');
          outline.className = 'cage';
          const apart = (other) => other < 0 || s.cage[other] !== k;
          if (apart(at(r - 1, c))) outline.classList.add('cage-top');
          if (apart(below)) outline.classList.add('cage-bottom');
          if (apart(at(r, c - 1))) outline.classList.add('cage-left');
          if (apart(right)) outline.classList.add('cage-right');
          ui.cageParts[cell].push(outline);
          if (s.cage.indexOf(k) === cell) {
            const sum = document.createElement('span');
            sum.className = 'cage-sum';
            sum.textContent = s.cageSums[k];
            ui.cageParts[cell].push(sum);
            el.classList.add('has-sum');
          }
          el.append(...ui.cageParts[cell]);
        }
        el.addEventListener('click', (event) => clickCell(cell, event));
        el.addEventListener('focus', () => {
          if (ui.selected !== cell) select(cell, false);
        });
        row.appendChild(el);
        ui.cellEls.push(el);
      }
      boardEl.appendChild(row);
    }
    boardEl.appendChild(drawRuleMarks(s));
    drawRules(s);
    buildPad();
    fit();
  }

  // The layout and the board's size: the largest square that leaves the digit pad and the
  // message in view with it, either with the pad, the message and the controls beside it (side)
  // or with the pad and the message under it (stack), whichever gives the larger board.
  const PANEL = 340;       // the side panel's width
  const KEY = 44;          // a key of the pad, at least (a finger's target)
  const TOOL = 52;         // a tool under the keys: its icon and caption
  const MESSAGE_LINES = 5; // the lines of the message under a stacked board
  function fit() {
    if (!ui.state) return;
    const main = $('main');
    const n = ui.state.size;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const header = document.querySelector('header').getBoundingClientRect().height;
    const status = document.querySelector('.status-line').getBoundingClientRect().height;
    const style = getComputedStyle(main);
    const gap = parseFloat(style.rowGap) || 0.6 * rem;
    const sides = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const ends = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const border = 6;  // the board's frame
    const playGap = 0.3 * rem;
    // The pad's keys (the digits and the clear key) in rows of as many keys of 44 px as a row of
    // `across` px holds, the rows balanced.
    const keyGap = 0.3 * rem;
    const padRows = (across) => Math.ceil((n + 1) / Math.max(1, Math.floor((across + keyGap) / (KEY + keyGap))));
    const padCols = (rows) => Math.ceil((n + 1) / rows);
    // Stacked: the pad (its rows, as wide as the board, and the tools' row) and the message's lines
    // under the board; a board narrower than the window may need more rows, so twice.
    const messageHeight = Math.ceil(MESSAGE_LINES * 0.92 * rem * 1.3 + 1.3 * rem);
    // Clues beside the grid take a margin of a cell on their sides: the largest board whose
    // frame and margins fit in w by h (without clues, the square less the frame).
    const clues = clueSides(ui.state);
    const across = clues.left + clues.right, down = clues.top + clues.bottom;
    const fits = (w, h) => Math.min((w - border) * ui.state.width / (ui.state.width + across),
      (h - border) * ui.state.height / (ui.state.height + down));
    const outer = (board) => board + border + across * board / ui.state.width;
    let stackRows = padRows(width - sides), stack = 0;
    for (let pass = 0; pass < 2; ++pass) {
      const padHeight = stackRows * KEY + TOOL + stackRows * keyGap;
      stack = fits(width - sides,
        height - header - ends - status - playGap - gap - padHeight - gap - messageHeight);
      stackRows = Math.max(stackRows, padRows(outer(Math.max(160, stack))));
    }
    const side = fits(width - sides - PANEL - 1.2 * rem, height - header - ends - status - playGap);
    const layout = side >= stack ? 'side' : 'stack';
    const size = Math.max(160, Math.floor(layout === 'side' ? side : stack));
    main.dataset.layout = layout;
    main.style.setProperty('--board-size', `${size + border}px`);
    for (const [name, on] of Object.entries(clues)) {
      const cells = name === 'top' || name === 'bottom' ? ui.state.height : ui.state.width;
      main.style.setProperty(`--clue-${name}`, on ? `${Math.floor(size / cells)}px` : '0px');
    }
    main.style.setProperty('--message-height', `${messageHeight}px`);
    main.style.setProperty('--panel-width', `${PANEL}px`);
    // Beside the board, the pad in the panel's rows; under it, as computed above.
    $('pad').style.setProperty('--pad-cols', padCols(layout === 'side' ? Math.max(2, padRows(PANEL)) : stackRows));
    // Where the window is too small for the candidates to be read, say so.
    const cols = ui.state.boxCols || Math.ceil(Math.sqrt(n));
    const rows = ui.state.boxRows || Math.ceil(n / cols);
    const candidate = size / ui.state.width / Math.max(cols, rows, 3) * 0.78;
    const small = $('too-small');
    small.hidden = candidate >= 7;
    small.textContent = `In this window a cell is ${Math.floor(size / ui.state.width)} px and its ` +
      `candidates ${candidate.toFixed(1)} px: a larger window (or the browser's full screen) makes ` +
      'them readable, or Hide candidates leaves the digits alone.';
    if (!$('links').hidden) drawLinks();
  }
  window.addEventListener('resize', fit);

  // The marks of the puzzle's rules (dots, letters, circles, squares, shaded cells, lines, clues
  // beside the grid, circles on corners), drawn by their kind alone: the library says which rule
  // draws what. One SVG over the cells, a cell 100 by 100 of its units, behind the digits; the
  // clues beside the grid stand outside it, in the board's margin (clueSides).
  function drawRuleMarks(s) {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('class', 'rule-marks');
    svg.setAttribute('viewBox', `0 0 ${s.width * 100} ${s.height * 100}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('aria-hidden', 'true');
    const el = (tag, attrs, parent = svg) => {
      const e = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      parent.appendChild(e);
      return e;
    };
    // The centre of a cell, or of the edge or corner between several.
    const centre = (cells) => {
      const xs = cells.map((c) => (s.place[c] % s.width) * 100 + 50);
      const ys = cells.map((c) => Math.floor(s.place[c] / s.width) * 100 + 50);
      return [xs.reduce((a, b) => a + b) / xs.length, ys.reduce((a, b) => a + b) / ys.length];
    };
    // An open circle where a line ends (an arrow's, a between line's) belongs to the line: a ring
    // in the line's colour, nearly as large as its cell, and the line stops at its edge. Open
    // circles side by side with it are one circle of several cells (an arrow's "12"): one ring
    // round them all when they stand in a row or a column.
    const RING = 42;
    const rowCol = (c) => [Math.floor(s.place[c] / s.width), s.place[c] % s.width];
    const open = new Set(s.ruleMarks.filter((m) => m.kind === 'circle' && !m.filled).map((m) => m.cells[0]));
    const ringed = new Map();  // cell -> the colour of the line that ends in its circle
    for (const m of s.ruleMarks)
      if (m.kind === 'line')
        for (const c of [m.cells[0], m.cells[m.cells.length - 1]])
          if (open.has(c) && !ringed.get(c)) ringed.set(c, m.colour);
    const ring = new Map();  // ringed cell -> its ring: { cells, colour, drawn }
    for (const [start, colour] of ringed) {
      if (ring.has(start)) continue;
      const one = { cells: [start], colour, drawn: false };
      ring.set(start, one);
      for (let i = 0; i < one.cells.length; ++i) {
        const [r, c] = rowCol(one.cells[i]);
        for (const next of open)
          if (!ring.has(next) && Math.abs(rowCol(next)[0] - r) + Math.abs(rowCol(next)[1] - c) === 1) {
            one.cells.push(next);
            ring.set(next, one);
          }
      }
      const rows = new Set(one.cells.map((c) => rowCol(c)[0])), cols = new Set(one.cells.map((c) => rowCol(c)[1]));
      one.straight = rows.size === 1 || cols.size === 1;
      one.cells.sort((a, b) => s.place[a] - s.place[b]);
    }
    // The point `units` from a towards b (a itself when they meet).
    const toward = ([ax, ay], [bx, by], units) => {
      const d = Math.hypot(bx - ax, by - ay);
      return d === 0 ? [ax, ay] : [ax + (bx - ax) * units / d, ay + (by - ay) * units / d];
    };
    const round = (v) => Math.round(v * 10) / 10;
    // Shades first, so that every other mark stays on top of them.
    const order = { shade: 0, line: 1, circle: 2, square: 2, dot: 3, letter: 3, corner: 3, outside: 3 };
    const marks = [...s.ruleMarks].sort((a, b) => (order[a.kind] ?? 3) - (order[b.kind] ?? 3));
    for (const m of marks) {
      const [x, y] = centre(m.cells);
      const where = m.cells.map((c) => cellName(c)).join('-');
      let e;
      if (m.kind === 'dot') {
        e = el('circle', { cx: x, cy: y, r: 13, class: `mark-dot${m.filled ? ' filled' : ''}` });
      } else if (m.kind === 'letter') {
        e = el('g', { class: 'mark-letter' });
        el('rect', { x: x - 17, y: y - 17, width: 34, height: 34, rx: 5 }, e);
        const text = el('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, e);
        text.textContent = m.text;
      } else if (m.kind === 'circle') {
        const rim = !m.filled && ring.get(m.cells[0]);
        if (rim && rim.straight && rim.cells.length > 1) {
          // One ring round the whole circle, drawn with its first cell's mark.
          if (rim.drawn) continue;
          rim.drawn = true;
          const [x0, y0] = centre([rim.cells[0]]);
          const [x1, y1] = centre([rim.cells[rim.cells.length - 1]]);
          e = el('rect', { x: x0 - RING, y: y0 - RING, width: x1 - x0 + 2 * RING, height: y1 - y0 + 2 * RING,
            rx: RING, class: 'mark-circle ring' });
          e.dataset.kind = m.kind;
          e.dataset.cells = rim.cells.map((c) => cellName(c)).join('-');
          if (rim.colour) e.style.stroke = rim.colour;
          continue;
        }
        e = el('circle', { cx: x, cy: y, r: m.filled ? 34 : rim ? RING : 40,
          class: `mark-circle${m.filled ? ' filled' : ''}${rim ? ' ring' : ''}` });
        if (m.colour) e.style.fill = m.colour;
        if (rim && rim.colour) e.style.stroke = rim.colour;
      } else if (m.kind === 'square') {
        e = el('rect', { x: x - 40, y: y - 40, width: 80, height: 80, class: 'mark-square' });
      } else if (m.kind === 'line') {
        // Through the centres of its cells, in their order, from and to the edge of a ring.
        const points = m.cells.map((c) => centre([c]));
        const last = points.length - 1;
        if (last > 0 && ring.has(m.cells[0])) points[0] = toward(points[0], points[1], RING);
        if (last > 0 && ring.has(m.cells[last])) points[last] = toward(points[last], points[last - 1], RING);
        e = el('polyline', { points: points.map((p) => p.map(round).join(',')).join(' '),
          class: `mark-line${m.arrow ? ' arrow' : ''}` });
        if (m.colour) e.style.stroke = m.colour;
        if (m.arrow && last > 0) {
          // An open head on the last cell's centre, along the last step.
          const [tx, ty] = points[last];
          const [bx, by] = toward(points[last], points[last - 1], 26);
          const [nx, ny] = [(ty - by) * 0.8, (bx - tx) * 0.8];
          const head = el('polyline', { class: 'mark-arrowhead',
            points: [[bx + nx, by + ny], [tx, ty], [bx - nx, by - ny]].map((p) => p.map(round).join(',')).join(' ') });
          if (m.colour) head.style.stroke = m.colour;
          head.dataset.cell = cellName(m.cells[last]);
        }
      } else if (m.kind === 'shade') {
        e = el('g', { class: 'mark-shade' });
        if (m.colour) e.style.fill = m.colour;
        for (const c of m.cells)
          el('rect', { x: (s.place[c] % s.width) * 100, y: Math.floor(s.place[c] / s.width) * 100,
            width: 100, height: 100 }, e);
      } else if (m.kind === 'outside') {
        // The clue in the place one step before its first cell, beside the grid; with an arrow
        // (a little killer's), the number stands back and a small arrow points along the cells.
        const [dr, dc] = [m.stepRow, m.stepCol];
        const [cx, cy] = centre([m.cells[0]]);
        const [ox, oy] = [cx - dc * 100, cy - dr * 100];
        e = el('g', { class: `mark-outside${m.arrow ? ' arrow' : ''}` });
        const text = el('text', { x: round(ox - (m.arrow ? dc * 12 : 0)), y: round(oy - (m.arrow ? dr * 12 : 0)),
          'text-anchor': 'middle', 'dominant-baseline': 'central' }, e);
        text.textContent = m.text;
        if (m.arrow) {
          const len = Math.hypot(dr, dc) || 1;
          const [ux, uy] = [dc / len, dr / len];
          const [tx, ty] = [ox + ux * 46, oy + uy * 46];
          const [bx, by] = [ox + ux * 24, oy + uy * 24];
          el('line', { x1: round(bx), y1: round(by), x2: round(tx), y2: round(ty), class: 'mark-outside-arrow' }, e);
          el('polyline', { class: 'mark-outside-arrow',
            points: [[tx - ux * 9 - uy * 7, ty - uy * 9 + ux * 7], [tx, ty], [tx - ux * 9 + uy * 7, ty - uy * 9 - ux * 7]]
              .map((p) => p.map(round).join(',')).join(' ') }, e);
        }
        const at = [Math.floor(s.place[m.cells[0]] / s.width) - dr, (s.place[m.cells[0]] % s.width) - dc];
        e.dataset.at = `r${at[0] + 1}c${at[1] + 1}`;
      } else if (m.kind === 'corner') {
        // A small white circle on the corner the four cells share, its digits inside: in two
        // rows when one would not fit.
        e = el('g', { class: 'mark-corner' });
        el('circle', { cx: x, cy: y, r: 30 }, e);
        const items = m.text.includes(' ') ? m.text.split(' ') : [...m.text];
        const joint = m.text.includes(' ') ? ' ' : '';
        const rows = items.join(joint).length <= 4 ? [items.join(joint)]
          : [items.slice(0, Math.ceil(items.length / 2)).join(joint), items.slice(Math.ceil(items.length / 2)).join(joint)];
        const text = el('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central',
          class: rows.length > 1 ? 'two-rows' : '' }, e);
        rows.forEach((row, i) => {
          const span = el('tspan', { x, y: rows.length > 1 ? y + (i === 0 ? -9 : 10) : y }, text);
          span.textContent = row;
        });
      } else if (m.kind === 'cage') {
        // A sum cage: dashed inside its cells where it ends, reaching across the lines inside it,
        // and its number in the corner of its first cell, as a killer cage's.
        e = el('g', { class: 'mark-cage' });
        const inside = new Set(m.cells.map((c) => s.place[c]));
        const has = (r, c) => r >= 0 && c >= 0 && c < s.width && inside.has(r * s.width + c);
        const I = 6;
        for (const cell of m.cells) {
          const [r, c] = rowCol(cell);
          const x0 = c * 100, y0 = r * 100;
          const left = has(r, c - 1) ? x0 : x0 + I, right = has(r, c + 1) ? x0 + 100 : x0 + 100 - I;
          const top = has(r - 1, c) ? y0 : y0 + I, bottom = has(r + 1, c) ? y0 + 100 : y0 + 100 - I;
          if (!has(r - 1, c)) el('line', { x1: left, y1: y0 + I, x2: right, y2: y0 + I }, e);
          if (!has(r + 1, c)) el('line', { x1: left, y1: y0 + 100 - I, x2: right, y2: y0 + 100 - I }, e);
          if (!has(r, c - 1)) el('line', { x1: x0 + I, y1: top, x2: x0 + I, y2: bottom }, e);
          if (!has(r, c + 1)) el('line', { x1: x0 + 100 - I, y1: top, x2: x0 + 100 - I, y2: bottom }, e);
        }
        const first = m.cells.reduce((a, b) => (s.place[a] < s.place[b] ? a : b));
        const [fr, fc] = rowCol(first);
        const text = el('text', { x: fc * 100 + 9, y: fr * 100 + 9, 'dominant-baseline': 'hanging' }, e);
        text.textContent = m.text;
      } else {
        continue;  // a kind this page does not know yet
      }
      e.dataset.kind = m.kind;
      e.dataset.cells = where;
      if (m.text) e.dataset.text = m.text;
      if (m.arrow) e.dataset.arrow = 'true';
    }
    return svg;
  }

  // The sides of the board that have clues beside them (outside marks), each a margin of a cell.
  function clueSides(s) {
    const sides = { top: false, right: false, bottom: false, left: false };
    for (const m of s.ruleMarks) {
      if (m.kind !== 'outside') continue;
      const row = Math.floor(s.place[m.cells[0]] / s.width) - m.stepRow;
      const col = (s.place[m.cells[0]] % s.width) - m.stepCol;
      if (row < 0) sides.top = true;
      if (row >= s.height) sides.bottom = true;
      if (col < 0) sides.left = true;
      if (col >= s.width) sides.right = true;
    }
    return sides;
  }

  // The puzzle's rules in words: the houses, the variant's, and each rule's own sentence.
  function drawRules(s) {
    const list = $('rules-list');
    list.replaceChildren(...s.rules.map((sentence) => {
      const li = document.createElement('li');
      li.textContent = sentence;
      return li;
    }));
    $('rules-shape').textContent = s.shape === 'regular' ? 'Sudoku' : `Sudoku: ${s.shape}`;
  }

  // Draws the digits, the candidates, the highlights and the status from the session's state.
  function refresh() {
    const s = board.state();
    if (!ui.state || s.size !== ui.state.size || s.variant !== ui.state.variant ||
        s.region.some((r, i) => r !== ui.state.region[i]) ||
        s.cage.some((k, i) => k !== ui.state.cage[i]) ||
        s.cageSums.some((sum, k) => sum !== ui.state.cageSums[k]) || s.header !== ui.state.header) {
      ui.state = s;
      build();
    }
    ui.state = s;
    const n = s.size;
    const sel = Math.min(ui.selected, s.cells.length - 1);
    ui.selected = sel;
    const peers = new Set(board.peers(sel));  // every house's, and a knight's or king's move away
    const selValue = s.cells[sel].value;
    const hintCells = new Set(ui.hint ? ui.hint.cells : []);
    // The candidates a hint at its last stage places (green) and removes (red), by cell.
    const marked = new Map();
    for (const [kind, list] of [['place', ui.hint?.placed], ['remove', ui.hint?.removed]])
      for (const [cell, digit] of list || []) marked.set(`${cell}:${digit}`, kind);
    const mistakes = new Set(ui.mistakes);
    // The cells holding a digit that a clashing one repeats.
    const clashing = new Set();
    for (const [cell, digit] of ui.clashes)
      for (const peer of clashPeers(s, cell, digit)) clashing.add(peer);
    s.cells.forEach((info, cell) => {
      const el = ui.cellEls[cell];
      const empty = info.value === 0 && info.candidates.length === 0;
      el.classList.toggle('given', info.given);
      el.classList.toggle('placed', info.value !== 0 && !info.given);
      el.classList.toggle('empty', empty);
      el.classList.toggle('selected', cell === sel);
      el.classList.toggle('peer', peers.has(cell));
      el.classList.toggle('same', cell !== sel && selValue !== 0 && info.value === selValue);
      el.classList.toggle('hint', hintCells.has(cell));
      el.classList.toggle('mistake', mistakes.has(cell));
      const conflict = info.value === 0 ? ui.clashes.get(cell) || 0 : 0;
      el.classList.toggle('conflict', conflict !== 0 || clashing.has(cell));
      el.setAttribute('aria-selected', cell === sel ? 'true' : 'false');
      el.tabIndex = cell === sel ? 0 : -1;
      let label = `${cellName(cell)}, `;
      if (info.value !== 0) {
        label += `${info.given ? 'given ' : ''}${symbol(info.value)}`;
        if (mistakes.has(cell)) label += ', wrong';
      } else if (conflict) {
        label += `${symbol(conflict)}, clashes with ${clashPeers(s, cell, conflict).map(cellName).join(', ')}`;
      } else if (empty) {
        label += 'no candidates';
      } else {
        label += `candidates ${info.candidates.map(symbol).join(' ')}`;
      }
      el.setAttribute('aria-label', label);
      // The content is made again only when it changes, so that a click's target stays.
      const corner = [...(ui.notes.corner.get(cell) || [])].sort((a, b) => a - b);
      const centre = [...(ui.notes.centre.get(cell) || [])].sort((a, b) => a - b);
      const noted = ui.hideUndecided && (corner.length > 0 || centre.length > 0);
      const content = info.value !== 0 ? `=${info.value}` : conflict ? `!${conflict}`
        : noted ? `n${corner.join('')}|${centre.join('')}` : ui.hideUndecided ? ''
        : info.candidates.map((d) => d + (marked.get(`${cell}:${d}`) || '')).join(',');
      if (el.dataset.content === content) return;
      el.dataset.content = content;
      if (info.value !== 0) {
        el.replaceChildren(span('digit', symbol(info.value)));
      } else if (conflict) {
        el.replaceChildren(span('digit clash', symbol(conflict)));
      } else if (noted) {
        // Corner notes round the cell's edge (top left, top right, bottom left, ...), the centre
        // ones in a line across its middle.
        const parts = corner.map((d, i) => {
          const s = span(`note-corner at-${i % 8}`, symbol(d));
          s.dataset.digit = d;
          return s;
        });
        if (centre.length) parts.push(span('note-centre', centre.map(symbol).join('')));
        el.replaceChildren(...parts);
      } else if (empty || ui.hideUndecided) {
        el.replaceChildren();
      } else {
        const grid = span('cands');
        const have = new Set(info.candidates);
        for (let d = 1; d <= n; ++d) {
          const one = span(marked.get(`${cell}:${d}`) || '', have.has(d) ? symbol(d) : '');
          one.dataset.digit = d;
          grid.appendChild(one);
        }
        el.replaceChildren(grid);
      }
      el.append(...ui.cageParts[cell]);
    });
    drawLinks();
    statusEl.textContent = s.status.trim();
    statusEl.classList.toggle('bad', s.impossible);
    statusEl.classList.toggle('solved', s.solved);
    if (s.solved && ui.stopped === null) {
      ui.stopped = elapsed();
      if (!ui.opening) celebrate();
    }
    if (!s.solved) {
      if (ui.stopped !== null) ui.started = Date.now() - ui.stopped;  // undone: the clock goes on
      ui.stopped = null;
      $('solved').hidden = true;
    }
    tick();
    remember();
  }

  // The links of a hint's reasoning at its last stage (an AIC's, a forcing chain's or net's), as
  // arrows from candidate to candidate over the board: solid where the second is forced true (or
  // an AIC's strong link), dashed where it is forced false.
  function drawLinks() {
    const svg = $('links');
    const arrows = ui.hint?.arrows || [];
    const ns = 'http://www.w3.org/2000/svg';
    svg.replaceChildren();
    svg.hidden = arrows.length === 0;
    if (svg.hidden) return;
    const box = boardEl.getBoundingClientRect();
    const parent = svg.parentElement.getBoundingClientRect();
    Object.assign(svg.style, {
      left: `${box.left - parent.left}px`, top: `${box.top - parent.top}px`,
      width: `${box.width}px`, height: `${box.height}px`,
    });
    svg.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
    const head = document.createElementNS(ns, 'marker');
    for (const [k, v] of Object.entries({ id: 'arrowhead', viewBox: '0 0 10 10', refX: '9', refY: '5',
      markerWidth: '5', markerHeight: '5', orient: 'auto-start-reverse' })) head.setAttribute(k, v);
    const tip = document.createElementNS(ns, 'path');
    tip.setAttribute('d', 'M 0 0 L 10 5 L 0 10 z');
    head.appendChild(tip);
    const defs = document.createElementNS(ns, 'defs');
    defs.appendChild(head);
    svg.appendChild(defs);
    // The centre of a candidate (of the cell, where candidates are hidden).
    const at = (cell, digit) => {
      const el = ui.cellEls[cell];
      const r = (el.querySelector(`.cands [data-digit="${digit}"]`) || el).getBoundingClientRect();
      return [r.left + r.width / 2 - box.left, r.top + r.height / 2 - box.top];
    };
    for (const [fromCell, fromDigit, toCell, toDigit, strong] of arrows) {
      const [x1, y1] = at(fromCell, fromDigit), [x2, y2] = at(toCell, toDigit);
      const line = document.createElementNS(ns, 'line');
      const shorten = Math.min(6, Math.hypot(x2 - x1, y2 - y1) / 3) / (Math.hypot(x2 - x1, y2 - y1) || 1);
      for (const [k, v] of Object.entries({ x1, y1, x2: x2 - (x2 - x1) * shorten, y2: y2 - (y2 - y1) * shorten }))
        line.setAttribute(k, String(v));
      line.setAttribute('class', strong ? 'strong' : 'weak');
      line.setAttribute('marker-end', 'url(#arrowhead)');
      line.dataset.link = `${cellName(fromCell)}:${fromDigit}>${cellName(toCell)}:${toDigit}`;
      svg.appendChild(line);
    }
  }

  // The time on this puzzle, frozen once the grid is solved and while the game is paused.
  function elapsed() {
    if (ui.stopped !== null) return ui.stopped;
    return (ui.pausedAt ?? Date.now()) - ui.started;
  }
  // A time as m:ss (h:mm:ss past an hour).
  function clock(ms) {
    const t = Math.floor(ms / 1000);
    const h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = String(t % 60).padStart(2, '0');
    return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
  }
  function tick() {
    $('timer').textContent = clock(elapsed());
    $('timer').classList.toggle('done', ui.stopped !== null);
  }
  setInterval(tick, 1000);

  // The moment of solving: the time it took, over the board, until a click or the next puzzle.
  function celebrate() {
    const banner = $('solved');
    banner.textContent = `Solved in ${clock(ui.stopped)}`;
    banner.hidden = false;
  }
  $('solved').addEventListener('click', () => { $('solved').hidden = true; });

  // Pause: the clock stops and the board is covered until the player goes on. A page hidden
  // (another tab, a phone's other app) pauses by itself and goes on when shown again.
  function setPaused(on, { auto = false } = {}) {
    if (on && (ui.pausedAt !== null || ui.stopped !== null)) return;
    if (!on && ui.pausedAt === null) return;
    if (on) {
      ui.pausedAt = Date.now();
      ui.autoPaused = auto;
    } else {
      ui.started += Date.now() - ui.pausedAt;
      ui.pausedAt = null;
      ui.autoPaused = false;
    }
    document.querySelector('.play').classList.toggle('paused', on);
    $('paused').hidden = !on;
    $('pause').textContent = on ? 'Resume' : 'Pause';
    $('pause').setAttribute('aria-label', on ? 'Resume' : 'Pause');
    $('pause').title = on ? 'Go on with the puzzle' : 'Pause: stop the clock and cover the board';
    tick();
    if (ui.state) remember();
  }
  $('pause').addEventListener('click', () => setPaused(ui.pausedAt === null));
  $('paused').addEventListener('click', () => setPaused(false));
  // The time is kept when the page goes away or out of sight, not only at the last move.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') setPaused(true, { auto: true });
    else if (ui.autoPaused) setPaused(false);
    if (ui.state) remember();
  });
  window.addEventListener('pagehide', () => {
    if (ui.state) remember();
  });

  // Dark or light: the system's choice until the player picks one with the theme button, which
  // is kept in the browser.
  const THEME = 'sudoku.theme';
  function setTheme(theme) {
    if (theme) document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
    const dark = theme ? theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
    $('theme').textContent = dark ? '☀' : '☾';
    $('theme').setAttribute('aria-label', dark ? 'Light mode' : 'Dark mode');
    $('theme').title = dark ? 'Light mode' : 'Dark mode';
  }
  $('theme').addEventListener('click', () => {
    const dark = getComputedStyle(document.documentElement).colorScheme === 'dark';
    const theme = dark ? 'light' : 'dark';
    try {
      localStorage.setItem(THEME, theme);
    } catch {
      // storage refused: the choice lasts this visit
    }
    setTheme(theme);
  });
  try {
    setTheme(localStorage.getItem(THEME));
  } catch {
    setTheme(null);
  }

  // The position is kept in the browser after every change, so that the next visit goes on
  // from it (where storage is refused, nothing is kept).
  function remember() {
    try {
      localStorage.setItem(STORE, JSON.stringify({
        text: board.saveText(), name: ui.fileName, puzzle: puzzleEl.value, elapsed: elapsed(),
        hide: ui.viewChosen ? ui.hideUndecided : null,
        clashes: [...ui.clashes], mistakes: ui.mistakeCount, count: $('count-mistakes').checked,
        notes: Object.fromEntries(Object.entries(ui.notes).map(([k, m]) => [k, [...m].map(([c, s]) => [c, [...s]])])),
      }));
    } catch {
      // private windows and file:// pages may refuse storage
    }
  }

  function span(className, text = '') {
    const el = document.createElement('span');
    if (className) el.className = className;
    el.textContent = text;
    return el;
  }

  function select(cell, focus = true) {
    ui.selected = cell;
    refresh();
    if (focus) ui.cellEls[cell].focus();
  }

  // A click: one candidate is placed at once; several open the menu of exactly those (all the
  // digits with "Hide choices"); a digit placed by the player can be cleared from its menu.
  function clickCell(cell, event) {
    closeMenu();
    select(cell);
    if (ui.noteMode) return;  // notes come from the keys and the pad
    const info = ui.state.cells[cell];
    if (ui.pencil && info.value === 0 && event && event.target.dataset.digit &&
        event.target.textContent !== '') {
      command(`mark ${cellName(cell)} -${symbol(Number(event.target.dataset.digit))}`);
      return;
    }
    if (info.given) return;
    if (info.value !== 0) {
      openMenu(cell, [], true);
      return;
    }
    if (!ui.hideChoices && !ui.pencil && info.candidates.length === 1) {
      place(cell, info.candidates[0]);
      return;
    }
    if (!ui.hideChoices && info.candidates.length === 0) {
      say(`${cellName(cell)} has no candidate left: undo, or clear a digit`, false);
      return;
    }
    const all = Array.from({ length: ui.state.size }, (_, i) => i + 1);
    openMenu(cell, ui.hideChoices ? all : info.candidates, false);
  }

  // A digit a peer holds is entered all the same, as on paper: the session refuses it, so the page
  // keeps it (ui.clashes) and shows it red with the peers it repeats, until it is cleared,
  // replaced or undone. A peer cleared, it goes into the session as any digit.
  function place(cell, digit) {
    ui.clashes.delete(cell);
    const reply = command(`set ${cellName(cell)} ${symbol(digit)}`);
    if (!reply.ok && reply.cells.length === 2 && reply.cells[0] === cell) {
      ui.clashes.set(cell, digit);  // the last entered last (undo takes it first)
      countMistake(cell, true);
      refresh();
    } else if (reply.ok) {
      countMistake(cell, false);
    }
    return reply;
  }

  // The cells among the peers of `cell` that hold `digit`.
  function clashPeers(s, cell, digit) {
    return board.peers(cell).filter((p) => s.cells[p].value === digit);
  }

  // After each command: a clashing digit whose cell got a digit is gone; one that clashes no
  // more is placed.
  function settleClashes() {
    if (!ui.clashes.size) return;
    const s = board.state();
    for (const [cell, digit] of [...ui.clashes]) {
      if (s.cells[cell].value !== 0) {
        ui.clashes.delete(cell);
      } else if (clashPeers(s, cell, digit).length === 0) {
        ui.clashes.delete(cell);
        board.run(`set ${cellName(cell)} ${symbol(digit)}`);
      }
    }
  }

  // Undo takes back the last clashing digit first, then the session's moves.
  function undo() {
    const last = [...ui.clashes.keys()].pop();
    if (last === undefined) return command('undo');
    ui.clashes.delete(last);
    refresh();
    say(`${cellName(last)}: the clashing digit taken back`);
    return null;
  }

  // The mistakes counter: a digit entered that clashes, or that the solution does not have.
  function countMistake(cell, clash) {
    if (!$('count-mistakes').checked) return;
    const wrong = clash || board.run('check').cells.includes(cell);
    if (!wrong) return;
    ui.mistakeCount += 1;
    showMistakeCount();
  }
  function showMistakeCount() {
    const el = $('mistake-count');
    el.hidden = !$('count-mistakes').checked;
    el.textContent = `Mistakes: ${ui.mistakeCount}`;
  }

  function removeCandidate(cell, digit) {
    return command(`mark ${cellName(cell)} -${symbol(digit)}`);
  }

  function clearCell(cell) {
    if (ui.clashes.delete(cell)) {
      refresh();
      say(`${cellName(cell)} cleared`);
      return null;
    }
    return command(`clear ${cellName(cell)}`);
  }

  function openMenu(cell, digits, clearOnly) {
    const n = ui.state.size;
    menuEl.replaceChildren();
    menuEl.dataset.cell = cell;
    menuEl.setAttribute('aria-label', `${ui.pencil ? 'Remove a candidate of' : 'Place in'} ${cellName(cell)}`);
    if (clearOnly) {
      menuEl.style.gridTemplateColumns = '1fr';
      menuEl.appendChild(menuButton('Clear', () => clearCell(cell)));
    } else {
      const cols = Math.min(digits.length, ui.state.boxCols || Math.ceil(Math.sqrt(n)));
      menuEl.style.gridTemplateColumns = `repeat(${Math.max(cols, 1)}, auto)`;
      for (const d of digits) {
        const b = menuButton(symbol(d), () => (ui.pencil ? removeCandidate(cell, d) : place(cell, d)));
        b.dataset.digit = d;
        menuEl.appendChild(b);
      }
    }
    menuEl.hidden = false;
    const rect = ui.cellEls[cell].getBoundingClientRect();
    const menuRect = menuEl.getBoundingClientRect();
    let left = rect.left + window.scrollX + rect.width / 2 - menuRect.width / 2;
    left = Math.max(window.scrollX + 4, Math.min(left, window.scrollX + document.documentElement.clientWidth - menuRect.width - 4));
    let top = rect.bottom + window.scrollY + 4;
    if (rect.bottom + menuRect.height + 8 > window.innerHeight) top = rect.top + window.scrollY - menuRect.height - 4;
    menuEl.style.left = `${left}px`;
    menuEl.style.top = `${Math.max(window.scrollY + 4, top)}px`;
    menuEl.querySelector('button').focus();
  }

  function menuButton(text, action) {
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('role', 'menuitem');
    b.textContent = text;
    b.addEventListener('click', (event) => {
      event.stopPropagation();
      const cell = Number(menuEl.dataset.cell);
      closeMenu();
      action();
      ui.cellEls[cell].focus();
    });
    return b;
  }

  function closeMenu() {
    if (menuEl.hidden) return;
    menuEl.hidden = true;
    menuEl.replaceChildren();
  }

  menuEl.addEventListener('keydown', (event) => {
    const items = [...menuEl.querySelectorAll('button')];
    const at = items.indexOf(document.activeElement);
    if (event.key === 'Escape') {
      const cell = Number(menuEl.dataset.cell);
      closeMenu();
      ui.cellEls[cell].focus();
    } else if (['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp'].includes(event.key)) {
      const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length].focus();
    } else {
      const digit = digitOfKey(event.key);
      const item = items.find((b) => Number(b.dataset.digit) === digit);
      if (item) item.click();
      else return;
    }
    event.preventDefault();
    event.stopPropagation();
  });
  document.addEventListener('click', (event) => {
    // The path as dispatched: a click on the board redraws the cell it landed on.
    const path = event.composedPath();
    if (!path.includes(menuEl) && !path.includes(boardEl)) closeMenu();
  });

  function digitOfKey(key) {
    if (!ui.state || key.length !== 1) return 0;
    const i = ui.state.symbols.findIndex((s) => s.toLowerCase() === key.toLowerCase());
    return i + 1;
  }

  // The keyboard on the board: arrows move, a digit places it (or removes it, in pencil mode,
  // or with Alt), Backspace or Delete clears, Enter opens the menu.
  boardEl.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey) return;
    const { height, width } = ui.state;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      // To the next cell that way, over a samurai's holes; at the edge, stay.
      const [dr, dc] = moves[event.key];
      let r = rowOf(ui.selected) + dr, c = colOf(ui.selected) + dc;
      while (r >= 0 && c >= 0 && r < height && c < width && ui.state.at[r * width + c] < 0) {
        r += dr;
        c += dc;
      }
      if (r >= 0 && c >= 0 && r < height && c < width) select(ui.state.at[r * width + c]);
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      clearCell(ui.selected);
    } else if (event.key === 'Enter' || event.key === ' ') {
      clickCell(ui.selected, null);
    } else if (digitOfKey(event.key) && !(event.key === 'h' && !ui.state.symbols.includes('H'))) {
      const digit = digitOfKey(event.key);
      if (ui.noteMode) note(ui.selected, digit);
      else if (ui.pencil || event.altKey) removeCandidate(ui.selected, digit);
      else place(ui.selected, digit);
    } else if (event.key === 'h' || event.key === 'H') {
      hint();
    } else {
      return;
    }
    event.preventDefault();
  });
  document.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.tagName === 'TEXTAREA') return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) undo();
    else if (key === 'y' || (key === 'z' && event.shiftKey)) command('redo');
    else return;
    event.preventDefault();
  });

  // A hint in stages, each press one deeper: the technique and where to look, then its digits
  // and cells, then the whole step with its explanation (the session keeps the stage).
  // Pressed again after the last stage, while the position is the same, Hint takes the step (the
  // last stage says so).
  function hint() {
    if (ui.hint?.stage === 3) {
      command('step', { step: true });
      return;
    }
    const reply = board.run('hint');
    const stage = board.hintStage();
    ui.hint = { cells: reply.cells, placed: reply.placed || [], removed: reply.removed || [],
      arrows: reply.arrows || [], stage: reply.ok ? stage : 0 };
    ui.mistakes = [];
    refresh();
    const last = stage === 3 ? '\nPress Hint again to apply it.' : '';
    say(stage ? `Hint ${stage}/3: ${reply.text.trim()}${last}` : reply.text, reply.ok);
  }

  $('hint').addEventListener('click', hint);
  $('step').addEventListener('click', () => command('step', { step: true }));
  $('singles').addEventListener('click', () => command('singles'));
  $('true').addEventListener('click', () => command('true'));
  $('soles').addEventListener('click', () => command('soles'));
  $('solveit').addEventListener('click', () => command('solve'));
  $('solve').addEventListener('click', () => command('solve search'));
  $('count').addEventListener('click', () => say(board.run('count').text));
  $('mistakes').addEventListener('click', () => command('check', { mistakes: true }));
  $('reveal').addEventListener('click', () => command(`reveal ${cellName(ui.selected)}`));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', () => command('redo'));
  $('blank').addEventListener('click', () => {
    ui.fileName = 'sudoku.txt';
    puzzleEl.value = '';
    ui.notes = { corner: new Map(), centre: new Map() };
    ui.clashes = new Map();
    setPaused(false);
    ui.started = Date.now();
    command('new', { quiet: true });
    say('A blank grid: type or choose the givens, or paste a puzzle.');
  });
  $('hide-undecided').addEventListener('change', (event) => {
    ui.hideUndecided = event.target.checked;
    ui.viewChosen = true;
    refresh();
  });
  $('hide-choices').addEventListener('change', (event) => {
    ui.hideChoices = event.target.checked;
  });
  $('count-mistakes').addEventListener('change', () => {
    showMistakeCount();
    remember();
  });
  // What a digit does, one mode at a time: 'normal' (placed), 'corner' or 'centre' (the player's
  // notes, with the library's candidates hidden meanwhile) or 'pencil' (a candidate removed).
  function setMode(mode) {
    ui.pencil = mode === 'pencil';
    ui.noteMode = mode === 'corner' || mode === 'centre' ? mode : '';
    showModes();
    if (ui.noteMode && !ui.hideUndecided) {
      ui.hideUndecided = true;
      $('hide-undecided').checked = true;
      ui.viewChosen = true;
    }
    refresh();
  }
  $('uniqueness').addEventListener('change', (event) => {
    const reply = board.setUniqueness(event.target.value);
    ui.hint = null;
    refresh();
    say(reply.ok ? `Uniqueness techniques: ${event.target.selectedOptions[0].textContent}` : reply.text,
      reply.ok);
  });

  PUZZLES.forEach((p, i) => puzzleEl.appendChild(new Option(p.name, String(i))));
  const other = new Option('another puzzle', '');
  other.disabled = true;
  puzzleEl.appendChild(other);
  puzzleEl.addEventListener('change', () => {
    const p = PUZZLES[Number(puzzleEl.value)];
    open(p.name, p.text, { puzzle: puzzleEl.value });
  });

  $('print').addEventListener('click', () => window.print());
  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    const text = await file.text();
    open(file.name, text, { fileName: file.name });
    event.target.value = '';
  });
  $('save').addEventListener('click', () => {
    const blob = new Blob([board.saveText()], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = ui.fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    say(`saved as ${ui.fileName}: the givens, the digits placed and the candidates removed`);
  });

  const dialog = $('paste-dialog');
  $('paste').addEventListener('click', () => {
    $('paste-text').value = '';
    dialog.showModal();
  });
  dialog.addEventListener('close', () => {
    if (dialog.returnValue === 'open') open('pasted', $('paste-text').value, { fileName: 'pasted.txt' });
  });

  // A link to this position: the page's address with the position after '#p=', which opens it
  // on any browser (the text the library saves, so variants and candidates removed come along).
  $('link').addEventListener('click', async () => {
    history.replaceState(null, '', `#p=${encodeURIComponent(board.saveText())}`);
    const said = (copied) =>
      `This page's address now opens this position${copied ? ' (copied)' : ''}: send it, or bookmark it.`;
    say(said(false));  // at once: the clipboard may take a while to answer
    try {
      await navigator.clipboard.writeText(location.href);
      if (messageEl.textContent === said(false)) say(said(true));
    } catch {
      // no clipboard (an insecure page, or refused): the address bar holds it
    }
  });

  // The puzzle as an f-puzzles link (the library writes it): shown in the message and copied.
  $('fpuzzles').addEventListener('click', async () => {
    const made = board.fpuzzlesLink();
    if (!made.link) {
      say(`f-puzzles cannot show this puzzle: ${made.why}.`, false);
      return;
    }
    say(`This puzzle in f-puzzles: ${made.link}`);
    try {
      await navigator.clipboard.writeText(made.link);
    } catch {
      // no clipboard: the message holds the link
    }
  });

  // The difficulty of the puzzle: its rating by the library, made in the worker (a 9x9 X takes
  // seconds) unless it came with the puzzle; none above 9x9, whose rating takes too long. The
  // word by the timer, the rating in detail under Solver tools.
  // A worker of its own, so that a rating never holds up a New puzzle; a rating no longer wanted
  // (another puzzle opened meanwhile) ends with its worker.
  const rater = { worker: null, url: null, asked: 0, pending: false };
  function rate(rating) {
    rater.asked += 1;
    showRating(rating || { level: '', rating: '', qqwing: '' });
    if (rater.pending) {
      rater.worker.terminate();
      URL.revokeObjectURL(rater.url);
      rater.worker = null;
      rater.pending = false;
    }
    if (rating || ui.state.size > 9) return;
    if (!rater.worker) {
      ({ worker: rater.worker, url: rater.url } = newWorker());
      rater.worker.onmessage = (event) => {
        rater.pending = false;
        if (event.data.rated === rater.asked) showRating(event.data.rating);
      };
      rater.worker.onerror = (event) => {
        event.preventDefault();
        rater.pending = false;
      };
    }
    rater.pending = true;
    rater.worker.postMessage({ rated: rater.asked, rate: board.saveText() });
  }
  function showRating({ level, rating, qqwing }) {
    $('difficulty').hidden = !level;
    $('difficulty').textContent = level ? `Difficulty: ${level}` : '';
    $('difficulty').dataset.level = level;
    $('rating').hidden = !rating;
    fit();  // the status line may take another line
    $('rating').textContent = rating
      ? `Rated ${rating}: Sudoku Explainer's ER/EP/ED and HoDoKu's level; QQWing's level: ${qqwing}.` : '';
  }

  // New puzzles are made in a Web Worker, so that the board stays live while the library works
  // (a 16x16 or a hard one takes seconds); Cancel ends the worker, and the next request starts
  // another.
  const maker = { worker: null, url: null, job: 0, started: 0, timer: 0 };
  const busyEl = $('busy');
  const busyText = $('busy-text');

  // A worker on the library, from a Blob of its source (so that it starts from file:// too).
  function newWorker() {
    const source = `${sudokuModuleSource.toString()}\nvar SudokuModule = sudokuModuleSource();\n` +
      `(${puzzleWorker.toString()})();\n`;
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    return { worker: new Worker(url), url };
  }

  function startWorker() {
    ({ worker: maker.worker, url: maker.url } = newWorker());
    maker.worker.onmessage = (event) => made(event.data);
    maker.worker.onerror = (event) => {
      event.preventDefault();
      stopWorker();
      finish(`the puzzle worker failed: ${event.message || 'no reason given'}`, false);
    };
  }

  function stopWorker() {
    if (maker.worker) maker.worker.terminate();
    if (maker.url) URL.revokeObjectURL(maker.url);
    maker.worker = null;
    maker.url = null;
  }

  function busy(on) {
    busyEl.hidden = !on;
    $('new').disabled = on;
    $('generate').setAttribute('aria-busy', on ? 'true' : 'false');
    clearInterval(maker.timer);
    if (on) maker.timer = setInterval(progress, 250);
  }

  function progress(tried = maker.tried) {
    maker.tried = tried;
    const seconds = Math.floor((Date.now() - maker.started) / 1000);
    busyText.textContent = `${maker.what}… ${seconds} s` +
      (maker.level ? `, ${tried} ${tried === 1 ? 'puzzle' : 'puzzles'} made` : '');
  }

  function finish(text, ok) {
    busy(false);
    say(text, ok);
  }

  function made(data) {
    if (data.job !== maker.job) return;  // a request cancelled meanwhile
    if (!data.done) {
      progress(data.tried);
      return;
    }
    const r = data.reply;
    if (!r.ok) {
      finish(r.text, false);
      return;
    }
    if (!r.found) {
      finish(`No ${maker.level} puzzle of this shape in ${data.tried} made: minimal puzzles of ` +
        'that level are rare or none (4×4 and 6×6 ones are all easy); choose another.', false);
      return;
    }
    const { size, variant, seed, level } = maker.request;
    busy(false);
    const rating = r.rating ? { level: r.hodoku, rating: r.rating, qqwing: r.qqwing } : null;
    if (!open('new puzzle', r.text, { fileName: `new-${size}x${size}-${variant}.txt`, rating })) return;
    const made = data.tried > 1 ? `, ${data.tried} made to find it` : '';
    say(`A new ${size}×${size} ${variant} puzzle${level ? ` (${level})` : ''}: ${r.givens} givens` +
      `${made} (seed ${seed}).`);
  }

  $('generate').addEventListener('submit', (event) => {
    event.preventDefault();
    if (!busyEl.hidden) return;
    const size = Number($('gen-size').value);
    const variant = $('gen-variant').value;
    const level = $('gen-level').value;
    const seed = Math.floor(Math.random() * 2 ** 32);
    if (!maker.worker) startWorker();
    maker.job += 1;
    maker.request = { size, variant, seed, level };
    maker.level = level;
    maker.what = `Making a ${size}×${size} ${variant} puzzle${level ? ` (${level})` : ''}`;
    maker.started = Date.now();
    busy(true);
    progress(0);
    // The library's default for the shape (givens -1), as `sudoku --generate`: minimal where
    // that takes seconds, else as few givens as budgeted checks reach. A batch is one puzzle on
    // 12x12 and 16x16, ten below, so that the progress moves.
    const givens = -1;
    maker.worker.postMessage({ job: maker.job, size, variant, seed, givens, level,
      batch: size >= 12 ? 1 : 10, limit: level ? (size >= 12 ? 200 : 5000) : 0 });
  });
  // The sizes New puzzle offers for each variant: those the library makes in a few seconds on
  // the page (any level, seeds 1 and 2). Left out: hyper windows and samurai grids need square
  // boxes (no 6x6 or 12x12); 4x4 and 6x6 chess shapes without a solved grid; random jigsaw regions stop at 16x16;
  // what took over 20 s (16x16 hyper-X and anti-knight, killer above 9x9, 25x25 but regular, X
  // and anti-king) or up to 10 s (16x16 hyper); and a 16x16 samurai, 52 cells across, too large
  // to play. X anti-knight is not offered at all: a 9x9 one took 0.6 to 18 s over seeds 21-30.
  // The slowest offered, over seeds 31-38: 12x12 anti-knight 0.8-7 s, 16x16 jigsaw 0.8-6 s.
  const OFFERED = {
    regular: [4, 6, 9, 12, 16, 25],
    hyper: [4, 9],
    x: [4, 6, 9, 12, 16, 25],
    'hyper-x': [4, 9],
    jigsaw: [4, 6, 9, 12, 16],
    samurai: [4, 9],
    'anti-knight': [4, 6, 9, 12],
    'anti-king': [6, 9, 12, 16, 25],
    'hyper anti-king': [9],
    killer: [4, 6, 9],
  };
  // Only what is offered can be chosen: the sizes the variant is not made in are greyed, and a
  // variant chosen moves the size to one it is made in (9x9 where it can).
  function offerChosen() {
    const size = $('gen-size'), variant = $('gen-variant');
    const sizes = OFFERED[variant.value] || [];
    if (!sizes.includes(Number(size.value))) size.value = String(sizes.includes(9) ? 9 : sizes[0]);
    for (const o of size.options) o.disabled = !sizes.includes(Number(o.value));
  }
  $('gen-variant').addEventListener('change', offerChosen);
  offerChosen();
  $('cancel').addEventListener('click', () => {
    stopWorker();
    maker.job += 1;
    finish('Cancelled: no new puzzle.', true);
  });

  // The first position: a link's, else the one of the last visit, else the first built-in puzzle.
  let stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(STORE) || 'null');
  } catch {
    stored = null;
  }
  if (stored && stored.count) $('count-mistakes').checked = true;
  if (stored && typeof stored.hide === 'boolean') {  // the player's view, from the last visit
    ui.viewChosen = true;
    ui.hideUndecided = stored.hide;
    $('hide-undecided').checked = stored.hide;
  }
  const linked = location.hash.startsWith('#p=') ? decodeURIComponent(location.hash.slice(3)) : null;
  if (linked !== null && open('link', linked)) {
    say('The position of the link: play on, or choose another puzzle.');
  } else if (stored && typeof stored.text === 'string' &&
             open(stored.name || 'sudoku.txt', stored.text,
               { fileName: stored.name || 'sudoku.txt', puzzle: stored.puzzle || '', spent: stored.elapsed || 0 })) {
    if (stored.notes)
      for (const layer of ['corner', 'centre'])
        ui.notes[layer] = new Map((stored.notes[layer] || []).map(([c, digits]) => [c, new Set(digits)]));
    ui.clashes = new Map(stored.clashes || []);
    ui.mistakeCount = stored.mistakes || 0;
    showMistakeCount();
    refresh();
    say('Welcome back: the position of your last visit, as you left it.');
  } else {
    open(PUZZLES[0].name, PUZZLES[0].text, { puzzle: '0' });
  }
  ui.cellEls[ui.selected].tabIndex = 0;
  document.body.dataset.ready = 'true';
})();

// The worker that makes new puzzles: its source text goes into a Blob after the module's
// (startWorker), so it may use nothing from the page. It asks the library for batches of
// attempts and reports how many were made between them.
function puzzleWorker() {
  const ready = SudokuModule();
  let board = null;
  self.onmessage = async (event) => {
    const module = await ready;
    if (event.data.rate !== undefined) {  // the rating of a position's givens
      if (!board) board = new module.Board();
      const opened = board.open('rated', event.data.rate);
      const rating = opened.ok ? board.rating() : { level: '', rating: '', qqwing: '' };
      self.postMessage({ rated: event.data.rated, rating });
      return;
    }
    const { job, size, variant, seed, givens, level, batch, limit } = event.data;
    let tried = 0;
    for (let k = 0; ; ++k) {
      const reply = module.makePuzzle(size, variant, seed, k, givens, level, batch);
      if (!reply.ok || reply.found) {
        self.postMessage({ job, done: true, reply, tried: tried + (reply.attempts || 0) });
        return;
      }
      tried += reply.attempts;
      if (limit && tried >= limit) {
        self.postMessage({ job, done: true, reply, tried });
        return;
      }
      self.postMessage({ job, done: false, tried });
    }
  };
}
