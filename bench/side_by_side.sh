#!/usr/bin/env bash
# The side-by-side table of the sudoku sets: this project's `sudoku` against tdoku's driver, and
# kudoku and fast_solv_9r2 in tdoku's harness, on the same files in one run, with our search
# nodes beside the times.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/side_by_side.sh [options] ANCHORS [BUILD] [SET...]

For each set (default: the 17-clue, top1465 and serg files of /work/shared/data/sudoku, then
bench/data/top1465-hardest-10.txt and bench/data/generated-er9.txt), prints µs per puzzle of:
  ours            `sudoku --count --limit 2 -f line SET`, CPU time of the whole process
                  (user + sys), median of RUNS runs alternated with tdoku's; a set of
                  fewer than 2000 puzzles is timed as one file of copies of it
  tdoku           `tdoku_driver -l 2 SET`, the same way
  kudoku, fast_solv_9r2
                  `run_benchmark -s SOLVER SET` (tdoku's harness: its own warm-up and
                  timing loop, by the wall clock, scaled by the process's CPU time over its
                  wall time, since a loaded machine stretches the wall clock)
and our search nodes per puzzle at limit 2 (`sudoku_bench --runs 1 --limit 2`), with the
ratios ours / kudoku and ours / tdoku. The counts of ours and tdoku's are checked to agree.
ANCHORS holds tdoku/tdoku_driver and tdoku/run_benchmark (../shared/anchors/build.sh makes
them); BUILD is the project's build directory (default: build/ in the repository).

Options:
  -n, --runs N      runs of ours and tdoku_driver per set, alternated (default 5)
  -t, --time S      run_benchmark's target time per solver and set, seconds (default 5)
  -h, --help        show this help

Exit status: 0 done and the counts agreed; 1 a count differed; 2 bad usage or a program missing.
EOF
}

script=side_by_side.sh
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
seconds=5
value_options=("-t|--time:seconds:a number of seconds")
read_arguments "$@"
positive --time "$seconds"
[ ${#positional[@]} -ge 1 ] || { usage >&2; exit 2; }
anchors="${positional[0]}"
build="${positional[1]:-$here/build}"
sets=("${positional[@]:2}")
if [ ${#sets[@]} -eq 0 ]; then
  data=/work/shared/data/sudoku
  sets=("$data/puzzles2_17_clue" "$data/puzzles3_magictour_top1465" "$data/puzzles7_serg_benchmark"
        "$here/bench/data/top1465-hardest-10.txt" "$here/bench/data/generated-er9.txt")
fi
tdoku="$anchors/tdoku/tdoku_driver"
harness="$anchors/tdoku/run_benchmark"
sudoku="$build/apps/sudoku"
bench="$build/bench/sudoku_bench"
for program in "$tdoku" "$harness"; do
  [ -x "$program" ] || die "$program is missing: build the anchors with ../shared/anchors/build.sh $anchors"
done
for program in "$sudoku" "$bench"; do
  [ -x "$program" ] || die "$program is missing: build the project into $build (targets sudoku_app, sudoku_bench)"
done
for set in "${sets[@]}"; do [ -f "$set" ] || die "no set '$set'"; done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT


# µs per puzzle of one solver in tdoku's harness, in CPU time: the harness times its loop by the
# wall clock, which a loaded machine stretches, so the figure is scaled by the process's CPU time
# over its wall time (one thread: the share of a core it had).
harness() {  # solver set
  local TIMEFORMAT='%3R %3U %3S'
  { time "$harness" -c 1 -s "$1" -t "$seconds" -w 1 "$2" > "$tmp/harness" 2> /dev/null; } 2> "$tmp/time" ||
    die "run_benchmark -s $1 failed on $2"
  awk -F, -v solver="$1" -v times="$(cat "$tmp/time")" 'BEGIN { split(times, t, " ") }
    $5 == solver { printf "%.1f\n", $7 * (t[2] + t[3]) / t[1] }' "$tmp/harness"
}

status=0
machine_line
echo "ours: $build ($(checkout)); anchors: $anchors"
echo "µs per puzzle, limit 2; ours and tdoku: CPU time of the whole process, median of $runs alternated"
echo "runs; kudoku and fast_solv_9r2: run_benchmark -t $seconds, its wall clock scaled to CPU time;"
echo "nodes: ours, per puzzle"
echo
printf '| %-32s | %7s | %8s | %8s | %7s | %13s | %8s | %8s | %8s |\n' set puzzles ours tdoku kudoku fast_solv_9r2 nodes "/kudoku" "/tdoku"
printf '|%s|%s:|%s:|%s:|%s:|%s:|%s:|%s:|%s:|\n' "$(printf -- '-%.0s' {1..34})" "--------" "---------" "---------" "--------" "--------------" "---------" "---------" "---------"
for set in "${sets[@]}"; do
  puzzles="$(grep -c . "$set")"
  # A small set is timed repeated to 2000 puzzles or more, so that the start of each program
  # (a few ms) does not make its figure.
  copies=$(( (2000 + puzzles - 1) / puzzles ))
  : > "$tmp/set"
  for ((i = 0; i < copies; i++)); do cat "$set" >> "$tmp/set"; done
  : > "$tmp/ours.t"; : > "$tmp/tdoku.t"
  for ((i = 0; i < runs; i++)); do
    cpu "$sudoku" --count --limit 2 -f line "$tmp/set" >> "$tmp/ours.t"
    mv "$tmp/out" "$tmp/ours.out"
    cpu "$tdoku" -l 2 "$tmp/set" >> "$tmp/tdoku.t"
    mv "$tmp/out" "$tmp/tdoku.out"
  done
  if ! cmp -s <(sed 's/+$//' "$tmp/ours.out") <(cut -d: -f2 "$tmp/tdoku.out"); then
    echo "side_by_side.sh: $(basename "$set"): the counts per puzzle differ from tdoku's" >&2
    status=1
  fi
  ours="$(median < "$tmp/ours.t")"
  theirs="$(median < "$tmp/tdoku.t")"
  kudoku="$(harness kudoku "$set")"
  fast="$(harness fast_solv_9r2 "$set")"
  nodes="$("$bench" --runs 1 --limit 2 "$set" | awk 'NR == 2 { print $5 }')"
  awk -v name="$(basename "$set")" -v p="$((puzzles * copies))" -v o="$ours" -v t="$theirs" -v k="$kudoku" \
      -v f="$fast" -v n="$nodes" -v shown="$puzzles$([ "$copies" -gt 1 ] && echo " x$copies")" 'BEGIN {
    ou = o * 1e6 / p; tu = t * 1e6 / p
    printf "| %-32s | %7s | %8.1f | %8.1f | %7.1f | %13.1f | %8s | %8.2f | %8.2f |\n", name, shown, ou, tu, k, f, n, ou / k, ou / tu
  }'
done
echo
echo "/kudoku, /tdoku: ours / theirs (below 1: ours is faster). puzzles xK: a small set timed K times"
echo "over (one file of K copies), so that the start of a process (a few ms) is not the figure."
exit $status
