// The page on every screen: at two desktop windows, a phone and a tablet, the board, the digit
// pad with its tools (44 px targets) and the message are in view together (a hint's text and an
// error stay beside the board; clues beside the grid in its margin),
// killer sums are large enough to read, and the page logs no error (no missing favicon).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open_page, screenshot, choose, paste } from './harness.mjs';

let t;
open_page((opened) => {
  t = opened;
});

const viewports = {
  'desktop-1280x900': { width: 1280, height: 900 },
  'desktop-1366x768': { width: 1366, height: 768 },
  'phone-390x844': { width: 390, height: 844 },
  'tablet-768x1024': { width: 768, height: 1024 },
};

// A blank 25x25 grid: its size said by #size.
const blank25 = `#size 25\n${'.'.repeat(625)}\n`;
// Clues beside the grid on all four sides and on a corner, which take a margin around the board.
const clues = '#sandwich r0c3=15 r4c0=0 r10c5=8 r6c10=20\n#little-killer r0c0:dr=45\n' +
  `${'.'.repeat(81)}\n`;

// The boxes of the board, the pad, the message and the clues beside the grid, each wholly
// inside the viewport.
async function in_view(page, viewport, what) {
  const boxes = [];
  for (const id of ['board', 'pad', 'message']) boxes.push([`#${id}`, await page.locator(`#${id}`).boundingBox()]);
  for (const clue of await page.locator('.rule-marks .mark-outside').all())
    boxes.push([`the clue at ${await clue.getAttribute('data-at')}`, await clue.boundingBox()]);
  for (const [name, box] of boxes) {
    assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 &&
      box.y + box.height <= viewport.height + 0.5,
    `${what}: ${name} at (${box?.x}, ${box?.y}) ${box?.width}x${box?.height} outside ${viewport.width}x${viewport.height}`);
  }
}

// The tools by the pad (undo, redo, hint, the modes normal, corner, centre and pencil) and its
// erase key: each in view and a target of 44 px at least each way.
const tools = ['tool-undo', 'tool-redo', 'tool-hint', 'mode-normal', 'mode-corner', 'mode-centre', 'mode-pencil'];
async function tools_in_reach(page, viewport, what) {
  const boxes = await page.evaluate((ids) => ids.map((id) => {
    const r = (id === 'clear' ? document.querySelector('#pad button[aria-label="Clear"]')
      : document.getElementById(id)).getBoundingClientRect();
    return { id, x: r.x, y: r.y, width: r.width, height: r.height };
  }), [...tools, 'clear']);
  for (const b of boxes) {
    assert.ok(b.width >= 44 && b.height >= 44, `${what}: ${b.id} is ${b.width}x${b.height}`);
    assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width + 0.5 && b.y + b.height <= viewport.height + 0.5,
      `${what}: ${b.id} at (${b.x}, ${b.y}) outside ${viewport.width}x${viewport.height}`);
  }
}

for (const [name, viewport] of Object.entries(viewports)) {
  test(`${name}: the board, the pad and the message in view`, async () => {
    const page = await t.browser.newPage({ viewport });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(t.url);
    await page.waitForSelector('body[data-ready="true"]');
    const desktop = name.startsWith('desktop');
    const shapes = ['Hard', '16×16', 'Killer', 'Clues', ...(desktop ? ['Samurai', '25×25'] : [])];
    for (const shape of shapes) {
      if (shape === '25×25') await paste(page, blank25);
      else if (shape === 'Clues') await paste(page, clues);
      else await choose(page, shape);
      // A hint's text, the longest message a player meets, shows too (by the pad's Hint).
      if (shape === 'Hard') for (let i = 0; i < 3; ++i) await page.click('#tool-hint');
      await in_view(page, viewport, `${name} ${shape}`);
      await tools_in_reach(page, viewport, `${name} ${shape}`);
      const board = await page.locator('#board').boundingBox();
      assert.ok(board.width >= Math.min(viewport.width, viewport.height) * 0.45,
        `${name} ${shape}: a board of ${board.width} px uses the window`);
      await screenshot(page, `layout-${name}-${shape.replace('×', 'x')}`);
    }
    assert.deepEqual(errors, [], 'no error in the console');
    await page.close();
  });
}

test('killer sums at two thirds of a candidate\'s size, in a notch of the cage line', async () => {
  const page = await t.browser.newPage({ viewport: viewports['desktop-1280x900'] });
  await page.goto(t.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.uncheck('#hide-undecided');
  await choose(page, 'Killer');
  const [sum, candidate] = await Promise.all([
    page.locator('.cage-sum').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize)),
    page.locator('.cands span').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize)),
  ]);
  const ratio = sum / candidate;
  assert.ok(ratio >= 0.6 && ratio <= 0.7, `sums ${sum} px against candidates ${candidate} px`);
  await screenshot(page, 'layout-killer-candidates');
  await page.close();
});

test('a board too large for the window says so', async () => {
  const page = await t.browser.newPage({ viewport: viewports['phone-390x844'] });
  await page.goto(t.url);
  await page.waitForSelector('body[data-ready="true"]');
  await choose(page, '16×16');
  assert.equal(await page.locator('#too-small').isVisible(), true);
  assert.match(await page.locator('#too-small').textContent(), /^In this window a cell is \d+ px/);
  await choose(page, 'Hard');
  assert.equal(await page.locator('#too-small').isVisible(), false);
  await page.close();
});

test('the modes on the toolbar: one pressed at a time, and what a digit does', async () => {
  const page = await t.browser.newPage({ viewport: viewports['phone-390x844'] });
  await page.goto(t.url);
  await page.waitForSelector('body[data-ready="true"]');
  await choose(page, 'Simple');
  const pressed = () => page.locator('#pad .mode[aria-pressed="true"]').evaluateAll((b) => b.map((e) => e.id));
  assert.deepEqual(await pressed(), ['mode-normal']);
  const r1c2 = page.locator('.cell[data-name="r1c2"]');
  await page.click('#mode-corner');
  assert.deepEqual(await pressed(), ['mode-corner']);
  await r1c2.click();
  await page.locator('#pad > button', { hasText: '8' }).click();
  assert.deepEqual(await r1c2.locator('.note-corner').allTextContents(), ['8']);
  await page.click('#mode-centre');
  assert.deepEqual(await pressed(), ['mode-centre']);
  await page.locator('#pad > button', { hasText: '9' }).click();
  assert.equal(await r1c2.locator('.note-centre').textContent(), '9');
  await page.click('#mode-pencil');
  assert.deepEqual(await pressed(), ['mode-pencil']);
  await page.uncheck('#hide-undecided');
  await page.locator('#pad > button', { hasText: '9' }).click();
  assert.deepEqual(await r1c2.locator('.cands span').evaluateAll((s) => s.map((e) => e.textContent).filter(Boolean)), ['8']);
  await page.click('#mode-normal');
  await page.locator('#pad > button', { hasText: '8' }).click();
  assert.equal(await r1c2.locator('.digit').textContent(), '8');
  await page.click('#tool-undo');
  assert.equal(await r1c2.locator('.digit').count(), 0);
  await screenshot(page, 'layout-phone-toolbar');
  await page.close();
});
