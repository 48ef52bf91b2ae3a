// The page on every screen: at two desktop windows, a phone and a tablet, the board, the digit
// pad and the message are in view together (a hint's text and an error stay beside the board),
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

// The boxes of the board, the pad and the message, each wholly inside the viewport.
async function in_view(page, viewport, what) {
  for (const id of ['board', 'pad', 'message']) {
    const box = await page.locator(`#${id}`).boundingBox();
    assert.ok(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 &&
      box.y + box.height <= viewport.height + 0.5,
    `${what}: #${id} at (${box?.x}, ${box?.y}) ${box?.width}x${box?.height} outside ${viewport.width}x${viewport.height}`);
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
    const shapes = ['Hard', '16×16', 'Killer', ...(desktop ? ['Samurai', '25×25'] : [])];
    for (const shape of shapes) {
      if (shape === '25×25') await paste(page, blank25);
      else await choose(page, shape);
      // A hint's text, the longest message a player meets, shows too (by the pad's Hint).
      if (shape === 'Hard') for (let i = 0; i < 3; ++i) await page.click('#tool-hint');
      await in_view(page, viewport, `${name} ${shape}`);
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
