#!/bin/sh
# bench-sheets.sh: a library of 10,000 sheets, `arbiter-cli sheet list` and
# `sheet validate` against `xmllint --noout --relaxng` on the same files
# (meson benchmark).
#
#   bench-sheets.sh ARBITER_CLI DATA_DIR SCHEMA    (the source tree's data/,
#                                                  the built sheet.rng)
#
# Each round times the three commands one after the other, so a busy
# machine slows all three alike; the figures are the medians over the
# rounds, each command's as a ratio against xmllint's. One schema
# (sheet.rng) covers all five games, so xmllint runs once per round.
# Fails only on a broken result, never on slowness.
set -eu

cli=$(realpath "$1")
data=$(realpath "$2")
schema=$(realpath "$3")
starters=$data/sheets
n=${BENCH_SHEETS:-10000}
rounds=${BENCH_ROUNDS:-5}

# As a referee runs them, not with the test suite's debugging aids.
unset G_DEBUG MALLOC_CHECK_ MALLOC_PERTURB_

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lib=$work/sheets
mkdir "$lib"

# Copies of the starter sheets, the five games mixed, each with a name of
# its own; some names start with an accented or a lower-case letter, so
# the sort collates what a referee's library holds.
awk -v n="$n" -v dir="$lib" '
  FNR == 1 { t++ }
  { line[t, FNR] = $0; len[t] = FNR }
  END {
    split("Émile|anna|Zoë|Ørjan|bjorn|Ågot|éowyn|Ian", given, "|")
    for (i = 0; i < n; i++) {
      k = i % t + 1
      file = sprintf ("%s/sheet-%05d.xml", dir, i)
      for (l = 1; l <= len[k]; l++) {
        s = line[k, l]
        if (s ~ /^  <name>/)
          sub (/<\/name>/, sprintf (" %s %05d</name>", given[i % 8 + 1], (i * 7919) % n), s)
        print s > file
      }
      close (file)
    }
  }' "$starters"/*.xml

cd "$lib"
count=$(ls | wc -l)
[ "$count" -eq "$n" ] || { echo "bench-sheets: wrote $count sheets, not $n" >&2; exit 1; }

now () {
  date +%s%N
}

median () {
  sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

mkdir "$work/empty"
for t in list validate xmllint start xmllint1; do
  : > "$work/$t.t"
done
for r in $(seq "$rounds"); do
  t0=$(now)
  "$cli" sheet list . > "$work/list.out"
  t1=$(now)
  "$cli" sheet validate sheet-*.xml > "$work/validate.out"
  t2=$(now)
  xmllint --noout --relaxng "$schema" sheet-*.xml 2> "$work/xmllint.out"
  t3=$(now)
  # What each costs before the first sheet: an empty library, one file.
  "$cli" sheet list "$work/empty" > /dev/null
  t4=$(now)
  xmllint --noout --relaxng "$schema" sheet-00000.xml 2> /dev/null
  t5=$(now)
  echo $((t1 - t0)) >> "$work/list.t"
  echo $((t2 - t1)) >> "$work/validate.t"
  echo $((t3 - t2)) >> "$work/xmllint.t"
  echo $((t4 - t3)) >> "$work/start.t"
  echo $((t5 - t4)) >> "$work/xmllint1.t"
done

# A broken result fails: every sheet listed without an error, every one
# valid to both tools.
listed=$(grep -c 'sheet-[0-9]*\.xml$' "$work/list.out" || true)
[ "$listed" -eq "$n" ] || { echo "bench-sheets: sheet list showed $listed of $n sheets" >&2; head "$work/list.out" >&2; exit 1; }
if grep -q '^ *?' "$work/list.out"; then
  echo "bench-sheets: sheet list found an unreadable sheet" >&2; exit 1
fi
valid=$(grep -c ': valid ' "$work/validate.out" || true)
[ "$valid" -eq "$n" ] || { echo "bench-sheets: sheet validate passed $valid of $n sheets" >&2; exit 1; }
validates=$(grep -c ' validates$' "$work/xmllint.out" || true)
[ "$validates" -eq "$n" ] || { echo "bench-sheets: xmllint passed $validates of $n sheets" >&2; exit 1; }

list=$(median < "$work/list.t")
validate=$(median < "$work/validate.t")
xmllint=$(median < "$work/xmllint.t")
start=$(median < "$work/start.t")
xmllint1=$(median < "$work/xmllint1.t")

awk -v n="$n" -v r="$rounds" -v l="$list" -v v="$validate" -v x="$xmllint" -v s="$start" -v x1="$xmllint1" 'BEGIN {
  printf "%d sheets, medians of %d interleaved rounds\n", n, r
  printf "xmllint --noout --relaxng sheet.rng: %8.1f ms (baseline)\n", x / 1e6
  printf "arbiter-cli sheet list:               %8.1f ms  %.2fx xmllint\n", l / 1e6, l / x
  printf "arbiter-cli sheet validate:           %8.1f ms  %.2fx xmllint\n", v / 1e6, v / x
  printf "start-up: arbiter-cli sheet list of an empty folder %.1f ms, xmllint of one sheet %.1f ms\n", s / 1e6, x1 / 1e6
  printf "less start-up: sheet list %.2fx, sheet validate %.2fx xmllint\n", (l - s) / (x - x1), (v - s) / (x - x1)
}'
