// What every browser test needs: the built page served from 127.0.0.1 by a tiny static server,
// Debian's Chromium headless driven by playwright-core, and helpers that read the board.
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const page_dir = process.env.SUDOKU_WEB_PAGE;
export const shots = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'web-shots');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.txt': 'text/plain' };

// Serves page_dir on a free port of 127.0.0.1; resolves to {url, close}.
export async function serve() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(page_dir, path.endsWith('/') ? join(path, 'index.html') : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

// Starts Chromium and the server, opens the page and waits for the board; returns {browser,
// page, close}. `viewport` defaults to a desktop window.
export async function start(viewport = { width: 1200, height: 860 }) {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  // The tests read candidates: the view is chosen once (candidates shown), so that an easy
  // puzzle does not open with them hidden.
  await page.check('#hide-undecided');
  await page.uncheck('#hide-undecided');
  // The solver's tools (Singles, Soles, Uniqueness, ...) are folded away: the tests use them.
  await page.click('#solver-tools > summary');
  return {
    browser, page, errors, url: server.url,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

// The page for a file of tests: started before its first test, then handed to `opened`
// (start()'s {browser, page, url}), and closed after its last test, when the page must have
// thrown no error.
export function open_page(opened, viewport) {
  let t;
  before(async () => {
    t = await start(viewport);
    opened(t);
  });
  after(async () => {
    assert.deepEqual(t.errors.map(String), [], 'no error in the page');
    await t.close();
  });
}

export async function screenshot(page, name) {
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

// Clears the page's message, so that the next one cannot be mistaken for an old one.
export async function clear_message(page) {
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
}

// Pastes `text` by the Paste dialog and waits until the page has opened it: the dialog's close
// event, which opens it, comes in a task of its own after the click (the message is cleared
// first and the page always says something when it opens a puzzle).
export async function paste(page, text) {
  await page.click('#paste');
  await page.fill('#paste-text', text);
  await clear_message(page);
  await page.click('#paste-open');
  await page.waitForFunction(() => document.getElementById('message').textContent !== '');
}

// The cell named r3c5 (1-based) as a locator.
export const cell = (page, name) => page.locator(`.cell[data-name="${name}"]`);

// The candidates of a cell as drawn, in order (symbols).
export async function candidates(page, name) {
  return cell(page, name).locator('.cands span').evaluateAll(
    (spans) => spans.map((s) => s.textContent).filter((t) => t !== ''));
}

// The digit a cell shows, '' for none.
export async function digit(page, name) {
  const d = cell(page, name).locator('.digit');
  return (await d.count()) ? d.textContent() : '';
}

// The menu's items, as shown.
export async function menu_items(page) {
  return page.locator('#menu button').allTextContents();
}

// Every cell's candidates as drawn, by name, in one look.
export async function all_candidates(page) {
  return page.locator('.cell').evaluateAll((cells) => Object.fromEntries(cells.map((c) =>
    [c.dataset.name, [...c.querySelectorAll('.cands span')].map((s) => s.textContent).filter((x) => x !== '')])));
}

// Opens a built-in puzzle afresh (even the one already chosen).
export async function choose(page, name) {
  await page.locator('#puzzle').evaluate((select, label) => {
    select.value = [...select.options].find((o) => o.label === label).value;
    select.dispatchEvent(new Event('change'));
  }, name);
}
