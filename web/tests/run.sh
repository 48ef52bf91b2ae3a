#!/usr/bin/env bash
# Runs one file of browser tests (web/tests/NAME.test.mjs) against the built page in DIR:
#   run.sh NAME DIR
# Skips (exit 77, for ctest) with the reason when something it needs is missing, unless
# DLX_WEB_REQUIRED=1, which makes that a failure (CI sets it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
name=$1 page=$2
chromium=${CHROMIUM:-/usr/bin/chromium}

skip() {
  echo "Web.$name: skipped: $1" >&2
  if [ "${DLX_WEB_REQUIRED:-0}" = 1 ]; then exit 1; fi
  exit 77
}
[ "$page" != none ] || skip "the page was not built (em++ missing: setup.sh installs emscripten)"
[ -f "$page/index.html" ] && [ -f "$page/sudoku.js" ] || skip "no built page in $page (cmake --build build --target web)"
command -v node >/dev/null || skip "no node (setup.sh installs nodejs)"
if [ "$name" != module ]; then  # the binding's own test needs no browser
  [ -x "$chromium" ] || skip "no $chromium (setup.sh installs chromium)"
  [ -d "$here/../node_modules/playwright-core" ] || skip "no web/node_modules (run: cd web && npm ci)"
fi

export SUDOKU_WEB_PAGE=$page CHROMIUM=$chromium
exec node --test --test-reporter=spec "$here/$name.test.mjs"
