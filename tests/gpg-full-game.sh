#!/bin/sh
# A Glider-Pit Gladiators game from the shell, with fixed rolls: Tamsin
# Reeve and Oswin Marl (Kestrels) against Black Corvo (Ravens) through
# four whole turns: setup chits and launches, manoeuvres with their turn
# costs, a dive and a ram, a strike and a stun with its recovery, a thrown
# spear, a net and the escape from it, a spin to the FLOOR, and the air
# currents of every turn. Every state along the way is checked.
#
# The blitz game of the optional rules: LEDGE 24 (Arbiter's setting), FLOOR 15.
#
#   tests/gpg-full-game.sh ARBITER_CLI SOURCE_DIR
set -eu

cli=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
game="$work/pit.xml"
export XDG_DATA_HOME="$work/data"

enc_file="$game"
. "$src/tests/cli-check.sh"

run () {
  "$cli" run "$@" --encounter "$game" --apply > /dev/null
}

next () {
  "$cli" encounter next "$game" "$@" > /dev/null
}

refused () {
  what=$1
  shift
  if "$cli" run "$@" --encounter "$game" > "$work/out" 2> "$work/err"; then
    echo "FAILED: $what was allowed"
    exit 1
  fi
  echo "ok: refused, $what: $(cat "$work/err")"
}

step "setup: the blitz pit, setup chits Corvo, Tamsin, Oswin"
"$cli" encounter new gpg -o "$game" > /dev/null
"$cli" encounter add "$game" "$src/data/sheets/gpg-tamsin-reeve.xml" --side Kestrels > /dev/null
"$cli" encounter add "$game" "$src/data/sheets/gpg-oswin-marl.xml" --side Kestrels > /dev/null
"$cli" encounter add "$game" "$src/data/sheets/gpg-black-corvo.xml" --side Ravens > /dev/null
run gpg.settings --param ledge=24 --param floor=15
run gpg.setup --param order=c3,c1,c2
refused "Tamsin launching before Corvo" gpg.launch --param id=c1 --param track=1 --param at=0,5 --param facing=5

step "launches: LEDGE - 1 at speed 1, and the extra dives"
run gpg.launch --param id=c3 --param track=2 --param at=0,7 --param facing=2
run gpg.launch --param id=c1 --param track=1 --param at=0,5 --param facing=5 --param dive=1
refused "a launch facing the wall" gpg.launch --param id=c2 --param track=3 --param at=0,13 --param facing=3
run gpg.launch --param id=c2 --param track=3 --param at=0,13 --param facing=2 --param dive=3
check 'at("c3", 0, 7, 2, 23, 1) and at("c1", 0, 5, 5, 22, 2) and at("c2", 0, 13, 2, 20, 4)' \
      "Corvo 23/1, Tamsin 22/2, Oswin 20/4"

step "turn 1: chits by altitude"
"$cli" encounter start "$game" > /dev/null
check 'd["order"] == ["c2", "c1", "c3"] and d["current"] == "c2" and d["phase"] == 1' "Oswin, Tamsin, Corvo"

step "Oswin flies four hexes up the wall and takes his sword"
run gpg.move --param moves=F,F,F,F
run gpg.glide --roll 3
next
run gpg.action --param weapon=Sword
next
check 'at("c2", 0, 9, 2, 20, 4) and s["c2"]["in-hand"] == "Sword" and d["current"] == "c1"' "Oswin at 0,9, sword in hand"

step "Tamsin: forward and a left turn, which costs her a speed"
refused "more manoeuvres than her 2 movement points" gpg.move --param moves=F,F,TL
run gpg.move --param moves=F,TL
check 'at("c1", 0, 6, 0, 22, 1)' "Tamsin at 0,6 facing 0, speed 1"
run gpg.glide --roll 5
next
run gpg.action --param weapon=Spear
next

step "Corvo drops into her hex a level above and dives onto her: the ram"
run gpg.move --param moves=F
check 'at("c3", 0, 6, 2, 23, 1)' "Corvo at 0,6, level 23 over Tamsin's 22"
refused "a dive onto her level without saying ram" gpg.glide --param dive=1
run gpg.glide --param dive=1 --param ram=c1
check 'at("c3", 0, 6, 2, 22, 2)' "dived 1: 22, speed 2"
run gpg.ram --roll 6
check 's["c1"]["altitude"] == "21"' "6 in the dived-1 column: DA-1, Tamsin down to 21"
run gpg.action --param weapon=Net
next
check 'd["phase"] == "air-currents" and d["current"] is None' "the turn ends with the air currents"

step "air currents: an updraft on Oswin's row 9 (7), the rest on empty rows"
# Next runs the air currents itself (Arbiter's placement: updrafts
# first, each on the last row of its number), on a copy.
cp "$game" "$work/copy.xml"
"$cli" encounter next "$work/copy.xml" --roll 7 --roll 4 --roll 3 --roll 11 > "$work/out"
grep -q "Arbiter’s reading" "$work/out" || { echo "FAILED: Next's air currents did not name the reading"; cat "$work/out"; exit 1; }
"$cli" encounter show "$work/copy.xml" --json > "$work/copy.json"
python3 - "$work/copy.json" <<'PY' || { echo "FAILED: Next placed the air currents wrongly"; exit 1; }
import json, sys
d = json.load(open(sys.argv[1]))
d = d.get("encounter", d)
assert d.get("phase") == "air-currents-done", d.get("phase")
PY
echo "ok: encounter next places the air currents when nobody says where"
refused "marker 1 on row 4, which is 12 not 7" gpg.air-currents --roll 7 --roll 4 --roll 3 --roll 11 --param place=4:up
run gpg.air-currents --roll 7 --roll 4 --roll 3 --roll 11 --param place=9:up,1:up,2:down,5:down
check 's["c2"]["altitude"] == "21" and s["c1"]["altitude"] == "21" and s["c3"]["altitude"] == "22"' "Oswin lifted to 21"

step "turn 2: Tamsin (21, speed 1), Oswin (21, speed 4), Corvo (22)"
next
check 'd["turn"] == 2 and d["order"] == ["c1", "c2", "c3"]' "the slower first at the same level"
run gpg.move --param moves=F
run gpg.glide --roll 4
next
next
next
check 'at("c1", 1, 6, 0, 21, 1) and d["current"] == "c2"' "Tamsin at 1,6"

step "Oswin climbs level with Corvo and strikes from behind: stunned"
run gpg.move --param moves=F,C --param keep=yes
check 'at("c2", 0, 7, 2, 22, 3) and s["c2"]["excess"] == "2"' "a climb to 22 at 0,7, 2 points kept"
refused "a dive after a climb" gpg.glide --param dive=1
run gpg.glide --roll 6
run gpg.strike --param target=c3 --roll 34 --roll 5
check 'c["c3"]["conditions"].get("stunned") == "on"' "factor 3 + 1 = 4, 24 to hit; 34 hits, 5: Dstn"
next
next

step "Corvo, stunned, flies straight on and recovers on 8"
refused "a stunned pilot's turn" gpg.move --param moves=TL,F
run gpg.move --param moves=F,F
check 'at("c3", 0, 4, 2, 22, 2) and d["phase"] == 5' "forward only, then straight to stun recovery"
next --roll 8
check '"stunned" not in c["c3"]["conditions"] and d["phase"] == "air-currents"' "7-10 recovers"
run gpg.air-currents --roll 9 --roll 5 --roll 8 --roll 2 --param place=7:down,0:up,8:up,3:down
check 's["c2"]["altitude"] == "21"' "a downdraft on Oswin's row 7 (9)"

step "turn 3: Tamsin turns to face Corvo (speed 1 to 0) and throws her spear"
next
check 'd["order"] == ["c1", "c2", "c3"]' "Tamsin, Oswin, Corvo"
run gpg.move --param moves=TL
run gpg.glide --roll 5
run gpg.throw --param target=c3 --roll 43 --roll 6
check 's["c3"]["altitude"] == "20" and s["c1"]["in-hand"] == "none" and "Spear" not in s["c1"]["weapons"]' \
      "range 3 + 2, factor 2 + 5 - 1 = 6, 32 to hit; 43 hits, 6: DA-2; the spear is gone"
run gpg.action --param weapon=Dagger
next

step "Oswin swings round; Corvo turns to him and throws the net"
run gpg.move --param moves=F,TR,F
run gpg.glide --roll 6
next
next
next
check 'at("c2", 1, 5, 1, 21, 2)' "Oswin at 1,5"
run gpg.move --param moves=TR,TR
run gpg.glide --roll 4
run gpg.throw --param target=c2 --roll 36
check 'c["c2"]["conditions"].get("netted") == "on" and s["c3"]["weapons"] == "Spear,Sword,Dagger"' \
      "range 2 + 2, factor 2 + 4 = 6, 32 to hit; 36 nets Oswin; the net is gone"
run gpg.action --param weapon=Spear
next
run gpg.air-currents --roll 12 --roll 12 --roll 3 --roll 2 --param place=4:up,4:down,2:up,3:down
check 's["c3"]["altitude"] == "20"' "an updraft and a downdraft on Corvo's row cancel"

step "turn 4: Corvo hurls his spear at the netted Oswin and misses"
next
check 'd["order"] == ["c3", "c1", "c2"]' "Corvo (20) first, then Tamsin (21, speed 0), Oswin"
run gpg.move --param moves=F
run gpg.glide --roll 4
run gpg.throw --param target=c2 --roll 21
check 's["c3"]["in-hand"] == "none" and s["c3"]["weapons"] == "Sword,Dagger" and s["c2"]["altitude"] == "21"' \
      "21 misses the 24 needed; the spear is gone all the same"
next
next

step "Tamsin, at speed 0, spins: 6 levels to the FLOOR"
run gpg.move --roll 6
check 'c["c1"]["conditions"].get("eliminated") == "on" and s["c1"]["altitude"] == "15" and d.get("winner") is None' \
      "out of the game; the Kestrels still have Oswin"
next

step "Oswin, netted, cannot strike; he cuts free with his sword (4 + 1)"
run gpg.move --param moves=F,F
run gpg.glide --roll 6
refused "a netted gladiator's attack" gpg.throw --param target=c3
next
run gpg.action --param escape=yes --roll 4
check '"netted" not in c["c2"]["conditions"] and at("c2", 3, 3, 1, 21, 2)' "free, at 3,3"
next
run gpg.air-currents --roll 12 --roll 12 --roll 5 --roll 9 --param place=4:up,4:up,0:down,18:down
check 's["c2"]["altitude"] == "23" and s["c3"]["altitude"] == "22"' "two updrafts on row 4 lift both by 2"

step "turn 5: only the two left in the air get chits"
next
check 'd["turn"] == 5 and d["order"] == ["c3", "c2"] and d["current"] == "c3"' "Corvo, then Oswin"

step "the log holds every die, typed in"
"$cli" encounter log "$game" > "$work/log.txt"
grep -q "1d6 ramming roll (+0 excess speed, ignored on a 1): 6 (typed in)" "$work/log.txt"
grep -q "2d6 stun recovery for Black Corvo: 8 (typed in)" "$work/log.txt"
grep -q "Tamsin Reeve is out of the game: it reached the FLOOR" "$work/log.txt"
echo "ok: the log"

step "undo back to the start"
n=$(grep -c '<step ' "$game")
i=8
while [ "$i" -lt "$n" ]; do
  "$cli" encounter undo "$game" > /dev/null
  i=$((i + 1))
done
check 'd.get("turn") is None and at("c1", 0, 5, 5, 22, 2) and c["c1"]["conditions"] == {}' "everything undone to the launches"
echo "PASS"
