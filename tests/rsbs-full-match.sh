#!/bin/sh
# A solo match of Red Sand, Blue Sky from the shell, with fixed rolls:
# the player's Aulus Varro (Rep 4, a murmillo with a large shield)
# against two uncontrolled NPCs, Glaucus the Net (net and trident) and
# Brutus the Chaser (a secutor with a large shield), in a small practice
# arena. The pre-match sequence (opponents' Rep by locale, the
# entrances), the card draw, a move and its cost, the NPCs' activations
# run by the rules, a net thrown and removed, a melee with its
# allocation and passes read in the referee's result table, the harm
# chain (hit location, armor protection, damage, wound), an NPC catching
# its breath, a figure spent and its appeal for mercy, and what a
# referee must not be let do. At turn 3 what Aulus might have done
# instead is tried and undone at once: a bash, a flank and attack, a
# break off, a kick of sand; an archer (Drusa) and a pilum thrower (a
# sheet of the script's) enter for a shot and a throw, and leave again. Every state along the way is checked, then
# everything is undone.
#
# The book's combat tables are not in the seed and ship empty: like a
# referee, the script first fills a small house table for each (started
# with "arbiter-cli table rsbs ID --house", saved under --data-dir). The
# codes in them are made-up test figures, NOT the book's.
#
#   tests/rsbs-full-match.sh ARBITER_CLI SOURCE_DIR
set -eu

cli=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
fight="$work/match.xml"
house="$work/house"
export XDG_DATA_HOME="$work/data"
mkdir -p "$house/rulesets"

# Pilus: a Rep 4 gladiator with a pilum (class PI) and a gladius, no
# shield; only the chest's armor class is given (the others default).
cat > "$work/pilus.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<sheet system="rsbs" kind="character" format="1">
  <name>Pilus</name>
  <rep>4</rep>
  <move>3</move>
  <primary-style>Hoplomachus</primary-style>
  <size>M</size>
  <shield>none</shield>
  <armor-class location="chest" ac="3"/>
  <weapon name="Pilum" class="PI"/>
  <weapon name="Gladius" class="HH"/>
</sheet>
XML

enc_file="$fight"
. "$src/tests/cli-check.sh"

run () {
  "$cli" run "$@" --encounter "$fight" --data-dir "$house" --apply > "$work/out"
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
  "$cli" run "$@" --encounter "$fight" --data-dir "$house" > "$work/out"
}

# refused 'what' 'the rule' PROCEDURE --param ...: refused with that
# rule, and the match is as it was.
refused () {
  what=$1
  rule=$2
  shift 2
  "$cli" encounter show "$fight" --json > "$work/before.json"
  if "$cli" run "$@" --encounter "$fight" --data-dir "$house" --apply > "$work/out" 2> "$work/err"; then
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
    echo "FAILED: $what was refused but changed the match"
    diff "$work/before.json" "$work/after.json" || true
    exit 1
  fi
  echo "ok: refused, $what: $(cat "$work/err")"
}

# house ID 'expression': the referee's house table ID, started from
# "arbiter-cli table rsbs ID --house" with every empty cell filled with
# the code the expression gives. It sees row (the row's name or label),
# n (the first number in it, or None) and col (the column's key).
house () {
  "$cli" table rsbs "$1" --house > "$work/blank.xml"
  python3 - "$work/blank.xml" "$house/rulesets/$1.xml" "$2" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def row_fill(m):
    head = m.group(1)
    name = re.search(r'(?:name|label)="([^"]*)"', head).group(1)
    num = re.match(r'\d+', name)
    def cell(c):
        env = {"row": name, "n": int(num.group(0)) if num else None, "col": c.group(1)}
        return '<cell column="%s">%s</cell>' % (c.group(1), eval(sys.argv[3], env))
    return head + re.sub(r'<cell column="([^"]*)"></cell>', cell, m.group(2)) + "</row>"
text = re.sub(r'(<row [^>]*>)(.*?)</row>', row_fill, text, flags=re.S)
assert '"></cell>' not in text
open(sys.argv[2], "w").write(text)
PY
  echo "ok: the house table rsbs/$1"
}

step "set up: a practice arena of 10 by 10, entrances at the middle of the north and south walls"
"$cli" encounter new rsbs -o "$fight" --map rsbs-square-2 > /dev/null
"$cli" run rsbs.map --encounter "$fight" --param size=10x10 --param "exits=5,-2;5,7" --apply > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/rsbs-aulus-varro.xml" --side Red > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/rsbs-glaucus-the-net.xml" --side Black > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/rsbs-brutus-the-chaser.xml" --side Black > /dev/null
"$cli" encounter show "$fight" --json > "$work/start.json"
check 'd["steps"] == 5 and d["map"] == {"cols": 10, "rows": 10} and [x["name"] for x in d["combatants"]] == ["Aulus Varro", "Glaucus the Net", "Brutus the Chaser"]' \
      "the 10 by 10 arena and three gladiators"
check 'all(dv(i, "dice-pool") == "20" and dv(i, "dice-left") == "20" for i in ("c1", "c2", "c3"))' "each a pool of 5 x Rep 4 = 20 dice"

step "before the match: the locale rolled (3, the Fringe), each NPC's Rep by it (8 and 10: Rep 4), at the entrances"
odds rsbs.prematch --param entries=yes
said "Chance of the match in the Fringe of the Empire: 50.0% (5/10)"
said "Chance of the match in the Heart of the Empire: 20.0% (2/10)"
said "Chance of the match in an arena outside Rome: 20.0% (2/10)"
said "Chance of the match in Rome and the Colosseum: 10.0% (1/10)"
said "Needs 1d10 for the locale: run again with --roll V"
odds rsbs.prematch --param entries=yes --roll 3
said "Locale: 3, the Fringe of the Empire"
said "Chance of Glaucus the Net at Rep 3 (the Fringe of the Empire): 70.0% (7/10)"
said "Chance of Glaucus the Net at Rep 4 (the Fringe of the Empire): 30.0% (3/10)"
said "Needs 1d10 for Glaucus the Net's Rep (the Fringe of the Empire): run again with --roll V"
run rsbs.prematch --param entries=yes --roll 3 --roll 8 --roll 10
said "Match-up: Aulus Varro (c1) meets Glaucus the Net (c2)"
said "Rep of Glaucus the Net (c2): 8, Rep 4 (a pool of 20 dice)"
said "Rep of Brutus the Chaser (c3): 10, Rep 4 (a pool of 20 dice)"
said "Aulus Varro enters at 5,-2, facing into the arena"
said "Glaucus the Net enters at 5,7, facing into the arena"
said "Brutus the Chaser enters at 5,6, facing into the arena"
check 'at("c1", 5, -2) and at("c2", 5, 7) and at("c3", 5, 6) and s["c2"]["rep"] == "4" and s["c3"]["rep"] == "4" and "rep" not in s["c1"]' \
      "Aulus at the north entrance, Glaucus and Brutus at the south; the NPCs' Rep 4 set"
"$cli" encounter show "$fight" --json > "$work/ready.json"

step "the referee fills the book's empty combat tables with a house table each (test figures, not the book's)"
# net-result: 3 or more and 2 ensnared, 1 dodge, 0 none
house net-result '"ensnared" if n >= 2 else "dodge" if n == 1 else "none"'
# hit-location: every roll the chest from the front, the left arm from a flank, the upper back from the rear
house hit-location '{"front": "chest", "flank": "left arm", "rear": "upper back"}[col]'
# armor-protection: in every AC column, 1-5 the armor holds, 6 or more damage
house armor-protection '"none" if n <= 5 else "damage"'
# damage: in every column, 1-5 burn=2, 6-9 a wound, 10 dead
house damage '"burn=2" if n <= 5 else "wound" if n <= 9 else "dead"'
# wound: everywhere Rep -1 for the match and 2 dice burned
house wound '"rep=-1" if col == "effect" else "2"'
# bash-result and flank-attack: 2 or more hit, 1 burn=1, 0 none
house bash-result '"hit" if n >= 2 else "burn=1" if n == 1 else "none"'
house flank-attack '"hit" if n >= 2 else "burn=1" if n == 1 else "none"'
# sand: 1-5 blinded, 6-10 a miss
house sand '"blinded" if n <= 5 else "miss"'
# break-off: won by 1 or more free, equal none, lost burn=1
house break-off '"free" if row.startswith("won") else "none" if row == "equal" else "burn=1"'
# missile-range: a throwing spear 6", a pilum 5", a bow 5"
house missile-range '{"TS": "6", "PI": "5", "BW": "5"}[row]'
# missile-hit: in every column 1-6 hit, 7-10 a miss
house missile-hit '"hit" if n <= 6 else "miss"'
"$cli" table rsbs net-result --roll 2 --data-dir "$house" > "$work/out"
grep -qF "ensnared" "$work/out"
"$cli" table rsbs net-result --roll 2 > "$work/out"
if grep -qF "ensnared" "$work/out"; then echo "FAILED: the shipped table is not empty"; exit 1; fi
echo "ok: the house net-result read under --data-dir only"

step "turn 1: the cards KH and 2S: the king is higher, Red (Aulus) is active first"
run rsbs.start --param cards=KH,2S
said "Drawn KH and 2S: KH is higher, Red is active first"
check 'd["turn"] == 1 and d["order"] == ["c1", "c2", "c3"] and d["current"] == "c1"' "Aulus first, then Glaucus and Brutus"

step "Aulus moves 3\" south, his whole rate; a 4th inch is refused"
run rsbs.move --param id=c1 --param "path=5,-1;5,0;5,1"
check 'at("c1", 5, 1, 5) and s["c1"]["moved"] == "3"' "Aulus at 5,1 facing south, 3\" of 3\" spent"
refused "a 4th inch at a rate of 3\"" "Voluntary Movement: 5,2 is 1\" away, more than the 0\" he has left" \
        rsbs.move --param id=c1 --param to=5,2
next
check 'd["current"] == "c2"' "Black's activation: Glaucus"

step "what if Glaucus had moved 3\" first: a net is thrown after moving 2\" or less"
# On the file as it stands, then the file put back: the match itself
# goes on from here, Glaucus unmoved.
cp "$fight" "$work/saved.xml"
run rsbs.move --param id=c2 --param "path=4,7;4,6;4,5"
check 'at("c2", 4, 5) and s["c2"]["moved"] == "3"' "(what if) Glaucus at 4,5, 3\" moved"
refused "a net after moving 3\"" "Actions: a net may be tossed after moving 2\" or less; Glaucus the Net has moved 3\"" \
        rsbs.net --param id=c2 --param target=c1 --param foe-dice=2
cp "$work/saved.xml" "$fight"
check 'at("c2", 5, 7) and "moved" not in s["c2"]' "back as it was: Glaucus at 5,7, unmoved"

step "Glaucus, uncontrolled, runs himself: the checks (attack roll 5 in the net column: a net attack, 5\" off)"
odds rsbs.npc --param id=c2
said "No breath check: Catching breath: Glaucus the Net has burned 0 of 20 dice, less than half his pool"
said "Glaucus the Net rolls for his attack in the column “net” of npc-attack"
said "Chance of Glaucus the Net: net attack: 80.0% (80/100)"
said "Chance of Glaucus the Net: close and melee: 20.0% (20/100)"
run rsbs.npc --param id=c2 --roll 5
said "Attack roll 5: a net attack: the target is 5\" away, within the net's 1\" to 6\""
check 's["c2"]["npc-stage"] == "1" and s["c2"]["intent"] == "net" and s["c2"]["intent-target"] == "c1"' "Glaucus means to net Aulus"

step "his move: none, Aulus is in the net's range; 1\" kept for the toss"
run rsbs.npc --param id=c2
said "Glaucus the Net moves 0\" and is 5\" from Aulus Varro"
check 's["c2"]["npc-stage"] == "2" and at("c2", 5, 7)' "Glaucus stays at 5,7"

step "his net attack: Aulus, the target, allots first (2); Glaucus matches with 2; 2 passes (1, 3) to none (7, 9): ensnared"
refused "the NPC's attack without the player's dice" "How many dice (1 to 4) does Aulus Varro allot from his pool? (Melee Combat)" \
        rsbs.npc --param id=c2
odds rsbs.npc --param id=c2 --param foe-dice=2
said "Glaucus the Net tosses his Net at Aulus Varro, 5\" away: the toss costs 1\" (1\" of 4\" spent)"
said "Glaucus the Net, an uncontrolled NPC, allots 2 (Arbiter's reading: it matches the foe's dice, at least 2, at most 4, 3 when it allots first, never more than it has left)"
said "Glaucus the Net allots 2, Aulus Varro allots 2"
# 2d10 against 2d10, each passing on 4 or less (2 in 5): more 3072, equal 3856, fewer 3072 in 10000
said "Chance of Glaucus the Net passes more dice: 30.7% (30.72/100)"
said "Chance of equal passes: 38.6% (38.56/100)"
said "Chance of Aulus Varro passes more dice: 30.7% (30.72/100)"
run rsbs.npc --param id=c2 --param foe-dice=2 --roll 1 --roll 3 --roll 7 --roll 9
said "Glaucus the Net passes 2, Aulus Varro passes 0"
said "Passes differ by 2: ensnared"
said "Glaucus the Net's activation is over: Next"
said "Glaucus the Net tosses his net at Aulus Varro: ENSNARED, Glaucus the Net dice 20 → 18, Aulus Varro dice 20 → 18"
check 'c["c1"]["conditions"].get("ensnared") == "on" and s["c2"]["thrown.Net"] == "1" and s["c2"]["acted"] == "1" and s["c2"]["npc-stage"] == "3"' "Aulus ensnared; the net is out of Glaucus's hand; his activation is over"
check '"npc-stage" not in s["c1"] and s["c1"].get("acted") is None' "Aulus, the target, is not marked as having acted"
check 'dv("c1", "dice-left") == "18" and dv("c2", "dice-left") == "18" and s["c2"]["moved"] == "1"' "each burned the 2 he allotted; the toss cost Glaucus 1\""
refused "Glaucus acting again" "Glaucus the Net has acted this activation: Next" rsbs.npc --param id=c2
next

step "Brutus runs himself: attack roll 5 (large-shield column): close and melee; he moves his 3\" of the 4\" toward Aulus"
odds rsbs.npc --param id=c3
said "Chance of Brutus the Chaser: close and melee: 100.0% (100/100)"
run rsbs.npc --param id=c3 --roll 5
said "Attack roll 5: he closes to melee"
said "Brutus the Chaser's plan: close and melee, against Aulus Varro (4\" away); apply NPC Activation again for the move"
run rsbs.npc --param id=c3
said "Brutus the Chaser moves to 5,3: 3\" of his 3\" (3\" forward)"
said "Brutus the Chaser moves 3\" and is 1\" from Aulus Varro"
check 'at("c3", 5, 3, 2) and s["c3"]["moved"] == "3" and s["c3"]["acted"] == "1"' "Brutus at 5,3, 1\" short of Aulus: his activation is over"

step "turn 2: AH and 3S, Red first; Aulus works at the net: 3 against Rep 4, off; 1d10 (4) burned"
run rsbs.next --param cards=AH,3S
said "Drawn AH and 3S: AH is higher, Red is active first"
check 'd["turn"] == 2 and d["current"] == "c1" and "moved" not in s["c1"]' "turn 2, Aulus first, his last activation forgotten"
odds rsbs.remove-net --param id=c1
said "Chance of net removed: 40.0% (4/10)"
run rsbs.remove-net --param id=c1 --roll 3 --roll 4
said "Aulus Varro rolls 3 against Rep 4: the net is off"
said "Aulus Varro burns 4 dice (struggling with the net)"
check '"ensnared" not in c["c1"]["conditions"] and dv("c1", "dice-left") == "14" and s["c1"]["acted"] == "1"' "the net off; 14 dice left; that was his action"
refused "a second try at the net in one activation" "Actions: Aulus Varro has already acted this activation" rsbs.remove-net --param id=c1
next

step "Glaucus, his net gone, rolls in the column for any other NPC: close and melee; 4\" of the 5\" toward Aulus"
refused "a net off a figure not ensnared" "Remove Net: Glaucus the Net is not ensnared" rsbs.remove-net --param id=c2
odds rsbs.npc --param id=c2
said "Glaucus the Net rolls for his attack in the column “other” of npc-attack"
said "Chance of Glaucus the Net: close and melee: 100.0% (100/100)"
run rsbs.npc --param id=c2 --roll 5
run rsbs.npc --param id=c2
said "Glaucus the Net moves 4\" and is 2\" from Aulus Varro"
check 'at("c2", 4, 4) and s["c2"]["moved"] == "4" and s["c2"]["acted"] == "1"' "Glaucus at 4,4, 2\" short"
next

step "Brutus closes the last inch and melees; the result table is still empty: refused, naming it"
run rsbs.npc --param id=c3 --roll 5
run rsbs.npc --param id=c3
check 'at("c3", 5, 2) and s["c3"]["npc-stage"] == "2"' "Brutus at 5,2, in contact with Aulus"
refused "a melee read in an empty table" "(rsbs/melee-result) is still empty" \
        rsbs.npc --param id=c3 --param foe-dice=2 --roll 2 --roll 3 --roll 8 --roll 8 --roll 9

step "the referee fills rsbs/melee-result: 3 or more and 2 hit, 1 burn=1, 0 none (test figures)"
house melee-result '"hit" if n >= 2 else "burn=1" if n == 1 else "none"'

step "Brutus allots 3 (he attacks first), Aulus 2; 2 passes (2, 3, 8) to none (8, 9): a hit; the chest (roll 4), AC 3 + large shield 2 = 5; armor roll 3: it holds"
odds rsbs.npc --param id=c3 --param foe-dice=2
said "Brutus the Chaser allots 3, Aulus Varro allots 2"
# 3d10 against 2d10 at Rep 4: more 46144, equal 33120, fewer 20736 in 100000
said "Chance of Brutus the Chaser passes more dice: 46.1% (46.144/100)"
said "Chance of equal passes: 33.1% (33.12/100)"
said "Chance of Aulus Varro passes more dice: 20.7% (20.736/100)"
run rsbs.npc --param id=c3 --param foe-dice=2 --roll 2 --roll 3 --roll 8 --roll 8 --roll 9 --roll 4 --roll 3
said "Brutus the Chaser passes 2, Aulus Varro passes 0"
said "Passes differ by 2: hit"
said "Hit location (front column): 4, chest, armor class 3"
said "Armor protection (AC 5): 3, none"
check 'dv("c1", "dice-left") == "12" and dv("c3", "dice-left") == "17" and "wounds" not in s["c1"] and s["c3"]["acted"] == "1"' "Aulus unhurt, 12 dice left; Brutus 17"

step "turn 3: QH and 4S, Red first; Aulus attacks Brutus with 4 dice, Brutus answers with 3 (dice= and foe-dice=)"
run rsbs.next --param cards=QH,4S
said "Drawn QH and 4S: QH is higher, Red is active first"
check 'd["turn"] == 3 and d["current"] == "c1"' "turn 3, Aulus first"

# What Aulus might do instead, each tried and undone at once (the undo
# is the app's: the match goes on from the same state). At turn 3's
# start Aulus (Rep 4, 12 dice, unmoved, rate 3") touches Brutus (Rep 4,
# 17 dice) and is 2" from Glaucus (18 dice).
step "(undone) Aulus bashes Brutus with his large shield: Brutus allots first (2), Aulus 3; 2 passes (1, 2, 8) to 1 (4, 9): burn=1"
refused "a bash at Glaucus, 2\" off" "Bash Attack: Aulus Varro must touch Glaucus the Net" \
        rsbs.bash --param id=c1 --param target=c2 --param dice=3 --param foe-dice=2
# 3d10 against 2d10 at Rep 4, as Brutus's melee of turn 2: a die passes
# 4 in 10. P(k of 3) = 216, 432, 288, 64 in 1000; P(j of 2) = 36, 48, 16
# in 100. More: 432*36 + 288*84 + 64*100 = 46144; equal: 216*36 +
# 432*48 + 288*16 = 33120; fewer: 100000 - 79264 = 20736 (in 100000).
odds rsbs.bash --param id=c1 --param target=c3 --param dice=3 --param foe-dice=2
said "The bash costs 1\" of movement: 1\" of 3\" spent"
said "Aulus Varro allots 3, Brutus the Chaser allots 2"
said "Chance of Aulus Varro passes more dice: 46.1% (46.144/100)"
said "Chance of equal passes: 33.1% (33.12/100)"
said "Chance of Brutus the Chaser passes more dice: 20.7% (20.736/100)"
run rsbs.bash --param id=c1 --param target=c3 --param dice=3 --param foe-dice=2 \
    --roll 1 --roll 2 --roll 8 --roll 4 --roll 9
said "Aulus Varro passes 2, Brutus the Chaser passes 1"
said "Passes differ by 1: burn=1"
# Brutus 17 - 2 allotted - 1 (burn=1) = 14; Aulus 12 - 3 = 9.
check 's["c1"]["moved"] == "1" and s["c1"]["acted"] == "1" and dv("c1", "dice-left") == "9" and dv("c3", "dice-left") == "14"' \
      "the bash cost Aulus 1\" and 3 dice (9 left); Brutus burned 2 + 1 (14 left)"
"$cli" encounter undo "$fight" > /dev/null
check '"moved" not in s["c1"] and "acted" not in s["c1"] and dv("c1", "dice-left") == "12" and dv("c3", "dice-left") == "17"' "the bash undone"

step "(undone) Aulus, at Brutus's front, tries to flank and attack with 2 against 2: 1 pass (1, 7) to none (8, 9): burn=1"
# 2d10 against 2d10 at Rep 4: P(j of 2) = 36, 48, 16 in 100. More:
# 48*36 + 16*84 = 3072; equal 36*36 + 48*48 + 16*16 = 3856; fewer 3072
# (in 10000).
odds rsbs.flank --param id=c1 --param target=c3 --param dice=2 --param foe-dice=2
said "Chance of Aulus Varro passes more dice: 30.7% (30.72/100)"
said "Chance of equal passes: 38.6% (38.56/100)"
said "Chance of Brutus the Chaser passes more dice: 30.7% (30.72/100)"
run rsbs.flank --param id=c1 --param target=c3 --param dice=2 --param foe-dice=2 \
    --roll 1 --roll 7 --roll 8 --roll 9
said "Aulus Varro passes 1, Brutus the Chaser passes 0"
said "Passes differ by 1: burn=1"
check 's["c1"]["acted"] == "1" and "moved" not in s["c1"] and dv("c1", "dice-left") == "10" and dv("c3", "dice-left") == "14"' \
      "no movement spent; Aulus 12 - 2 = 10, Brutus 17 - 2 - 1 = 14"
"$cli" encounter undo "$fight" > /dev/null
check '"acted" not in s["c1"] and dv("c1", "dice-left") == "12" and dv("c3", "dice-left") == "17"' "the flank undone"

step "(undone) Aulus tries to break off from Brutus, 2 against 2: 2 passes (1, 2) to none (8, 9): won by 2 or more, free"
odds rsbs.break-off --param id=c1 --param target=c3 --param dice=2 --param foe-dice=2
# The same 2 against 2 at Rep 4 as the flank.
said "Chance of Aulus Varro passes more dice: 30.7% (30.72/100)"
said "Chance of equal passes: 38.6% (38.56/100)"
run rsbs.break-off --param id=c1 --param target=c3 --param dice=2 --param foe-dice=2 \
    --roll 1 --roll 2 --roll 8 --roll 9
said "Aulus Varro passes 2, Brutus the Chaser passes 0"
said "Break off, won by 2 or more: free"
said "Aulus Varro breaks off and may move away"
check 's["c1"]["broke-off"] == "1" and "acted" not in s["c1"] and dv("c1", "dice-left") == "10" and dv("c3", "dice-left") == "15"' \
      "Aulus free and not done (he may move away); 10 and 15 dice left"
refused "a second break off" "Break Off: Aulus Varro has broken off already and may move away" \
        rsbs.break-off --param id=c1 --param target=c3 --param dice=2 --param foe-dice=2
step "(undone) free, Aulus steps 1\" to 4,1, out from behind Brutus, and kicks sand at Glaucus, 2\" away: 3, blinded"
# From 5,1 Brutus stands between Aulus and Glaucus: no sight of him.
refused "sand at Glaucus from behind Brutus" "Field of Vision: Aulus Varro cannot see Glaucus the Net" \
        rsbs.sand --param id=c1 --param target=c2
refused "sand at Brutus, in contact" "Kicking Sand: the target must be no closer than 1\" and no farther than 3\"; Brutus the Chaser is 0\" off" \
        rsbs.sand --param id=c1 --param target=c3
run rsbs.move --param id=c1 --param to=4,1
said "Aulus Varro moves to 4,1: 1\" of his 3\" (1\" forward, 1 turn of 90 degrees or less (free))"
check 'at("c1", 4, 1) and s["c1"]["moved"] == "1"' "Aulus at 4,1, 1\" of 3\" spent"
# The house sand table: faces 1-5 blinded, 6-10 miss: 5 of 10 tell.
odds rsbs.sand --param id=c1 --param target=c2
said "Chance of Aulus Varro's sand tells on Glaucus the Net: 50.0% (5/10)"
run rsbs.sand --param id=c1 --param target=c2 --roll 3
said "Aulus Varro kicks sand at Glaucus the Net, 2\" away"
said "Sand: 3, blinded"
check 'c["c2"]["conditions"].get("blinded") == "on" and s["c1"]["acted"] == "1" and dv("c1", "dice-left") == "9"' \
      "Glaucus blinded; the kick burned Aulus 1 die (10 - 1 = 9 left)"
"$cli" encounter undo "$fight" > /dev/null
"$cli" encounter undo "$fight" > /dev/null
"$cli" encounter undo "$fight" > /dev/null
check '"blinded" not in c["c2"]["conditions"] and "broke-off" not in s["c1"] and "acted" not in s["c1"] and "moved" not in s["c1"] and at("c1", 5, 1, 5) and dv("c1", "dice-left") == "12" and dv("c3", "dice-left") == "17"' \
      "the sand, the step and the break off undone: Aulus back at 5,1 facing south, 12 dice"

step "(undone) Drusa of Philippi, a gladiatrix archer, enters for Red at 8,5: her bow reaches 5\" - 1\" = 4\": Brutus (5\") is beyond, Glaucus (4\") is not"
"$cli" encounter add "$fight" "$src/data/sheets/rsbs-drusa-of-philippi.xml" --side Red --at 8,5 --facing 2 > /dev/null
# Her pool: 5 x Rep 5 + 2 for a gladiatrix = 27.
check 'dv("c4", "dice-pool") == "27" and at("c4", 8, 5, 2)' "Drusa at 8,5 with 27 dice"
refused "a shot at Brutus, 5\" off" "Missile Combat: Brutus the Chaser is 5\" away, beyond the Bow's 4\"" \
        rsbs.throw --param id=c4 --param target=c3

step "(undone) she shoots Glaucus: 2, a hit; from his flank the left arm (4), AC 4; armor 3: it holds"
# The house missile-hit: faces 1-6 of 10 hit in the bow column.
odds rsbs.throw --param id=c4 --param target=c2
said "A gladiatrix's range is 1\" shorter (Female Gladiators): 4\""
said "Chance of Drusa of Philippi hitting Glaucus the Net: 60.0% (6/10)"
run rsbs.throw --param id=c4 --param target=c2 --roll 2 --roll 4 --roll 3
said "To hit (BW): 2, hit"
# The house hit-location gives the left arm in every flank row; Glaucus's
# left arm (a quilted manica) is AC 4, no shield; house armor 1-5 holds.
said "Hit location (flank column): 4, left arm, armor class 4"
said "Armor protection (AC 4): 3, none"
check 'dv("c4", "dice-left") == "26" and s["c4"]["acted"] == "1" and "thrown.Bow" not in s["c4"] and "wounds" not in s["c2"]' \
      "a shot burns 1 die (26 left); a bow is not thrown away; Glaucus unhurt"
"$cli" encounter undo "$fight" > /dev/null
"$cli" encounter undo "$fight" > /dev/null
check 'len(d["combatants"]) == 3' "Drusa's shot and entry undone"

step "(undone) Pilus (a sheet of the script's: Rep 4, a pilum) enters for Red at 3,1, 2\" off Brutus's front: 2 hits, and the pilum strikes the large shield (3): dropped"
"$cli" encounter add "$fight" "$work/pilus.xml" --side Red --at 3,1 --facing 0 > /dev/null
# Hit: faces 1-6 of 10 in the pilum column. Then the book's pilum-shield
# table (shipped filled): the large shield is struck on 1-6 and 7-8, the
# body reached on 9-10: 8 of 10.
odds rsbs.throw --param id=c4 --param target=c3 --roll 2
said "Pilus throws the Pilum at Brutus the Chaser, 2\" away"
said "Chance of Pilus hitting Brutus the Chaser: 60.0% (6/10)"
said "Chance of the pilum striking the large shield: 80.0% (8/10)"
run rsbs.throw --param id=c4 --param target=c3 --roll 2 --roll 3
said "To hit (PI): 2, hit"
said "Pilum against a large shield: 3, Shield struck and dropped"
check 's["c3"]["shield-lost"] == "1" and s["c4"]["thrown.Pilum"] == "1" and dv("c4", "dice-left") == "19" and "wounds" not in s["c3"]' \
      "Brutus's shield ruined on the ground; the pilum is gone from Pilus's hand; 20 - 1 = 19 dice"
"$cli" encounter undo "$fight" > /dev/null
"$cli" encounter undo "$fight" > /dev/null
check 'len(d["combatants"]) == 3 and "shield-lost" not in s["c3"]' "the pilum and Pilus undone: Brutus's shield in hand"
odds rsbs.melee --param id=c1 --param target=c3 --param dice=4 --param foe-dice=3
said "Aulus Varro allots 4, Brutus the Chaser allots 3"
# 4d10 against 3d10 at Rep 4: more 467968, equal 286656, fewer 245376 in 10000000
said "Chance of Aulus Varro passes more dice: 46.8% (46.7968/100)"
said "Chance of equal passes: 28.7% (28.6656/100)"
said "Chance of Brutus the Chaser passes more dice: 24.5% (24.5376/100)"

step "3 passes (1, 2, 3, 8) to 1 (2, 9, 10): a hit on Brutus's chest (4), AC 5; armor 7: damage; damage 8 (HH): a wound"
# The harm chain's odds from the house tables, each before its die: the
# front column is all chest; 6-10 of 10 get through the armor; 6-9 wound
# and 10 kills.
odds rsbs.melee --param id=c1 --param target=c3 --param dice=4 --param foe-dice=3 \
     --roll 1 --roll 2 --roll 3 --roll 8 --roll 2 --roll 9 --roll 10
said "Chance of Brutus the Chaser hit in the chest: 100.0% (10/10)"
said "Needs 1d10 for hit location: run again with --roll V"
odds rsbs.melee --param id=c1 --param target=c3 --param dice=4 --param foe-dice=3 \
     --roll 1 --roll 2 --roll 3 --roll 8 --roll 2 --roll 9 --roll 10 --roll 4 --roll 7
said "Chance of Brutus the Chaser's armor giving way: 50.0% (5/10)"
said "Chance of Brutus the Chaser wounded: 40.0% (4/10)"
said "Chance of Brutus the Chaser killed: 10.0% (1/10)"
said "Needs 1d10 for damage: run again with --roll V"
run rsbs.melee --param id=c1 --param target=c3 --param dice=4 --param foe-dice=3 \
    --roll 1 --roll 2 --roll 3 --roll 8 --roll 2 --roll 9 --roll 10 --roll 4 --roll 7 --roll 8
said "Aulus Varro passes 3, Brutus the Chaser passes 1"
said "Passes differ by 2: hit"
said "Hit location (front column): 4, chest, armor class 3"
said "Armor protection (AC 5): 7, damage"
said "Damage (HH): 8, wound"
said "Brutus the Chaser is wounded in the chest"
said "Brutus the Chaser: Rep -1 for the match"
said "Brutus the Chaser burns 2 dice (wound)"
check 's["c3"]["wounds"] == "chest" and s["c3"]["rep-mod"] == "-1" and dv("c3", "dice-left") == "12" and dv("c1", "dice-left") == "8"' \
      "Brutus wounded in the chest: Rep 3 for the match, 17 - 3 - 2 = 12 dice; Aulus 12 - 4 = 8"
check 's["c1"]["acted"] == "1" and s["c1"]["allotted"] == "4" and s["c3"]["allotted"] == "3"' "the attack was Aulus's action"
next

step "Glaucus has burned 10 of his 20 (the referee burns 8 more): he stands still and tries for breath, 1-3 on 1d10"
run rsbs.burn --param id=c2 --param dice=8 --param reason=other
check 'dv("c2", "dice-left") == "10" and s["c2"]["dice-burned"] == "10"' "Glaucus at half his pool"
odds rsbs.npc --param id=c2
said "Glaucus the Net has 10 of 20 dice left (half or less, more than a quarter): 1d10"
said "Chance of Glaucus the Net catching his breath: 30.0% (3/10)"
run rsbs.npc --param id=c2 --roll 2
said "Glaucus the Net catches his breath and does not move"
check 'dv("c2", "dice-left") == "11" and s["c2"]["breath-last"] == "1" and s["c2"]["intent"] == "breath" and s["c2"]["acted"] == "1" and at("c2", 4, 4)' \
      "one die back (11 left), marked for +2 next time; he stays at 4,4"
next

step "Brutus, Rep 3 now, in contact: melee roll 5; 3 dice against Aulus's 4: 1 pass each (1, 5, 6 at Rep 3; 4, 7, 8, 9): equal, none"
run rsbs.npc --param id=c3 --roll 5
run rsbs.npc --param id=c3
check 'at("c3", 5, 2) and s["c3"]["npc-stage"] == "2"' "Brutus stays in contact"
odds rsbs.npc --param id=c3 --param foe-dice=4
said "Brutus the Chaser: Rep 3"
# 3d10 at Rep 3 against 4d10 at Rep 4: more 169128, equal 266328, fewer 564544 in 10000000
said "Chance of Brutus the Chaser passes more dice: 16.9% (16.9128/100)"
said "Chance of equal passes: 26.6% (26.6328/100)"
said "Chance of Aulus Varro passes more dice: 56.5% (56.4544/100)"
run rsbs.npc --param id=c3 --param foe-dice=4 --roll 1 --roll 5 --roll 6 --roll 4 --roll 7 --roll 8 --roll 9
said "Brutus the Chaser passes 1, Aulus Varro passes 1"
said "Passes differ by 0: none"
check 'dv("c3", "dice-left") == "9" and dv("c1", "dice-left") == "4" and s["c3"]["acted"] == "1"' "equal passes, nothing befalls either: Brutus 9 dice left, Aulus 4"

step "turn 4: 7H and 5S, Red first; Aulus hesitates, the referee burns 1d10 (2): 2 dice left"
run rsbs.next --param cards=7H,5S
said "Drawn 7H and 5S: 7H is higher, Red is active first"
run rsbs.burn --param id=c1 --param dice=1d10 --param reason=hesitate --roll 2
check 'dv("c1", "dice-left") == "2" and "spent" not in c["c1"]["conditions"]' "Aulus at 2 dice"
refused "an appeal for mercy with dice left" "Appealing for mercy: only a spent gladiator appeals, and Aulus Varro has 2 dice left" \
        rsbs.mercy --param id=c1 --param verdict=spared
refused "3 dice allotted from a pool of 2" "Dice Pool: Aulus Varro has 2 dice left and cannot allot 3" \
        rsbs.melee --param id=c1 --param target=c3 --param dice=3 --param foe-dice=2

step "Aulus's last 2 dice against Brutus's 2: none pass (9, 10) to 2 (1, 2 at Rep 3): a hit, the chest, armor 2: it holds; Aulus is spent"
run rsbs.melee --param id=c1 --param target=c3 --param dice=2 --param foe-dice=2 \
    --roll 9 --roll 10 --roll 1 --roll 2 --roll 6 --roll 2
said "Aulus Varro passes 0, Brutus the Chaser passes 2"
said "Armor protection (AC 5): 2, none"
check 'dv("c1", "dice-left") == "0" and c["c1"]["conditions"].get("spent") == "on" and dv("c3", "dice-left") == "7"' "Aulus spent, his pool at 0; Brutus 7"
refused "a die burned from a spent pool" "Burning dice: Aulus Varro's pool is already spent (0 dice left)" \
        rsbs.burn --param id=c1 --param dice=1 --param reason=other

step "Aulus raises his hand: the crowd spares him"
run rsbs.mercy --param id=c1 --param verdict=spared
said "Aulus Varro raises a hand for mercy: the crowd spares him, and he leaves the match"
check 'c["c1"]["conditions"].get("surrendered") == "on" and c["c1"]["conditions"].get("spent") == "on"' "Aulus spared, out of the match"

step "the referee burns 6 of Glaucus's dice (5 left, a quarter): at the end of Red's activation he tries for breath again, 1-6 with +2"
run rsbs.burn --param id=c2 --param dice=6 --param reason=other
check 'dv("c2", "dice-left") == "5" and s["c2"]["breath-last"] == "1"' "Glaucus at 5 of 20; he caught his breath last activation"
odds rsbs.next
said "Glaucus the Net has 5 of 20 dice left (a quarter or less): 1d10, +2 as he caught his breath last activation"
said "Chance of Glaucus the Net catching his breath: 40.0% (4/10)"
run rsbs.next --roll 3
said "Rolled 3, 5 with the +2: he catches his breath"
said "Black is active now"
check 'd["current"] == "c2" and dv("c2", "dice-left") == "6" and s["c2"]["breath-last"] == "1"' "Glaucus 6 dice left, Black active"

step "his own activation: another try, 1-3 with +2 (1 in 10); 5 + 2 fails; with Aulus out he has no foe left"
odds rsbs.npc --param id=c2
said "Chance of Glaucus the Net catching his breath: 10.0% (1/10)"
run rsbs.npc --param id=c2 --roll 5
said "Rolled 5, 7 with the +2: he does not"
said "Glaucus the Net's activation is over: Next"
check 's["c2"]["intent"] == "none" and s["c2"]["acted"] == "1" and s["c2"]["breath-last"] == "0" and dv("c2", "dice-left") == "6"' "Glaucus waits, 6 dice left"

step "the log holds the dice, typed in"
"$cli" encounter log "$fight" > "$work/log.txt"
grep -qF "1d10 Glaucus the Net's attack (npc-attack): 5 (typed in)" "$work/log.txt"
grep -qF "1d10 removing the net: 3 (typed in)" "$work/log.txt"
echo "ok: the log"

step "undo back to the start: the match as it stood when the three gladiators were added"
"$cli" encounter show "$fight" --json > "$work/state.json"
n=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["steps"])' "$work/state.json")
i=5
while [ "$i" -lt "$n" ]; do
  "$cli" encounter undo "$fight" > /dev/null
  i=$((i + 1))
done
"$cli" encounter show "$fight" --json > "$work/end.json"
python3 - "$work/start.json" "$work/end.json" <<'PY' || { echo "FAILED: the undone match differs from the start"; exit 1; }
import json, sys
a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
for k in ("combatants", "derived", "order", "current", "map"):
    assert a.get(k) == b.get(k), (k, a.get(k), b.get(k))
assert "turn" not in b and "phase" not in b, b
PY
check 'd["steps"] == 5 and d["can_redo"] and d.get("turn") is None and all(c[i]["conditions"] == {} and "q" not in s[i] for i in ("c1", "c2", "c3"))' \
      "everything undone: three gladiators off the map, fresh"
echo "PASS"
