#!/usr/bin/env bash
# Runs the dlx command and Knuth's programs (DLX1, DLX2, DLX3) on the same problems, in one run:
# checks that both find the same solutions (the same count, and the first 2000 solutions the
# same and in the same order) and make exactly the same nodes and updates, and times both. Each time is the
# CPU time of the whole process (user + sys), the median of RUNS runs, ours and Knuth's
# alternated.
#
# The problems are written here (awk), with names of at most 8 characters and one-character
# colors, as Knuth's programs want them:
#   dlx1: n queens, Langford pairs (Algorithm X)
#   dlx2: Latin squares with each cell a colored secondary item (Algorithm C)
#   dlx3: two rooks in every row and column (OEIS A001499), Langford pairs with one empty slot
#         (slots 0:1), two queens a row and column with at most two a diagonal, one or two rooks
#         a row and two a column with colored diagonals (Algorithm M: bounds, slack, colors)
#
# Knuth's programs are not part of the project and CI does not need them; build them with
# ../shared/anchors/build.sh ANCHORS (see that folder's README.md).
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: bench/knuth.sh [options] ANCHORS [BUILD]

Runs BUILD/apps/dlx and Knuth's ANCHORS/knuth/dlx1, dlx2 and dlx3 on the same problems,
checks that solutions, nodes and updates agree exactly, and prints a table: problem, program,
our median CPU time, Knuth's, and the ratio ours / Knuth's (below 1: ours is faster).
BUILD is the project's build directory (default: build/ in the repository).

Options:
  -n, --runs N        runs of each program per problem, alternated (default 5)
  --only PROGRAM      dlx1, dlx2 or dlx3: only the problems of that program
  --problems DIR      write the problems into DIR and exit
  -h, --help          show this help

Exit status: 0 done and everything agreed; 1 some figure or solution differed; 2 bad usage or
a program missing.

Example:
  ../shared/anchors/build.sh /work/anchors && bench/knuth.sh /work/anchors
EOF
}

script=knuth.sh
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
only=
problems_dir=
value_options=("--only:only:a program" "--problems:problems_dir:a directory")
read_arguments "$@"
case "$only" in ""|dlx1|dlx2|dlx3) ;; *) die "--only wants dlx1, dlx2 or dlx3, not '$only'" ;; esac

# The problems: "program:file:label", then the awk program that writes the file.
cases=(
  "dlx1:queens-12:12 queens"
  "dlx1:langford-11:Langford pairs n = 11"
  "dlx2:latin-colors-5:Latin squares of order 5, colored cells"
  "dlx3:rooks-7:two rooks a row and column, 7x7"
  "dlx3:langford-gap-11:Langford pairs n = 11, one slot empty"
  "dlx3:queens2-8:two queens a row and column, 8x8"
  "dlx3:rooks-colors-7:1-2 rooks a row, 2 a column, colored diagonals, 7x7"
)

write_problem() {  # file
  case "$1" in
    queens-12) awk -v n=12 'BEGIN {
        print "| 12 queens: rows and columns primary, diagonals secondary"
        line = ""
        for (i = 0; i < n; i++) line = line (i ? " " : "") "r" i " c" i
        line = line " |"
        for (d = 0; d < 2 * n - 1; d++) line = line " a" d " b" d
        print line
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) print "r" i " c" j " a" i + j " b" j - i + n - 1
      }' ;;
    langford-11) awk -v n=11 'BEGIN {
        print "| Langford pairs n = 11: value v at slots s and s + v + 1"
        line = ""
        for (v = 1; v <= n; v++) line = line (v > 1 ? " " : "") "v" v
        for (s = 1; s <= 2 * n; s++) line = line " s" s
        print line
        for (v = 1; v <= n; v++) for (s = 1; s + v + 1 <= 2 * n; s++) print "v" v " s" s " s" s + v + 1
      }' ;;
    latin-colors-5) awk -v n=5 'BEGIN {
        print "| Latin squares of order 5: value v once in each row and column, each cell colored by its value"
        line = ""
        for (i = 0; i < n; i++) for (v = 0; v < n; v++) line = line (line == "" ? "" : " ") "r" i "v" v " c" i "v" v
        line = line " |"
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) line = line " x" i j
        print line
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) for (v = 0; v < n; v++)
          print "r" i "v" v " c" j "v" v " x" i j ":" v
      }' ;;
    rooks-7) awk -v n=7 'BEGIN {
        print "| two rooks in every row and column of 7x7: 3110940 ways (OEIS A001499)"
        line = ""
        for (i = 0; i < n; i++) line = line (i ? " " : "") "2|r" i
        for (j = 0; j < n; j++) line = line " 2|c" j
        print line
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) print "r" i " c" j
      }' ;;
    langford-gap-11) awk -v n=11 'BEGIN {
        print "| Langford pairs of 1..11 in 23 slots, one left empty (slots 0:1)"
        line = ""
        for (v = 1; v <= n; v++) line = line (v > 1 ? " " : "") "v" v
        for (s = 1; s <= 2 * n + 1; s++) line = line " 0:1|s" s
        print line
        for (v = 1; v <= n; v++) for (s = 1; s + v + 1 <= 2 * n + 1; s++) print "v" v " s" s " s" s + v + 1
      }' ;;
    queens2-8) awk -v n=8 'BEGIN {
        print "| two queens in every row and column of 8x8, at most two on a diagonal (0:2)"
        line = ""
        for (i = 0; i < n; i++) line = line (i ? " " : "") "2|r" i " 2|c" i
        for (d = 0; d < 2 * n - 1; d++) line = line " 0:2|a" d " 0:2|b" d
        print line
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) print "r" i " c" j " a" i + j " b" j - i + n - 1
      }' ;;
    rooks-colors-7) awk -v n=7 'BEGIN {
        print "| one or two rooks a row (1:2), two a column, each diagonal of one color (a or b)"
        line = ""
        for (i = 0; i < n; i++) line = line (i ? " " : "") "1:2|r" i
        for (j = 0; j < n; j++) line = line " 2|c" j
        line = line " |"
        for (d = 0; d < 2 * n - 1; d++) line = line " d" d
        print line
        for (i = 0; i < n; i++) for (j = 0; j < n; j++) print "r" i " c" j " d" i + j ":" substr("ab", (i * j) % 2 + 1, 1)
      }' ;;
    *) die "no problem named $1" ;;
  esac
}

if [ -n "$problems_dir" ]; then
  mkdir -p "$problems_dir"
  for c in "${cases[@]}"; do
    IFS=: read -r _ file _ <<< "$c"
    write_problem "$file" > "$problems_dir/$file.dlx"
  done
  echo "wrote ${#cases[@]} problems in $problems_dir"
  exit 0
fi

anchors_and_build
dlx="$build/apps/dlx"
[ -x "$dlx" ] || die "$dlx is missing: build the project into $build (cmake -S . -B $build && cmake --build $build)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

mismatch() { echo "knuth.sh: $*" >&2; status=1; }

# The first solutions of `dlx -s` and of Knuth's `m1`, in the order found, one line per option
# with its items sorted (Knuth's programs print an option from the item branched on, and "null"
# lines for an item left short, which is no option). Equal files: the same solutions in the same
# order.
ours_solutions() {
  awk '/^solution [0-9]+:$/ { print "--"; next } /^$|^[0-9]+$|^at least/ { next } { print canon($0) }
    function canon(line,   w, k, i, j, t) { k = split(line, w, " "); for (i = 2; i <= k; i++) for (j = i; j > 1 && w[j - 1] > w[j]; j--) { t = w[j]; w[j] = w[j - 1]; w[j - 1] = t } t = w[1]; for (i = 2; i <= k; i++) t = t " " w[i]; return t }' "$1"
}
knuth_solutions() {
  awk '/^[0-9]+:$/ { print "--"; next } / null / { next } { sub(/ \([0-9]+ of [0-9]+\)$/, ""); print canon($0) }
    function canon(line,   w, k, i, j, t) { k = split(line, w, " "); for (i = 2; i <= k; i++) for (j = i; j > 1 && w[j - 1] > w[j]; j--) { t = w[j]; w[j] = w[j - 1]; w[j - 1] = t } t = w[1]; for (i = 2; i <= k; i++) t = t " " w[i]; return t }' "$1"
}
compared=2000  # solutions compared one by one

machine_line
echo "ours: $dlx ($(checkout)); Knuth's: $anchors/knuth"
echo "CPU time of the whole process (user + sys), median of $runs runs each, alternated"
echo

status=0
rows=()
details=()
for c in "${cases[@]}"; do
  IFS=: read -r program file label <<< "$c"
  [ -z "$only" ] || [ "$only" = "$program" ] || continue
  knuth="$anchors/knuth/$program"
  [ -x "$knuth" ] || die "$knuth is missing: build the anchors with ../shared/anchors/build.sh $anchors"
  write_problem "$file" > "$tmp/$file.dlx"

  # The first solutions, once each (printing them is not timed).
  "$dlx" --engine links -s --limit "$compared" "$tmp/$file.dlx" > "$tmp/ours.sol" 2> /dev/null || true
  "$knuth" m1 t"$compared" < "$tmp/$file.dlx" > "$tmp/knuth.sol" 2> /dev/null || true
  if ! cmp -s <(ours_solutions "$tmp/ours.sol") <(knuth_solutions "$tmp/knuth.sol"); then
    mismatch "$label: the first $compared solutions of dlx -s differ from those of $program m1"
    same_solutions=NO
  else
    same_solutions=yes
  fi

  : > "$tmp/ours.t"; : > "$tmp/knuth.t"
  for ((i = 0; i < runs; i++)); do
    cpu "$dlx" --engine links --stats "$tmp/$file.dlx" >> "$tmp/ours.t"; mv "$tmp/err" "$tmp/ours.err"
    # shellcheck disable=SC2016  # sh expands them: Knuth's programs read the problem on stdin
    cpu sh -c 'exec "$0" < "$1"' "$knuth" "$tmp/$file.dlx" >> "$tmp/knuth.t"; mv "$tmp/err" "$tmp/knuth.err"
  done
  ours_line="$(awk '/^solutions:/ { s = $2 } /^nodes:/ { n = $2 } /^updates:/ { u = $2 } END { print s, n, u }' "$tmp/ours.err")"
  knuth_line="$(sed -n 's/^Altogether \([0-9]*\) solutions\{0,1\},.* \([0-9]*\) updates,.* \([0-9]*\) nodes.*/\1 \3 \2/p' "$tmp/knuth.err")"
  [ "$ours_line" = "$knuth_line" ] ||
    mismatch "$label: dlx counts solutions, nodes, updates $ours_line; $program $knuth_line"
  ours_t="$(median < "$tmp/ours.t")"; knuth_t="$(median < "$tmp/knuth.t")"
  rows+=("$(printf '%-52s %-5s %8.3f s %8.3f s %6.2f' "$label" "$program" "$ours_t" "$knuth_t" "$(ratio "$ours_t" "$knuth_t")")")
  read -r s n u <<< "$ours_line"
  details+=("$label: $s solutions, $n nodes, $u updates (figures agree: $([ "$ours_line" = "$knuth_line" ] && echo yes || echo NO); solutions agree: $same_solutions)")
done

printf '%-52s %-5s %10s %10s %6s\n' problem knuth ours "Knuth's" ratio
printf '%s\n' "${rows[@]}"
echo
echo "ratio: ours / Knuth's (below 1: ours is faster); ours: dlx --engine links --stats FILE, Knuth's: PROGRAM < FILE"
printf '%s\n' "${details[@]}"
exit $status
