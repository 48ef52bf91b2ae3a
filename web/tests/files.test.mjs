// Puzzles in and out: a file opened and saved back byte for byte, a puzzle pasted in another
// format, the exact-cover check, and the page as one file.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { open_page, screenshot, cell, candidates, digit, page_dir, paste, clear_message } from './harness.mjs';

let t, page, dir;
open_page((opened) => {
  t = opened;
  page = opened.page;
});
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sudoku-web-'));
});

const message = () => page.locator('#message').textContent();
const status = () => page.locator('#status').textContent();

// Opens a file by the Open button and waits until the page has opened it: the message is cleared
// first (the one of the file before would do otherwise) and the page always says something.
async function open_file(path) {
  await clear_message(page);
  await page.setInputFiles('#file', path);
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
}

async function save() {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const path = join(dir, `saved-${Date.now()}.txt`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('a file opened and saved back is the same, byte for byte', async () => {
  const file = join(dir, 'hyper.txt');
  // The example as the session saves a puzzle: the #variant line, then the grid on one line.
  const example = await readFile(new URL('../../examples/sudoku/hyper.txt', import.meta.url), 'utf8');
  const cells = example.split('\n').filter((l) => !l.startsWith('#')).join('').replace(/\s/g, '');
  assert.equal(cells.length, 81);
  const text = `#variant hyper\n${cells}\n`;
  await writeFile(file, text);
  await open_file(file);
  assert.equal(await page.locator('#board').getAttribute('data-variant'), 'hyper');
  const saved = await save();
  assert.equal(saved.name, 'hyper.txt');
  assert.equal(saved.bytes.toString(), text);
  assert.ok(saved.bytes.equals(await readFile(file)));
});

test('a position file (digits placed, marks by hand, candidates removed) round trips', async () => {
  const file = new URL('data/position.txt', import.meta.url).pathname;
  await open_file(file);
  assert.equal(await digit(page, 'r1c1'), '7');
  assert.ok(!(await cell(page, 'r1c1').evaluate((e) => e.classList.contains('given'))), 'placed, not given');
  assert.deepEqual(await candidates(page, 'r1c3'), ['2', '5'], 'less the mark 9 and the removed 6');
  assert.ok(!(await candidates(page, 'r2c2')).includes('8'));
  const saved = await save();
  assert.equal(saved.name, 'position.txt');
  assert.ok(saved.bytes.equals(await readFile(file)), saved.bytes.toString());
});

test('a position saved, opened again and saved again is the same', async () => {
  await page.locator('#puzzle').selectOption({ label: 'Easy' });
  await page.click('#singles');
  const first = await save();
  const file = join(dir, first.name);
  await writeFile(file, first.bytes);
  await page.locator('#puzzle').selectOption({ label: 'Simple' });
  await open_file(file);
  const again = await save();
  assert.ok(again.bytes.equals(first.bytes), `${again.bytes} == ${first.bytes}`);
});

test('a bad file is refused with its line and column, and the board stays', async () => {
  const file = join(dir, 'bad.txt');
  await writeFile(file, '#variant hyper\n12.4\n');
  const before = await page.locator('.cell').count();
  await page.setInputFiles('#file', file);
  await page.waitForFunction(() => document.getElementById('message').classList.contains('bad'));
  assert.match(await message(), /^bad\.txt:2:\d+: /);
  assert.equal(await page.locator('.cell').count(), before);
});

test('a puzzle pasted as a grid with borders', async () => {
  const grid = [
    '+-------+-------+-------+', '| . . . | . . . | . 1 2 |', '| . . . | . . . | . . 3 |',
    '| . . 2 | 3 . . | 4 . . |', '+-------+-------+-------+', '| . . 1 | 8 . . | . . 5 |',
    '| . 6 . | . 7 . | 8 . . |', '| . . . | . . 9 | . . . |', '+-------+-------+-------+',
    '| . . 8 | 5 . . | . . . |', '| 9 . . | . 4 . | 5 . . |', '| 4 7 . | . . 6 | . . . |',
    '+-------+-------+-------+'].join('\n');
  await paste(page, grid);
  assert.equal(await digit(page, 'r1c8'), '1');
  assert.equal(await digit(page, 'r9c2'), '7');
  assert.equal(await page.locator('.cell.given').count(), 21);
  await page.click('#count');
  assert.equal(await message(), '1 solution left');
});

// The 729-character line of Wikipedia's example puzzle as a person starts it (each cell's nine
// places, its digit or '.'), less the 2 of r1c3, whose candidates are then 1 and 4.
const wiki_candidates = (() => {
  const p = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  let line = '';
  for (let cell = 0; cell < 81; ++cell) {
    const r = Math.floor(cell / 9), c = cell % 9, used = new Set();
    for (let k = 0; k < 9; ++k) {
      const box = (Math.floor(r / 3) * 3 + Math.floor(k / 3)) * 9 + Math.floor(c / 3) * 3 + (k % 3);
      for (const i of [r * 9 + k, k * 9 + c, box]) if (p[i] !== '.') used.add(p[i]);
    }
    for (let d = 1; d <= 9; ++d) {
      const keep = p[cell] !== '.' ? p[cell] === String(d) : !used.has(String(d)) && !(cell === 2 && d === 2);
      line += keep ? String(d) : '.';
    }
  }
  return line;
})();

test('a candidate line pasted keeps its candidates', async () => {
  await paste(page, wiki_candidates);
  assert.equal(await digit(page, 'r1c1'), '5');
  // An easy puzzle, but its candidates are shown: they are what was pasted.
  assert.equal(await page.locator('#hide-undecided').isChecked(), false);
  assert.deepEqual(await candidates(page, 'r1c3'), ['1', '4']);
  await page.click('#count');
  assert.equal(await message(), '1 solution left');
});

test('Check tells no solution, one, or several, by the exact-cover count', async () => {
  await paste(page, '1.......2' + '.'.repeat(72));
  assert.equal(await page.locator('.cell.given').count(), 2);
  await page.click('#count');
  assert.match(await message(), /^1000 solutions left|^at least \d+ solutions left/);
  await page.locator('#puzzle').selectOption({ label: 'Hard' });
  await page.click('#count');
  assert.equal(await message(), '1 solution left');
  await page.locator('#puzzle').selectOption({ label: 'Simple' });
  await cell(page, 'r1c5').click();  // 5 there leaves r1c4 without a candidate
  await page.locator('#menu button', { hasText: '5' }).click();
  await page.click('#count');
  assert.equal(await message(), 'no solution left: contradiction: r1c4 has no candidate left');
});

test('the page as one file, opened from the disk', async () => {
  const single = join(page_dir, '..', 'sudoku.html');
  const html = await readFile(single, 'utf8');
  assert.ok(!/<script src=|<link rel="stylesheet"/.test(html), 'nothing is linked');
  const one = await t.browser.newPage();
  const errors = [];
  one.on('pageerror', (e) => errors.push(e));
  await one.goto(pathToFileURL(single).href);
  await one.waitForSelector('body[data-ready="true"]');
  assert.equal(await one.locator('.cell').count(), 81);
  await one.locator('.cell[data-name="r1c4"]').click();
  assert.equal(await one.locator('.cell[data-name="r1c4"] .digit').textContent(), '5');
  assert.deepEqual(errors.map(String), []);
  await one.close();
});
