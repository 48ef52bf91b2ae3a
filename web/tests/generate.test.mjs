// New puzzles: by difficulty (the names of `sudoku --generate --difficulty`), made in a Web
// Worker while the board stays live, with a busy line and Cancel; from a static host and from
// file://, both as the page's files and as the one-file page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { open_page, screenshot, cell, digit, page_dir, clear_message } from './harness.mjs';

let t, page;
open_page((opened) => {
  t = opened;
  page = opened.page;
});

const message = (p = page) => p.locator('#message').textContent();
const made = (p = page) => p.waitForFunction(() => /^(A new|No |the )/.test(
  document.getElementById('message').textContent), null, { timeout: 60000 });
const rated = '\\d+\\.\\d/\\d+\\.\\d/\\d+\\.\\d (easy|medium|hard|unfair|extreme)';

// The message is cleared first: the one left by the last request must not pass for this one's.
async function generate(p, size, variant, level) {
  await p.selectOption('#gen-size', String(size));
  await p.selectOption('#gen-variant', variant);
  if (!(await p.locator('#gen-level').isDisabled())) await p.selectOption('#gen-level', level);
  await clear_message(p);
  await p.click('#new');
  await made(p);
}

test('the difficulty chosen is the one made, with its rating shown', async () => {
  const levels = await page.locator('#gen-level option').evaluateAll((o) => o.map((x) => x.value));
  assert.deepEqual(levels, ['', 'easy', 'medium', 'hard', 'unfair', 'extreme', 'simple', 'qqwing:easy',
    'intermediate', 'expert']);
  for (const level of ['easy', 'extreme']) {
    await generate(page, 9, 'regular', level);
    const givens = await page.locator('.cell.given').count();
    const text = await message();
    assert.match(text, new RegExp(`^A new 9×9 regular puzzle \\(${level}\\): ${givens} givens` +
      '(, \\d+ made to find it)? \\(seed \\d+\\)\\.$'));
    // The difficulty in a word by the timer, the rating in detail under Solver tools.
    assert.equal(await page.locator('#difficulty').textContent(), `Difficulty: ${level}`);
    const rating = await page.locator('#rating').textContent();
    assert.match(rating, new RegExp(`^Rated ${rated}: Sudoku Explainer's ER/EP/ED and HoDoKu's level; ` +
      'QQWing\'s level: \\w+\\.$'));
    assert.equal(rating.match(new RegExp(rated))[1], level, 'HoDoKu\'s level is the one asked for');
    await page.click('#count');
    assert.equal(await message(), '1 solution left');
  }
  await screenshot(page, 'generated-extreme');
  // QQWing's scale: "qqwing:easy" needs no more than hidden singles.
  await generate(page, 9, 'regular', 'qqwing:easy');
  assert.match(await page.locator('#rating').textContent(), /QQWing's level: easy\.$/);
  await page.click('#solveit');
  assert.match(await page.locator('#status').textContent(), /solved/i);
});

test('a killer: its cages drawn with their sums, unique, made to a level', async () => {
  await page.selectOption('#gen-variant', 'killer');
  assert.equal(await page.locator('#gen-level').isDisabled(), false, 'killers are made to a level');
  assert.deepEqual(await page.locator('#gen-size option:not([disabled])').evaluateAll((o) => o.map((x) => x.value)),
    ['4', '6', '9'], 'not above 9x9, which takes minutes');
  await generate(page, 9, 'killer', 'medium');
  assert.match(await message(), /^A new 9×9 killer puzzle \(medium\): \d+ givens/);
  assert.equal(await page.locator('#difficulty').textContent(), 'Difficulty: medium');
  assert.ok(await page.locator('.cage-sum').count() > 10);
  assert.ok((await page.locator('#rules-list li').allTextContents()).some((w) => w.startsWith('Killer:')));
  await page.click('#count');
  assert.equal(await message(), '1 solution left');
  await screenshot(page, 'generated-killer');
  await page.selectOption('#gen-variant', 'regular');
  await page.selectOption('#gen-level', '');
});

test('every size and variant, minimal; a level no 4x4 reaches says so', async () => {
  for (const [size, variant] of [[4, 'regular'], [9, 'x'], [16, 'regular']]) {
    await generate(page, size, variant, '');
    assert.match(await message(), new RegExp(`^A new ${size}×${size} ${variant} puzzle: \\d+ givens`));
    assert.equal(await page.locator('.cell').count(), size * size);
    await page.click('#count');
    assert.equal(await message(), '1 solution left', `a ${size}x${size} puzzle is unique`);
  }
  // Regular 16x16 puzzles are minimal too: 86 to 97 givens over seeds 1-15, never 110.
  assert.ok(await page.locator('.cell.given').count() < 110);
  await screenshot(page, 'generated-16');
  // A jigsaw on random regions: the page draws them (edges where boxes have none), and Save
  // offers the puzzle under its shape's name.
  await generate(page, 9, 'jigsaw', '');
  assert.match(await message(), new RegExp(`^A new 9×9 jigsaw puzzle: \\d+ givens`));
  assert.equal(await page.locator('#board').getAttribute('data-variant'), 'jigsaw');
  const edges = await page.locator('.cell.edge-right').evaluateAll((cells) => cells.map((c) => c.dataset.name));
  assert.ok(edges.some((name) => !/c[36]$/.test(name)), 'a region edge off the box lines');
  await page.click('#count');
  assert.equal(await message(), '1 solution left');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  assert.equal(download.suggestedFilename(), 'new-9x9-jigsaw.txt');
  await screenshot(page, 'generated-jigsaw');
  await generate(page, 4, 'regular', 'unfair');
  assert.match(await message(), /^No unfair puzzle of this shape in 5000 made/);
});

test('the board stays live while a puzzle is made, and Cancel stops it', async () => {
  await generate(page, 9, 'regular', '');
  const before = await page.locator('.cell.given').evaluateAll((c) => c.map((e) => e.dataset.name).join());
  // An extreme 25x25 puzzle takes long (each one made is rated): time to play meanwhile.
  await page.selectOption('#gen-size', '25');
  await page.selectOption('#gen-variant', 'regular');
  await page.selectOption('#gen-level', 'extreme');
  await page.click('#new');
  assert.equal(await page.locator('#busy').isVisible(), true);
  assert.equal(await page.locator('#new').isDisabled(), true);
  await page.waitForFunction(() => / [1-9]\d* s/.test(document.getElementById('busy-text').textContent));
  assert.match(await page.locator('#busy-text').textContent(),
    /^Making a 25×25 regular puzzle \(extreme\)… \d+ s, \d+ puzzles? made$/);
  await screenshot(page, 'generating');
  const open = await page.locator('.cell:not(.given)').first().getAttribute('data-name');
  const start = Date.now();
  await cell(page, open).click();
  if (await page.locator('#menu').isVisible()) await page.locator('#menu button').first().click();
  assert.notEqual(await digit(page, open), '', 'a digit placed while the worker works');
  assert.ok(Date.now() - start < 3000, 'the page answered at once');
  await page.click('#cancel');
  assert.equal(await page.locator('#busy').isHidden(), true);
  assert.equal(await message(), 'Cancelled: no new puzzle.');
  assert.equal(await page.locator('.cell.given').evaluateAll((c) => c.map((e) => e.dataset.name).join()), before);
  await page.selectOption('#gen-level', '');
  await generate(page, 4, 'regular', '');
  assert.match(await message(), /^A new 4×4 regular puzzle: /, 'a new worker after Cancel');
});

test('the worker starts from file://: the page\'s files and the page as one file', async () => {
  for (const file of [join(page_dir, 'index.html'), join(page_dir, '..', 'sudoku.html')]) {
    const one = await t.browser.newPage();
    const errors = [];
    one.on('pageerror', (e) => errors.push(e));
    await one.goto(pathToFileURL(file).href);
    await one.waitForSelector('body[data-ready="true"]');
    await generate(one, 6, 'regular', 'easy');
    assert.match(await message(one), /^A new 6×6 regular puzzle \(easy\): \d+ givens/, file);
    assert.deepEqual(errors.map(String), []);
    await one.close();
  }
});
