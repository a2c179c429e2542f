#!/bin/sh
# A whole fight of The Fantasy Trip from the shell, with fixed rolls:
# Brenna Holt and Orvin Ashgrave (Blue) against Hask the Ferryman and
# Grull, an ST 27 bowman (Red), on the combat map. Options by state and
# their movement, engagement from facing, attacks from the side and rear,
# a thrown spear at a dodger and a blow at a defender on 4d6, an arrow
# with its megahex band, the 3d6 specials (3, 4, 17, 18), damage and the
# reactions to it, hand-to-hand, a force retreat, an aimed shot, a
# crippling hit, standing up, picking up and readying weapons, and what a
# referee must not be let do. Every state along the way is checked, then
# everything is undone.
#
#   tests/tft-full-fight.sh ARBITER_CLI SOURCE_DIR
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

# The odds a procedure shows before its first die: run without dice, it
# stops to ask for one and prints them.
odds () {
  "$cli" run "$@" --encounter "$fight" > "$work/out"
}

# refused 'what' 'the rule' PROCEDURE --param ...: refused with that
# rule, and the fight is as it was.
refused () {
  what=$1
  rule=$2
  shift 2
  "$cli" encounter show "$fight" --json > "$work/before.json"
  if "$cli" run "$@" --encounter "$fight" --apply > "$work/out" 2> "$work/err"; then
    echo "FAILED: $what was allowed"
    exit 1
  fi
  if ! grep -qF -- "$rule" "$work/err"; then
    echo "FAILED: $what was refused for another reason than “$rule”:"
    cat "$work/err"
    exit 1
  fi
  "$cli" encounter show "$fight" --json > "$work/after.json"
  if ! cmp -s "$work/before.json" "$work/after.json"; then
    echo "FAILED: $what was refused but changed the fight"
    diff "$work/before.json" "$work/after.json" || true
    exit 1
  fi
  echo "ok: refused, $what: $(cat "$work/err")"
}

# Grull: a bowman of ST 27 (bare hands 1d+3), DX 13, no armour.
cat > "$work/grull.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<sheet system="tft" kind="npc" format="1">
  <name>Grull</name>
  <st>27</st>
  <dx>13</dx>
  <iq>8</iq>
  <ma>10</ma>
  <armor>none</armor>
  <shield>none</shield>
  <weapon name="Longbow" damage="1d6+2" st-min="11"/>
</sheet>
XML

step "set up: Brenna and Orvin (Blue) against Hask and Grull (Red) on the combat map"
"$cli" encounter new tft -o "$fight" --map tft-combat > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/tft-brenna-holt.xml" --side Blue --at 2,4 --facing 0 > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/tft-hask-the-ferryman.xml" --side Red --at 12,4 --facing 3 > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/tft-orvin-ashgrave.xml" --side Blue --at 2,6 --facing 0 > /dev/null
"$cli" encounter add "$fight" "$work/grull.xml" --side Red --at 16,4 --facing 3 > /dev/null
"$cli" encounter show "$fight" --json > "$work/start.json"
check 'd["steps"] == 5 and d["map"]["cols"] == 24 and d["map"]["rows"] == 18' "the 24 x 18 combat map and four figures"
check 'dv("c1", "adjusted-dx") == "10 (Leather armour −2)" and dv("c2", "adjusted-dx") == "12 (Cloth armour −1)" and dv("c3", "adjusted-dx") == "11" and dv("c4", "adjusted-dx") == "13"' \
      "adjusted DX: Brenna 12 - 2 (leather), Hask 13 - 1 (cloth), Orvin 11, Grull 13"
check 'dv("c1", "hits-stopped") == "3 front, 2 side, 2 rear" and dv("c4", "weapon-1") == "in hand, 1d6+2"' \
      "Brenna's leather and small shield stop 3 from the front, the leather alone 2 from side and rear; Grull has the longbow in hand"

step "turn 1: Blue wins the initiative (5 to 2) and moves first, each side by adjusted DX"
"$cli" encounter start "$fight" --roll 5 --roll 2 > /dev/null
check 'd["turn"] == 1 and d["phase"] == "movement" and d["order"] == ["c3", "c1", "c4", "c2"] and d["current"] == "c3"' \
      "Orvin (11), Brenna (10), then Grull (13), Hask (12)"

step "options by state: Brenna is disengaged, 10 hexes from any foe"
check 'dv("c1", "state") == "disengaged"' "Brenna is disengaged"
refused "an engaged option for a disengaged figure" "(j) Shift and attack: Brenna Holt is disengaged and chooses from a-i" \
        tft.option --param id=c1 --param option=j
refused "a move of 9 hexes at MA 8" "(a) Move: Brenna Holt may move 8 more hexes this turn, not 9" \
        tft.option --param id=c1 --param option=a --param to=11,4
refused "Red choosing while Blue moves" "(3) Movement: the side Blue moves now, not Hask the Ferryman's" \
        tft.option --param id=c2 --param option=a --param to=11,4

step "Orvin moves 3 hexes (a), then changes to a dodge (c: half MA, 5), which that move fits"
run tft.option --param id=c3 --param option=a --param path="3,6;4,6;5,6"
check 'at("c3", 5, 6, 0) and s["c3"]["option"] == "a" and s["c3"]["moved"] == "3"' "Orvin at 5,6 facing 0, (a) 3 hexes"
run tft.option --param id=c3 --param option=c
said "Orvin Ashgrave changes its option from (a) Move"
check 's["c3"]["option"] == "c" and c["c3"]["conditions"].get("dodging") == "on" and s["c3"]["moved"] == "3"' "Orvin dodges"

step "Brenna moves 5 hexes (a); a charge (b, half MA 4) no longer fits"
run tft.option --param id=c1 --param option=a --param to=7,4
check 'at("c1", 7, 4, 0) and s["c1"]["moved"] == "5"' "Brenna at 7,4, 5 of 8"
refused "a charge after 5 hexes" "(b) Charge attack: Brenna Holt moved 5 hexes; this option allows at most 4" \
        tft.option --param id=c1 --param option=b
next
next
check 'd["current"] == "c4"' "Red moves: Grull first"

step "Grull stands to shoot (f); Hask charges (b) 4 hexes, to 3 hexes from Orvin"
run tft.option --param id=c4 --param option=f
refused "a charge of 5 hexes at half MA 5, then one more" "(b) Charge attack: Hask the Ferryman may move 5 more hexes this turn, not 6" \
        tft.option --param id=c2 --param option=b --param to=6,6
run tft.option --param id=c2 --param option=b --param to=8,6
check 'at("c2", 8, 6) and s["c2"]["option"] == "b" and s["c2"]["moved"] == "4" and s["c4"]["option"] == "f"' "Hask at 8,6"
next
next
check 'd["phase"] == "actions" and d["order"] == ["c4", "c2", "c3", "c1"] and d["current"] == "c4"' \
      "actions by adjusted DX: Grull 13, Hask 12, Orvin 11, Brenna 10"

step "Grull shoots Brenna: 9 hexes, 3 megahexes (-1); 10 hits; 1d+2 = 5, her armour and shield stop 3: 2 hits"
refused "Brenna striking out of turn (and out of reach)" "Brenna Holt can strike with the Broadsword only a foe in one of its front hexes" \
        tft.attack --param id=c1 --param target=c2
refused "Grull shooting a bow he does not carry" "Grull carries no weapon called “Crossbow” on its sheet" \
        tft.attack --param id=c4 --param target=c1 --param weapon=Crossbow
odds tft.attack --param id=c4 --param target=c1
said "Grull attacks Brenna Holt with Longbow: DX 13; range, 3 megahexes −1: adjusted DX 12"
said "Chance of hit: 74.1% (160/216)"
run tft.attack --param id=c4 --param target=c1 --roll 10 --roll 3
said "Brenna Holt's armour and shield stop 3"
check 's["c1"]["hits-taken"] == "2" and dv("c1", "st-left") == "10 of 12" and s["c4"]["acted"] == "true"' "Brenna ST 10"
refused "Grull shooting twice" "(4) Actions: Grull has already acted this turn" tft.attack --param id=c4 --param target=c1
next

step "Hask throws his spear at the dodging Orvin, 3 hexes off: 12 - 3 = 9 on 4d6; 14 misses"
odds tft.attack --param id=c2 --param target=c3
said "Hask the Ferryman attacks Orvin Ashgrave with Spear: DX 13; Cloth armour −1; thrown, 3 hexes −3; Orvin Ashgrave is dodging: 4 dice: adjusted DX 9"
said "Chance of hit: 9.7% (126/1296)"
run tft.attack --param id=c2 --param target=c3 --roll 14
check 's["c2"]["dropped.Spear"] == "5,6" and s["c2"]["ready"] == "none" and "hits-taken" not in s["c3"]' \
      "a miss; the spear lies in Orvin's hex, Hask's hands are empty"
next
next
next --roll 3 --roll 6
check 'd["turn"] == 2 and d["phase"] == "movement" and d["order"] == ["c4", "c2", "c3", "c1"]' \
      "turn 2: Red wins (6 to 3) and moves first"
check '"option" not in s["c3"] and "dodging" not in c["c3"]["conditions"] and "moved" not in s["c1"]' "the options of turn 1 are over"

step "turn 2, Red first: Grull shoots again (f); Hask will ready his shortsword (e), facing Orvin"
run tft.option --param id=c4 --param option=f
run tft.option --param id=c2 --param option=e --param facing=3
check 'at("c2", 8, 6, 3) and s["c2"]["option"] == "e"' "Hask at 8,6 facing 3"
next
next

step "Orvin charges (b) 5 hexes round Hask's front to his side; Brenna charges (b) 4 to his rear"
run tft.option --param id=c3 --param option=b --param path="5,7;6,7;6,8;7,8;8,7"
check 'at("c3", 8, 7, 1) and s["c3"]["moved"] == "5"' "Orvin at 8,7 facing 1, Hask's side hex"
run tft.option --param id=c1 --param option=b --param path="8,4;9,4;9,5;9,6" --param facing=3
check 'at("c1", 9, 6, 3) and s["c1"]["moved"] == "4"' "Brenna at 9,6 facing 3, Hask's rear hex"
check 'dv("c2", "state") == "engaged by Brenna Holt, Orvin Ashgrave" and dv("c1", "state") == "disengaged" and dv("c3", "state") == "disengaged"' \
      "engagement from facing: Hask has both in his front hexes; he faces away from them, so they are not engaged"
next
next
check 'd["phase"] == "actions" and d["order"] == ["c4", "c2", "c3", "c1"]' "actions: Grull, Hask, Orvin, Brenna"

step "Grull shoots at Orvin and rolls 17: the longbow falls in his hex; his bare hands do 1d+3 (ST 27)"
run tft.attack --param id=c4 --param target=c3 --roll 17
said "Rolled 17: a miss, and the weapon is dropped"
check 's["c4"]["dropped.Longbow"] == "16,4" and s["c4"]["ready"] == "none" and dv("c4", "weapon-1") == "dropped at 16,4" and dv("c4", "ready") == "bare hands, 1d6+3"' \
      "the longbow lies at 16,4"
next

step "Hask readies his shortsword (e)"
refused "a weapon Hask does not carry" "Hask the Ferryman carries no weapon called “Halberd” on its sheet" \
        tft.ready --param id=c2 --param weapon=Halberd
run tft.ready --param id=c2 --param weapon=Shortsword
said "Hask the Ferryman: (e) Ready new weapon, readies the Shortsword"
check 's["c2"]["ready"] == "Shortsword" and dv("c2", "weapon-2") == "in hand, 2d6-1"' "the shortsword in hand"
next

step "Orvin stabs Hask from the side: 11 + 2 = 13; 12 hits, 1d-1 = 1, his cloth armour stops it"
run tft.attack --param id=c3 --param target=c2 --roll 12 --roll 2
said "Orvin Ashgrave attacks Hask the Ferryman with Dagger: DX 11; from the side +2: adjusted DX 13"
said "Hask the Ferryman's armour stops 1"
said "0 hits get through"
said "No damage: the armour stops its 1 hit"
said "Orvin Ashgrave attacks Hask the Ferryman: HIT · NO DAMAGE"
check '"hits-taken" not in s["c2"]' "Hask unhurt"
next

step "Brenna strikes from the rear: 12 - 2 + 4 = 14 on 3d6; 4 is double damage: 2 x 3 - 1 = 5 hits, Hask staggers"
odds tft.attack --param id=c1 --param target=c2
said "Brenna Holt attacks Hask the Ferryman with Broadsword: DX 12; Leather armour −2; from the rear +4: adjusted DX 14"
said "Chance of hit: 90.7% (196/216)"
said "Chance of triple damage (3): 0.5% (1/216)"
said "Chance of double damage (4): 1.4% (3/216)"
said "Chance of dropped weapon: 1.4% (3/216)"
said "Chance of broken weapon: 0.5% (1/216)"
run tft.attack --param id=c1 --param target=c2 --roll 4 --roll 3
said "× 2: 6 hits"
check 's["c2"]["hits-taken"] == "5" and s["c2"]["hits-turn"] == "5" and s["c2"]["next-dx"] == "-2" and s["c1"]["retreat"] == "c2"' \
      "Hask ST 6, 5 hits this turn: -2 DX on his next action; Brenna may force him back"
check 'dv("c2", "adjusted-dx") == "10 (Cloth armour −1, staggered, this action only −2)"' "Hask's next action at 10"
next
check 'd["phase"] == "retreats" and d["current"] == "c1"' "force retreats: Brenna hit and took no hits this turn"

step "Brenna forces Hask back a hex, and stays where she is"
refused "a retreat towards her" "(5) Force retreats: 9,5 is not one hex farther from Brenna Holt" \
        tft.retreat --param id=c1 --param target=c2 --param to=9,5
run tft.retreat --param id=c1 --param target=c2 --param to=7,6
check 'at("c2", 7, 6, 3) and at("c1", 9, 6, 3) and "retreat" not in s["c1"]' "Hask at 7,6, Brenna still at 9,6"

step "turn 3: Blue first (4 to 1); Orvin steps to Hask's side hex (b); Brenna stays where she is (a)"
next --roll 4 --roll 1
check 'd["turn"] == 3 and d["order"] == ["c3", "c1", "c4", "c2"] and s["c2"]["hits-last-turn"] == "5"' \
      "Orvin, Brenna, Grull, Hask (10, staggered)"
run tft.option --param id=c3 --param option=b --param to=7,7 --param facing=2
run tft.option --param id=c1 --param option=a
said "Brenna Holt: (a) Move, no move (0 of 8 this turn)"
check 'at("c3", 7, 7, 2) and at("c1", 9, 6, 3)' "Orvin at 7,7 facing Hask"
next
next

step "Grull will pick up his bow (e); Hask, engaged by Orvin, may only choose from j-s: he defends (k)"
run tft.option --param id=c4 --param option=e
check 'dv("c2", "state") == "engaged by Orvin Ashgrave"' "Hask is engaged"
refused "a disengaged option for an engaged figure" "(a) Move: Hask the Ferryman is engaged and chooses from j-s" \
        tft.option --param id=c2 --param option=a --param to=6,6
refused "a shift of 2 hexes" "(k) Shift and defend: Hask the Ferryman may shift only 1 hex, staying next to the foes engaging it" \
        tft.option --param id=c2 --param option=k --param to=7,4
run tft.option --param id=c2 --param option=k
check 'c["c2"]["conditions"].get("defending") == "on"' "Hask defends"
next
next
check 'd["phase"] == "actions" and d["order"] == ["c4", "c3", "c1", "c2"]' \
      "Grull 13, Orvin 11, then Brenna and Hask at 10: Blue has the initiative"

step "Grull picks up the longbow lying in his hex"
run tft.ready --param id=c4 --param weapon=Longbow --param pick-up=yes
said "Grull: (e) Ready new weapon, picks up the Longbow and readies it"
check 's["c4"]["ready"] == "Longbow" and "dropped.Longbow" not in s["c4"] and dv("c4", "weapon-1") == "in hand, 1d6+2"' "the longbow in hand"
next

step "Orvin may not grapple Hask from his side; he stabs at him, defending: 13 on 4d6, 12 hits for 3, Hask is down to ST 3"
refused "hand-to-hand from the side" "Hand-to-hand: Hask the Ferryman may be grappled only with its back to the wall, when down, with a lower MA, from its rear hex, or if it agrees (agreed=yes)" \
        tft.hth --param id=c3 --param target=c2
run tft.attack --param id=c3 --param target=c2 --roll 12 --roll 5
said "Orvin Ashgrave attacks Hask the Ferryman with Dagger: DX 11; from the side +2; Hask the Ferryman is defending: 4 dice: adjusted DX 13"
said "Hask the Ferryman is down to ST 3: −3 DX for the rest of the fight"
check 's["c2"]["hits-taken"] == "8" and dv("c2", "adjusted-dx") == "7 (Cloth armour −1, ST 3 or less, for the rest of the fight −3, staggered, this action only −2)"' \
      "Hask ST 3: 13 - 1 - 3, and the stagger still waits for his next action"
next
next
next
check 'd["phase"] == "retreats" and d["current"] == "c3"' "Orvin hit and was not hit: he may force a retreat; he does not"

step "turn 4: Red first (5 to 2); Grull shoots (f); Hask defends again (k)"
next --roll 2 --roll 5
check 'd["turn"] == 4 and d["order"] == ["c4", "c2", "c3", "c1"]' "Grull, Hask, then Orvin and Brenna"
run tft.option --param id=c4 --param option=f
run tft.option --param id=c2 --param option=k
next
next

step "Orvin stays where he is (a); Brenna charges (b) into Hask's rear hex"
run tft.option --param id=c3 --param option=a
run tft.option --param id=c1 --param option=b --param to=8,6 --param facing=3
check 'at("c1", 8, 6, 3)' "Brenna at 8,6, Hask's rear hex"
next
next
check 'd["phase"] == "actions" and d["order"] == ["c4", "c3", "c1", "c2"]' "Grull 13, Orvin 11, Brenna 10, Hask 9 (his stagger lapsed with turn 3)"

step "Grull's arrow takes Orvin in the side (+2) for 8: he falls (8+), is staggered (5+) and down to ST 1 (-3 DX)"
run tft.attack --param id=c4 --param target=c3 --roll 8 --roll 6
said "Grull attacks Orvin Ashgrave with Longbow: DX 13; from the side +2; range, 3 megahexes −1: adjusted DX 14"
said "Orvin Ashgrave is down to ST 1: −3 DX for the rest of the fight"
check 'c["c3"]["conditions"].get("knocked-down") == "on" and s["c3"]["fell-turn"] == "4" and s["c3"]["hits-taken"] == "8"' "Orvin knocked down"
check 'dv("c3", "adjusted-dx") == "6 (ST 3 or less, for the rest of the fight −3, staggered, this action only −2)"' "Orvin at 11 - 3 - 2"
next
said "Orvin Ashgrave cannot act"
check 'd["current"] == "c1"' "knocked down this turn, Orvin does not act: Brenna's turn"

step "Brenna jumps Hask from his rear hex: a 6 is rolled again; 1, he drops his shortsword and both go down grappling"
odds tft.hth --param id=c1 --param target=c2
said "Brenna Holt moves onto Hask the Ferryman's hex: the attacker comes in from the defender's rear hex"
said "Chance of 1-2: weapon dropped; both go down in HTH: 40.0% (2/5)"
said "Chance of 3-4: weapon dropped, dagger readied; both go down in HTH: 40.0% (2/5)"
said "Chance of 5: attacker falls back, no HTH: 20.0% (1/5)"
run tft.hth --param id=c1 --param target=c2 --roll 6 --roll 1
said "Defence roll 6 ignored: roll again"
check 'at("c1", 7, 6) and at("c2", 7, 6) and s["c1"]["hth-with"] == "c2" and s["c2"]["hth-with"] == "c1" and c["c1"]["conditions"].get("hth") == "on"' \
      "both in hand-to-hand at 7,6"
check 's["c2"]["dropped.Shortsword"] == "7,6" and s["c2"]["ready"] == "none" and dv("c2", "state") == "in hand-to-hand with Brenna Holt"' \
      "the shortsword lies at 7,6"
next
refused "a dagger drawn on a defender's option" "Hask the Ferryman was engaged when it chose its option this turn: no option of j-s allows that" \
        tft.draw-dagger --param id=c2
next --roll 6 --roll 3

step "turn 5: Blue first (6 to 3); Brenna grapples on (t); Orvin, knocked down last turn, may only stand (g)"
check 'd["turn"] == 5 and d["order"] == ["c1", "c3", "c4", "c2"]' "Brenna (10), Orvin (6), Grull (13), Hask (9)"
run tft.option --param id=c1 --param option=t
refused "a move for a figure knocked down last turn" "(a) Move: Orvin Ashgrave was knocked down and must stand up first (g or p), or stay down" \
        tft.option --param id=c3 --param option=a --param to=6,8
run tft.option --param id=c3 --param option=g
next
next
run tft.option --param id=c4 --param option=f
refused "an engaged option in hand-to-hand" "(j) Shift and attack: Hask the Ferryman is in hand-to-hand combat and chooses from t-v" \
        tft.option --param id=c2 --param option=j
run tft.option --param id=c2 --param option=u
next
next
check 'd["phase"] == "actions" and d["order"] == ["c4", "c1", "c2", "c3"]' "Grull 13, Brenna 10, Hask 9, Orvin 6"
next

step "Brenna strikes bare-handed inside the grapple: +4; 15 misses"
run tft.attack --param id=c1 --param target=c2 --param weapon=none --roll 15
said "Brenna Holt attacks Hask the Ferryman with bare hands: DX 12; Leather armour −2; hand-to-hand +4: adjusted DX 14"
said "Rolled 15: a miss"
next

step "Hask draws his dagger (u): 3d6 against 9, 81/216; 6 draws it"
odds tft.draw-dagger --param id=c2
said "Chance of dagger drawn: 37.5% (81/216)"
run tft.draw-dagger --param id=c2 --roll 6
check 's["c2"]["ready"] == "Dagger" and "next-dx" not in s["c2"] and dv("c2", "adjusted-dx") == "9 (Cloth armour −1, ST 3 or less, for the rest of the fight −3)"' \
      "the dagger in hand"
next

step "Orvin stands up"
run tft.stand --param id=c3
check '"knocked-down" not in c["c3"]["conditions"] and s["c3"]["option"] == "g"' "Orvin on his feet"
next --roll 2 --roll 5

step "turn 6: Red first (5 to 2); Brenna tries to break free (v): 4d6 against 10, 206/1296; 9 frees her"
check 'd["turn"] == 6 and d["order"] == ["c4", "c2", "c1", "c3"]' "Grull, Hask (9), Brenna (10), Orvin (8)"
run tft.option --param id=c4 --param option=f
run tft.option --param id=c2 --param option=t
next
next
run tft.option --param id=c1 --param option=v
run tft.option --param id=c3 --param option=a
next
next
check 'd["order"] == ["c4", "c1", "c2", "c3"]' "actions: Grull, Brenna, Hask, Orvin"
next
refused "breaking free into Orvin's hex" "(v) Disengage from HTH: 7,7 is not empty (Orvin Ashgrave)" \
        tft.hth-disengage --param id=c1 --param to=7,7
odds tft.hth-disengage --param id=c1 --param to=8,6
said "Chance of break free: 15.9% (206/1296)"
run tft.hth-disengage --param id=c1 --param to=8,6 --roll 9
check 'at("c1", 8, 6, 3) and "hth-with" not in s["c1"] and "hth-with" not in s["c2"] and "hth" not in c["c1"]["conditions"] and "hth" not in c["c2"]["conditions"]' \
      "Brenna at 8,6, nobody grappling"
next
next
next --roll 2 --roll 5

step "turn 7, with crippling hits in play: Hask turns on Brenna (j), who is engaged (j), as is Orvin (j)"
run tft.settings --param crippling=true
check 'd["turn"] == 7 and d["order"] == ["c4", "c2", "c1", "c3"]' "Grull, Hask, Brenna, Orvin"
run tft.option --param id=c4 --param option=f
run tft.option --param id=c2 --param option=j --param facing=0
check 'at("c2", 7, 6, 0) and dv("c1", "state") == "engaged by Hask the Ferryman" and dv("c3", "state") == "engaged by Hask the Ferryman"' \
      "Hask faces Brenna: both in his front hexes"
next
next
run tft.option --param id=c1 --param option=j
refused "a shift away from the foe engaging him" "(j) Shift and attack: a shift keeps Orvin Ashgrave next to the foes engaging it (Arbiter's reading)" \
        tft.option --param id=c3 --param option=j --param path=6,8
run tft.option --param id=c3 --param option=j --param path=6,7
check 'at("c3", 6, 7, 2) and s["c3"]["moved"] == "1"' "Orvin shifts to 6,7, Hask's side hex, keeping his facing"
next
next
check 'd["order"] == ["c4", "c1", "c2", "c3"] and d["current"] == "c4"' "Grull, Brenna, Hask, Orvin"
refused "Hask striking in Grull's turn" "(4) Actions: it is Grull's turn to act, not Hask the Ferryman's" \
        tft.attack --param id=c2 --param target=c1
next

step "Brenna rolls 18: the broadsword breaks"
run tft.attack --param id=c1 --param target=c2 --roll 18
said "Rolled 18: a miss, and the weapon breaks"
check 's["c1"]["broken.Broadsword"] == "true" and s["c1"]["ready"] == "none" and dv("c1", "weapon-1") == "broken, 2d6"' "broken"
next

step "Hask rolls 3: triple damage, 3 x (3 - 1) - 3 = 3 hits; an automatic hit: 11 on the crippling hits, her shield arm"
odds tft.attack --param id=c2 --param target=c1 --roll 3 --roll 3
said "Chance of crippling hit (8-12): 41.7% (15/36)"
run tft.attack --param id=c2 --param target=c1 --roll 3 --roll 3 --roll 11
said "× 3: 6 hits"
check 's["c1"]["hits-taken"] == "5" and s["c1"]["injury.shield-arm"] == "useless" and s["c2"]["retreat"] == "c1"' \
      "Brenna ST 7, her shield arm out of use"
check 'dv("c1", "adjusted-dx") == "8 (Leather armour −2, useless shield arm, until the shield is dropped −2)"' "Brenna at 8 until she drops the shield"
next

step "Orvin stabs Hask from the side, 11 - 3 + 2 = 10: 7 hits, 4 - 1 = 3, Hask is at ST 0: unconscious"
run tft.attack --param id=c3 --param target=c2 --roll 7 --roll 5
said "Orvin Ashgrave attacks Hask the Ferryman with Dagger: DX 11; ST 3 or less, for the rest of the fight −3; from the side +2: adjusted DX 10"
said "Hask the Ferryman is at ST 0: unconscious"
check 'c["c2"]["conditions"].get("unconscious") == "on" and dv("c2", "st-left") == "0 of 11"' "Hask out of the fight"
next
check 'd["phase"] == "retreats" and d["current"] == "c3"' "Orvin may force a retreat; Hask, out, may not"
next --roll 4 --roll 3

step "turn 8: Blue first (4 to 3); Brenna readies a new weapon (e), Orvin charges (b), Grull shoots (f)"
check 'd["turn"] == 8 and d["order"] == ["c1", "c3", "c4"]' "Brenna and Orvin (8, as they came), Grull; Hask is out"
run tft.option --param id=c1 --param option=e
run tft.option --param id=c3 --param option=b
next
next
run tft.option --param id=c4 --param option=f
next --roll 5 --roll 2
said "1d6 for tie-break for Brenna Holt: 5 (given)"
check 'd["order"] == ["c4", "c1", "c3"]' "Grull 13; Brenna and Orvin tied at 8 roll for it, 5 to 2"

step "Grull aims at Brenna's leg from her rear: 13 + 4 - 1 - 4 = 12; 9 hits, 7 - 2 = 5 (her shield on the useless arm stops nothing): she kneels for 3 turns, ST 2"
run tft.attack --param id=c4 --param target=c1 --param aim=leg --roll 9 --roll 5
said "Grull attacks Brenna Holt with Longbow: DX 13; from the rear +4; range, 3 megahexes −1; aimed at a leg −4: adjusted DX 12"
said "Leg shot of more than 2 hits: Brenna Holt kneels for 3 turns, −2 DX to attack, +2 DX to be attacked"
check 's["c1"]["injury.leg"] == "hit" and c["c1"]["conditions"].get("kneeling") == "until turn 11" and dv("c1", "st-left") == "2 of 12"' \
      "Brenna kneels until turn 11, at ST 2"
check 'dv("c1", "adjusted-dx") == "1 (Leather armour −2, ST 3 or less, for the rest of the fight −3, staggered, this action only −2, injured leg −2, useless shield arm, until the shield is dropped −2)"' \
      "Brenna at 12 - 2 - 3 - 2 (5 hits: staggered) - 2 - 2 = 1"
next

step "Brenna readies her dagger (e): not the broken broadsword"
refused "a broken weapon readied" "Brenna Holt's Broadsword is broken" tft.ready --param id=c1 --param weapon=Broadsword
run tft.ready --param id=c1 --param weapon=Dagger
said "Brenna Holt: (e) Ready new weapon, readies the Dagger"
check 's["c1"]["ready"] == "Dagger" and dv("c1", "weapon-2") == "in hand, 1d6-1"' "the dagger in hand"
next

step "Orvin stabs the senseless Hask: 7 hits, 3 - 1 - 1 = 1 hit, ST -1: dead"
run tft.attack --param id=c3 --param target=c2 --roll 7 --roll 3
said "Hask the Ferryman is at ST -1, below 0: dead (Arbiter's default; raising its ST to 0 or more in time saves it)"
check 'c["c2"]["conditions"].get("dead") == "on" and "unconscious" not in c["c2"]["conditions"]' "Hask is dead"
refused "a blow at the dead" "Hask the Ferryman is dead" tft.attack --param id=c3 --param target=c2

step "the log holds the dice, typed in"
"$cli" encounter log "$fight" > "$work/log.txt"
grep -qF "3d6 to hit Hask the Ferryman (14 or less on 3 dice): 4 (typed in)" "$work/log.txt"
grep -qF "4d6 to hit Orvin Ashgrave (9 or less on 4 dice): 14 (typed in)" "$work/log.txt"
grep -qF "2d6 crippling hit (optional rule): 11 (typed in)" "$work/log.txt"
echo "ok: the log"

step "undo back to the start: the fight as it stood when the four figures were added"
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
check 'd["steps"] == 5 and d["can_redo"] and d.get("turn") is None and at("c1", 2, 4, 0) and at("c2", 12, 4, 3) and c["c2"]["conditions"] == {}' \
      "everything undone: Brenna at 2,4, Hask alive at 12,4"
echo "PASS"
