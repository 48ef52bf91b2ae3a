#!/usr/bin/env bash
# Times dlx's three engines (dancing links, dancing cells, bit sets) on every problem, in one run,
# and shows what --engine auto picks: the measurements behind dlx::choose_engine's rule.
# Each time is the search's own ("elapsed seconds" of --stats: the matrix is read and built
# before it starts), the median of RUNS runs, the engines alternated. With ANCHORS, Knuth's SSXC1
# (dancing cells) is timed too, as the CPU time of its whole process, beside cells and bits
# measured the same way. The solution counts of the engines (and SSXC1's) must agree.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: bench/engines.sh [options] [FILE.dlx | DIR]...

Runs `dlx --engine links`, `cells` and `bits` on each problem (default: every .dlx file of
examples/ and tests/data/, and the problems of bench/compare.sh and bench/knuth.sh) and prints
a table: entries (the nodes of the matrix), options, the median search time of each engine, the
engine `--engine auto` picks and its time over the best one's.
Problems with bounds (links only) are left out.

Options:
  -n, --runs N        runs of each engine per problem, alternated (default 5)
  --build DIR         the build directory (default: build/ in the repository)
  --anchors DIR       time Knuth's DIR/knuth/ssxc1 and `dlx --engine cells` and `bits`, whole
                      process (user + sys), and print the ratios ours / SSXC1
  --min SECONDS       leave out problems whose faster engine (with --anchors: SSXC1) takes
                      less (default 0.01)
  -h, --help          show this help

Exit status: 0 done and every count agreed; 1 some count differed; 2 bad usage or a program
missing.

Example:
  bench/engines.sh --anchors /work/anchors /tmp/problems
EOF
}

script=engines.sh
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
build="$here/build"
anchors=
min=0.01
value_options=("--build:build:a directory" "--anchors:anchors:a directory" "--min:min:seconds")
read_arguments "$@"
inputs=("${positional[@]}")
dlx="$build/apps/dlx"
[ -x "$dlx" ] || die "no $dlx: build the project first"
[ -z "$anchors" ] || [ -x "$anchors/knuth/ssxc1" ] || die "no $anchors/knuth/ssxc1"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
if [ ${#inputs[@]} -eq 0 ]; then
  mkdir -p "$scratch/compare" "$scratch/knuth"
  "$here/bench/compare.sh" --problems "$scratch/compare" "$scratch" > /dev/null
  "$here/bench/knuth.sh" --problems "$scratch/knuth" "$scratch" > /dev/null
  inputs=("$here/examples" "$here/tests/data" "$scratch/compare" "$scratch/knuth")
fi
files=()
for input in "${inputs[@]}"; do
  if [ -d "$input" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$input" -name '*.dlx' | sort)
  elif [ -f "$input" ]; then
    files+=("$input")
  else
    die "no such file or directory: $input"
  fi
done

# The search time and the count of one run: "SECONDS COUNT".
search() {
  "$dlx" --stats --engine "$1" "$2" 2>&1 >/dev/null |
    awk '/^elapsed seconds:/ { t = $3 } /^solutions:/ { s = $2 } END { print t, s }'
}
cpu_from() {  # the user + sys seconds of a command run with its input from a file
  local file="$1"; shift
  /usr/bin/time -f '%U %S' -o "$scratch/time" "$@" < "$file" > /dev/null 2>&1 || true
  tail -n 1 "$scratch/time" | awk '{ print $1 + $2 }'
}

status=0
if [ -n "$anchors" ]; then
  printf '%-34s %9s %8s %8s %8s %7s %7s\n' problem entries cells bits ssxc1 'c / s' 'b / s'
else
  printf '%-34s %9s %7s %9s %9s %9s %6s %8s\n' problem entries options links cells bits auto \
    'auto/best'
fi
for f in "${files[@]}"; do
  name="$(basename "$f" .dlx)"
  [ ${#name} -le 34 ] || name="${name:0:31}..."
  "$dlx" --engine cells --max-nodes 1 "$f" > /dev/null 2>&1 || [ $? -ne 2 ] || continue  # bounds
  entries=$(grep -v '^[[:space:]]*|' "$f" | tail -n +2 | wc -w)
  if [ -n "$anchors" ]; then
    ours=(); bits=(); theirs=()
    for ((r = 0; r < runs; r++)); do
      ours+=("$(cpu_from /dev/null "$dlx" --engine cells "$f")")
      bits+=("$(cpu_from /dev/null "$dlx" --engine bits "$f")")
      theirs+=("$(cpu_from "$f" "$anchors/knuth/ssxc1" v0)")
    done
    a=$(printf '%s\n' "${ours[@]}" | median)
    c=$(printf '%s\n' "${bits[@]}" | median)
    b=$(printf '%s\n' "${theirs[@]}" | median)
    ca=$("$dlx" --engine cells "$f" | tail -n 1)
    cc=$("$dlx" --engine bits "$f" | tail -n 1)
    cb=$("$anchors/knuth/ssxc1" < "$f" 2>&1 | awk '/^Altogether/ { print $2 }')
    [ "$ca" = "$cb" ] && [ "$cc" = "$cb" ] ||
      { echo "engines.sh: $f: cells count $ca, bits $cc, SSXC1 $cb" >&2; status=1; }
    awk -v n="$name" -v e="$entries" -v a="$a" -v c="$c" -v b="$b" -v min="$min" 'BEGIN {
      if (b < min) exit
      printf "%-34s %9d %8.3f %8.3f %8.3f %7.3f %7.3f\n", n, e, a, c, b, a / b, c / b
    }'
    continue
  fi
  links=(); cells=(); bits=(); counts=()
  for ((r = 0; r < runs; r++)); do
    read -r t s < <(search links "$f"); links+=("$t"); counts+=("$s")
    read -r t s < <(search cells "$f"); cells+=("$t"); counts+=("$s")
    read -r t s < <(search bits "$f"); bits+=("$t"); counts+=("$s")
  done
  if [ "$(printf '%s\n' "${counts[@]}" | sort -u | wc -l)" -ne 1 ]; then
    echo "engines.sh: $f: the engines count differently: $(printf '%s\n' "${counts[@]}" | sort -u | tr '\n' ' ')" >&2
    status=1
  fi
  l=$(printf '%s\n' "${links[@]}" | median)
  c=$(printf '%s\n' "${cells[@]}" | median)
  b=$(printf '%s\n' "${bits[@]}" | median)
  options=$(grep -v '^[[:space:]]*|' "$f" | grep -c '[^[:space:]]')
  options=$((options - 1))
  pick=$("$dlx" --stats "$f" 2>&1 >/dev/null | awk '/^engine:/ { print $2 }')
  awk -v n="$name" -v e="$entries" -v o="$options" -v l="$l" -v c="$c" -v b="$b" -v p="$pick" \
    -v min="$min" 'BEGIN {
    best = l < c ? l : c
    best = b < best ? b : best
    if (best < min) exit
    a = p == "cells" ? c : p == "bits" ? b : l
    printf "%-34s %9d %7d %9.4f %9.4f %9.4f %6s %8.3f\n", n, e, o, l, c, b, p, a / best
  }'
done
exit $status
