// Controls a player understands: the actions named as the big sites name them, the solver's own
// tools folded away under "Solver tools", the difficulty in a word, and a mistakes counter for
// whoever wants one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open_page, screenshot, choose, cell } from './harness.mjs';

let t;
open_page((opened) => {
  t = opened;
});

// A page as a new visitor sees it (the harness's page has Solver tools opened).
async function fresh() {
  const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(t.url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

test('the solver\'s tools are folded away; the player\'s actions are in plain words', async () => {
  const page = await fresh();
  assert.equal(await page.locator('#solver-tools').evaluate((d) => d.open), false);
  for (const id of ['singles', 'soles', 'solveit', 'step', 'count', 'uniqueness', 'hide-choices'])
    assert.equal(await page.locator(`#${id}`).isVisible(), false, `#${id} folded away`);
  assert.deepEqual(await page.locator('.controls [aria-label="Play"] button').allTextContents(),
    ['Hint', 'Check', 'Reveal', 'Solve', 'Undo', 'Redo', 'Empty grid']);
  await page.click('#solver-tools > summary');
  for (const id of ['singles', 'soles', 'solveit', 'step', 'count', 'uniqueness'])
    assert.equal(await page.locator(`#${id}`).isVisible(), true, `#${id} shown when opened`);
  await screenshot(page, 'controls-solver-tools');
  await page.close();
});

test('the difficulty in a word by the timer, the rating in detail under Solver tools', async () => {
  const page = await fresh();
  // Known: `sudoku --rate` rates "Simple" easy and "Hard" hard (web/puzzles.js).
  for (const [name, level] of [['Simple', 'easy'], ['Hard', 'hard']]) {
    await choose(page, name);
    await page.waitForFunction((l) => document.getElementById('difficulty').textContent === `Difficulty: ${l}`, level);
    assert.match(await page.locator('#rating').textContent(), new RegExp(`^Rated \\d+\\.\\d/\\d+\\.\\d/\\d+\\.\\d ${level}: `));
  }
  await choose(page, '16×16');  // too long to rate: no word
  assert.equal(await page.locator('#difficulty').isHidden(), true);
  await page.close();
});

test('the mistakes counter: off by default; on, it counts wrong digits and clashes', async () => {
  const page = await fresh();
  await page.uncheck('#hide-undecided');
  await choose(page, 'Simple');
  assert.equal(await page.locator('#mistake-count').isHidden(), true);
  await page.check('#count-mistakes');
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 0');
  // Simple's solution has 5 in r1c4 and 8 in r1c5 (sudoku --solve).
  await cell(page, 'r1c5').focus();
  await page.keyboard.press('5');  // wrong
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 1');
  await page.keyboard.press('Delete');
  await page.keyboard.press('8');  // right
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 1');
  await cell(page, 'r1c2').focus();
  await page.keyboard.press('1');  // clashes with the given r1c1
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 2');
  await screenshot(page, 'controls-mistakes');
  // Kept on the next visit, and back to 0 with another puzzle.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 2');
  await choose(page, 'Easy');
  assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes: 0');
  await page.uncheck('#count-mistakes');
  assert.equal(await page.locator('#mistake-count').isHidden(), true);
  await page.close();
});

test('True candidates, under Solver tools, leaves the candidates some solution holds', async () => {
  const page = await fresh();
  await page.uncheck('#hide-undecided');
  await page.click('#solver-tools > summary');
  // A puzzle with several solutions (paste): true candidates go on removing what none holds.
  await page.click('#paste');
  await page.fill('#paste-text',
    '53..7....6..195....98......8...6...34..8.3..17...2...6.6....28....419..5....8..79\n');
  await page.click('#paste-open');
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
  await page.click('#true');
  await page.waitForFunction(() => /no solution holds them/.test(document.getElementById('message').textContent));
  assert.match(await page.locator('#message').textContent(), /^\d+ candidates of \d+ cells removed/);
  await page.click('#true');
  await page.waitForFunction(() => /every candidate left is true/.test(document.getElementById('message').textContent));
  await page.close();
});
