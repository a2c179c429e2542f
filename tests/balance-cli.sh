#!/bin/sh
# arbiter-cli balance: the line-ups a seed gives, the same twice; the file
# only read, byte for byte; --apply -o writes the best one added to a new
# file; bad options, pools and files refused, changing nothing.
#
#   tests/balance-cli.sh ARBITER_CLI SOURCE_DIR
set -eu

cli=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
fight="$work/fight.xml"
export XDG_DATA_HOME="$work/data"

enc_file="$fight"
. "$src/tests/cli-check.sh"

fails () {
  # fails STATUS WHAT COMMAND...: the command must exit with STATUS.
  want=$1; what=$2; shift 2
  set +e
  "$@" > "$work/out" 2> "$work/err"
  got=$?
  set -e
  if [ "$got" != "$want" ]; then
    echo "FAILED: $what: exit $got, not $want"; cat "$work/out" "$work/err"; exit 1
  fi
  if ! cmp -s "$fight" "$work/before.xml"; then
    echo "FAILED: $what changed the file"; exit 1
  fi
  echo "ok: $what (exit $want: $(head -n 1 "$work/err"))"
}

step "Rolf (Blue) alone at 3,4 on a 12 x 10 arena; a pool of the Goblin and the Troll"
"$cli" encounter new aod -o "$fight" --map 12x10 > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/aod-rolf.xml" --side Blue --at 3,4 --facing 0 > /dev/null
cp "$fight" "$work/before.xml"
mkdir "$work/pool"
cp "$src/data/sheets/aod-foe-goblin.xml" "$src/data/sheets/aod-foe-troll.xml" "$work/pool/"

step "85% within 10 points, up to two foes, seed 5: the lone Goblin"
"$cli" balance "$fight" --players Blue --win 0.85 --within 10% --max-foes 2 --pool "$work/pool" --seed 5 --json > "$work/a.json"
cmp "$fight" "$work/before.xml" || { echo "FAILED: balance changed the file"; exit 1; }
"$cli" balance "$fight" --players Blue --win 85% --within 0.1 --max-foes 2 --pool "$work/pool" --seed 5 --json > "$work/b.json"
python3 - "$work/a.json" "$work/b.json" <<'PY' || { echo "FAILED: the line-ups"; cat "$work/a.json"; exit 1; }
import json, sys
a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
for k in ("seconds",):
    a.pop(k); b.pop(k)
assert a == b, "the same seed gave another answer"
assert a["seed"] == 5 and a["players"] == "Blue" and a["foe-side"] == "Foes", a
assert a["pool"] == 2 and a["max-foes"] == 2 and abs(a["win"] - 0.85) < 1e-9 and abs(a["within"] - 0.1) < 1e-9
# Goblin, Troll, Goblin x2: the Troll alone is too hard, so no pair holds him.
assert a["tried"] == 3, a["tried"]
assert len(a["lineups"]) == 1, a["lineups"]
l = a["lineups"][0]
assert l["label"] == "Goblin" and [f["name"] for f in l["foes"]] == ["Goblin"], l
assert l["foes"][0]["sheet"].endswith("aod-foe-goblin.xml")
assert 0.75 <= l["low"] <= l["chance"] <= l["high"] <= 0.95, l
assert abs(l["chance"] - l["wins"] / l["runs"]) < 1e-9 and l["runs"] >= 16
PY
echo "ok: the lone Goblin, the same twice"

step "The text: the line-up, its odds and the seed"
"$cli" balance "$fight" --players Blue --win 0.85 --within 0.1 --max-foes 2 --pool "$work/pool" --seed 5 > "$work/text"
grep -q "seed 5" "$work/text" && grep -q "^1\. Goblin (Foes): Blue wins" "$work/text" || { echo "FAILED: the text"; cat "$work/text"; exit 1; }
echo "ok: $(sed -n 4p "$work/text")"

step "--apply -o: a new file with the Goblin added, placed across the arena"
"$cli" balance "$fight" --players Blue --win 0.85 --within 0.1 --pool "$work/pool" --seed 5 --apply -o "$work/out.xml" > /dev/null
cmp "$fight" "$work/before.xml" || { echo "FAILED: --apply changed the file searched"; exit 1; }
"$cli" encounter show "$work/out.xml" > "$work/show"
grep -q "Goblin *Foes" "$work/show" || { echo "FAILED: the Goblin is not in the new file"; cat "$work/show"; exit 1; }
"$cli" simulate "$work/out.xml" --runs 200 --seed 1 > /dev/null || { echo "FAILED: the new fight does not simulate"; exit 1; }
echo "ok: the new file holds Rolf and the Goblin, and plays"
fails 1 "-o over an existing file" "$cli" balance "$fight" --players Blue --win 0.85 --within 0.1 --pool "$work/pool" --seed 5 --apply -o "$work/out.xml"
fails 2 "-o naming the file searched" "$cli" balance "$fight" --players Blue --win 0.85 --within 0.1 --pool "$work/pool" --seed 5 --apply --force -o "$fight"

step "Refusals"
fails 2 "no --players" "$cli" balance "$fight" --win 0.6 --pool "$work/pool"
fails 2 "no --win" "$cli" balance "$fight" --players Blue --pool "$work/pool"
fails 2 "--win 1.5" "$cli" balance "$fight" --players Blue --win 1.5 --pool "$work/pool"
fails 2 "--win sixty" "$cli" balance "$fight" --players Blue --win sixty --pool "$work/pool"
fails 2 "--max-foes 9" "$cli" balance "$fight" --players Blue --win 0.6 --max-foes 9 --pool "$work/pool"
fails 2 "--apply without -o" "$cli" balance "$fight" --players Blue --win 0.6 --apply --pool "$work/pool"
fails 1 "--within 0" "$cli" balance "$fight" --players Blue --win 0.6 --within 0 --pool "$work/pool"
fails 1 "a side nobody is on" "$cli" balance "$fight" --players Green --win 0.6 --pool "$work/pool"
grep -q "Green" "$work/err" || { echo "FAILED: the side is not named"; exit 1; }
mkdir "$work/chars"
cp "$src/data/sheets/aod-lazar.xml" "$work/chars/"
fails 1 "a pool of characters only" "$cli" balance "$fight" --players Blue --win 0.6 --pool "$work/chars"
grep -q "chars" "$work/err" || { echo "FAILED: the pool is not named"; exit 1; }
echo "<sheet" > "$work/pool/broken.xml"
"$cli" balance "$fight" --players Blue --win 0.85 --within 0.1 --max-foes 1 --pool "$work/pool" --seed 5 > /dev/null \
  || { echo "FAILED: an unreadable file in the pool stops the search"; exit 1; }
echo "ok: an unreadable file in the pool is passed over, as the library lists it"
fails 2 "no file" "$cli" balance "$work/none.xml" --players Blue --win 0.6 --pool "$work/pool"
echo "ALL OK"
