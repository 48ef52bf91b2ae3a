// Times the page's puzzle making on the built module in Node.js (the same WebAssembly the page's
// worker runs): makePuzzle, minimal or stopped at GIVENS givens, with its rating, for seeds 1..N.
//   node bench/web_generate.mjs build/web/page SIZE VARIANT GIVENS N [LEVEL]
// Prints each seed's time and givens, then the median and the worst.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [page, size, variant, givens, n, level = ''] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const module = await require(resolve(page, 'sudoku.js'))();
const times = [];
for (let seed = 1; seed <= Number(n); ++seed) {
  const start = performance.now();
  let r, tried = 0;
  for (let k = 0; !(r = module.makePuzzle(Number(size), variant, seed, k, Number(givens), level, 10)).found; ++k) {
    if (!r.ok) throw new Error(r.text);
    tried += r.attempts;
  }
  times.push(performance.now() - start);
  console.log(`seed ${seed}: ${times.at(-1).toFixed(0)} ms, ${r.givens} givens, ${r.rating}, ${tried + r.attempts} made`);
}
times.sort((a, b) => a - b);
console.log(`median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times.at(-1).toFixed(0)} ms`);
