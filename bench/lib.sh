# What the benchmark scripts share, sourced by them after they set `script` (their name, for
# messages) and define usage(). Sets `here` (the repository), `runs` (5), `positional` (empty)
# and `value_options` (empty).
# shellcheck shell=bash disable=SC2034,SC2154  # the scripts set script, tmp and value_options

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=5
positional=()
value_options=()

die() { echo "$script: $*" >&2; exit 2; }

# Reads the command line "$@": the options of `value_options` (entries "NAMES:VARIABLE:WHAT",
# NAMES such as "-t|--time", each setting VARIABLE to the value that follows, which WHAT
# describes), -n/--runs N, -h/--help; the other arguments onto `positional`. Dies on an unknown
# option, a missing value or a --runs that is not a positive number.
read_arguments() {
  local spec names variable what taken
  while [ $# -gt 0 ]; do
    taken=0
    for spec in "${value_options[@]}" "-n|--runs:runs:a number"; do
      IFS=: read -r names variable what <<< "$spec"
      if [[ "|$names|" == *"|$1|"* ]]; then
        [ $# -ge 2 ] || die "$1 needs $what"
        printf -v "$variable" '%s' "$2"
        taken=2
        break
      fi
    done
    if [ "$taken" -eq 0 ]; then
      case "$1" in
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option '$1' (see --help)" ;;
        *) positional+=("$1"); taken=1 ;;
      esac
    fi
    shift "$taken"
  done
  positive --runs "$runs"
}

# Dies unless $2, given for $1, is a positive whole number.
positive() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "$1 wants a positive number, not '$2'"; }

# Sets `anchors` and `build` from the positional arguments ANCHORS [BUILD] (the usage and exit
# status 2 unless there are one or two of them); dies unless ANCHORS is a folder.
anchors_and_build() {
  if [ ${#positional[@]} -lt 1 ] || [ ${#positional[@]} -gt 2 ]; then usage >&2; exit 2; fi
  anchors="${positional[0]}"
  build="${positional[1]:-$here/build}"
  [ -d "$anchors" ] || die "no anchors folder '$anchors': build it with ../shared/anchors/build.sh $anchors"
}

# The median of the numbers on standard input, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# a / b, or 0 when b is 0.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > 0 ? a / b : 0) }'; }

# CPU time of the whole process in seconds (user + sys); its stdout to $tmp/out, its stderr to
# $tmp/err.
cpu() {
  local TIMEFORMAT='%3U %3S'
  { time "$@" > "$tmp/out" 2> "$tmp/err"; } 2> "$tmp/time" || true
  awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/time"
}

# The first line of a report: the script, the date, the processor, its cores and the load.
machine_line() {
  echo "$script, $(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
}

# What this checkout is: its commit, "-dirty" when changed.
checkout() { git -C "$here" describe --always --dirty 2>/dev/null || echo unknown; }
