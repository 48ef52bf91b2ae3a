#!/usr/bin/env bash
# Times this project's commands against the anchors on the same work, in one run:
#   (a) `dlx FILE` against Knuth's `dlx1 < FILE` on the four problems of bench_dlx (13 queens,
#       Langford pairs n = 12, Latin squares of order 5, pentominoes on 6x10; every solution,
#       no symmetry broken), written here as .dlx files from the rules of bench/problems.hpp;
#   (b) `sudoku --count --limit 2 -f line FILE` against `tdoku_driver -l 2 FILE` on each set.
# Each time is the CPU time of the whole process (user + sys, from bash's `time`), the median of
# RUNS runs, ours and theirs alternated. The answers are checked: solutions, nodes and updates
# against DLX1's; the count of every puzzle against tdoku's.
#
# The anchors are not part of the project and nothing here is needed by CI; build them with
# ../shared/anchors/build.sh ANCHORS (see that folder's README.md).
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: bench/compare.sh [options] ANCHORS [BUILD]

Times the project's dlx and sudoku commands against the anchors built in ANCHORS
(ANCHORS/knuth/dlx1 and ANCHORS/tdoku/tdoku_driver) on the same work, and prints a table:
work, our median CPU time, theirs, and the ratio ours / theirs (below 1: ours is faster).
BUILD is the project's build directory (default: build/ in the repository).

Options:
  -n, --runs N      runs of each program per work, alternated (default 5)
  --sets DIR        the sudoku sample sets (default /work/shared/data/sudoku): every file in DIR
                    of one 81-character puzzle per line
  --only WHAT       dlx or sudoku: only that half
  --problems DIR    write the four .dlx problems into DIR and exit
  -h, --help        show this help

Exit status: 0 done and every answer agreed; 1 some answer differed; 2 bad usage or a
program missing.

Example:
  ../shared/anchors/build.sh /work/anchors && bench/compare.sh /work/anchors
EOF
}

script=compare.sh
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
sets=/work/shared/data/sudoku
only=
problems_dir=
value_options=("--sets:sets:a directory" "--only:only:dlx or sudoku" "--problems:problems_dir:a directory")
read_arguments "$@"
case "$only" in ""|dlx|sudoku) ;; *) die "--only wants dlx or sudoku, not '$only'" ;; esac

# The four problems of bench_dlx, item for item and option for option as bench/problems.hpp
# builds them (names, item order and option order decide the search DLX1 makes).
write_problems() {
  local dir="$1"
  awk 'function code(i, count) { return count <= 36 ? substr("0123456789abcdefghijklmnopqrstuvwxyz", i + 1, 1) : i }
    BEGIN {
      n = 13; d = 2 * n - 1
      print "| 13 queens: rows and columns primary, diagonals secondary (bench/problems.hpp)"
      line = ""
      for (i = 0; i < n; i++) line = line "r" code(i, n) " c" code(i, n) " "
      line = line "|"
      for (k = 0; k < d; k++) line = line " a" code(k, d)
      for (k = 0; k < d; k++) line = line " b" code(k, d)
      print line
      for (i = 0; i < n; i++) for (j = 0; j < n; j++)
        print "r" code(i, n) " c" code(j, n) " a" code(i + j, d) " b" code(j - i + n - 1, d)
    }' > "$dir/queens-13.dlx"
  awk 'BEGIN {
      n = 12
      print "| Langford pairs n = 12, mirror images counted (bench/problems.hpp)"
      line = "v1"
      for (i = 2; i <= n; i++) line = line " v" i
      for (j = 1; j <= 2 * n; j++) line = line " s" j
      print line
      for (i = 1; i <= n; i++) for (j = 1; j + i + 1 <= 2 * n; j++)
        print "v" i " s" j " s" (j + i + 1)
    }' > "$dir/langford-12.dlx"
  awk 'function code(i, count) { return count <= 36 ? substr("0123456789abcdefghijklmnopqrstuvwxyz", i + 1, 1) : i }
    function name(p, i, j, count) { return p code(i, count) (count > 36 ? "," : "") code(j, count) }
    BEGIN {
      n = 5
      print "| Latin squares of order 5 (bench/problems.hpp)"
      line = ""
      for (i = 0; i < n * n; i++) line = line (i ? " " : "") name("p", int(i / n), i % n, n)
      for (i = 0; i < n * n; i++) line = line " " name("r", int(i / n), i % n, n)
      for (i = 0; i < n * n; i++) line = line " " name("c", int(i / n), i % n, n)
      print line
      for (r = 0; r < n; r++) for (c = 0; c < n; c++) for (v = 0; v < n; v++)
        print name("p", r, c, n) " " name("r", r, v, n) " " name("c", c, v, n)
    }' > "$dir/latin-5.dlx"
  # A shape is its five cells as "rc" pairs of digits, sorted: sorting the strings sorts the
  # cells, and the shapes, as std::sort sorts the arrays of pairs.
  awk 'function sort(a, k,   i, j, t) {
      for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    }
    function normal(   i, top, left, s) {  # translate x[], y[] to touch row 0 and column 0
      top = x[1]; left = y[1]
      for (i = 2; i <= 5; i++) { if (x[i] < top) top = x[i]; if (y[i] < left) left = y[i] }
      for (i = 1; i <= 5; i++) cell[i] = (x[i] - top) "" (y[i] - left)
      sort(cell, 5)
      s = ""
      for (i = 1; i <= 5; i++) s = s cell[i]
      return s
    }
    BEGIN {
      rows = 6; columns = 10
      split("F I L N P T U V W X Y Z", piece, " ")
      shape["F"] = "0102101121"; shape["I"] = "0010203040"; shape["L"] = "0010203031"
      shape["N"] = "0111202130"; shape["P"] = "0001101120"; shape["T"] = "0001021121"
      shape["U"] = "0002101112"; shape["V"] = "0010202122"; shape["W"] = "0010112122"
      shape["X"] = "0110111221"; shape["Y"] = "0110112131"; shape["Z"] = "0001112122"
      print "| Scott'"'"'s pentomino problem on 6x10, every tiling counted (bench/problems.hpp)"
      line = "F I L N P T U V W X Y Z"
      for (r = 0; r < rows; r++) for (c = 0; c < columns; c++) line = line " " r c
      print line
      for (p = 1; p <= 12; p++) {
        s = shape[piece[p]]
        for (i = 1; i <= 5; i++) { x[i] = substr(s, 2 * i - 1, 1) + 0; y[i] = substr(s, 2 * i, 1) + 0 }
        delete seen; k = 0
        for (m = 0; m < 2; m++) {
          for (t = 0; t < 4; t++) {
            for (i = 1; i <= 5; i++) { u = x[i]; x[i] = y[i]; y[i] = -u }  # a quarter turn
            o = normal()
            if (!(o in seen)) { seen[o] = 1; orient[++k] = o }
          }
          for (i = 1; i <= 5; i++) y[i] = -y[i]  # a mirror image
        }
        sort(orient, k)
        for (q = 1; q <= k; q++) {
          height = 0; width = 0
          for (i = 1; i <= 5; i++) {
            dr[i] = substr(orient[q], 2 * i - 1, 1) + 0; dc[i] = substr(orient[q], 2 * i, 1) + 0
            if (dr[i] + 1 > height) height = dr[i] + 1
            if (dc[i] + 1 > width) width = dc[i] + 1
          }
          for (r = 0; r + height <= rows; r++) for (c = 0; c + width <= columns; c++) {
            line = piece[p]
            for (i = 1; i <= 5; i++) line = line " " (r + dr[i]) "" (c + dc[i])
            print line
          }
        }
      }
    }' > "$dir/pentominoes-6x10.dlx"
}

if [ -n "$problems_dir" ]; then
  mkdir -p "$problems_dir"
  write_problems "$problems_dir"
  echo "wrote queens-13.dlx langford-12.dlx latin-5.dlx pentominoes-6x10.dlx in $problems_dir"
  exit 0
fi

anchors_and_build
need() {  # a program that must be there: its path, and what makes it
  [ -x "$1" ] || die "$1 is missing or not executable: $2"
}
dlx1="$anchors/knuth/dlx1"
tdoku="$anchors/tdoku/tdoku_driver"
dlx="$build/apps/dlx"
sudoku="$build/apps/sudoku"
if [ "$only" != sudoku ]; then
  need "$dlx1" "build the anchors with ../shared/anchors/build.sh $anchors"
  need "$dlx" "build the project into $build (cmake -S . -B $build && cmake --build $build)"
fi
if [ "$only" != dlx ]; then
  need "$tdoku" "build the anchors with ../shared/anchors/build.sh $anchors"
  need "$sudoku" "build the project into $build (cmake -S . -B $build && cmake --build $build)"
  [ -d "$sets" ] || die "no sudoku sets folder '$sets' (--sets DIR)"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT


status=0
rows=()
details=()
row() { rows+=("$(printf '%-36s %9.3f s %9.3f s %7.2f' "$1" "$2" "$3" "$(ratio "$2" "$3")")"); }
mismatch() { echo "compare.sh: $*" >&2; status=1; }

# Runs ours and theirs RUNS times, alternated, each writing its times to $tmp/ours.t, $tmp/theirs.t
# and its last outputs to $tmp/ours.out/.err, $tmp/theirs.out/.err.
alternate() {  # ours... -- theirs...
  local ours=() theirs=() i
  while [ "$1" != -- ]; do ours+=("$1"); shift; done
  shift; theirs=("$@")
  : > "$tmp/ours.t"; : > "$tmp/theirs.t"
  for ((i = 0; i < runs; i++)); do
    cpu "${ours[@]}" >> "$tmp/ours.t"
    mv "$tmp/out" "$tmp/ours.out"; mv "$tmp/err" "$tmp/ours.err"
    cpu "${theirs[@]}" >> "$tmp/theirs.t"
    mv "$tmp/out" "$tmp/theirs.out"; mv "$tmp/err" "$tmp/theirs.err"
  done
}

machine_line
echo "ours: $build ($(checkout)); theirs: $anchors"
echo "CPU time of the whole process (user + sys), median of $runs runs each, alternated"
echo

if [ "$only" != sudoku ]; then
  write_problems "$tmp"
  # name, file, known count of solutions (bench_dlx's)
  for problem in "13 queens:queens-13:73712" "Langford pairs n=12:langford-12:216288" \
                 "Latin squares order 5:latin-5:161280" "pentominoes 6x10:pentominoes-6x10:9356"; do
    IFS=: read -r label file known <<< "$problem"
    # shellcheck disable=SC2016  # sh expands them: dlx1 reads the problem on stdin
    alternate "$dlx" --engine links --stats "$tmp/$file.dlx" -- sh -c 'exec "$0" < "$1"' "$dlx1" "$tmp/$file.dlx"
    ours_line="$(awk '/^solutions:/ { s = $2 } /^nodes:/ { n = $2 } /^updates:/ { u = $2 } END { print s, n, u }' "$tmp/ours.err")"
    theirs_line="$(sed -n 's/^Altogether \([0-9]*\) solutions\{0,1\},.* \([0-9]*\) updates,.* \([0-9]*\) nodes.*/\1 \3 \2/p' "$tmp/theirs.err")"
    read -r s n u <<< "$ours_line"
    [ "$(tr -d ' \n' < "$tmp/ours.out")" = "$known" ] || mismatch "$label: dlx prints $(cat "$tmp/ours.out"), not $known"
    [ "$ours_line" = "$theirs_line" ] ||
      mismatch "$label: dlx counts solutions, nodes, updates $ours_line; dlx1 $theirs_line"
    row "$label" "$(median < "$tmp/ours.t")" "$(median < "$tmp/theirs.t")"
    details+=("$label: $s solutions, $n nodes, $u updates (dlx and dlx1 agree: $([ "$ours_line" = "$theirs_line" ] && echo yes || echo NO))")
  done
fi

if [ "$only" != dlx ]; then
  for set in "$sets"/*; do
    [ -f "$set" ] || continue
    case "$set" in *.md|*README*) continue ;; esac
    alternate "$sudoku" --count --limit 2 -f line "$set" -- "$tdoku" -l 2 "$set"
    # Our count per puzzle is 0, 1 or 2+; tdoku's is the second field of puzzle:count:solution.
    if ! cmp -s <(sed 's/+$//' "$tmp/ours.out") <(cut -d: -f2 "$tmp/theirs.out"); then
      mismatch "$(basename "$set"): the counts per puzzle differ from tdoku's (first at puzzle $(cmp <(sed 's/+$//' "$tmp/ours.out") <(cut -d: -f2 "$tmp/theirs.out") | sed -n 's/.* line \([0-9]*\).*/\1/p'))"
    fi
    puzzles="$(wc -l < "$tmp/ours.out")"
    row "$(basename "$set") ($puzzles)" "$(median < "$tmp/ours.t")" "$(median < "$tmp/theirs.t")"
    details+=("$(basename "$set"): $puzzles puzzles, $(grep -c '^1$' "$tmp/ours.out") unique, $(grep -c '^2+$' "$tmp/ours.out") with several solutions, $(grep -c '^0$' "$tmp/ours.out") with none (counts agree with tdoku: $(cmp -s <(sed 's/+$//' "$tmp/ours.out") <(cut -d: -f2 "$tmp/theirs.out") && echo yes || echo NO))")
  done
fi

printf '%-36s %11s %11s %7s\n' work ours theirs ratio
printf '%s\n' "${rows[@]}"
echo
echo "ratio: ours / theirs (below 1: ours is faster). theirs: Knuth's dlx1 < FILE for the dlx problems,"
echo "tdoku_driver -l 2 FILE for the sudoku sets; ours: dlx FILE, sudoku --count --limit 2 -f line FILE"
printf '%s\n' "${details[@]}"
exit $status
