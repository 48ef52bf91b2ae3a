// The binding alone (web/board.cpp), in Node.js without a browser: what the page reads from a
// Board and sends to it, and the errors it reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const SudokuModule = require(join(process.env.SUDOKU_WEB_PAGE, 'sudoku.js'));
const module = await SudokuModule();

// Known: the "Simple" puzzle of web/puzzles.js, whose first step is r1c4=5 (sudoku --hint).
const simple = '1.6..243....7.96...7..........8...2..14.....6.5...........4...8....3..49.35....1.\n';

test('a board starts blank, 9x9 regular', () => {
  const board = new module.Board();
  const s = board.state();
  assert.equal(s.size, 9);
  assert.equal(s.variant, 'regular');
  assert.equal(s.cells.length, 81);
  assert.deepEqual(s.cells[0], { value: 0, given: false, candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9], marks: [] });
  assert.deepEqual(s.symbols, ['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  board.delete();
});

test('state: givens, candidates, regions and status of an opened puzzle', () => {
  const board = new module.Board();
  assert.deepEqual(board.open('simple.txt', simple), { ok: true, text: '', cells: [] });
  const s = board.state();
  assert.deepEqual(s.cells[0], { value: 1, given: true, candidates: [], marks: [] });
  assert.deepEqual(s.cells[1].candidates, [8, 9]);
  assert.deepEqual(s.region.slice(0, 9), [0, 0, 0, 1, 1, 1, 2, 2, 2]);
  assert.ok(s.marks.every((m) => m === 0));
  assert.equal(s.status, '58 cells to fill, 227 candidates left\n');
  assert.equal(s.solved, false);
  assert.equal(s.impossible, false);
  board.delete();
});

test('run: a command and its reply, without the terminal grid', () => {
  const board = new module.Board();
  board.open('simple.txt', simple);
  assert.deepEqual(board.run('set r1c4 5'), { ok: true, text: 'r1c4=5\n', cells: [3] });
  assert.equal(board.state().cells[3].value, 5);
  assert.deepEqual(board.run('set r1c4 5'), { ok: false, text: 'r1c4 holds 5 already; clear it first\n', cells: [] });
  assert.deepEqual(board.run('set r1c5 5').ok, false);
  assert.deepEqual(board.run('undo'), { ok: true, text: '', cells: [] });
  assert.equal(board.state().cells[3].value, 0);
  assert.deepEqual(board.run('frobnicate'), { ok: false, text: "unknown command 'frobnicate'; 'help' lists the commands\n", cells: [] });
  // The typed replies carry their cells: a hint's, the mistakes of a check.
  assert.deepEqual(board.run('hint'), { ok: true, text: 'hidden single in box 3\n', cells: [6, 7, 8, 15, 16, 17, 24, 25, 26] });
  assert.equal(board.hintStage(), 1);
  board.run('set r1c2 8');
  assert.deepEqual(board.run('check').cells, [1]);
  assert.deepEqual(board.run('mark r5c1 -37'), { ok: true, text: 'r5c1: 3, 7 removed\n', cells: [36] });
  assert.deepEqual(board.state().cells[36].marks, [3, 7]);
  board.delete();
});

test('a bad puzzle is an error at its line and column, and the board stays', () => {
  const board = new module.Board();
  board.open('simple.txt', simple);
  const reply = board.open('bad.txt', '#variant hyper\n12.4\n');
  assert.equal(reply.ok, false);
  assert.match(reply.text, /^bad\.txt:2:\d+: /);
  assert.equal(board.state().cells[0].value, 1);
  const clash = board.open('clash.txt', '11' + '.'.repeat(79));
  assert.match(clash.text, /^clash\.txt:1:2: givens clash/);
  board.delete();
});

test('variants: windows and diagonals marked, jigsaw regions from the map', () => {
  const board = new module.Board();
  board.open('x.txt', '#variant hyper-x\n' + '.'.repeat(81));
  const s = board.state();
  assert.equal(s.variant, 'hyper-x');
  assert.equal(s.marks[0], 2, 'r1c1: a diagonal');
  assert.equal(s.marks[10], 3, 'r2c2: a window and a diagonal');
  assert.equal(s.marks[11], 1, 'r2c3: a window');
  assert.equal(s.marks[1], 0);
  const map = '111222333'.repeat(3) + '444555666'.repeat(3) + '777888999'.repeat(3);
  const shifted = map.slice(1) + map[0];  // still nine regions of nine cells
  board.open('jigsaw.txt', `#regions ${shifted}\n` + '.'.repeat(81));
  assert.equal(board.state().variant, 'jigsaw');
  assert.deepEqual(board.state().region.map((r) => String(r + 1)).join(''), shifted);
  board.delete();
});

test('generate: a unique puzzle, rated afterwards, the same for the same seed', () => {
  const board = new module.Board();
  const a = board.generate(6, 'regular', 7, 0, '');
  assert.equal(a.ok, true);
  assert.equal(a.found, true);
  // Of any level, a puzzle comes unrated (a 25x25 one's rating took up to 48 s): Board.rating()
  // rates it, up to 9x9.
  assert.deepEqual([a.rating, a.hodoku, a.qqwing], ['', '', '']);
  const r = board.rating();
  assert.match(r.rating, /^\d+\.\d\/\d+\.\d\/\d+\.\d (easy|medium|hard|unfair|extreme)$/);
  assert.equal(r.rating.split(' ')[1], r.level);
  assert.match(r.qqwing, /^(simple|easy|intermediate|expert)$/);
  const givens = board.state().cells.map((c) => c.value).join('');
  assert.equal(board.state().cells.filter((c) => c.given).length, a.givens);
  assert.deepEqual(board.run('count'), { ok: true, text: '1 solution left\n', cells: [] });
  assert.equal(board.saveText(), board.state().cells.map((c) => c.value || '.').join('') + '\n');
  assert.equal(a.text, board.saveText());
  board.generate(6, 'regular', 7, 0, '');
  assert.equal(board.state().cells.map((c) => c.value).join(''), givens);
  assert.equal(board.generate(16, 'regular', 1, 110, '').givens, 110);
  assert.deepEqual(board.rating(), { level: '', rating: '', qqwing: '' }, 'none above 9x9');
  assert.equal(board.generate(7, 'regular', 1, 0, '').ok, false);
  // A jigsaw gets random regions from the seed, the same for the same seed.
  const j = board.generate(9, 'jigsaw', 1, -1, '');
  assert.equal(j.ok, true);
  assert.equal(board.state().variant, 'jigsaw');
  // The reader needs #variant jigsaw before the map (format_header writes both).
  assert.match(j.text, /^#variant jigsaw\n#regions [0-8]{81}\n/);
  assert.notEqual(j.text.split('\n')[1], '#regions 000111222000111222000111222333444555333444555333444555666777888666777888666777888');
  assert.equal(board.run('count').text, '1 solution left\n');
  assert.equal(board.generate(9, 'jigsaw', 1, -1, '').text, j.text);
  assert.notEqual(board.generate(9, 'jigsaw', 2, -1, '').text.slice(0, 91), j.text.slice(0, 91));
  assert.equal(board.generate(25, 'jigsaw', 1, -1, '').ok, false);
  board.delete();
});

test('makePuzzle: made to order by level, in batches of attempts', () => {
  // The level asked for is the level of the rating (HoDoKu's scale, or QQWing's).
  for (const level of ['easy', 'medium', 'hard']) {
    let r;
    for (let k = 0; !(r = module.makePuzzle(9, 'regular', 5, k, 0, level, 50)).found; ++k) assert.ok(k < 40);
    assert.equal(r.rating.split(' ')[1], level);
  }
  assert.equal(module.makePuzzle(9, 'regular', 5, 0, 0, 'intermediate', 0).qqwing, 'intermediate');
  // The same seed and batch give the same puzzle; another batch, another one.
  const one = module.makePuzzle(9, 'regular', 11, 0, 0, 'easy', 0);
  assert.equal(module.makePuzzle(9, 'regular', 11, 0, 0, 'easy', 0).text, one.text);
  assert.notEqual(module.makePuzzle(9, 'regular', 11, 1, 0, 'easy', 0).text, one.text);
  // A batch that finds none says how many it made; 4x4 puzzles are all easy.
  assert.deepEqual(module.makePuzzle(4, 'regular', 1, 0, 0, 'hard', 30),
    { ok: true, text: '', cells: [], found: false, attempts: 30 });
  const bad = module.makePuzzle(9, 'regular', 1, 0, 0, 'fiendish', 1);
  assert.deepEqual([bad.ok, bad.text], [false, "no difficulty is named 'fiendish'\n"]);
});

test('setUniqueness: the uniqueness techniques by default when proved, assumed, or never', () => {
  // puzzles3_magictour_top1465 without its given r1c9: several solutions, so only an assumed
  // uniqueness lets the Unique Rectangle reason once the other techniques stop (and the steps it
  // opens leave fewer cells open).
  const several = '6.9.........7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..\n';
  const board = new module.Board();
  board.open('several.txt', several);
  assert.equal(board.uniqueness(), 'proved');
  const open = (text) => Number(/(\d+) cells open/.exec(text)[1]);
  const stopped = board.run('solve').text;
  assert.match(stopped, /\(the hardest: dynamic forcing chain \(\+\)\)/);
  assert.match(board.run('hint').text, /^no technique applies/);
  assert.deepEqual(board.setUniqueness('assumed'), { ok: true, text: '', cells: [] });
  assert.equal(board.uniqueness(), 'assumed');
  assert.match(board.run('hint').text, /^Unique Rectangle type 1\n/);
  assert.ok(open(board.run('solve').text) < open(stopped));
  board.run('undo');
  board.setUniqueness('off');
  assert.equal(board.uniqueness(), 'off');
  assert.match(board.run('hint').text, /^no technique applies/);
  assert.deepEqual(board.setUniqueness('maybe'),
    { ok: false, text: "uniqueness is 'proved', 'assumed' or 'off', not 'maybe'\n", cells: [] });
  assert.equal(board.uniqueness(), 'off');
  board.delete();
});
