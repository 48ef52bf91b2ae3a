// docs/board.png, the picture in the project's README, is the current page: this test takes it
// (1280x900, the "Hard" puzzle after a few steps, its candidates and a hint's last stage) and
// fails when the committed picture differs from the page in more than 2% of its pixels.
// SUDOKU_WEB_DOCS=1 writes the new picture to docs/board.png instead:
//   SUDOKU_WEB_DOCS=1 ctest --test-dir build -R Web.docs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { open_page, shots, choose } from './harness.mjs';

const docs = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'board.png');

let t;
open_page((opened) => {
  t = opened;
});

// The share of pixels of two PNGs of one size that differ by more than a shade, measured in
// the browser's canvas.
async function difference(page, a, b) {
  return page.evaluate(async ([a, b]) => {
    const load = (data) => new Promise((ok, fail) => {
      const img = new Image();
      img.onload = () => ok(img);
      img.onerror = fail;
      img.src = `data:image/png;base64,${data}`;
    });
    const [x, y] = await Promise.all([load(a), load(b)]);
    if (x.width !== y.width || x.height !== y.height) return 1;
    const pixels = (img) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0);
      return context.getImageData(0, 0, img.width, img.height).data;
    };
    const p = pixels(x), q = pixels(y);
    let differ = 0;
    for (let i = 0; i < p.length; i += 4)
      if (Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]) > 48) ++differ;
    return differ / (p.length / 4);
  }, [a.toString('base64'), b.toString('base64')]);
}

test('docs/board.png is the page as it is', async () => {
  const context = await t.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(t.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.uncheck('#hide-undecided');
  await choose(page, 'Hard');
  await page.waitForFunction(() => document.getElementById('difficulty').textContent !== '');
  for (let i = 0; i < 12; ++i) await page.click('#tool-hint');  // three hints taken, each in four presses
  for (let i = 0; i < 3; ++i) await page.click('#tool-hint');   // and the next, whole
  await page.evaluate(() => document.activeElement.blur());
  const picture = await page.screenshot();
  await mkdir(shots, { recursive: true });
  await writeFile(join(shots, 'board.png'), picture);
  if (process.env.SUDOKU_WEB_DOCS === '1') {
    await writeFile(docs, picture);
  } else {
    const share = await difference(page, picture, await readFile(docs));
    assert.ok(share <= 0.02, `docs/board.png differs from the page in ${(share * 100).toFixed(1)}% of its ` +
      'pixels: SUDOKU_WEB_DOCS=1 ctest --test-dir build -R Web.docs writes it anew');
  }
  await context.close();
});
