// The rules beyond the houses (kropki dots, XV, odd and even cells) on the page: a puzzle with
// their header lines opens, each mark is drawn by its kind, every rule shows in words, and Save
// and Link keep the rules.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open_page, screenshot, paste, digit, clear_message } from './harness.mjs';

let t, page, dir;
open_page((opened) => {
  t = opened;
  page = opened.page;
});
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sudoku-web-rules-'));
});

// The built-in "Simple" puzzle with marks its solution keeps
// (196582437 342719685 578364291 763851924 ...): r1c3-r1c4 hold 6 and 5 (white), r1c6-r1c7 2 and 4
// (black), r2c1-r2c2 3 and 4 (white), r3c4-r3c5 3 and 6 (black); r1c1-r1c2 1 and 9 (X),
// r3c6-r4c6 4 and 1 (V), r5c5-r5c6 7 and 3 (X); r1c2 9 and r2c5 1 odd; r2c3 2 and r3c5 6 even.
const puzzle =
  '#kropki white r1c3-r1c4 black r1c6-r1c7 white r2c1-r2c2 black r3c4-r3c5\n' +
  '#xv x r1c1-r1c2 v r3c6-r4c6 x r5c5-r5c6\n' +
  '#odd r1c2 r2c5\n' +
  '#even r2c3 r3c5\n' +
  '1.6..243....7.96...7..........8...2..14.....6.5...........4...8....3..49.35....1.\n';

// The marks drawn, as "kind cells [text] [filled]", sorted.
const marks = (p = page) => p.locator('.rule-marks [data-kind]').evaluateAll((all) => all.map((m) =>
  [m.dataset.kind, m.dataset.cells, m.dataset.text || '', m.classList.contains('filled') ? 'filled' : '']
    .filter(Boolean).join(' ')).sort());

const expected = [
  'circle r1c2', 'circle r2c5',
  'dot r1c3-r1c4', 'dot r1c6-r1c7 filled', 'dot r2c1-r2c2', 'dot r3c4-r3c5 filled',
  'letter r1c1-r1c2 X', 'letter r3c6-r4c6 V', 'letter r5c5-r5c6 X',
  'square r2c3', 'square r3c5',
];

test('a puzzle with kropki dots, XV and odd/even cells opens with its marks drawn', async () => {
  await paste(page, puzzle);
  assert.equal(await digit(page, 'r1c1'), '1');
  assert.deepEqual(await marks(), expected);
  // As SVG shapes: four dots, three letters in their boxes, two circles, two squares.
  assert.equal(await page.locator('.rule-marks circle.mark-dot').count(), 4);
  assert.equal(await page.locator('.rule-marks circle.mark-dot.filled').count(), 2);
  assert.equal(await page.locator('.rule-marks .mark-letter rect').count(), 3);
  assert.deepEqual(await page.locator('.rule-marks .mark-letter text').allTextContents(), ['X', 'X', 'V'], 'in the library\'s order');
  assert.equal(await page.locator('.rule-marks circle.mark-circle').count(), 2);
  assert.equal(await page.locator('.rule-marks rect.mark-square').count(), 2);
  // A dot sits on the edge between its two cells: its centre on their shared border.
  const [dot, left, right] = await Promise.all([
    page.locator('.rule-marks [data-cells="r1c3-r1c4"]').boundingBox(),
    page.locator('.cell[data-name="r1c3"]').boundingBox(),
    page.locator('.cell[data-name="r1c4"]').boundingBox(),
  ]);
  const middle = dot.x + dot.width / 2;
  assert.ok(Math.abs(middle - (left.x + left.width)) < 2 && Math.abs(middle - right.x) < 2,
    `the dot's centre ${middle} on the border ${left.x + left.width}`);
  // A circle is behind its cell's digit: the digit stays on top.
  const onTop = await page.locator('.cell[data-name="r2c5"]').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return el.contains(top);
  });
  assert.ok(onTop, 'the cell, not the circle, takes the click');
  await screenshot(page, 'rules-marks');
});

test('every rule is stated in words: the houses and each rule\'s sentence', async () => {
  await paste(page, puzzle);
  const words = await page.locator('#rules-list li').allTextContents();
  assert.equal(words[0], 'Each row, column and box holds 1-9 once.');
  assert.ok(words.some((w) => /^Kropki dots: a white dot joins consecutive digits/.test(w)), words.join('\n'));
  assert.ok(words.some((w) => /^XV: the digits either side of an X sum to 10, of a V to 5/.test(w)), words.join('\n'));
  assert.ok(words.includes('Odd cells (circles) hold odd digits.'), words.join('\n'));
  assert.ok(words.includes('Even cells (squares) hold even digits.'), words.join('\n'));
  assert.match(await page.locator('#rules-shape').textContent(), /kropki/);
});

test('the variants\' rules in words: anti-knight, killer, hyper', async () => {
  await page.locator('#puzzle').selectOption({ label: 'Anti-knight' });
  assert.ok((await page.locator('#rules-list li').allTextContents())
    .some((w) => w.startsWith('Anti-knight: two cells a knight\'s move apart')));
  assert.equal(await page.locator('.rule-marks [data-kind]').count(), 0, 'no marks');
  await page.locator('#puzzle').selectOption({ label: 'Killer' });
  assert.ok((await page.locator('#rules-list li').allTextContents())
    .some((w) => w.startsWith('Killer: the digits of each cage are all different and add up')));
  await page.locator('#puzzle').selectOption({ label: 'Hyper' });
  assert.ok((await page.locator('#rules-list li').allTextContents())
    .includes('Each of the 4 shaded windows holds 1-9 once too.'));
});

test('Save and Link keep the rules', async () => {
  await paste(page, puzzle);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const path = join(dir, 'saved.txt');
  await download.saveAs(path);
  const saved = await readFile(path, 'utf8');
  for (const line of puzzle.split('\n').filter((l) => l.startsWith('#'))) {
    const keyword = line.split(' ')[0];
    assert.ok(saved.includes(`${keyword} `), `${keyword} in the saved text:\n${saved}`);
  }
  // The saved text opens to the same marks.
  await paste(page, saved);
  assert.deepEqual(await marks(), expected);
  // A link's address opens the same marks in a fresh page.
  await page.click('#link');
  const url = page.url();
  assert.match(decodeURIComponent(url), /#kropki /);
  const fresh = await t.browser.newPage();
  await fresh.goto(url);
  await fresh.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await marks(fresh), expected);
  await fresh.close();
});

// Lines and cells (a thermometer with its bulb, whispers, renban, minimum cells) drawn as lines
// through the cells' centres, and an f-puzzles link pasted opens the same puzzle.
test('lines are drawn through their cells, and an f-puzzles link opens as the puzzle', async () => {
  const lines =
    '#thermo r1c3-r2c3-r1c2 r5c4-r6c5-r6c4\n' +
    '#whispers r5c2-r6c3-r7c3-r7c2-r8c1 r3c1-r3c2-r4c2\n' +
    '#renban r8c7-r8c8-r7c8-r7c7-r6c8-r6c7\n' +
    '#palindrome r4c7-r4c8-r3c8 r5c8-r4c9-r3c9\n' +
    '.........9.......3...2.6.1.........2..............2..4...3.4...16...5.48....2..36\n';
  await paste(page, lines);
  const drawn = await marks();
  assert.ok(drawn.includes('line r1c3-r2c3-r1c2'), drawn.join('\n'));
  assert.ok(drawn.includes('circle r1c3 filled'), 'the bulb');
  assert.ok(drawn.includes('line r8c7-r8c8-r7c8-r7c7-r6c8-r6c7'));
  assert.equal(await page.locator('.rule-marks polyline.mark-line').count(), 7);
  // The thermometer's line runs through the centres of its cells.
  const points = await page.locator('.rule-marks polyline[data-cells="r1c3-r2c3-r1c2"]').getAttribute('points');
  assert.equal(points, '250,50 250,150 150,50');
  const words = await page.locator('#rules-list li').allTextContents();
  assert.ok(words.some((w) => w.startsWith('Thermometers: the digits rise')), words.join('\n'));
  // The same puzzle as an f-puzzles link (`sudoku --dedupe -f fpuzzles`): the page reads it.
  const fpuzzles =
    'https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQkANwEMAbAVziVTQiZgA7BABcMXGlXLSpoVp24BmXvyGjxMIvUKSKzdlwQAmFQOHwxEmfoUIAbKbUWNkm4fgBGR+cua6DWV0ZV3l3E3RVHxdtQOC4qhig2TducL4zdStk0O4AFm9MzUT4lIRlCIznLL0chHyKp18krQDSzwKqvzkDbgcGqOqS2vgAVg6m62H69MaXUjaADnHogOb54bTIwqS28pmBrra+/e3aehAAB3YIQWwMAHsAW25GNhuYMHw8EAAlXIBhADsIFQf3+CxBv0U4JAZz0b0EHy+vxGMNBAMQkJ+0MxcPOGCEACMWOZXu9PvACL8FkCsTSIaDAWjfkzgaC7MyfhzgXjUCIABYwDCPJ4wERC/CgBFIynfH4ef6KLFGRVYhVGWG0eHk5E/VG5LEckaG/4G3kgADu/IgYAuQopZMRDrlqI17NVjI9LP+bup/w8mu1Tt10IDoOhvrBGrxRCAA=';
  await paste(page, fpuzzles + '\n');
  assert.deepEqual(await marks(), drawn);
  // The page's f-puzzles button gives the puzzle's link, which opens the same puzzle again.
  await clear_message(page);
  await page.click('#fpuzzles');
  const said = await page.locator('#message').textContent();
  const made = said.match(/https:\/\/www\.f-puzzles\.com\/\?load=\S+/);
  assert.ok(made, said);
  await paste(page, made[0] + '\n');
  assert.deepEqual(await marks(), drawn);
});

// Clues beside the grid (sandwiches, X-sums, little killers with their arrows), a quadruple's
// circle on its corner, arrows with their heads and circles, and between lines: drawn where the
// library places them, in the board's margin for the clues.
const beside =
  '#arrow r1c1:r1c2-r1c3-r2c4 r5c5-r5c6:r6c7-r7c8\n' +
  '#little-killer r0c1:dr=23 r10c9:ul=12 r0c0:dr=45\n' +
  '#sandwich r0c3=15 r4c0=0 r10c5=8 r6c10=20\n' +
  '#x-sum r0c7=15 r8c0=20\n' +
  '#between r3c1-r4c2-r5c3\n' +
  '#quadruple r7c7=1/2/9\n' +
  '#sum-cage r8c1-r8c2-r9c1=14\n' +
  `${'.'.repeat(81)}\n`;

// The centre of a box.
const middle = (b) => [b.x + b.width / 2, b.y + b.height / 2];

test('clues beside the grid, corner circles and arrows are drawn in their places', async () => {
  await paste(page, beside);
  const drawn = await marks();
  for (const want of ['outside r1c3-r2c3-r3c3-r4c3-r5c3-r6c3-r7c3-r8c3-r9c3 15',
    'outside r1c2-r2c3-r3c4-r4c5-r5c6-r6c7-r7c8-r8c9 23', 'corner r7c7-r7c8-r8c7-r8c8 129',
    'line r1c1-r1c2-r1c3-r2c4', 'line r3c1-r4c2-r5c3'])
    assert.ok(drawn.includes(want), `${want} among\n${drawn.join('\n')}`);
  assert.equal(await page.locator('.rule-marks [data-kind="outside"]').count(), 9);
  const board = await page.locator('#board').boundingBox();
  const box = (name) => page.locator(`.cell[data-name="${name}"]`).boundingBox();
  const clue = (at) => page.locator(`.rule-marks [data-kind="outside"][data-at="${at}"] text`);
  // Each clue's number outside the board, beside the row or column it speaks of.
  const places = { r0c3: ['15', 'above', 'r1c3'], r4c0: ['0', 'left', 'r4c1'], r10c5: ['8', 'below', 'r9c5'],
    r6c10: ['20', 'right', 'r6c9'], r0c7: ['15', 'above', 'r1c7'], r8c0: ['20', 'left', 'r8c1'] };
  for (const [at, [text, side, cell]] of Object.entries(places)) {
    assert.equal(await clue(at).textContent(), text, at);
    const [x, y] = middle(await clue(at).boundingBox());
    const c = await box(cell);
    const [cx, cy] = middle(c);
    if (side === 'above' || side === 'below') {
      assert.ok(Math.abs(x - cx) < c.width / 4, `${at} over its column: ${x} against ${cx}`);
      assert.ok(side === 'above' ? y < board.y : y > board.y + board.height, `${at} ${side} the board: ${y}`);
    } else {
      assert.ok(Math.abs(y - cy) < c.height / 4, `${at} by its row: ${y} against ${cy}`);
      assert.ok(side === 'left' ? x < board.x : x > board.x + board.width, `${at} ${side} the board: ${x}`);
    }
  }
  // A little killer's clue has a small arrow pointing along its diagonal, from beside the grid.
  const arrow = async (at) => page.locator(`.rule-marks [data-at="${at}"] line.mark-outside-arrow`)
    .evaluate((l) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))));
  const [x1, y1, x2, y2] = await arrow('r0c1');
  assert.ok(x2 > x1 && y2 > y1, 'r0c1 points down and right');
  const [u1, v1, u2, v2] = await arrow('r10c9');
  assert.ok(u2 < u1 && v2 < v1, 'r10c9 points up and left');
  const corner = middle(await clue('r0c0').boundingBox());
  assert.ok(corner[0] < board.x && corner[1] < board.y, 'r0c0 beyond the board\'s corner');
  // The board's margin holds every clue inside the window, and the board stays in view.
  const viewport = page.viewportSize();
  for (const b of await page.locator('.rule-marks .mark-outside').evaluateAll((all) => all.map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, right: r.right, bottom: r.bottom };
  })))
    assert.ok(b.x >= 0 && b.y >= 0 && b.right <= viewport.width && b.bottom <= viewport.height, JSON.stringify(b));
  // The quadruple's circle is centred on the corner r7c7, r7c8, r8c7 and r8c8 share, its digits
  // inside.
  const r7c7 = await box('r7c7');
  const [qx, qy] = middle(await page.locator('.rule-marks .mark-corner circle').boundingBox());
  assert.ok(Math.abs(qx - (r7c7.x + r7c7.width)) < 2 && Math.abs(qy - (r7c7.y + r7c7.height)) < 2,
    `the circle at ${qx},${qy}, the corner at ${r7c7.x + r7c7.width},${r7c7.y + r7c7.height}`);
  assert.equal(await page.locator('.rule-marks .mark-corner text').textContent(), '129');
  // A sum cage: its number in its first cell, r8c1, and a dashed side wherever it ends (r8c1's
  // top and left, not its right, which r8c2 continues).
  assert.equal(await page.locator('.rule-marks .mark-cage text').textContent(), '14');
  const r8c1 = await box('r8c1');
  const [tx, ty] = middle(await page.locator('.rule-marks .mark-cage text').boundingBox());
  assert.ok(tx > r8c1.x && tx < r8c1.x + r8c1.width / 2 && ty > r8c1.y && ty < r8c1.y + r8c1.height / 2,
    'the number in the corner of r8c1');
  assert.equal(await page.locator('.rule-marks .mark-cage line').count(), 8);
  // Each arrow ends in a head on its last cell, and leaves its circle, a ring nearly as large as
  // the cell, from the ring's edge; the between line's ends are rings too.
  assert.equal(await page.locator('.rule-marks .mark-arrowhead').count(), 2);
  const [hx, hy] = middle(await page.locator('.rule-marks .mark-arrowhead[data-cell="r2c4"]').boundingBox());
  const r2c4 = await box('r2c4');
  assert.ok(hx > r2c4.x && hx < r2c4.x + r2c4.width && hy > r2c4.y && hy < r2c4.y + r2c4.height,
    'the head on r2c4');
  assert.equal(await page.locator('.rule-marks .mark-line.arrow').count(), 2);
  // A circle of two cells (r5c5-r5c6, the arrow's "12") is one ring round both.
  assert.deepEqual(await page.locator('.rule-marks .ring').evaluateAll((all) => all.map((c) => c.dataset.cells).sort()),
    ['r1c1', 'r3c1', 'r5c3', 'r5c5-r5c6']);
  const pill = await page.locator('.rule-marks rect.ring[data-cells="r5c5-r5c6"]').boundingBox();
  const [r5c5, r5c6] = [await box('r5c5'), await box('r5c6')];
  assert.ok(pill.x > r5c5.x && pill.x + pill.width < r5c6.x + r5c6.width && pill.width > 1.6 * r5c5.width,
    'the ring round r5c5 and r5c6');
  const ring = await page.locator('.rule-marks circle.ring[data-cells="r1c1"]').boundingBox();
  const r1c1 = await box('r1c1');
  assert.ok(ring.width > 0.8 * r1c1.width, `the arrow's circle ${ring.width} px in a cell of ${r1c1.width}`);
  assert.equal(await page.locator('.rule-marks polyline[data-cells="r1c1-r1c2-r1c3-r2c4"]').getAttribute('points'),
    '92,50 150,50 250,50 350,150', 'from the ring\'s edge to r2c4\'s centre');
  await screenshot(page, 'rules-beside');
  // Dark mode: the clues in the page's light ink, the corner's digits dark on their light circle.
  await page.emulateMedia({ colorScheme: 'dark' });
  const colours = await page.evaluate(() => {
    const fill = (q) => getComputedStyle(document.querySelector(q)).fill;
    return { clue: fill('.mark-outside text'), circle: fill('.mark-corner circle'), digits: fill('.mark-corner text'),
      background: getComputedStyle(document.documentElement).backgroundColor };
  });
  assert.deepEqual(colours, { clue: 'rgb(226, 232, 240)', circle: 'rgb(226, 232, 240)', digits: 'rgb(0, 0, 0)',
    background: 'rgb(15, 23, 42)' });
  await screenshot(page, 'rules-beside-dark');
  await page.emulateMedia({ colorScheme: 'light' });
});
