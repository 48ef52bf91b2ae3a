#!/usr/bin/env bash
# Installs the Debian 12 packages this project needs, if any is missing; silent when none is.
set -euo pipefail

packages=(
  cmake g++ make                         # build
  libboost-program-options-dev           # argument parsing in apps/
  libedit-dev                            # line editing and history in sudoku --interactive
  nlohmann-json3-dev                     # JSON lines of sudoku (apps/ only): header-only, ordered keys
  libgtest-dev googletest                # tests/
  libbenchmark-dev                       # bench/
  clang-14 libclang-rt-14-dev valgrind   # sanitizer, fuzzing and memory checks
  libopenmpi-dev openmpi-bin             # dlx --mpi (built when MPI is found)
  pkg-config                             # the installed packages' .pc files, checked by CI
  pybind11-dev python3-dev python3-pytest  # the Python module (python/) for /usr/bin/python3
  python3-venv python3-pip               # pip install ./python into a virtual environment
  emscripten nodejs chromium             # the web page (web/): em++ on Node.js, its browser tests
)

# The browser tests' one npm package (playwright-core), from web/package-lock.json.
web_modules() {
  [ -d web/node_modules/playwright-core ] && [ web/node_modules/.package-lock.json -nt web/package-lock.json ] && return
  command -v npm >/dev/null || return 0
  echo "setup.sh: npm ci in web/" >&2
  (cd web && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
}
cd "$(dirname "$0")"

if ! command -v dpkg-query >/dev/null; then
  echo "setup.sh: not a Debian system; install by hand: ${packages[*]}" >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# Debian's nodejs comes without npm (its own package); other builds of nodejs bring it.
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -eq 0 ]; then
  web_modules
  exit 0
fi

echo "setup.sh: installing ${missing[*]}" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
web_modules
