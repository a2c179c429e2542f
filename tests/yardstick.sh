#!/bin/sh
# build-aux/yardstick, cheaply: a few runs of each game's table, checked
# for its shape. The rows: Rolf against each of the 17 foes of the Arena
# of Death Foes Table; every ordered pair of a game's starter sheets
# (3 sheets: 3 x 2 = 6 duels; 4 sheets: 4 x 3 = 12). Each measured row's
# two win chances and its no-winner share make 100%. Red Sand, Blue Sky's
# combat tables ship empty: every one of its rows is stuck, and the
# refusal is named.
#
#   tests/yardstick.sh SOURCE_DIR BUILD_DIR
set -eu
src=$1
build=$2
runs=20
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

fail () {
  echo "not ok: $*"
  exit 1
}

# rows FILE: the table's rows, the header and its rule left out.
rows () {
  grep '^| ' "$1" | grep -v '^| foe | DF |' | grep -v '^| first | second |' || true
}

for spec in aod:17 gpg:6 tft:12 dogfight:12 rsbs:12; do
  game=${spec%%:*}
  want=${spec#*:}
  "$src/build-aux/yardstick" "$game" "$build" "$runs" 1 > "$work/$game.md"
  got=$(rows "$work/$game.md" | wc -l)
  [ "$got" -eq "$want" ] || fail "$game: $got rows, not $want"
  echo "ok: $game prints $want rows"
done

# The old call, without a game, is still Arena of Death's table.
"$src/build-aux/yardstick" "$build" "$runs" 1 > "$work/default.md"
cmp -s "$work/default.md" "$work/aod.md" || fail "yardstick without a game is not the aod table"
echo "ok: the default game is aod"

# Rolf's DFs as the Foes Table prints them: the Boar 150, the Troll 600.
grep -q '^| Boar | 150 | ' "$work/aod.md" || fail "aod: no Boar row with DF 150"
grep -q '^| Troll | 600 | ' "$work/aod.md" || fail "aod: no Troll row with DF 600"
echo "ok: aod rows carry the printed DF"

# What each game prints of a figure: Drusa's Rep 5, Anna's experience 5,
# Brenna's 12 + 12 + 8 = 32 attribute points.
grep -q '| Drusa of Philippi (Rep 5) |' "$work/rsbs.md" || fail "rsbs: Drusa's Rep 5 missing"
grep -q '| Capt. Anna Brightwell (exp. 5) |' "$work/dogfight.md" || fail "dogfight: Anna's experience 5 missing"
grep -q '^| Brenna Holt (32 pts) |' "$work/tft.md" || fail "tft: Brenna's 32 points missing"
echo "ok: the printed figures"

for game in gpg tft dogfight; do
  rows "$work/$game.md" | python3 -c '
import re, sys
for line in sys.stdin:
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    first, second, none = (float(re.match(r"([0-9.]+)%", c).group(1)) for c in (cells[2], cells[3], cells[4]))
    if abs(first + second + none - 100.0) > 0.15:
        sys.exit("%s: %s + %s + %s is not 100%%" % (sys.argv[1], first, second, none))
' "$game" || fail "$game: the shares of a row do not add up"
  if grep -q 'all stuck' "$work/$game.md"; then
    fail "$game: a duel got stuck"
  fi
  echo "ok: $game rows add up to 100%"
done

stuck=$(rows "$work/rsbs.md" | grep -c '| 100.0% (all stuck) | — |$' || true)
[ "$stuck" -eq 12 ] || fail "rsbs: $stuck of 12 rows stuck"
grep -q '^- rsbs\..*(rsbs/melee-result) is still empty' "$work/rsbs.md" || fail "rsbs: the empty melee-result table is not named"
echo "ok: rsbs stuck on its empty tables, named"
