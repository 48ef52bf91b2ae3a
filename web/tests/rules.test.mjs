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
