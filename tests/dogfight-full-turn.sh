#!/bin/sh
# Two whole turns of Dogfight from the shell, with fixed rolls: Lt. Harry
# Quill (a Camel) and Capt. Anna Brightwell (a Bristol Fighter) for the
# Allies against Ltn. Otto Brandt (an Albatros) and Ltn. Max Keller (a
# Pfalz, a sheet of the script's) for the Central powers, in open sky.
# Housekeeping (spotting, the CV adjustment, unjamming, fire damage,
# keeping a target), initiative and the movement order by class, the
# movement points, movement tests passed (their CV bonus) and failed
# (the failure table), the speed change, a burst with a jam and a
# critical (an engine hit, smoke, then fire at the next turn's move), a
# stress test after a level 3 test, stall and spin checks, and what a
# referee must not be let do. Every figure below is worked out by hand
# from the quick reference (the rules seed), not read back from the
# program. Every state along the way is checked, then everything is
# undone.
#
# Positions: hexes q,r, facing 0-5 (0 is +q, 1 is +q -r, 2 is -r, 3 is
# -q, 4 is -q +r, 5 is +r). Seen from an aircraft, a hex straight along
# its facing is area 1, one 60 degrees off area 2, 90 area 3, 120 area 4,
# 180 area 6 (areas meet at 30, 60, 90, 120 and 150 degrees).
#
#   tests/dogfight-full-turn.sh ARBITER_CLI SOURCE_DIR
set -eu

cli=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
fight="$work/fight.xml"
export XDG_DATA_HOME="$work/data"

enc_file="$fight"
. "$src/tests/cli-check.sh"

run () {
  "$cli" run "$@" --encounter "$fight" --apply > "$work/out"
}

next () {
  "$cli" encounter next "$fight" "$@" > "$work/out"
}

# A line the last run printed, exactly.
said () {
  if ! grep -qxF -- "$1" "$work/out"; then
    echo "FAILED: no line “$1” in:"
    cat "$work/out"
    exit 1
  fi
  echo "ok: “$1”"
}

# The odds a procedure shows before its first die: run without the
# dice, it stops to ask for one and prints them.
odds () {
  "$cli" run "$@" --encounter "$fight" > "$work/out"
}

# The fight file and what it shows, before and after a refusal.
snapshot () {
  "$cli" encounter show "$fight" --json > "$work/$1.json"
  sha256sum < "$fight" > "$work/$1.sum"
}

unchanged () {
  snapshot after
  if ! cmp -s "$work/before.json" "$work/after.json" || ! cmp -s "$work/before.sum" "$work/after.sum"; then
    echo "FAILED: $1 was refused but changed the fight"
    diff "$work/before.json" "$work/after.json" || true
    exit 1
  fi
}

# refused 'what' 'the rule' PROCEDURE --param ...: refused with that
# rule, and the fight file is as it was (the same checksum).
refused () {
  what=$1
  rule=$2
  shift 2
  snapshot before
  if "$cli" run "$@" --encounter "$fight" --apply > "$work/out" 2> "$work/err"; then
    echo "FAILED: $what was allowed"
    exit 1
  fi
  if ! grep -qF -- "$rule" "$work/err"; then
    echo "FAILED: $what was refused for another reason than “$rule”:"
    cat "$work/err"
    exit 1
  fi
  unchanged "$what"
  echo "ok: refused, $what: $(cat "$work/err")"
}

# refused_next 'what' 'the rule': Next refused, nothing changed.
refused_next () {
  snapshot before
  if "$cli" encounter next "$fight" > "$work/out" 2> "$work/err"; then
    echo "FAILED: $1 was allowed"
    exit 1
  fi
  if ! grep -qF -- "$2" "$work/err"; then
    echo "FAILED: $1 was refused for another reason than “$2”:"
    cat "$work/err"
    exit 1
  fi
  unchanged "$1"
  echo "ok: refused, $1: $(cat "$work/err")"
}

# Ltn. Max Keller: experience 1, 2 pilot points, spot rating 0, no
# aerobatics; speeds 2 to 6, 8 in a dive; average; twin forward guns;
# 22 boxes, none filled. (Another helper adds a fourth starter sheet to
# data/sheets; this one is the script's own.)
cat > "$work/keller.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<sheet system="dogfight" kind="npc" format="1">
  <name>Ltn. Max Keller</name>
  <experience>1</experience>
  <pilot-points>2</pilot-points>
  <spot-rating>0</spot-rating>
  <aerobatics>0</aerobatics>
  <aircraft>Pfalz D.III</aircraft>
  <min-speed>2</min-speed>
  <max-speed>6</max-speed>
  <max-dive-speed>8</max-dive-speed>
  <quality>average</quality>
  <gun name="LMG 08/15" count="2" arc="forward"/>
  <damage-row row="1" boxes="3"/>
  <damage-row row="2" boxes="3"/>
  <damage-row row="3" boxes="4"/>
  <damage-row row="4" boxes="4"/>
  <damage-row row="5" boxes="4"/>
  <damage-row row="6" boxes="4"/>
</sheet>
XML

step "set up: Harry 2 hexes behind Otto, Anna 2 hexes behind Keller, all facing 0, at speed 6 (their maximum), level, altitude 10"
"$cli" encounter new dogfight -o "$fight" --map dogfight-sky > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/dogfight-harry-quill.xml" --side Allies --at 10,10 --facing 0 > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/dogfight-anna-brightwell.xml" --side Allies --at 10,20 --facing 0 > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/dogfight-otto-brandt.xml" --side Central --at 12,10 --facing 0 > /dev/null
"$cli" encounter add "$fight" "$work/keller.xml" --side Central --at 12,20 --facing 0 > /dev/null
"$cli" encounter show "$fight" --json > "$work/start.json"
sha256sum < "$fight" > "$work/start.sum"
check 'd["steps"] == 5 and d["map"] == {"cols": 40, "rows": 30} and [x["name"] for x in d["combatants"]] == ["Lt. Harry Quill", "Capt. Anna Brightwell", "Ltn. Otto Brandt", "Ltn. Max Keller"]' \
      "open sky of 40 by 30 and four aircraft"
check 'd.get("turn") is None and d.get("phase") is None and all("speed" not in s[i] and "cv" not in s[i] for i in s)' "not started; speeds and CV unset (the sheet's maximum, 0)"

step "turn 1 starts: 1. Housekeeping, pilot points back to the sheets' (4, 5, 3 and 2)"
"$cli" encounter start "$fight" > "$work/out"
said "Turn 1: 1. Housekeeping"
said "Ltn. Otto Brandt: 3 pilot points this turn"
check 'd["turn"] == 1 and d["phase"] == "housekeeping" and d["order"] == ["c1", "c2", "c3", "c4"] and d["current"] == "c1"' "housekeeping, Harry first"
check '[s[i]["pilot-points"] for i in ("c1", "c2", "c3", "c4")] == ["4", "5", "3", "2"]' "pilot points 4, 5, 3, 2"

step "Harry spots Otto: 1d 4+, 2 hexes off -1, spot rating +1: 4+ on the die, 3/6; he rolls 4"
# Otto is straight ahead (area 1), no MT level yet: 4 - 1 + 1 = 4.
refused "5 pilot points to spot with 4" "Pilot points: Lt. Harry Quill has 4 points left this turn, not the 5 asked for housekeeping" \
        dogfight.housekeeping --param id=c1 --param spot-pp=5
odds dogfight.housekeeping --param id=c1
said "Chance of Lt. Harry Quill spots Ltn. Otto Brandt: 50.0% (3/6)"
run dogfight.housekeeping --param id=c1 --roll 4
said "Spot: Lt. Harry Quill looks for Ltn. Otto Brandt: 1d6 4, MT level -0, in area 6 -0, 2 hexes off -1, spot rating +1, pilot points +0 = 4: spotted"
# CV: Otto in area 1, 2 hexes: neither the facing nor the range rule
# zeroes it; Harry sits in Otto's area 6 (dead astern), the position
# table's 0 (the diagram is not on the sheet).
said "CV position: Lt. Harry Quill sits in Ltn. Otto Brandt's area 6: +0 (the cv-position table), CV 0"
check 's["c1"]["targeting"] == "c3" and s["c1"].get("cv", "0") == "0" and s["c1"]["housekept"] == "1" and s["c1"]["pilot-points"] == "4"' \
      "Harry targets Otto, CV 0, no pilot points spent"
next
check 'd["current"] == "c2"' "Anna's housekeeping"

step "Anna spots Keller with a pilot point: 4+ less 1 (2 hexes) + 2 (rating) + 1 (the point): 2+ on the die, 5/6; she rolls 2"
odds dogfight.housekeeping --param id=c2 --param spot-pp=1
said "Chance of Capt. Anna Brightwell spots Ltn. Max Keller: 83.3% (5/6)"
run dogfight.housekeeping --param id=c2 --param spot-pp=1 --roll 2
said "Capt. Anna Brightwell spends 1 pilot point on spotting (4 left)"
said "Spot: Capt. Anna Brightwell looks for Ltn. Max Keller: 1d6 2, MT level -0, in area 6 -0, 2 hexes off -1, spot rating +2, pilot points +1 = 4: spotted"
check 's["c2"]["targeting"] == "c4" and s["c2"]["pilot-points"] == "4"' "Anna targets Keller, 4 pilot points left"
next

step "Next does Otto's housekeeping as it stands: Harry dead astern, -3, and 2 hexes, -1: 6 + 0 - 4 = 2, not spotted (no face spots him, so no die is asked)"
next
said "Next: Ltn. Otto Brandt's housekeeping as it stands, no pilot points spent"
said "Spot: Ltn. Otto Brandt looks for Lt. Harry Quill: MT level -0, in area 6 -3, 2 hexes off -1, spot rating +0, pilot points +0: no roll spots, none is made: not spotted"
check '"targeting" not in s["c3"] and d["current"] == "c4"' "Otto has no target"

step "Keller's, as it stands (Anna astern: 6 - 4 = 2 at best, not spotted, no die), then initiative: 1d + experience + CV, and the order by class, low first"
# Harry 2 + 3 + 0 = 5, Anna 3 + 5 + 0 = 8, Otto 3 + 2 + 0 = 5, Keller
# 6 + 1 + 0 = 7. Those targeting move before those not: Harry (5), Anna
# (8), then Otto (5), Keller (7): Otto, at 5, moves after Anna at 8.
next --roll 2 --roll 3 --roll 3 --roll 6
said "Spot: Ltn. Max Keller looks for Capt. Anna Brightwell: MT level -0, in area 6 -3, 2 hexes off -1, spot rating +0, pilot points +0: no roll spots, none is made: not spotted"
said "Initiative for Lt. Harry Quill: 1d6 2 + experience 3 + CV 0 = 5"
said "Initiative for Capt. Anna Brightwell: 1d6 3 + experience 5 + CV 0 = 8"
said "Initiative for Ltn. Otto Brandt: 1d6 3 + experience 2 + CV 0 = 5"
said "Initiative for Ltn. Max Keller: 1d6 6 + experience 1 + CV 0 = 7"
said "2. Capt. Anna Brightwell (targeting, initiative 8)"
said "3. Ltn. Otto Brandt (not targeting, initiative 5)"
check 'd["phase"] == "movement" and d["order"] == ["c1", "c2", "c3", "c4"] and d["current"] == "c1" and [s[i]["initiative"] for i in ("c1", "c2", "c3", "c4")] == ["5", "8", "5", "7"]' \
      "2. Movement: Harry, Anna, Otto, Keller"

step "Harry's movement points: 1d + speed 6: 7-9 one MP, 10-12 two (3/6 each); he rolls 3: 9, 1 MP"
refused_next "Next before Harry has rolled his movement points" "Movement: Lt. Harry Quill has not rolled its movement points (dogfight.mp)"
refused "Otto moving in Harry's place" "2. Movement: aircraft move in initiative order; it is Lt. Harry Quill's turn, not Ltn. Otto Brandt's" \
        dogfight.mp --param id=c3
odds dogfight.mp --param id=c1
said "Chance of Lt. Harry Quill: 1 movement point: 50.0% (3/6)"
said "Chance of Lt. Harry Quill: 2 movement points: 50.0% (3/6)"
run dogfight.mp --param id=c1 --roll 3
said "Lt. Harry Quill rolls 3 for movement points: + speed 6 = 9: 1 MP"
check 's["c1"]["mp"] == "1"' "1 MP"

step "Harry flies ahead and pulls up to a normal climb: 2 pitch steps, the 60 degree column at speed 6: 1 die, MT level 1; + 1 aerobatic die"
# Aerobatics: up to the MT level (1) plus one, + his rating 2 = 4 dice.
refused "5 aerobatic dice" "Aerobatics: up to the MT level 1 plus one, +2 for the rating: 4 dice, not 5" \
        dogfight.move --param id=c1 --param pitch=2 --param aero=5
# Two dice: failing is any 1: 1 - 25/36 = 11/36.
odds dogfight.move --param id=c1 --param pitch=2 --param aero=1
said "Chance of Lt. Harry Quill fails the movement test: 30.6% (11/36)"
run dogfight.move --param id=c1 --param pitch=2 --param aero=1 --roll 6 --roll 3
said "Lt. Harry Quill flies to 11,10"
said "Lt. Harry Quill rolls 6 3: 0 ones, 1 six"
# CV bonus: 2 dice rolled +1, one 6 +1: CV 2 against Otto. Speed: 1 die
# indicated, no pair: no speed lost, the leftover die -1 on the power roll.
said "Lt. Harry Quill passes the movement test: CV bonus +2 (2 dice rolled +1, 1 six +1, 0 pilot points paid +0) against Ltn. Otto Brandt, CV 0 → 2"
said "Lt. Harry Quill: the leftover die is -1 on this turn's power roll (-1 in all)"
check 'at("c1", 11, 10, 0) and s["c1"]["pitch"] == "2" and s["c1"]["cv"] == "2" and s["c1"]["mp"] == "0" and s["c1"]["mt-level"] == "1" and s["c1"]["power-penalty"] == "-1" and "speed" not in s["c1"]' \
      "Harry at 11,10 in a normal climb, CV 2, no MP left, MT level 1, speed still 6"
refused_next "Next before Harry's speed change" "Movement: Lt. Harry Quill has not made its speed change (dogfight.speed)"

step "Harry's speed change: no power or drag roll; climbing 2 pitch steps costs 2: 6 → 4"
run dogfight.speed --param id=c1 --param roll=none
said "Lt. Harry Quill in a normal climb: -2 speed (6 → 4)"
check 's["c1"]["speed"] == "4" and s["c1"]["speed-done"] == "1"' "Harry at speed 4"
next
check 'd["current"] == "c2"' "Anna moves"

step "Anna: 1 + 6 = 7, 1 MP; ahead and a 60 degree turn at speed 6: 1 die, failure 1/6; she rolls 6, CV +1 for the six"
run dogfight.mp --param id=c2 --roll 1
said "Capt. Anna Brightwell rolls 1 for movement points: + speed 6 = 7: 1 MP"
odds dogfight.move --param id=c2 --param turn=1
said "Movement test for Capt. Anna Brightwell, a 60° turn: 1 die indicated (MT level 1); 1 rolled + 0 aerobatic + 0 bought + 0 pilot point dice = 1"
said "Chance of Capt. Anna Brightwell fails the movement test: 16.7% (1/6)"
run dogfight.move --param id=c2 --param turn=1 --roll 6
said "Capt. Anna Brightwell flies to 11,20 and turns to face hexside 1"
said "Capt. Anna Brightwell passes the movement test: CV bonus +1 (1 die rolled +0, 1 six +1, 0 pilot points paid +0) against Ltn. Max Keller, CV 0 → 1"
check 'at("c2", 11, 20, 1) and s["c2"]["cv"] == "1" and s["c2"]["power-penalty"] == "-1"' "Anna at 11,20 facing 1, CV 1, -1 on the power roll"

step "Anna's power roll, -1 for the leftover die: at her maximum speed 6 power gains nothing whatever the die (6/6); she rolls 2: 1, no gain"
odds dogfight.speed --param id=c2 --param roll=power
said "Chance of Capt. Anna Brightwell gains 0 speed: 100.0% (6/6)"
run dogfight.speed --param id=c2 --param roll=power --roll 2
said "Capt. Anna Brightwell's power roll: 2 -1 (engine hits 0, movement test -1) = 1: +0 speed"
check '"speed" not in s["c2"] and s["c2"]["speed-done"] == "1"' "Anna still at 6"
next
check 'd["current"] == "c3"' "Otto moves"

step "Otto: 4 + 6 = 10, 2 MP; Next with them unspent is refused"
run dogfight.mp --param id=c3 --roll 4
said "Ltn. Otto Brandt rolls 4 for movement points: + speed 6 = 10: 2 MP"
refused_next "Next with Otto's moves unmade" "Movement: Ltn. Otto Brandt has 2 movement points left (dogfight.move), or flies straight on with dogfight.fly"

step "Otto flies ahead and turns 120 degrees to come round on Harry: at speed 6, 2 dice, MT level 1; failure 11/36; he rolls 1 1"
odds dogfight.move --param id=c3 --param turn=2
said "Movement test for Ltn. Otto Brandt, a 120° turn: 2 dice indicated (MT level 1); 2 rolled + 0 aerobatic + 0 bought + 0 pilot point dice = 2"
said "Chance of Ltn. Otto Brandt fails the movement test: 30.6% (11/36)"
odds dogfight.move --param id=c3 --param turn=2 --roll 1 --roll 1
said "Needs 1d6 for movement test failure for Ltn. Otto Brandt: run again with --roll V"

step "two failures: a die each, 3 + 4 = 7: the failure table's 6-8 row: CV 0, move -1, speed -1, no stress test"
run dogfight.move --param id=c3 --param turn=2 --roll 1 --roll 1 --roll 3 --roll 4
said "Ltn. Otto Brandt flies to 13,10 and turns to face hexside 2"
said "Ltn. Otto Brandt fails the movement test: 2 failures, 3 + 4 = 7: CV +0, move -1, speed -1, no stress test"
# 2 MP - 1 for the move - 1 for the failure = 0; speed 6 - 1 = 5, then
# 1 for the 2 dice indicated: 4. No CV bonus for a failed test.
said "Ltn. Otto Brandt: movement points 1 → 0"
said "Ltn. Otto Brandt: speed 6 → 5"
said "Ltn. Otto Brandt loses 1 speed for the 2 dice indicated: 5 → 4"
check 'at("c3", 13, 10, 2) and s["c3"]["mp"] == "0" and s["c3"]["speed"] == "4" and "cv" not in s["c3"] and s["c3"]["mt-level"] == "1" and "power-penalty" not in s["c3"]' \
      "Otto at 13,10 facing 2, no MP left, speed 4, MT level 1, no leftover die"
refused "a move with no MP left" "Movement points: Ltn. Otto Brandt has none left this turn" \
        dogfight.move --param id=c3
refused_next "Next before Otto's speed change" "Movement: Ltn. Otto Brandt has not made its speed change (dogfight.speed)"

step "Otto's power roll: 3+ gains 1, faces 3-6, 4/6; he rolls 5: speed 5"
odds dogfight.speed --param id=c3 --param roll=power
said "Chance of Ltn. Otto Brandt gains 0 speed: 33.3% (2/6)"
said "Chance of Ltn. Otto Brandt gains 1 speed: 66.7% (4/6)"
run dogfight.speed --param id=c3 --param roll=power --roll 5
said "Ltn. Otto Brandt's power roll: 5 +0 (engine hits 0, movement test 0) = 5: +1 speed"
check 's["c3"]["speed"] == "5"' "Otto at speed 5"
next
check 'd["current"] == "c4"' "Keller moves"

step "Keller: 1 + 6 = 7, 1 MP; he maneuvers in place with 7 dice, more than the table's 3 at speed 6: MT level 3"
run dogfight.mp --param id=c4 --roll 1
refused "a maneuver with fewer dice than the table's" "Movement test: the table calls for 3 dice; a maneuver may roll more, not fewer (2)" \
        dogfight.move --param id=c4 --param kind=maneuver --param dice=2
refused "a maneuver with a facing" "Movement types: maneuvering takes no facing" \
        dogfight.move --param id=c4 --param kind=maneuver --param turn=1
# 7 dice: 1 - (5/6)^7 = 1 - 78125/279936.
odds dogfight.move --param id=c4 --param kind=maneuver --param dice=7
said "Movement test for Ltn. Max Keller, a maneuver in place: 3 dice indicated (MT level 3); 7 rolled + 0 aerobatic + 0 bought + 0 pilot point dice = 7"
said "Chance of Ltn. Max Keller fails the movement test: 72.1% (201811/279936)"
run dogfight.move --param id=c4 --param kind=maneuver --param dice=7 --roll 2 --roll 3 --roll 4 --roll 5 --roll 6 --roll 2 --roll 3
said "Ltn. Max Keller rolls 2 3 4 5 6 2 3: 0 ones, 1 six"
# No target, so no CV; speed 1 for the 3 dice indicated (6 → 5), the
# leftover die -1 on the power roll; level 3: a stress test at the end.
said "Ltn. Max Keller passes the movement test; no target, so no CV (CV is against the target)"
said "Ltn. Max Keller loses 1 speed for the 3 dice indicated: 6 → 5"
said "A level 3 movement test: Ltn. Max Keller makes a stress test at the end of the turn (7 dice)"
check 'at("c4", 12, 20, 0) and s["c4"]["maneuvered"] == "1" and s["c4"]["speed"] == "5" and s["c4"]["mt-level"] == "3" and s["c4"]["stress-due"] == "1" and s["c4"]["mt-dice"] == "7"' \
      "Keller in his hex, speed 5, MT level 3: stress test due (7 dice)"
run dogfight.speed --param id=c4 --param roll=none
said "Ltn. Max Keller's speed: 5 → 5"

step "Next: 3. Combat, in the movement order, fixed as it begins"
next
said "Turn 1: 3. Combat (simultaneous: an aircraft shot down this phase still fires)"
check 'd["phase"] == "combat" and d["order"] == ["c1", "c2", "c3", "c4"] and d["current"] == "c1"' "Harry fires first"

step "Harry's burst at Otto (area 1, 2 hexes): CV 2 x 2 guns = 4; burst at most 2 (speed 4 against 5: 1, size 3; MT levels 1 + 1 = 2: size 2)"
refused "CV 3 allocated of 2" "Combat: Lt. Harry Quill has CV 2, not the 3 allocated" \
        dogfight.fire --param id=c1 --param cv=3
refused "a burst of 3" "Combat: a burst of 3 is more than the 2 allowed (speed difference 1: size 3; MT levels summing 2: size 2; the lesser applies)" \
        dogfight.fire --param id=c1 --param cv=2 --param burst=3
refused "5 pilot point dice with 4 points" "Pilot points: Lt. Harry Quill has 4 points left this turn, not the 5 asked for pilot point dice for the burst" \
        dogfight.fire --param id=c1 --param cv=2 --param pp=5
refused "firing in another aircraft's place" "Combat: Capt. Anna Brightwell's CV is against Ltn. Max Keller, its target, not Ltn. Otto Brandt" \
        dogfight.fire --param id=c2 --param target=c3

step "a burst of 2 (x1), range 2 (x1): 4 firing dice + 1 pilot point die = 5; at least one 6: 1 - 3125/7776"
# A critical: of 36 per die, 30 miss, 5 hit without one, 1 with one;
# none in 5 dice with fewer than Harry's 3 hits for crits (good; the
# shooter's quality, Arbiter's reading): 30^5 + 5*5*30^4 + 10*25*30^3 =
# 51300000 of 36^5 = 60466176; at least one: 9166176.
odds dogfight.fire --param id=c1 --param cv=2 --param pp=1
said "4 firing dice (a fraction rounded up, once: Arbiter's reading) + 1 pilot point die = 5 dice"
said "Chance of Lt. Harry Quill hitting Ltn. Otto Brandt at least once: 59.8% (4651/7776)"
said "Chance of at least one critical hit on Ltn. Otto Brandt: 15.2% (9166176/60466176)"
said "Needs 1d6 for Lt. Harry Quill's firing die 1 of 4: run again with --roll V"

step "1 1 6 1 and the pilot point die 3: one hit, three 1s: jammed; the hit's die 6: a critical, 2d6 4: engine hit; smoke 1d 4-6 (3/6): 5, smoking"
odds dogfight.fire --param id=c1 --param cv=2 --param pp=1 --roll 1 --roll 1 --roll 6 --roll 1 --roll 3 --roll 6 --roll 4
said "Chance of Ltn. Otto Brandt smoking after the engine hit: 50.0% (3/6)"
run dogfight.fire --param id=c1 --param cv=2 --param pp=1 --roll 1 --roll 1 --roll 6 --roll 1 --roll 3 --roll 6 --roll 4 --roll 5
said "Firing dice 1 1 6 1; pilot point dice 3: 1 hit"
said "Lt. Harry Quill fires at Ltn. Otto Brandt: 1 HIT · JAMMED · CRITICAL · SMOKING, Ltn. Otto Brandt PP 3/3 → 1/1, Lt. Harry Quill PP 4 → 3, Lt. Harry Quill CV 2 → 0"
said "3 ones on the firing dice: Lt. Harry Quill's guns jam; this burst's hits still count (Arbiter's reading)"
said "Lt. Harry Quill's CV falls by 2 to 0 (the first 5 points of CV allocated are lost)"
said "Hit 1 of 1 on Ltn. Otto Brandt: 6, Critical hit"
said "Critical hit on Ltn. Otto Brandt: 2d6 4, Engine hit*: -2 to power rolls"
said "Smoke roll for Ltn. Otto Brandt: 5, Smoking: -2 pilot points"
# Otto's 3 points this turn less 2: 1, and 1 a turn from now on.
said "Ltn. Otto Brandt: smoking after the engine hit, 2 pilot points lost for the fight (1 left this turn, 1 a turn from now on)"
check 'c["c1"]["conditions"] == {"jammed": "on"} and s["c1"]["cv"] == "0" and s["c1"]["fired"] == "1" and s["c1"]["pilot-points"] == "3"' \
      "Harry jammed, CV 0, fired, 3 pilot points left"
check 'c["c3"]["conditions"] == {"smoke": "on"} and s["c3"]["power-mod"] == "-2" and s["c3"]["pp-lost"] == "2" and s["c3"]["pilot-points"] == "1" and "damage" not in s["c3"]' \
      "Otto smoking, -2 on power rolls, 2 pilot points lost; no boxes filled (a critical, not damage)"
refused "a second burst" "Combat: Lt. Harry Quill has fired this turn (once a turn)" dogfight.fire --param id=c1
next

step "Anna has CV 1 but Keller is in her area 2 (60 degrees off her new facing): neither her forward gun nor the rear one bears"
refused "a burst with no gun bearing" "Combat: Ltn. Max Keller is in area 2 of Capt. Anna Brightwell, where none of its guns bear (must face if not maneuvering)" \
        dogfight.fire --param id=c2
next
refused "Otto firing with no target" "Combat: Ltn. Otto Brandt has no target, so no CV to fire with (must have min CV of 1)" \
        dogfight.fire --param id=c3
next
check 'd["current"] == "c4"' "Keller's turn to fire; he has no target either"

step "end of turn 1: Keller's stress test (a level 3 test): 2d6 3 + 0 (no rows filled, speed 5 of 8, 7 dice not over 8) = 3: fill the current row"
# Then the stall check: speed 5 at his minimum, 2 + 3 for a level 3
# test: 1 spin, 2-3 stall, 4+ nothing; he rolls 2: a stall. Harry (4),
# Anna (6) and Otto (5) are above their minimum (2; 2 + 0 for level 1).
# The odds first (Next as a procedure, without the dice): of the 36
# throws of 2d6 at +0, 2 and 3 (1 + 2 ways) fill the row, the other 33
# hold; then the stall check at the minimum: 1 of 6 spins, 2 of 6 stall.
odds dogfight.next
said "Chance of stress filling Ltn. Max Keller's current row of boxes: 8.3% (3/36)"
said "Chance of Ltn. Max Keller holding together under the stress: 91.7% (33/36)"
odds dogfight.next --roll 3
said "Chance of Ltn. Max Keller spins: 16.7% (1/6)"
said "Chance of Ltn. Max Keller stalls: 33.3% (2/6)"
next --roll 3 --roll 2
said "Turn 1: end of the turn, stress and stall checks"
said "Stress test for Ltn. Max Keller (a level 3 movement test this turn): 2d6 3, +0 (filled rows 0, speed over the dive limit 0, test dice over 8 0, other +0) = 3"
said "Ltn. Max Keller: stress: this row, 4 damage boxes filled (4 of 22)"
said "Stall and spin check for Ltn. Max Keller, at its minimum speed 5 (speed 5): 1d6 2: stall"
said "Turn 2: 1. Housekeeping"
# Otto: 3 on the sheet less the 2 lost to smoke.
said "Ltn. Otto Brandt: 1 pilot point this turn"
check 'd["turn"] == 2 and d["phase"] == "housekeeping" and d["current"] == "c1" and d["order"] == ["c1", "c2", "c3", "c4"]' "turn 2, housekeeping, Harry first"
check 's["c4"]["damage"] == "0,0,0,0,0,4" and c["c4"]["conditions"] == {"stall": "on"} and "stress-due" not in s["c4"] and s["c4"]["mt-level"] == "3"' \
      "Keller's bottom row (4 boxes) filled, stalled; the turn's keys gone, the MT level kept for spotting"
check 'all(k not in s[i] for i in s for k in ("mp", "moves", "fired", "speed-done", "housekept", "power-penalty"))' "last turn's moves, fire and speed change forgotten"
check '[s[i]["pilot-points"] for i in ("c1", "c2", "c3", "c4")] == ["4", "5", "1", "2"]' "pilot points 4, 5, 1, 2"

step "Harry keeps Otto (area 1: no roll), CV 0 by position; unjams with 2 pilot points: 2 dice, any 6: 11/36; he rolls 3 6"
refused "pilot points to keep a target in area 1" "Targeting: Lt. Harry Quill rolls to keep a target only when it is in area 4, 5 or 6" \
        dogfight.housekeeping --param id=c1 --param keep-pp=1
odds dogfight.housekeeping --param id=c1 --param unjam-pp=2
said "Chance of Lt. Harry Quill clears the jam: 30.6% (11/36)"
run dogfight.housekeeping --param id=c1 --param unjam-pp=2 --roll 3 --roll 6
# Otto at 13,10 facing 2: Harry at 11,10 is 60 degrees off his nose.
said "CV position: Lt. Harry Quill sits in Ltn. Otto Brandt's area 2: +0 (the cv-position table), CV 0"
said "Maintenance: Lt. Harry Quill rolls a 6: the guns are clear (Arbiter's reading: a 6 clears a jam)"
check 'c["c1"]["conditions"] == {} and s["c1"]["pilot-points"] == "2" and s["c1"]["targeting"] == "c3"' "Harry's guns clear, 2 pilot points left"
next
next
# Keller at 12,20 is 60 degrees off Anna's nose (area 2), 1 hex; Anna
# sits dead astern of Keller: position 0; CV 1 kept.
said "CV position: Capt. Anna Brightwell sits in Ltn. Max Keller's area 6: +0 (the cv-position table), CV 1"

step "Otto, smoking, spots Harry: 4+, his MT level 1 -1, 2 hexes -1: a 6, 1/6; he rolls 6"
odds dogfight.housekeeping --param id=c3
said "Chance of Ltn. Otto Brandt spots Lt. Harry Quill: 16.7% (1/6)"
run dogfight.housekeeping --param id=c3 --roll 6
said "Spot: Ltn. Otto Brandt looks for Lt. Harry Quill: 1d6 6, MT level -1, in area 6 -0, 2 hexes off -1, spot rating +0, pilot points +0 = 4: spotted"
check 's["c3"]["targeting"] == "c1"' "Otto targets Harry"
next

step "Keller, as it stands (his level 3 -3, Anna astern -3), then initiative: Harry 4 + 3 = 7, Anna 2 + 5 + CV 1 = 8, Otto 1 + 2 = 3, Keller 6 + 1 = 7"
# By class: Keller, stalled, first; then those targeting: Otto (3),
# Harry (7), Anna (8).
next --roll 4 --roll 2 --roll 1 --roll 6
said "Spot: Ltn. Max Keller looks for Capt. Anna Brightwell: MT level -3, in area 6 -3, 1 hex off -0, spot rating +0, pilot points +0: no roll spots, none is made: not spotted"
said "Initiative for Capt. Anna Brightwell: 1d6 2 + experience 5 + CV 1 = 8"
said "1. Ltn. Max Keller (spinning or stalling, initiative 7)"
said "2. Ltn. Otto Brandt (targeting, initiative 3)"
check 'd["phase"] == "movement" and d["order"] == ["c4", "c3", "c1", "c2"] and d["current"] == "c4" and all("mt-level" not in s[i] for i in s)' \
      "movement: Keller, Otto, Harry, Anna; last turn's MT levels cleared"

step "Keller, stalled, flies on: 2 + 5 = 7, 1 MP, straight ahead to 13,20, no speed roll"
run dogfight.fly --param id=c4 --roll 2
said "Ltn. Max Keller rolls 2 for movement points: + speed 5 = 7: 1 MP"
said "Ltn. Max Keller flies 1 move straight on, no test"
check 'at("c4", 13, 20, 0) and s["c4"]["speed"] == "5" and s["c4"]["speed-done"] == "1"' "Keller at 13,20, speed 5"
next

step "Otto's movement points (2 + 5 = 7, 1 MP), then his smoke roll for the move: 6 catches fire, 1/6; he rolls 6: on fire"
# 1d + 5: 6-9 one MP (4/6), 10-11 two (2/6).
odds dogfight.mp --param id=c3 --roll 2
said "Chance of Ltn. Otto Brandt: 1 movement point: 66.7% (4/6)"
said "Chance of smoke: does Ltn. Otto Brandt catch fire: 16.7% (1/6)"
run dogfight.mp --param id=c3 --roll 2 --roll 6
said "Ltn. Otto Brandt smokes and rolls 6: on fire"
# 2 more points lost: none left this turn; the sheet's 3, all lost now.
# Fire costs 2 more, but of his sheet's 3 only 1 is not lost yet.
said "Ltn. Otto Brandt: on fire, 1 pilot point lost for the fight (0 left this turn, 0 a turn from now on)"
check 'c["c3"]["conditions"] == {"smoke": "on", "fire": "on"} and s["c3"]["pilot-points"] == "0" and s["c3"]["pp-lost"] == "3"' "Otto smoking and on fire, no pilot points"
run dogfight.fly --param id=c3
said "Ltn. Otto Brandt flies to 13,9"
next

step "Harry, climbing: horizontal 1d + 4 - 1 (normal climb): 1 MP (6/6, so no die); vertical 1d + 4: 5-9 one level (5/6); 2: 1 MP, up 1 level"
odds dogfight.mp --param id=c1
said "Chance of Lt. Harry Quill: horizontal, 1 movement point: 100.0% (6/6)"
said "Chance of Lt. Harry Quill: vertical, 1 movement point: 83.3% (5/6)"
said "Chance of Lt. Harry Quill: vertical, 2 movement points: 16.7% (1/6)"
run dogfight.mp --param id=c1 --roll 2
said "Lt. Harry Quill: every roll for movement points gives 1 MP, so none is made"
said "Lt. Harry Quill climbs 1 level: altitude 10 → 11"
run dogfight.fly --param id=c1
# Still climbing: speed 4 - 2 = 2, his minimum.
said "Lt. Harry Quill in a normal climb: -2 speed (4 → 2)"
check 'at("c1", 12, 10, 0) and s["c1"]["altitude"] == "11" and s["c1"]["speed"] == "2" and s["c1"]["pitch"] == "2"' "Harry at 12,10, altitude 11, speed 2"
next

step "Anna flies on: 2 + 6 = 8, 1 MP, to 12,19"
run dogfight.fly --param id=c2 --roll 2
said "Capt. Anna Brightwell flies to 12,19"
next
said "Turn 2: 3. Combat (simultaneous: an aircraft shot down this phase still fires)"
check 'd["phase"] == "combat" and d["order"] == ["c4", "c3", "c1", "c2"] and d["current"] == "c4"' "combat: Keller, Otto, Harry, Anna"
refused "Otto's burst at CV 0" "Combat: Ltn. Otto Brandt must have min CV of 1 to fire (CV 0, 0 allocated)" \
        dogfight.fire --param id=c3
refused "a move in the combat phase" "This is the combat phase (3. Combat): housekeeping and movement come with the next turn" \
        dogfight.move --param id=c4
next
next
next

step "end of turn 2: Keller, at 5 above his minimum 2, is out of the stall; Harry at his minimum 2: 1 spins (1/6); he rolls 1"
next --roll 1
said "Ltn. Max Keller ends the turn at speed 5, above its minimum 2: out of the spin or stall (Arbiter's reading: the sheet gives no recovery)"
said "Stall and spin check for Lt. Harry Quill, at its minimum speed 2 (speed 2): 1d6 1: spin"
said "Ltn. Otto Brandt: 0 pilot points this turn"
check 'd["turn"] == 3 and d["phase"] == "housekeeping" and d["order"] == ["c4", "c3", "c1", "c2"] and c["c1"]["conditions"] == {"spin": "on"} and c["c4"]["conditions"] == {}' \
      "turn 3: Harry in a spin, Keller flying again"
next --roll 1
said "Spot: Ltn. Max Keller looks for Capt. Anna Brightwell: 1d6 1, MT level -0, in area 6 -0, 2 hexes off -1, spot rating +0, pilot points +0 = 0: not spotted"

step "turn 3, Otto's housekeeping: fire damage 1d (3 boxes); Harry is now in his area 4: kept on 5+, 2/6; he rolls 5"
refused "a pilot point to fight the fire with none" "Pilot points: Ltn. Otto Brandt has 0 points left this turn, not the 1 asked for housekeeping" \
        dogfight.housekeeping --param id=c3 --param extinguish-pp=1
odds dogfight.housekeeping --param id=c3 --roll 3
said "Chance of Ltn. Otto Brandt keeps Lt. Harry Quill as target: 33.3% (2/6)"
run dogfight.housekeeping --param id=c3 --roll 3 --roll 5
# Row 6 was full, row 5 had 1 of 4: 3 more fill it; 5 + 3 = 8 of 22.
said "Ltn. Otto Brandt: on fire, 3 damage boxes filled (8 of 22)"
said "Targeting: Ltn. Otto Brandt, Lt. Harry Quill in area 4: 1d6 5 +0 (area 6 -1, pilot points) = 5: target kept"
said "CV facing: Ltn. Otto Brandt's target is in its area 4, behind the wing line: CV 0"
said "Fire extinguish: Ltn. Otto Brandt is not diving and spends no pilot points: no dice, the fire burns on"
check 's["c3"]["damage"] == "0,0,0,0,4,4" and s["c3"]["targeting"] == "c1" and c["c3"]["conditions"].get("fire") == "on"' "Otto's two bottom rows full, still on fire, still targeting Harry"

step "the log holds the dice, typed in"
"$cli" encounter log "$fight" > "$work/log.txt"
grep -qF "2d6 critical hit on Ltn. Otto Brandt: 4 (typed in)" "$work/log.txt"
grep -qF "1d6 smoke: does Ltn. Otto Brandt catch fire: 6 (typed in)" "$work/log.txt"
echo "ok: the log"

step "undo back to the start: the fight as it stood when the four aircraft were added"
"$cli" encounter show "$fight" --json > "$work/state.json"
n=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["steps"])' "$work/state.json")
i=5
while [ "$i" -lt "$n" ]; do
  "$cli" encounter undo "$fight" > /dev/null
  i=$((i + 1))
done
"$cli" encounter show "$fight" --json > "$work/end.json"
python3 - "$work/start.json" "$work/end.json" <<'PY' || { echo "FAILED: the undone fight differs from the start"; exit 1; }
import json, sys
a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
for k in ("combatants", "derived", "order", "current", "map"):
    assert a.get(k) == b.get(k), (k, a.get(k), b.get(k))
assert "turn" not in b and "phase" not in b, b
PY
check 'd["steps"] == 5 and d["can_redo"] and d.get("turn") is None and all(c[i]["conditions"] == {} for i in c) and at("c1", 10, 10, 0) and at("c3", 12, 10, 0)' \
      "everything undone: four aircraft where they began, unhurt"
echo "PASS"
