// The variants and sizes drawn: hyper windows shaded, X diagonals marked, jigsaw borders from
// the region map, boxes of 4x4 to 16x16, and a board that fits a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { open_page, screenshot, cell, candidates, choose } from './harness.mjs';

let t, page;
open_page((opened) => {
  t = opened;
  page = opened.page;
});

// The names of the cells that have a class.
const having = (name) => page.locator(`.cell.${name}`).evaluateAll((e) => e.map((x) => x.dataset.name));
// The cells at the thick right and bottom borders, as drawn.
const edges = () => page.locator('.cell').evaluateAll((cells) => cells.map((e) =>
  (e.classList.contains('edge-right') ? 'R' : '-') + (e.classList.contains('edge-bottom') ? 'B' : '-')));

test('hyper: the four windows are shaded, the boxes drawn', async () => {
  await choose(page, 'Hyper');
  const want = [];
  for (const r0 of [2, 6]) for (const c0 of [2, 6])
    for (let r = r0; r < r0 + 3; ++r) for (let c = c0; c < c0 + 3; ++c) want.push(`r${r}c${c}`);
  assert.deepEqual((await having('window')).sort(), want.sort());
  const bg = (name) => cell(page, name).evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.notEqual(await bg('r2c2'), await bg('r1c5'), 'a window cell is shaded');
  const e = await edges();
  assert.equal(e[2], 'R-', 'r1c3 ends a box on the right');
  assert.equal(e[18], '-B', 'r3c1 ends a box at the bottom');
  await cell(page, 'r5c5').click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'hyper');
});

test('jigsaw: the region borders follow the map', async () => {
  await choose(page, 'Jigsaw');
  const text = await readFile(new URL('../../examples/sudoku/jigsaw.txt', import.meta.url), 'utf8');
  const map = text.split('\n').filter((l) => /^\d{9}$/.test(l)).slice(0, 9).join('');
  assert.equal(map.length, 81);
  const want = [...map].map((region, cell) => {
    const r = Math.floor(cell / 9), c = cell % 9;
    return (c < 8 && map[cell + 1] !== region ? 'R' : '-') + (r < 8 && map[cell + 9] !== region ? 'B' : '-');
  });
  assert.deepEqual(await edges(), want);
  assert.equal(await page.locator('#board').getAttribute('data-variant'), 'jigsaw');
  await screenshot(page, 'jigsaw');
});

test('X: both diagonals are marked', async () => {
  await choose(page, 'X (diagonals)');
  const range = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  assert.deepEqual(await having('diagonal'), range.map((i) => `r${i}c${i}`));
  assert.deepEqual((await having('anti-diagonal')).sort(), range.map((i) => `r${i}c${10 - i}`).sort());
  await screenshot(page, 'x');
});

test('anti-knight: the knight is marked, and its moves light up as peers', async () => {
  await choose(page, 'Anti-knight');
  assert.equal(await page.locator('#board').getAttribute('data-variant'), 'anti-knight');
  assert.equal(await page.locator('#chess').isVisible(), true);
  assert.equal(await page.locator('#chess').textContent(), '♞');
  await cell(page, 'r5c5').click();
  const peers = await having('peer');
  for (const name of ['r3c4', 'r3c6', 'r4c3', 'r4c7', 'r6c3', 'r6c7', 'r7c4', 'r7c6'])
    assert.ok(peers.includes(name), `${name} is a knight's move from r5c5`);
  assert.ok(!peers.includes('r3c3'), 'r3c3 is no peer of r5c5');
  await page.keyboard.press('Escape');
  await choose(page, 'Hyper');
  assert.equal(await page.locator('#chess').isVisible(), false);
});

test('samurai: five grids framed by their cells, holes between them, arrows over the holes', async () => {
  await choose(page, 'Samurai');
  assert.equal(await page.locator('#board').getAttribute('data-variant'), 'samurai');
  assert.equal(await page.locator('.cell').count(), 369);
  assert.equal(await page.locator('#board .hole').count(), 21 * 21 - 369);
  assert.equal(await page.locator('.cell.given').count(), 94);
  assert.equal(await cell(page, 'r10c1').count(), 0, 'r10c1 is a hole');
  // The grids' own borders: beside and below the holes, and the middle grid's left edge.
  const classes = (name) => cell(page, name).evaluate((e) => [...e.classList]);
  assert.ok((await classes('r1c9')).includes('edge-right'), 'the top-left grid ends at c9');
  assert.ok((await classes('r1c13')).includes('edge-left'), 'the top-right grid starts at c13');
  assert.ok((await classes('r9c1')).includes('edge-bottom'), 'the top-left grid ends at r9');
  assert.ok((await classes('r10c7')).includes('edge-left'), 'the middle grid alone in r10');
  assert.ok((await classes('r1c1')).includes('edge-top'));
  // A cell's peers are those of its grids: r5c5 sees its row up to c9, not r5c13 across the hole.
  await cell(page, 'r5c5').click();
  await page.keyboard.press('Escape');
  const peers = await having('peer');
  assert.ok(peers.includes('r5c9') && !peers.includes('r5c13'));
  // r7c7 is in the top-left and the middle grids: it sees r7c15 and r15c7.
  await cell(page, 'r7c7').click();
  await page.keyboard.press('Escape');
  const shared = await having('peer');
  assert.ok(shared.includes('r7c15') && shared.includes('r15c7') && shared.includes('r7c1'));
  // The arrows skip the holes: right from r1c9 to r1c13; left from r10c7 stays.
  await cell(page, 'r1c9').click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('.cell.selected').getAttribute('data-name'), 'r1c13');
  await cell(page, 'r10c7').click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('.cell.selected').getAttribute('data-name'), 'r10c7');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.locator('.cell.selected').getAttribute('data-name'), 'r9c7');
  await screenshot(page, 'samurai');
});

test('killer: the cages are outlined and their sums written in their first cells', async () => {
  await choose(page, 'Killer');
  const text = await readFile(new URL('../../examples/sudoku/killer.txt', import.meta.url), 'utf8');
  const lines = text.split('\n');
  const at = lines.indexOf('#cages');
  const map = lines.slice(at + 1, at + 10).map((l) => l.trim().split(/\s+/)).flat();
  const sums = Object.fromEntries(lines[at + 10].split(/\s+/).slice(1).map((w) => w.split('=')));
  // The sum of each cage in its first cell in reading order, as the map has them.
  const want = [];
  map.forEach((label, cell) => {
    if (map.indexOf(label) === cell) want.push(`r${Math.floor(cell / 9) + 1}c${cell % 9 + 1}=${sums[label]}`);
  });
  const drawn = await page.locator('.cell').evaluateAll((cells) => cells.flatMap((e) => {
    const sum = e.querySelector('.cage-sum');
    return sum ? [`${e.dataset.name}=${sum.textContent}`] : [];
  }));
  assert.deepEqual(drawn, want);
  // A dashed outline where a cage ends: r1c1's cage goes on to the right.
  const sides = (name) => cell(page, name).locator('.cage').evaluate((e) => [...e.classList].sort().join(' '));
  assert.equal(map[0], map[1]);
  assert.ok(!(await sides('r1c1')).includes('cage-right'));
  assert.ok((await sides('r1c1')).includes('cage-top'));
  assert.equal(await page.locator('.cage').count(), 81);
  await screenshot(page, 'killer');
  await choose(page, 'Hyper');
  assert.equal(await page.locator('.cage').count(), 0);
});

test('sizes 4, 6, 12 and 16: cells, boxes and candidates in the box shape', async () => {
  const shapes = { '4×4': [4, 2, 2], '6×6': [6, 2, 3], '12×12': [12, 3, 4], '16×16': [16, 4, 4] };
  for (const [name, [n, rows, cols]] of Object.entries(shapes)) {
    await choose(page, name);
    assert.equal(await page.locator('.cell').count(), n * n, name);
    const e = await edges();
    for (let cell = 0; cell < n * n; ++cell) {
      const r = Math.floor(cell / n), c = cell % n;
      const want = (c < n - 1 && (c + 1) % cols === 0 ? 'R' : '-') + (r < n - 1 && (r + 1) % rows === 0 ? 'B' : '-');
      assert.equal(e[cell], want, `${name}: the borders of cell ${cell}`);
    }
    const slots = await page.locator('.cell .cands').first().evaluate((g) =>
      [getComputedStyle(g).gridTemplateColumns.split(' ').length, getComputedStyle(g).gridTemplateRows.split(' ').length,
       g.children.length]);
    assert.deepEqual(slots, [cols, rows, n], `${name}: candidates laid out as a box`);
    await screenshot(page, `size-${n}`);
  }
  await choose(page, '16×16');
  const open = await page.locator('.cell:not(.given)').first().getAttribute('data-name');
  assert.ok((await candidates(page, open)).every((d) => /^[1-9A-G]$/.test(d)));
});

test('a phone: the board fits the screen', async () => {
  const phone = await t.browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await phone.goto(t.url);
  await phone.waitForSelector('body[data-ready="true"]');
  const box = await phone.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the board (${box.x}, ${box.width}) fits 390 px`);
  assert.ok(box.width > 300, 'and uses most of the width');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 390, `no sideways scrolling (${overflow})`);
  await screenshot(phone, 'phone');
  await phone.close();
});

test('a large window: the board fills it, and 16x16 candidates stay readable', async () => {
  const wide = await t.browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await wide.goto(t.url);
  await wide.waitForSelector('body[data-ready="true"]');
  const nine = await wide.locator('#board').boundingBox();
  assert.ok(nine.width > 800 && nine.y + nine.height <= 1000, `a 9x9 board of ${nine.width} px in view`);
  await wide.uncheck('#hide-undecided');  // a puzzle opens without candidates: asked for
  await choose(wide, '16×16');
  const sixteen = await wide.locator('#board').boundingBox();
  assert.ok(sixteen.width >= 820, `a 16x16 board of ${sixteen.width} px`);
  const size = await wide.locator('.cands span').first().evaluate((s) => parseFloat(getComputedStyle(s).fontSize));
  assert.ok(size >= 9, `candidates of ${size} px`);
  await screenshot(wide, 'wide-16');
  await wide.close();
});
