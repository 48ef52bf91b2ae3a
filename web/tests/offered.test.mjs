// New puzzle: every combination of size and variant the menus offer is made in a few seconds
// (any level), and the ones the library cannot make, or not in seconds, are not offered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open_page, clear_message } from './harness.mjs';

let page;
open_page((opened) => {
  page = opened.page;
});

// The time a puzzle may take: 8 s for 25x25 (the bar), 15 s below, where the slowest
// offered (12x12 anti-knight, 16x16 jigsaw) took up to 7 s over eight seeds (web/app.js, OFFERED),
// and a loaded machine takes longer.
const limit = (size) => (size === 25 ? 8000 : 15000);

test('combinations that cannot be made are not offered', async () => {
  const offered = async (size, variant) => {
    await page.selectOption('#gen-variant', variant);
    return page.locator(`#gen-size option[value="${size}"]`).evaluate((o) => !o.disabled);
  };
  // Hyper windows and samurai grids need square boxes; 4x4 anti-king has no solved grid; random
  // jigsaw regions stop at 16x16; the rest took 10 s or more.
  for (const [size, variant] of [[6, 'hyper'], [12, 'hyper'], [16, 'hyper'], [6, 'samurai'],
    [4, 'anti-king'], [16, 'hyper-x'], [25, 'jigsaw'], [12, 'killer'], [16, 'anti-knight']])
    assert.equal(await offered(size, variant), false, `${size}x${size} ${variant}`);
  for (const [size, variant] of [[9, 'hyper'], [25, 'regular'], [12, 'anti-knight'], [6, 'killer'],
    [4, 'samurai']])
    assert.equal(await offered(size, variant), true, `${size}x${size} ${variant}`);
  // A variant chosen that the size is not offered in moves the size to one it is.
  await page.selectOption('#gen-variant', 'regular');
  await page.selectOption('#gen-size', '25');
  await page.selectOption('#gen-variant', 'killer');
  assert.equal(await page.locator('#gen-size').inputValue(), '9');
});

test('every combination offered is made within seconds', async (t) => {
  const combos = await page.evaluate(() => {
    const out = [];
    const size = document.getElementById('gen-size'), variant = document.getElementById('gen-variant');
    for (const v of [...variant.options].map((o) => o.value)) {
      variant.value = v;
      variant.dispatchEvent(new Event('change'));
      for (const o of size.options) if (!o.disabled) out.push([Number(o.value), v]);
    }
    return out;
  });
  assert.ok(combos.length >= 30, `${combos.length} combinations offered`);
  // The page's seeds from a fixed sequence, so that each run makes the same puzzles and a time
  // over the bar is the library's, not a seed's luck.
  await page.evaluate(() => {
    let state = 12345;
    Math.random = () => {
      state = (state * 16807) % 2147483647;
      return state / 2147483647;
    };
  });
  const slow = [];
  for (const [size, variant] of combos) {
    await page.selectOption('#gen-variant', variant);
    await page.selectOption('#gen-size', String(size));
    await page.selectOption('#gen-level', '');
    await clear_message(page);
    const start = Date.now();
    await page.click('#new');
    await page.waitForFunction(() => /^(A new|No |the )/.test(document.getElementById('message').textContent),
      null, { timeout: 60000 }).catch(() => assert.fail(`${size}x${size} ${variant}: not made in 60 s`));
    const ms = Date.now() - start;
    t.diagnostic(`${size}x${size} ${variant}: ${ms} ms`);
    const text = await page.locator('#message').textContent();
    assert.match(text, new RegExp(`^A new ${size}×${size} ${variant} puzzle: \\d+ givens`), `${size}x${size} ${variant}`);
    if (ms > limit(size)) slow.push(`${size}x${size} ${variant}: ${ms} ms`);
  }
  assert.deepEqual(slow, [], 'made in time');
  assert.equal(await page.locator('#gen-variant option[value="x anti-knight"]').count(), 0, 'X anti-knight not offered');
});
