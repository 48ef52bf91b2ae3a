#!/usr/bin/env bash
# Installs the Debian 12 packages this project needs, if any is missing; silent when none is.
set -euo pipefail

packages=(
  cmake g++ make                         # build
  libboost-program-options-dev           # argument parsing in apps/
  libedit-dev                            # line editing and history in sudoku --interactive
  libgtest-dev googletest                # tests/
  libbenchmark-dev                       # bench/
  clang-14 libclang-rt-14-dev valgrind   # sanitizer, fuzzing and memory checks
  libopenmpi-dev openmpi-bin             # dlx --mpi (built when MPI is found)
  pkg-config                             # the installed packages' .pc files, checked by CI
  pybind11-dev python3-dev python3-pytest  # the Python module (python/) for /usr/bin/python3
)

if ! command -v dpkg-query >/dev/null; then
  echo "setup.sh: not a Debian system; install by hand: ${packages[*]}" >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup.sh: installing ${missing[*]}" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
