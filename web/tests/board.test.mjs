// Playing on the board in Chromium: the menu of candidates, placing and its effect on the peers,
// Singles, Soles, Solve it, undo and redo, a cell emptied by a wrong choice, the two "Hide"
// switches, a hint, the keyboard and the ARIA labels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open_page, screenshot, cell, candidates, all_candidates, digit, menu_items, choose, paste } from './harness.mjs';

let t, page;
open_page((opened) => {
  t = opened;
  page = opened.page;
});

const message = () => page.locator('#message').textContent();
// The candidates drawn with a colour of a hint ('place' or 'remove'), as "r1c9:7".
const coloured = (kind) => page.locator(`.cands span.${kind}`).evaluateAll((spans) =>
  spans.map((s) => `${s.closest('.cell').dataset.name}:${s.textContent}`));
const status = () => page.locator('#status').textContent();
// The cells of row, column and box of a 9x9 cell (1-based), itself left out.
function peers(r, c) {
  const out = new Set();
  for (let i = 1; i <= 9; ++i) {
    out.add(`r${r}c${i}`);
    out.add(`r${i}c${c}`);
  }
  const br = Math.floor((r - 1) / 3) * 3, bc = Math.floor((c - 1) / 3) * 3;
  for (let i = 1; i <= 3; ++i) for (let j = 1; j <= 3; ++j) out.add(`r${br + i}c${bc + j}`);
  out.delete(`r${r}c${c}`);
  return [...out];
}

test('a built-in puzzle opens with its givens and candidates', async () => {
  await choose(page, 'Simple');
  assert.equal(await page.locator('.cell').count(), 81);
  assert.equal(await page.locator('.cell.given').count(), 23);
  assert.equal(await digit(page, 'r1c1'), '1');
  assert.deepEqual(await candidates(page, 'r1c2'), ['8', '9']);
  assert.equal(await status(), "58 cells to fill, 227 candidates left");
  assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, candidates 8 9');
  assert.equal(await cell(page, 'r1c1').getAttribute('aria-label'), 'r1c1, given 1');
  await screenshot(page, 'board-simple');
});

test('a click on a cell with several candidates opens a menu of exactly those', async () => {
  await choose(page, 'Hard');
  for (const name of ['r1c1', 'r2c2', 'r5c5', 'r9c9']) {
    const want = await candidates(page, name);
    assert.ok(want.length > 1, `${name} has several candidates`);
    await cell(page, name).click();
    assert.deepEqual(await menu_items(page), want, `the menu of ${name}`);
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#menu').isHidden(), true);
  }
  await cell(page, 'r1c1').click();
  await screenshot(page, 'board-menu');
});

test('a digit chosen from the menu is placed and its peers lose it', async () => {
  await choose(page, 'Hard');
  const name = 'r5c5';
  const [d] = await candidates(page, name);
  const before = await all_candidates(page);
  assert.ok(peers(5, 5).some((p) => before[p].includes(d)), 'some peer has the digit before');
  await cell(page, name).click();
  await page.locator('#menu button', { hasText: d }).click();
  assert.equal(await digit(page, name), d);
  assert.equal(await message(), `${name}=${d}`);
  assert.ok(await cell(page, name).evaluate((e) => e.classList.contains('placed')));
  const now = await all_candidates(page);
  for (const p of peers(5, 5)) {
    assert.ok(!now[p].includes(d), `${p} lost ${d}`);
    assert.deepEqual(now[p], before[p].filter((x) => x !== d), `${p} lost nothing else`);
  }
  for (const p of Object.keys(now))
    if (p !== name && !peers(5, 5).includes(p)) assert.deepEqual(now[p], before[p], `${p} kept its candidates`);
});

test('a cell with one candidate is placed by a click, without a menu', async () => {
  await choose(page, 'Simple');
  assert.deepEqual(await candidates(page, 'r1c4'), ['5']);
  await cell(page, 'r1c4').click();
  assert.equal(await page.locator('#menu').isHidden(), true);
  assert.equal(await digit(page, 'r1c4'), '5');
});

test('Singles, Soles and Solve it', async () => {
  await choose(page, 'Easy');
  const placed = () => page.locator('.cell.placed').count();
  await page.click('#singles');
  assert.match(await message(), /^\d+ naked singles?: r\dc\d=\d/);
  const afterSingles = await placed();
  assert.ok(afterSingles > 0);
  await page.click('#soles');
  assert.match(await message(), /^\d+ hidden singles?: r\dc\d=\d/);
  assert.ok((await placed()) > afterSingles);
  await page.click('#solveit');
  assert.equal(await status(), 'solved: every cell holds a digit');
  assert.equal(await page.locator('.cell .cands').count(), 0);
  await screenshot(page, 'board-solved');
});

test('undo and redo, by the buttons and by Ctrl+Z and Ctrl+Y', async () => {
  await choose(page, 'Simple');
  const before = await candidates(page, 'r1c5');
  await cell(page, 'r1c4').click();  // the 5 goes in, and leaves r1c5
  assert.deepEqual(await candidates(page, 'r1c5'), before.filter((d) => d !== '5'));
  await page.click('#undo');
  assert.equal(await digit(page, 'r1c4'), '');
  assert.deepEqual(await candidates(page, 'r1c5'), before);
  await page.click('#redo');
  assert.equal(await digit(page, 'r1c4'), '5');
  await cell(page, 'r1c4').focus();
  await page.keyboard.press('Control+z');
  assert.equal(await digit(page, 'r1c4'), '');
  await page.keyboard.press('Control+y');
  assert.equal(await digit(page, 'r1c4'), '5');
  await page.click('#redo');
  assert.equal(await message(), 'nothing to redo');
});

test('a wrong choice empties a cell, which turns bright red', async () => {
  await choose(page, 'Simple');
  // r1c4 can hold only 5; putting 5 in r1c5 instead leaves it without any.
  assert.deepEqual(await candidates(page, 'r1c5'), ['5', '8']);
  await cell(page, 'r1c5').click();
  await page.locator('#menu button', { hasText: '5' }).click();
  const empty = cell(page, 'r1c4');
  assert.ok(await empty.evaluate((e) => e.classList.contains('empty')));
  assert.equal(await empty.evaluate((e) => getComputedStyle(e).backgroundColor), 'rgb(255, 45, 45)');
  assert.equal(await empty.getAttribute('aria-label'), 'r1c4, no candidates');
  assert.match(await status(), /r1c4/);
  assert.ok(await page.locator('#status').evaluate((e) => e.classList.contains('bad')));
  await screenshot(page, 'board-red');
  await page.click('#undo');
  assert.ok(!(await empty.evaluate((e) => e.classList.contains('empty'))));
});

test('Hide candidates hides the candidates; Hide choices offers every digit', async () => {
  await choose(page, 'Simple');
  await page.check('#hide-undecided');
  assert.equal(await page.locator('.cell .cands').count(), 0);
  assert.equal(await digit(page, 'r1c1'), '1');
  await page.uncheck('#hide-undecided');
  assert.equal(await page.locator('.cell .cands').count(), 58);
  await page.check('#hide-choices');
  await cell(page, 'r1c2').click();
  assert.deepEqual(await menu_items(page), ['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  // A digit that is no candidate is refused by the session, and not placed.
  await page.locator('#menu button', { hasText: '4' }).click();
  assert.equal(await cell(page, 'r1c2').evaluate((e) => e.classList.contains('placed')), false);
  assert.match(await message(), /^4 is in r1c\d already|^4 is no candidate/);
  await page.uncheck('#hide-choices');
});

test('a hint in three stages, then its step; a hint changes nothing', async () => {
  await choose(page, 'Simple');
  const hinted = () => page.locator('.cell.hint').evaluateAll((e) => e.map((x) => x.dataset.name));
  await page.click('#hint');
  assert.equal(await message(), 'Hint 1/3: hidden single in box 3');
  assert.deepEqual(await hinted(), ['r1c7', 'r1c8', 'r1c9', 'r2c7', 'r2c8', 'r2c9', 'r3c7', 'r3c8', 'r3c9']);
  await screenshot(page, 'board-hint-1');
  await page.click('#hint');
  assert.equal(await message(), 'Hint 2/3: hidden single in box 3: 7 in r1c9');
  assert.deepEqual(await hinted(), ['r1c9']);
  await page.click('#hint');
  assert.equal(await message(), 'Hint 3/3: r1c9=7: hidden single in box 3\nPress Hint again to apply it.');
  assert.deepEqual(await hinted(), ['r1c9']);
  assert.deepEqual(await coloured('place'), ['r1c9:7'], 'the digit to place, in green');
  await screenshot(page, 'board-hint');
  assert.equal(await digit(page, 'r1c9'), '', 'a hint changes nothing');
  await page.click('#step');
  assert.equal(await digit(page, 'r1c9'), '7');
  assert.equal(await message(), 'r1c9=7: hidden single in box 3');
  assert.deepEqual(await hinted(), ['r1c9'], 'a step marks its cells');
  assert.deepEqual(await coloured('place'), []);
  await page.click('#undo');
  assert.equal(await page.locator('.cell.hint').count(), 0, 'until the next command');
  await page.click('#redo');
  await page.click('#hint');
  assert.match(await message(), /^Hint 1\/3: /, 'a new position starts at the first stage');
});

test('a chain\'s hint draws its links at the last stage, and says when it has told all', async () => {
  // puzzles3_magictour_top1465's first puzzle after 23 steps of the session: a grouped AIC next.
  await paste(page, [
    '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........',
    '#placed ..........................................................9.....1....9.2.27.4.1..',
    '#removed r1c3-59 r2c3-59 r3c3-59 r4c4-4 r4c6-4 r4c7-4 r4c9-4 r5c3-124 r5c9-4 r6c3-146 ' +
      'r6c6-4 r7c8-68 r7c9-68 r9c4-8 r9c6-68 r9c8-35 r9c9-35',
  ].join('\n'));
  const links = () => page.locator('#links line').evaluateAll((e) => e.map((x) => `${x.dataset.link} ${x.getAttribute('class')}`));
  for (let i = 0; i < 2; ++i) await page.click('#hint');
  assert.deepEqual(await links(), [], 'no links before the last stage');
  await page.click('#hint');
  assert.match(await message(), /^Hint 3\/3: grouped AIC: \(9\)r1c9=\(9-4\)r2c9=/);
  const drawn = await links();
  assert.equal(drawn[0], 'r1c9:9>r2c9:9 strong', 'the first link, strong');
  assert.ok(drawn.length >= 5 && drawn.some((l) => l.endsWith(' weak')), drawn.join(', '));
  await screenshot(page, 'board-hint-links');
  assert.match(await message(), /\nPress Hint again to apply it\.$/);
  await page.click('#hint');  // again: the step is taken
  assert.match(await message(), /^grouped AIC: \(9\)r1c9=\(9-4\)r2c9=/);
  assert.deepEqual(await links(), [], 'a step clears them');
});

test('a hint\'s last stage colours the candidates its step places and removes', async () => {
  // Known: on "Hard", the 22nd step of the session's ladder is a direct hidden pair in column 9.
  await choose(page, 'Hard');
  for (let i = 0; i < 21; ++i) await page.click('#step');
  for (let i = 0; i < 3; ++i) await page.click('#hint');
  assert.equal(await message(), 'Hint 3/3: r2c9=9: direct hidden pair {4,8} in column 9 ' +
    'rules out 3 and 5 in r8c9, r9c9; 9 in r8c9, leaving a hidden single in column 9\nPress Hint again to apply it.');
  assert.deepEqual(await coloured('place'), ['r2c9:9']);
  assert.deepEqual(await coloured('remove'), ['r8c9:3', 'r8c9:5', 'r8c9:9', 'r9c9:3', 'r9c9:5']);
  await screenshot(page, 'board-hint-removes');
  await page.click('#step');
  assert.equal(await digit(page, 'r2c9'), '9');
  assert.deepEqual(await candidates(page, 'r9c9'), ['4', '8'], 'the hidden pair is left');
  assert.deepEqual(await page.locator('.cell.hint').evaluateAll((e) => e.map((x) => x.dataset.name)),
    ['r2c9', 'r8c9', 'r9c9'], 'the step\'s cells stay marked');
  await screenshot(page, 'board-step');
});

test('pencil marks: candidates removed by hand, brought back by undo', async () => {
  await choose(page, 'Simple');
  await page.click('#mode-pencil');
  await cell(page, 'r1c2').click();
  assert.deepEqual(await menu_items(page), ['8', '9']);
  await page.locator('#menu button', { hasText: '9' }).click();
  assert.equal(await message(), 'r1c2: 9 removed');
  assert.deepEqual(await candidates(page, 'r1c2'), ['8']);
  assert.equal(await digit(page, 'r1c2'), '', 'one candidate left is not placed');
  // A click on a small digit removes it, in pencil mode.
  await cell(page, 'r2c1').locator('.cands span', { hasText: '4' }).click();
  assert.ok(!(await candidates(page, 'r2c1')).includes('4'));
  await page.click('#mode-normal');
  // Alt+digit removes without pencil mode.
  await cell(page, 'r2c2').focus();
  await page.keyboard.press('Alt+2');
  assert.deepEqual(await candidates(page, 'r2c2'), ['4', '8']);
  await page.click('#undo');
  await page.click('#undo');
  assert.ok((await candidates(page, 'r2c1')).includes('4'));
  await page.click('#undo');
  assert.deepEqual(await candidates(page, 'r1c2'), ['8', '9']);
  await page.click('#redo');
  assert.deepEqual(await candidates(page, 'r1c2'), ['8']);
});

test('Mistakes marks the wrong digits; Reveal gives the solution\'s digit; Solve searches', async () => {
  await choose(page, 'Simple');
  await cell(page, 'r1c2').click();  // the solution has 9 there
  await page.locator('#menu button', { hasText: '8' }).click();
  await page.click('#mistakes');
  assert.match(await message(), /^r1c2 holds a digit the solution does not have/);
  assert.deepEqual(await page.locator('.cell.mistake').evaluateAll((e) => e.map((x) => x.dataset.name)), ['r1c2']);
  assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, 8, wrong');
  await screenshot(page, 'board-mistake');
  await page.click('#undo');
  assert.equal(await page.locator('.cell.mistake').count(), 0);
  await cell(page, 'r2c1').click();
  await page.keyboard.press('Escape');
  await page.click('#reveal');
  assert.equal(await message(), "r2c1=3 (the solution's digit)");
  assert.equal(await digit(page, 'r2c1'), '3');
  await choose(page, 'Complex');
  await page.click('#solve');
  assert.match(await message(), /^the search filled \d+ cells$/);
  assert.equal(await status(), 'solved: every cell holds a digit');
});

test('the keyboard alone: arrows, digits, Backspace, Enter', async () => {
  await choose(page, 'Hard');
  await cell(page, 'r1c1').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const focused = () => page.evaluate(() => document.activeElement.dataset.name);
  assert.equal(await focused(), 'r2c3');
  const [d] = await candidates(page, 'r2c3');
  await page.keyboard.press(d);
  assert.equal(await digit(page, 'r2c3'), d);
  await page.keyboard.press('Backspace');
  assert.equal(await digit(page, 'r2c3'), '');
  await page.keyboard.press('Enter');
  const all = await candidates(page, 'r2c3');
  assert.deepEqual(await menu_items(page), all);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const second = all[1];
  assert.equal(await digit(page, 'r2c3'), second);
  assert.equal(await focused(), 'r2c3');
});

test('a placed digit is cleared from its menu; a given has none', async () => {
  await choose(page, 'Simple');
  await cell(page, 'r1c4').click();
  assert.equal(await digit(page, 'r1c4'), '5');
  await cell(page, 'r1c4').click();
  assert.deepEqual(await menu_items(page), ['Clear']);
  await page.locator('#menu button', { hasText: 'Clear' }).click();
  assert.equal(await digit(page, 'r1c4'), '');
  assert.deepEqual(await candidates(page, 'r1c4'), ['5']);
  await cell(page, 'r1c1').click();
  assert.equal(await page.locator('#menu').isHidden(), true);
});

test('Blank gives an empty grid of the same shape to type a puzzle into', async () => {
  await choose(page, 'Hyper');
  await page.click('#blank');
  assert.equal(await page.locator('.cell .digit').count(), 0);
  assert.equal(await page.locator('.cell.window').count(), 36);
  assert.match(await status(), /^81 cells to fill/);
  await cell(page, 'r1c1').focus();
  await page.keyboard.press('7');
  assert.equal(await digit(page, 'r1c1'), '7');
  assert.ok(!(await candidates(page, 'r2c2')).includes('7'));
});

test('Uniqueness: the Unique Rectangles reason on a puzzle of several solutions only when assumed', async () => {
  // puzzles3_magictour_top1465 without its given r1c9: several solutions, so by default the
  // techniques stop after a forcing net; assumed unique, a Unique Rectangle goes on, and the
  // steps it opens leave fewer cells open.
  await paste(page, '6.9.........7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..');
  await page.click('#solveit');
  const open = (text) => Number(/(\d+) cells open/.exec(text)[1]);
  const stopped = await message();
  assert.match(stopped, /\(the hardest: dynamic forcing chain \(\+\)\)/);
  await page.click('#hint');
  assert.match(await message(), /^no technique applies/);
  await page.selectOption('#uniqueness', 'assumed');
  assert.equal(await message(), 'Uniqueness techniques: assume the solution is unique');
  await page.click('#hint');
  assert.equal(await message(), 'Hint 1/3: Unique Rectangle type 1');
  await page.click('#solveit');
  assert.ok(open(await message()) < open(stopped));
  await page.click('#undo');
  await page.selectOption('#uniqueness', 'off');
  await page.click('#hint');
  assert.match(await message(), /^no technique applies/);
  await page.selectOption('#uniqueness', 'proved');
});

test('the highlighted peers are every house\'s: hyper windows and diagonals too', async () => {
  await choose(page, 'X (diagonals)');
  await cell(page, 'r1c1').click();
  await page.keyboard.press('Escape');
  const lit = await page.locator('.cell.peer').evaluateAll((cells) => cells.map((c) => c.dataset.name));
  assert.ok(lit.includes('r9c9') && lit.includes('r5c5'), 'the diagonal');
  assert.ok(lit.includes('r1c9') && lit.includes('r9c1') && lit.includes('r3c3'));
  assert.ok(!lit.includes('r2c5') && !lit.includes('r1c1'));
  await choose(page, 'Hyper');
  await cell(page, 'r2c2').click();
  await page.keyboard.press('Escape');
  const window = await page.locator('.cell.peer').evaluateAll((cells) => cells.map((c) => c.dataset.name));
  assert.ok(window.includes('r4c4'), 'r4c4 shares the window of rows and columns 2-4 with r2c2');
});

test('the Puzzle menu and Save follow where the position came from', async () => {
  await choose(page, 'Easy');
  assert.equal(await page.locator('#puzzle').inputValue(), '1');
  await paste(page, '1.6..243....7.96...7..........8...2..14.....6.5...........4...8....3..49.35....1.');
  assert.equal(await page.locator('#puzzle').inputValue(), '');
  assert.equal(await page.locator('#puzzle option:checked').textContent(), 'another puzzle');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  assert.equal(download.suggestedFilename(), 'pasted.txt');
  await page.click('#blank');
  assert.equal(await page.locator('#puzzle').inputValue(), '');
  await choose(page, 'Hard');
  assert.equal(await page.locator('#puzzle').inputValue(), '2');
});

test('a link opens the same position, and the next visit goes on from the last', async () => {
  await choose(page, 'Simple');
  await cell(page, 'r1c2').click();
  await page.locator('#menu button', { hasText: '8' }).click();
  await page.click('#link');
  await page.waitForFunction(() =>
    document.getElementById('message').textContent.startsWith('This page\'s address now opens this position'));
  const url = page.url();
  assert.match(url, /#p=/);
  const other = await t.browser.newPage();  // another browser profile: nothing stored there
  await other.goto(url);
  await other.waitForSelector('body[data-ready="true"]');
  assert.equal(await digit(other, 'r1c2'), '8');
  assert.equal(await other.locator('.cell.given').count(), 23);
  assert.equal(await other.locator('#message').textContent(),
    'The position of the link: play on, or choose another puzzle.');
  await other.close();
  // The same browser, the page opened again without the link: the position as it was left.
  const third = (await candidates(page, 'r1c4'))[0];
  await cell(page, 'r1c4').click();
  if (await page.locator('#menu').isVisible()) await page.locator('#menu button', { hasText: third }).click();
  assert.equal(await digit(page, 'r1c4'), third);
  await page.goto(t.url);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await digit(page, 'r1c2'), '8');
  assert.equal(await digit(page, 'r1c4'), third);
  assert.equal(await message(), 'Welcome back: the position of your last visit, as you left it.');
  assert.equal(await page.locator('#puzzle').inputValue(), '0');
});

test('the timer runs while the puzzle is open and stops when it is solved', async () => {
  await choose(page, 'Simple');
  assert.match(await page.locator('#timer').textContent(), /^0:0\d$/);
  await page.waitForFunction(() => document.getElementById('timer').textContent !== '0:00');
  await page.click('#solve');
  assert.equal(await page.locator('#timer.done').count(), 1);
  const at = await page.locator('#timer').textContent();
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#timer').textContent(), at, 'stopped');
  await page.click('#undo');
  assert.equal(await page.locator('#timer.done').count(), 0, 'running again once not solved');
});

test('the digit pad places, and with Pencil removes a candidate or brings it back', async () => {
  await choose(page, 'Simple');
  assert.equal(await page.locator('#pad > button').count(), 10, 'nine digits and Clear');
  assert.deepEqual(await page.locator('#pad .tools button').allTextContents(),
    ['Undo', 'Redo', 'Hint', 'Normal', 'Corner', 'Centre', 'Pencil']);
  await cell(page, 'r1c2').click();
  if (await page.locator('#menu').isVisible()) await page.keyboard.press('Escape');
  await page.locator('#pad button', { hasText: '8' }).click();
  assert.equal(await digit(page, 'r1c2'), '8');
  await page.locator('#pad button[aria-label="Clear"]').click();
  assert.deepEqual(await candidates(page, 'r1c2'), ['8', '9']);
  await page.click('#mode-pencil');
  await page.locator('#pad button', { hasText: '9' }).click();
  assert.deepEqual(await candidates(page, 'r1c2'), ['8']);
  await page.locator('#pad button', { hasText: '9' }).click();
  assert.deepEqual(await candidates(page, 'r1c2'), ['8', '9'], 'brought back');
  await page.click('#mode-normal');
  await choose(page, '16×16');
  assert.equal(await page.locator('#pad > button').count(), 17);
  await choose(page, 'Simple');
});

test('Print shows the board alone', async () => {
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.controls').isVisible(), false);
  assert.equal(await page.locator('#pad').isVisible(), false);
  assert.equal(await page.locator('#board').isVisible(), true);
  await screenshot(page, 'print');
  await page.emulateMedia({ media: 'screen' });
  assert.equal(await page.locator('.controls').isVisible(), true);
});

test('a puzzle opens as on paper, without candidates, until the player asks for them', async () => {
  const fresh = await t.browser.newPage();
  await fresh.goto(t.url);
  await fresh.waitForSelector('body[data-ready="true"]');
  for (const name of ['Simple', 'Hard', 'Killer']) {
    await choose(fresh, name);
    assert.equal(await fresh.locator('#hide-undecided').isChecked(), true, name);
    assert.equal(await fresh.locator('.cands').count(), 0, name);
  }
  await fresh.uncheck('#hide-undecided');  // the player's choice stays
  assert.ok(await fresh.locator('.cands').count() > 0);
  await choose(fresh, 'Hard');
  assert.equal(await fresh.locator('#hide-undecided').isChecked(), false);
  assert.ok(await fresh.locator('.cands').count() > 0);
  await fresh.close();
});

test('a digit a peer holds is entered all the same, red with that peer, until taken out', async () => {
  await choose(page, 'Simple');
  const conflicts = () => page.locator('.cell.conflict').evaluateAll((c) => c.map((e) => e.dataset.name));
  await cell(page, 'r1c2').focus();
  await page.keyboard.press('1');  // r1c1 holds the given 1
  assert.equal(await message(), '1 is in r1c1 already, in the same row');
  assert.equal(await page.locator('.cell[data-name="r1c2"] .digit.clash').textContent(), '1');
  assert.deepEqual(await conflicts(), ['r1c1', 'r1c2', 'r5c2'], 'with both peers that hold 1');
  assert.equal(await cell(page, 'r1c2').getAttribute('aria-label'), 'r1c2, 1, clashes with r1c1, r5c2');
  await screenshot(page, 'board-conflict');
  // It stays through other moves, as on paper.
  await cell(page, 'r1c4').click();  // its one candidate, 5, placed
  assert.equal(await digit(page, 'r1c4'), '5');
  assert.equal(await digit(page, 'r1c2'), '1');
  assert.deepEqual(await conflicts(), ['r1c1', 'r1c2', 'r5c2']);
  // Undo takes it back first, then the session's moves.
  await page.click('#undo');
  assert.deepEqual(await conflicts(), []);
  assert.equal(await digit(page, 'r1c2'), '');
  assert.equal(await digit(page, 'r1c4'), '5');
  await page.click('#undo');
  assert.equal(await digit(page, 'r1c4'), '');
  // Kept with the position on the next visit.
  await cell(page, 'r1c2').focus();
  await page.keyboard.press('1');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#solver-tools > summary');
  assert.deepEqual(await conflicts(), ['r1c1', 'r1c2', 'r5c2']);
  await page.click('#undo');
  assert.deepEqual(await conflicts(), []);
  // Cleared by the pad's erase key, or replaced by another digit.
  await cell(page, 'r1c2').focus();
  await page.keyboard.press('6');  // r1c3 holds 6
  assert.deepEqual(await conflicts(), ['r1c2', 'r1c3']);
  await page.locator('#pad button[aria-label="Clear"]').click();
  assert.deepEqual(await conflicts(), []);
  await cell(page, 'r1c2').focus();
  await page.keyboard.press('6');
  await page.keyboard.press('8');
  assert.equal(await digit(page, 'r1c2'), '8');
  assert.deepEqual(await conflicts(), []);
  await page.click('#undo');
});

test('a clashing digit goes in once its peer is cleared', async () => {
  await choose(page, 'Simple');
  await cell(page, 'r1c4').click();  // 5 placed
  await cell(page, 'r1c5').focus();
  await page.keyboard.press('5');  // clashes with r1c4
  assert.deepEqual(await page.locator('.cell.conflict').evaluateAll((c) => c.map((e) => e.dataset.name)),
    ['r1c4', 'r1c5']);
  await cell(page, 'r1c4').focus();
  await page.keyboard.press('Delete');
  assert.equal(await digit(page, 'r1c5'), '5');
  assert.ok(await cell(page, 'r1c5').evaluate((e) => e.classList.contains('placed')), 'placed in the session');
  assert.equal(await page.locator('.cell.conflict').count(), 0);
});

test('notes in the corners and the centre, kept with the position', async () => {
  await choose(page, 'Simple');
  await page.click('#mode-corner');
  assert.equal(await page.locator('#hide-undecided').isChecked(), true, 'the candidates give way');
  await cell(page, 'r1c2').click();
  await page.keyboard.press('2');
  await page.keyboard.press('5');
  assert.deepEqual(await page.locator('.cell[data-name="r1c2"] .note-corner').allTextContents(), ['2', '5']);
  await page.click('#mode-centre');
  await cell(page, 'r1c2').click();
  await page.locator('#pad button', { hasText: '7' }).click();
  await page.locator('#pad button', { hasText: '9' }).click();
  await page.locator('#pad button', { hasText: '7' }).click();  // again: taken out
  assert.equal(await page.locator('.cell[data-name="r1c2"] .note-centre').textContent(), '9');
  assert.equal(await page.locator('.cell[data-name="r1c2"].placed').count(), 0, 'nothing placed');
  await screenshot(page, 'board-notes');
  await page.goto(t.url);  // the next visit
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepEqual(await page.locator('.cell[data-name="r1c2"] .note-corner').allTextContents(), ['2', '5']);
  assert.equal(await page.locator('.cell[data-name="r1c2"] .note-centre').textContent(), '9');
  await choose(page, 'Simple');  // another puzzle opened: no notes
  assert.equal(await page.locator('.note-corner').count(), 0);
  await page.uncheck('#hide-undecided');
});

// The page's messages name its buttons, never the terminal's commands ('step', 'reveal r3c5',
// 'solve search', 'check', 'mark').
const terminal = /'(step|reveal|solve|check|mark|undo)\b/;

test('messages name the page\'s buttons: Hint again applies the hint, Check, Solve', async () => {
  await choose(page, 'Simple');
  for (let i = 0; i < 3; ++i) await page.click('#hint');
  assert.equal(await message(), 'Hint 3/3: r1c9=7: hidden single in box 3\nPress Hint again to apply it.');
  await page.click('#tool-hint');  // again: the step is taken, as said
  assert.equal(await digit(page, 'r1c9'), '7');
  assert.equal(await message(), 'r1c9=7: hidden single in box 3');
  await page.click('#hint');
  assert.match(await message(), /^Hint 1\/3: /, 'the next hint starts afresh');
  // Simple's solution has 5 in r1c4 and 8 in r1c5 (sudoku --solve): a wrong 5 in r1c5, then
  // Reveal on r1c4, and Solve, which no solution fits.
  await cell(page, 'r1c5').click();
  await page.locator('#menu button', { hasText: '5' }).click();
  await cell(page, 'r1c4').focus();
  await page.click('#reveal');
  assert.equal(await message(), 'the solution has 5 in r1c4, but 5 is in r1c5 already, in the same row: ' +
    'Check shows the wrong digits');
  await page.click('#solve');
  assert.equal(await message(), 'no solution fits the digits placed: Check or Undo, then Solve');
  assert.doesNotMatch(await message(), terminal);
});

test('a puzzle of several solutions: Hint and Solve by logic say that is why they stop', async () => {
  // magictour's top1465 first puzzle without its given r7c6: several solutions, and the
  // library's whole ladder stops with cells open (tests/sudoku_session_test.cpp).
  await paste(page, '4...3.......6..8..........1....5..9..8....6...7.2........1..7..5.3....4.9........\n');
  await page.locator('#solver-tools').evaluate((d) => { d.open = true; });
  await page.click('#solveit');
  await page.waitForFunction(() => /logic is exhausted/.test(document.getElementById('message').textContent),
    null, { timeout: 60000 });
  const text = await message();
  assert.match(text, /open; Reveal gives the selected cell's digit, Solve the rest\n/);
  assert.match(text, /the puzzle has several solutions \(at least 2\): no logic can finish it$/);
  await page.click('#hint');
  assert.equal(await message(), 'no technique applies: the puzzle has several solutions (at least 2): ' +
    'no logic can finish it; Solve fills in one of them, Reveal the selected cell\'s digit of it');
  await screenshot(page, 'board-several-solutions');
  await page.click('#solve');
  assert.match(await message(), /^the search filled \d+ cells/);
  assert.doesNotMatch(text, terminal);
});
