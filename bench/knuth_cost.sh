#!/usr/bin/env bash
# Our cost search and preprocessing against Knuth's DLX5 and DLX-PRE on the same work, in one run:
#   (a) `dlx --best K FILE` against `dlx5 kK < FILE`: pentominoes on 6x10 and 16 queens with a
#       reproducible pseudo-random cost on every option (a linear congruential generator, below),
#       for K = 1 and K = 10. Checked exactly: the solutions that beat the cutoff, the nodes,
#       updates and cleansings, and the K best costs.
#   (b) `dlx --preprocess FILE` against `dlx-pre < FILE`: the pentomino problems of examples/ and
#       sudoku-as-DLX (sudoku-dlx) of the first puzzles of top1465 and of the 16x16 example,
#       checked as sets of options.
# Each time is the CPU time of the whole process (user + sys, from bash's `time`), the median of
# RUNS runs, ours and theirs alternated. The anchors are not part of the project and nothing
# here is needed by CI; build them with ../shared/anchors/build.sh ANCHORS.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: bench/knuth_cost.sh [options] ANCHORS [BUILD]

Times `dlx --best K` against ANCHORS/knuth/dlx5 and `dlx --preprocess` against
ANCHORS/knuth/dlx-pre on the same problems, checks that they agree, and prints a table: work,
our median CPU time, theirs, and the ratio ours / theirs (below 1: ours is faster). BUILD is the
project's build directory (default: build/ in the repository).

Options:
  -n, --runs N      runs of each program per work, alternated (default 5)
  --puzzles FILE    sudoku puzzles for the sudoku-as-DLX cases (default: top1465 in
                    /work/shared/data/sudoku); the first --count of them
  --count N         puzzles written as DLX problems (default 3)
  --problems DIR    write the problems into DIR and exit
  -h, --help        show this help

Exit status: 0 done and every answer agreed; 1 some answer differed; 2 bad usage or a
program missing.
EOF
}

script=knuth_cost.sh
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
puzzles=/work/shared/data/sudoku/puzzles3_magictour_top1465
count=3
problems_dir=
value_options=("--puzzles:puzzles:a file" "--count:count:a number" "--problems:problems_dir:a directory")
read_arguments "$@"
positive --count "$count"

# Appends the cost |c to each option line of a DLX file, c from x -> (1103515245 x + 12345)
# mod 2^31 (seed 1), taken mod 100.
add_costs() {
  awk 'BEGIN { x = 1 }
    /^[ \t]*(\||$)/ { print; next }
    !items { items = 1; print; next }
    { x = (1103515245 * x + 12345) % 2147483648; print $0 " |" int(x / 65536) % 100 }' "$1"
}

write_problems() {
  local dir="$1" build="$2"
  add_costs "$here/examples/pentominoes/pentomino-6x10.dlx" > "$dir/pentomino-6x10-costs.dlx"
  awk 'function code(i) { return substr("0123456789abcdefghijklmnopqrstuvwxyz", i + 1, 1) }
    BEGIN {
      n = 16; d = 2 * n - 1
      print "| 16 queens: rows and columns primary, diagonals secondary"
      line = ""
      for (i = 0; i < n; i++) line = line "r" code(i) " c" code(i) " "
      line = line "|"
      for (k = 0; k < d; k++) line = line " a" code(k)
      for (k = 0; k < d; k++) line = line " b" code(k)
      print line
      for (i = 0; i < n; i++) for (j = 0; j < n; j++)
        print "r" code(i) " c" code(j) " a" code(i + j) " b" code(j - i + n - 1)
    }' > "$dir/queens-16.dlx"
  add_costs "$dir/queens-16.dlx" > "$dir/queens-16-costs.dlx"
  rm "$dir/queens-16.dlx"
  cp "$here/examples/pentominoes/pentomino-6x10.dlx" "$here/examples/pentominoes/pentomino-3x20.dlx" "$dir/"
  if [ -x "$build/examples/sudoku-dlx" ] && [ -r "$puzzles" ]; then
    for i in $(seq 1 "$count"); do
      "$build/examples/sudoku-dlx" -n "$i" "$puzzles" > "$dir/sudoku-$i.dlx"
    done
  fi
  if [ -x "$build/examples/sudoku-dlx" ]; then
    "$build/examples/sudoku-dlx" "$here/examples/sudoku/16x16.txt" > "$dir/sudoku-16x16.dlx"
  fi
}

positional+=("")
anchors="${positional[0]:-}"
build="${positional[1]:-$here/build}"
dlx="$build/apps/dlx"
[ -x "$dlx" ] || die "no $dlx: build the project first (cmake --build $build --target dlx_app)"

if [ -n "$problems_dir" ]; then
  mkdir -p "$problems_dir"
  write_problems "$problems_dir" "$build"
  exit 0
fi
[ -n "$anchors" ] || { usage >&2; exit 2; }
dlx5="$anchors/knuth/dlx5"
pre="$anchors/knuth/dlx-pre"
[ -x "$dlx5" ] || die "no $dlx5 (see ../shared/anchors/README.md)"
[ -x "$pre" ] || die "no $pre (see ../shared/anchors/README.md)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
write_problems "$work" "$build"

# The CPU seconds (user + sys) of one run of a command line.
cpu_line() {
  local TIMEFORMAT='%U %S'
  local t
  t="$( { time bash -c "$1" >/dev/null 2>&1; } 2>&1 )"
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f\n", a[1] + a[2] }'
}

status=0
printf '%-60s %10s %10s %8s\n' "work" "ours" "Knuth" "ratio"
row() {  # name, our command, their command
  local ours=() theirs=()
  for _ in $(seq 1 "$runs"); do
    ours+=("$(cpu_line "$2")")
    theirs+=("$(cpu_line "$3")")
  done
  local a b
  a="$(printf '%s\n' "${ours[@]}" | median)"
  b="$(printf '%s\n' "${theirs[@]}" | median)"
  printf '%-60s %9.3fs %9.3fs %8.2f\n' "$1" "$a" "$b" "$(ratio "$a" "$b")"
}

# (a) The k cheapest solutions: solutions, nodes, updates, cleansings and costs, exactly.
for file in pentomino-6x10-costs queens-16-costs; do
  for k in 1 10; do
    f="$work/$file.dlx"
    theirs="$("$dlx5" "k$k" < "$f" 2>&1 >/dev/null)"
    ours_out="$("$dlx" --best "$k" --stats "$f" 2>"$work/stats")"
    t_fig="$(printf '%s\n' "$theirs" | sed -n 's/^Altogether \([0-9]*\) solutions\{0,1\}, .* \([0-9]*\) updates, \([0-9]*\) cleansings, .* \([0-9]*\) nodes\.$/\1 \4 \2 \3/p')"
    o_fig="$(awk -F': ' '/^(solutions|nodes|updates|cleansings):/ { printf "%s%s", sep, $2; sep = " " } END { print "" }' "$work/stats")"
    t_costs="$(printf '%s\n' "$theirs" | awk '/optimum cost is/ { sub(/.*\$/, ""); print; next }
      /^ \$/ { c = $1; sub(/^\$/, "", c); n = 1; if ($0 ~ /repeated/) { n = $3 }
               for (i = 0; i < n; i++) printf "%s%s", (out++ ? " " : ""), c }
      END { if (out) print "" }')"
    o_costs="$(printf '%s\n' "$ours_out" | sed -n 's/^costs\{0,1\}: //p')"
    if [ "$t_fig" != "$o_fig" ] || [ "$t_costs" != "$o_costs" ]; then
      echo "DIFFERENT: $file k$k: DLX5 '$t_fig' costs '$t_costs'; ours '$o_fig' costs '$o_costs'" >&2
      status=1
    fi
    row "$file --best $k (sols nodes upd cl: $o_fig)" "'$dlx' --best $k '$f'" "'$dlx5' k$k < '$f'"
  done
done

# (b) Preprocessing: the same options left, as sets.
normalize() { awk '!/^[ \t]*(\||$)/ { $1 = $1; if (!seen++) { n = split($0, w, " "); line = ""
  for (i = 1; i <= n; i++) if (w[i] != "|") line = line " " w[i]; print "items" line } else print }' | sort; }
for f in "$work"/pentomino-6x10.dlx "$work"/pentomino-3x20.dlx "$work"/sudoku-*.dlx; do
  [ -e "$f" ] || continue
  name="$(basename "$f" .dlx)"
  if ! diff <("$dlx" --preprocess "$f" | normalize) <("$pre" < "$f" 2>/dev/null | normalize) >/dev/null; then
    echo "DIFFERENT: $name: the options left differ from DLX-PRE's" >&2
    status=1
  fi
  before="$(grep -cv '^[ \t]*\(|\|$\)' "$f")"
  after="$("$dlx" --preprocess "$f" | grep -cv '^[ \t]*\(|\|$\)')"
  row "$name --preprocess ($((before - 1)) -> $((after - 1)) options)" "'$dlx' --preprocess '$f'" "'$pre' < '$f'"
done
exit "$status"
