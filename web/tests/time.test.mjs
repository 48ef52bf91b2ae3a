// The clock and the looks: a pause that stops the clock and covers the board, the time kept when
// the page is hidden or left, a "Solved in m:ss" moment, dark mode (the system's or the
// player's), and a favicon (no request that fails).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open_page, screenshot, choose } from './harness.mjs';

let t, page;
open_page((opened) => {
  t = opened;
  page = opened.page;
});

// The seconds the timer shows.
const seconds = async (p = page) => {
  const [m, s] = (await p.locator('#timer').textContent()).split(':').map(Number);
  return m * 60 + s;
};

test('Pause stops the clock and covers the board; Resume goes on', async () => {
  await choose(page, 'Hard');
  await page.click('#pause');
  assert.equal(await page.locator('#paused').isVisible(), true);
  assert.equal(await page.locator('#pause').textContent(), 'Resume');
  const before = await seconds();
  await page.waitForTimeout(2200);
  assert.equal(await seconds(), before, 'the clock stands while paused');
  await screenshot(page, 'time-paused');
  await page.click('#paused');
  assert.equal(await page.locator('#paused').isVisible(), false);
  await page.waitForTimeout(2200);  // the timer shows whole seconds, redrawn each second
  assert.ok(await seconds() >= before + 1, 'and runs again');
});

test('the time is kept when the page is hidden, and the next visit goes on from it', async () => {
  const p = await t.browser.newPage();
  await p.goto(t.url);
  await p.waitForSelector('body[data-ready="true"]');
  await choose(p, 'Hard');
  await p.waitForTimeout(3100);  // no move: only the page's going away keeps the time
  await p.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const kept = await p.evaluate(() => JSON.parse(localStorage.getItem('sudoku.position')).elapsed);
  assert.ok(kept >= 3000, `${kept} ms kept`);
  assert.equal(await p.locator('#paused').isVisible(), true, 'a hidden page pauses');
  await p.reload();
  await p.waitForSelector('body[data-ready="true"]');
  assert.ok(await seconds(p) >= 3, 'the next visit starts from the time kept');
  await p.close();
});

test('the moment of solving: "Solved in m:ss" over the board', async () => {
  await choose(page, 'Simple');
  assert.equal(await page.locator('#solved').isVisible(), false);
  await page.click('#solve');
  assert.equal(await page.locator('#solved').isVisible(), true);
  assert.match(await page.locator('#solved').textContent(), /^Solved in \d+:\d\d$/);
  await screenshot(page, 'time-solved');
  await page.click('#solved');
  assert.equal(await page.locator('#solved').isVisible(), false);
  await page.click('#undo');  // no longer solved: the banner stays away
  await page.click('#redo');  // solved again
  await choose(page, 'Hard');
  assert.equal(await page.locator('#solved').isVisible(), false);
});

test('dark mode: the system\'s choice, and the player\'s by the theme button, kept', async () => {
  const context = await t.browser.newContext({ colorScheme: 'dark' });
  const p = await context.newPage();
  const failed = [];
  p.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  p.on('console', (m) => { if (m.type() === 'error') failed.push(m.text()); });
  await p.goto(t.url);
  await p.waitForSelector('body[data-ready="true"]');
  const background = () => p.evaluate(() => getComputedStyle(document.querySelector('.cell:not(.peer):not(.selected)')).backgroundColor);
  assert.equal(await background(), 'rgb(30, 41, 59)', 'dark cells by the system\'s choice');
  await screenshot(p, 'time-dark');
  await p.click('#theme');
  assert.equal(await background(), 'rgb(255, 255, 255)', 'light by the player\'s');
  await p.reload();
  await p.waitForSelector('body[data-ready="true"]');
  assert.equal(await background(), 'rgb(255, 255, 255)', 'the choice kept');
  assert.match(await p.locator('link[rel="icon"]').getAttribute('href'), /^data:image\/svg\+xml,/);
  assert.deepEqual(failed, [], 'no request failed, no error');
  await context.close();
});
