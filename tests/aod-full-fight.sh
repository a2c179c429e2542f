#!/bin/sh
# A whole Arena of Death fight from the shell, with fixed rolls: Rolf the
# Barbarian against the Troll, through a stun, a failed and a successful
# stun recovery, a grievous injury, the kill and the experience. Every
# state along the way is checked.
#
#   tests/aod-full-fight.sh ARBITER_CLI SOURCE_DIR
set -eu

cli=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
fight="$work/fight.xml"
export XDG_DATA_HOME="$work/data"

enc_file="$fight"
. "$src/tests/cli-check.sh"


step "set up: Rolf (Blue) against the Troll (Red), face to face on a 12 x 10 arena"
"$cli" encounter new aod -o "$fight" --map 12x10 > /dev/null
# Rolf comes in as the 3.7 example has him, 8 FT and 4 EN down: --wounded
# keeps the losses a new fight would otherwise heal (1.8).
"$cli" encounter add "$fight" "$src/data/sheets/aod-rolf.xml" --side Blue --at 3,4 --facing 0 --wounded > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/aod-foe-troll.xml" --side Red --at 4,4 --facing 3 > /dev/null
"$cli" encounter start "$fight" > /dev/null
check 'd["round"] == 1 and d["order"] == ["c2", "c1"] and d["current"] == "c2"' \
      "the Troll (AG 14) acts before Rolf (modified AG 13)"
check 'c["c2"]["ap"] == "15" and c["c1"]["ap"] == "9"' "APA 15 and 9"
check 'd["map"] == {"cols": 12, "rows": 10}' "the map is 12 by 10"
if "$cli" encounter add "$fight" "$src/data/sheets/aod-foe-bear.xml" --side Red --at 12,0 > /dev/null 2>&1; then
  echo "FAILED: a bear placed off the map"
  exit 1
fi
check 'len(d["combatants"]) == 2' "a figure off the map is refused and nothing changes"

step "the Troll assails (4 AP): 54 to hit, 40 hits, 9 + 6 = 15, leather 4 and the buckler 3: 8 to Fatigue"
"$cli" run aod.strike --encounter "$fight" --param attacker=c2 --param target=c1 \
    --param attack=Hand --roll 40 --roll 9 --roll 10 --roll 10 --apply > /dev/null
check 'c["c2"]["ap"] == "11"' "the Troll has 11 AP left"
check 'c["c1"]["conditions"].get("stunned") == "on" and c["c1"]["state"]["ft-lost"] == "16"' \
      "8 is more than a third of EN 16: Rolf is stunned, Fatigue 8 + 8 lost"
check '"dropped.Mace" not in c["c1"]["state"] and "dropped.Plain Buckler" not in c["c1"]["state"]' \
      "10 and 10 keep hold of the buckler and the Mace (42 or less, 13.5)"

step "Rolf's turn comes: 50 is more than 4 x EN left (48), he stays stunned"
"$cli" encounter next "$fight" --roll 50 > /dev/null
check 'd["pulse"] == 2 and d["current"] == "c2" and "stunned" in c["c1"]["conditions"]' \
      "pulse 2, the Troll again, Rolf still stunned"
check 'c["c1"]["ap"] == "7" and c["c2"]["ap"] == "11"' "Rolf passed (2 AP); the Troll had paid for its blow"

step "the Troll assails again and misses with 90"
"$cli" run aod.strike --encounter "$fight" --param attacker=c2 --param target=c1 \
    --param attack=Hand --roll 90 --apply > /dev/null
check '"stunned" in c["c1"]["conditions"] and c["c2"]["ap"] == "7"' "nothing changes but the Troll's AP"

step "Rolf rolls 20 and recovers, passing"
"$cli" encounter next "$fight" --roll 20 > /dev/null
check '"stunned" not in c["c1"]["conditions"] and d["pulse"] == 3 and c["c1"]["ap"] == "5"' \
      "Rolf recovered, pulse 3, the recovery cost his pass"

step "the Troll passes; Rolf assails with the Mace: 2 is grievous, (9 + 3) x 2 = 24 to EN, injury 3"
"$cli" encounter next "$fight" > /dev/null
check 'd["current"] == "c1" and c["c2"]["ap"] == "5"' "Rolf's turn; the Troll passed for 2"
"$cli" run aod.strike --encounter "$fight" --param attacker=c1 --param target=c2 \
    --param weapon=Mace --roll 2 --roll 9 --roll 3 --apply > /dev/null
check 'set(c["c2"]["conditions"]) >= {"stunned", "unconscious", "prone"} and c["c2"]["state"]["en-lost"] == "32"' \
      "the Troll is stunned, knocked out and prone with 3 EN left"
check 'c["c1"]["ap"] == "1"' "Rolf has 1 AP left"

step "1 AP is no blow: the pulses run out and round 2 begins; the Troll regenerates 1 EN"
"$cli" encounter next "$fight" > /dev/null
check 'd["pulse"] == 4 and d["current"] == "c1"' "pulse 4: the Troll passed by itself, Rolf again"
"$cli" encounter next "$fight" > /dev/null
check 'd["round"] == 2 and d["pulse"] == 1 and d["current"] == "c1" and c["c1"]["ap"] == "9"' \
      "round 2: Rolf first, the Troll out cold, 9 AP again"
check 'c["c2"]["state"]["en-lost"] == "31"' "the Troll regenerated 1 EN (4.2)"

step "Rolf assails the helpless Troll (100): 1, 1, injury 10"
"$cli" run aod.strike --encounter "$fight" --param attacker=c1 --param target=c2 \
    --param weapon=Mace --roll 1 --roll 1 --roll 10 --apply > /dev/null
check 'c["c2"]["conditions"].get("dead") == "on"' "the Troll is dead"

step "a stunned figure cannot strike, and a dead one is not struck again"
if "$cli" run aod.strike --encounter "$fight" --param attacker=c1 --param target=c2 --param weapon=Mace > /dev/null 2>&1; then
  echo "FAILED: struck a dead Troll"
  exit 1
fi
echo "ok: refused"

step "experience is not spent while the fight is on (15.0)"
if "$cli" run aod.spend-experience --encounter "$fight" --param id=c1 --param on=FT > /dev/null 2>&1; then
  echo "FAILED: spent experience mid-fight"
  exit 1
fi
echo "ok: refused"

step "experience: Rolf alone earns the Troll's 600 and 50 for the death stroke"
"$cli" run aod.experience --encounter "$fight" --apply > /dev/null
"$cli" encounter show "$fight" --json > /dev/null
grep -q '<value key="experience-award">650</value>' "$fight" || { echo "FAILED: award 650"; exit 1; }
echo "ok: 650 experience points"
check 'c["c1"]["state"]["experience"] == "1000"' "350 in his pool and 650 more"

step "between fights: 200 buys +3 BC on the Mace (15.5), 250 a point of Popularity"
"$cli" run aod.spend-experience --encounter "$fight" --param id=c1 --param on=BC --param weapon=Mace --apply > /dev/null
"$cli" run aod.spend-experience --encounter "$fight" --param id=c1 --param on=PP --apply > /dev/null
check 'c["c1"]["state"]["experience"] == "550" and c["c1"]["state"]["popularity"] == "13"' "550 left, Popularity 13"
"$cli" encounter export-sheet "$fight" c1 -o "$work/rolf-next.xml" > /dev/null
"$cli" sheet show "$work/rolf-next.xml" --json > "$work/rolf.json"
python3 - "$work/rolf.json" <<'PY' || { echo "FAILED: the sheet after the fight"; cat "$work/rolf.json"; exit 1; }
import json, sys
d = json.load(open(sys.argv[1]))
f = d["fields"]
mace = [w for w in d["items"] if w.get("name") == "Mace"][0]
assert f["experience"] == 550 and f["popularity"] == 13, f
assert "ft-lost" not in f and "en-lost" not in f, f
assert mace["bc"] == 53, mace
PY
echo "ok: the exported sheet has 550 experience, Popularity 13, the Mace at BC 53 and his wounds healed (1.8)"
if "$cli" encounter export-sheet "$fight" c2 -o "$work/troll.xml" > /dev/null 2>&1; then
  echo "FAILED: exported the dead Troll"
  exit 1
fi
echo "ok: no sheet for the dead Troll"

step "the log holds every die, typed in"
"$cli" encounter log "$fight" > "$work/log.txt"
grep -q "d100 strike roll against 54: 40 (typed in)" "$work/log.txt"
grep -q "d100 stun recovery for Rolf the Barbarian (48 or less recovers): 50 (typed in)" "$work/log.txt"
grep -q "1d10 grievous injury to Troll: 10 (typed in)" "$work/log.txt"
echo "ok: the log"

step "undo back to the start gives the state after start (map, two adds, start: 4 steps)"
n=$(grep -c '<step ' "$fight")
i=4
while [ "$i" -lt "$n" ]; do
  "$cli" encounter undo "$fight" > /dev/null
  i=$((i + 1))
done
check 'd["round"] == 1 and d["pulse"] == 1 and d["current"] == "c2" and c["c2"]["conditions"] == {} and c["c1"]["conditions"] == {}' \
      "everything undone"
echo "PASS"
