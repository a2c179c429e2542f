#!/bin/sh
# arbiter-cli simulate: the figures a seed gives, the same twice; the file
# only read, byte for byte; bad options and files refused, changing
# nothing.
#
#   tests/simulate-cli.sh ARBITER_CLI SOURCE_DIR
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

step "Rolf (Blue) against the Troll (Red), three hexes apart, not started"
"$cli" encounter new aod -o "$fight" --map 12x10 > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/aod-rolf.xml" --side Blue --at 3,4 --facing 0 > /dev/null
"$cli" encounter add "$fight" "$src/data/sheets/aod-foe-troll.xml" --side Red --at 6,4 --facing 3 > /dev/null
cp "$fight" "$work/before.xml"

step "2,000 fights, seed 7: each side's chance, draws, length, the figures"
"$cli" simulate "$fight" --runs 2000 --seed 7 --json > "$work/a.json"
cmp "$fight" "$work/before.xml" || { echo "FAILED: simulate changed the file"; exit 1; }
echo "ok: the file is byte for byte what it was"
python3 - "$work/a.json" <<'PY' || { echo "FAILED: the tally"; cat "$work/a.json"; exit 1; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["runs"] == 2000 and d["seed"] == 7 and d["from"] == "start", d
assert d["stuck"] == 0 and d["unfinished"] == 0, d
sides = {s["side"]: s for s in d["sides"]}
assert set(sides) == {"Blue", "Red"}, sides
assert sum(s["wins"] for s in d["sides"]) + d["draws"] == 2000
for s in d["sides"]:
    assert s["low"] <= s["chance"] <= s["high"] and abs(s["chance"] - s["wins"] / 2000) < 1e-9, s
# The Troll (EN 35, FT 45, claws and a club) is the favourite of the printed
# DF table by far; Rolf wins some, not most.
assert sides["Red"]["chance"] > 0.5 > sides["Blue"]["chance"] > 0, sides
assert d["length"]["unit"] == "round" and d["length"]["mean"] >= 1
assert sum(d["length"]["counts"]) == 2000
figs = {f["id"]: f for f in d["figures"]}
assert figs["c1"]["player"] and not figs["c2"]["player"], figs
# Whoever loses is out (dead, unconscious or fled) in every run the other
# side wins: the chances of the three add up to that at least.
out = lambda f: sum(f["conditions"][k] for k in ("dead", "unconscious", "fled"))
assert out(figs["c1"]) >= sides["Red"]["chance"] - 1e-9, figs["c1"]
assert out(figs["c2"]) >= sides["Blue"]["chance"] - 1e-9, figs["c2"]
g = figs["c1"]["gauge"]
assert g["label"] == "FT+EN" and g["max"] > 0 and sum(g["counts"]) == 2000 and 0 <= g["mean"] <= g["max"], g
PY
echo "ok: wins and draws add up to the runs, the Troll the favourite, the losers out"

step "the same seed gives the same figures, on one worker or two"
"$cli" simulate "$fight" --runs 2000 --seed 7 --json --workers 1 > "$work/b.json"
"$cli" simulate "$fight" --runs 2000 --seed 7 --json --workers 2 > "$work/c.json"
cmp "$work/a.json" "$work/b.json" && cmp "$work/a.json" "$work/c.json" || { echo "FAILED: seed 7 twice differs"; exit 1; }
echo "ok: identical"
"$cli" simulate "$fight" --runs 2000 --seed 8 --json > "$work/d.json"
if cmp -s "$work/a.json" "$work/d.json"; then echo "FAILED: seed 8 gives seed 7's figures"; exit 1; fi
echo "ok: another seed, other figures"

step "the text report"
"$cli" simulate "$fight" --runs 300 --seed 7 > "$work/text"
grep -q "^300 fights of Arena of Death, from the start, seed 7" "$work/text" &&
  grep -q "^Blue wins " "$work/text" && grep -q "^Red wins " "$work/text" &&
  grep -q "rounds on average" "$work/text" && grep -q "FT+EN left at the end" "$work/text" ||
  { echo "FAILED: the text report"; cat "$work/text"; exit 1; }
echo "ok: sides, length and Rolf's FT+EN"

step "policies: a reckless and a cautious Rolf, a side that is not the players'"
"$cli" simulate "$fight" --runs 300 --seed 7 --json --policy c1=reckless > "$work/r.json"
"$cli" simulate "$fight" --runs 300 --seed 7 --json --not-players Blue > "$work/n.json"
python3 - "$work/r.json" "$work/n.json" <<'PY' || { echo "FAILED: policies"; exit 1; }
import json, sys
r = json.load(open(sys.argv[1])); n = json.load(open(sys.argv[2]))
assert r["figures"][0]["policy"] == "reckless" and r["runs"] == 300, r["figures"][0]
assert not n["figures"][0]["player"], n["figures"][0]
PY
echo "ok: the policy and the side as asked"

step "under way: from now, or from the start"
"$cli" encounter start "$fight" > /dev/null
"$cli" run aod.strike --encounter "$fight" --param attacker=c2 --param target=c1 \
    --param attack=Hand --roll 90 --apply > /dev/null 2>&1 || true
cp "$fight" "$work/before.xml"
"$cli" simulate "$fight" --runs 200 --seed 1 --json --from-now > "$work/now.json"
"$cli" simulate "$fight" --runs 200 --seed 1 --json > "$work/start.json"
cmp "$fight" "$work/before.xml" || { echo "FAILED: simulate changed a fight under way"; exit 1; }
python3 - "$work/now.json" "$work/start.json" <<'PY' || { echo "FAILED: from now"; exit 1; }
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert a["from"] == "now" and b["from"] == "start" and a["runs"] == b["runs"] == 200
PY
echo "ok: both, the file untouched"

step "Red Sand, Blue Sky from the start: every run with no winner says why"
# The result tables filled in with this test's own figures (those of
# test-rsbs-policy); the two starter gladiators 6" apart.
mkdir -p "$XDG_DATA_HOME/arbiter/rulesets"
cat > "$XDG_DATA_HOME/arbiter/rulesets/rsbs-house.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<ruleset system="rsbs" format="1">
  <table id="melee-result" key="pass difference">
    <title>Ours</title><source>Our house table</source>
    <column key="result" title="Result"/>
    <row min="3" label="3 or more"><cell column="result">dead</cell></row>
    <row min="2" max="2" label="2"><cell column="result">burn=3</cell></row>
    <row min="1" max="1" label="1"><cell column="result">hesitate</cell></row>
    <row min="0" max="0" label="0"><cell column="result">none</cell></row>
  </table>
  <table id="flank-attack" key="pass difference">
    <title>Ours</title><source>Our house table</source>
    <column key="result" title="Result"/>
    <row min="3" label="3 or more"><cell column="result">dead</cell></row>
    <row min="2" max="2" label="2"><cell column="result">burn=3</cell></row>
    <row min="1" max="1" label="1"><cell column="result">hesitate</cell></row>
    <row min="0" max="0" label="0"><cell column="result">none</cell></row>
  </table>
  <table id="bash-result" key="pass difference">
    <title>Ours</title><source>Our house table</source>
    <column key="result" title="Result"/>
    <row min="3" label="3 or more"><cell column="result">down,hesitate</cell></row>
    <row min="2" max="2" label="2"><cell column="result">down</cell></row>
    <row min="1" max="1" label="1"><cell column="result">give-ground=1</cell></row>
    <row min="0" max="0" label="0"><cell column="result">none</cell></row>
  </table>
  <table id="net-result" key="pass difference">
    <title>Ours</title><source>Our house table</source>
    <column key="result" title="Result"/>
    <row min="3" label="3 or more"><cell column="result">ensnared,down</cell></row>
    <row min="2" max="2" label="2"><cell column="result">ensnared</cell></row>
    <row min="1" max="1" label="1"><cell column="result">dodge</cell></row>
    <row min="0" max="0" label="0"><cell column="result">none</cell></row>
  </table>
  <table id="break-off" key="passes of the one breaking off">
    <title>Ours</title><source>Our house table</source>
    <column key="result" title="Result"/>
    <row name="won by 2 or more"><cell column="result">free</cell></row>
    <row name="won by 1"><cell column="result">free</cell></row>
    <row name="equal"><cell column="result">none</cell></row>
    <row name="lost by 1"><cell column="result">hesitate</cell></row>
    <row name="lost by 2 or more"><cell column="result">burn=2</cell></row>
  </table>
  <table id="sand" dice="1d10">
    <title>Ours</title><source>Our house table</source>
    <column key="result" title="Result"/>
    <row min="1" max="5" label="1-5"><cell column="result">hesitate</cell></row>
    <row min="6" max="10" label="6-10"><cell column="result">miss</cell></row>
  </table>
</ruleset>
XML
"$cli" encounter new rsbs -o "$work/match.xml" > /dev/null
"$cli" encounter add "$work/match.xml" "$src/data/sheets/rsbs-aulus-varro.xml" --side Red --at 10,10 --facing 0 > /dev/null
"$cli" encounter add "$work/match.xml" "$src/data/sheets/rsbs-brutus-the-chaser.xml" --side Black --at 17,10 --facing 3 > /dev/null
"$cli" simulate "$work/match.xml" --runs 500 --seed 22 --json > "$work/match.json"
"$cli" simulate "$work/match.xml" --runs 500 --seed 22 > "$work/match.txt"
python3 - "$work/match.json" "$work/match.txt" <<'PY' || { echo "FAILED: no winner without its cause"; cat "$work/match.json" "$work/match.txt"; exit 1; }
import json, re, sys
d = json.load(open(sys.argv[1])); text = open(sys.argv[2]).read()
# Both spent at once happens: the draws are there to explain.
assert d["draws"] > 0 and d["stuck"] == 0, d
# Each draw has its cause: the game's ends, not over in time, stuck.
assert sum(c["runs"] for c in d["no-winner"]) + d["unfinished"] + d["stuck"] == d["draws"], d
assert all(c["cause"] for c in d["no-winner"]), d
assert any("no gladiator was left with dice" in c["cause"] for c in d["no-winner"]), d
# The same causes under "No winner" in the text, adding up to the draws.
lines = text.split("\n")
at = next(i for i, l in enumerate(lines) if l.startswith("No winner"))
causes = []
for l in lines[at + 1:]:
    if not l.startswith("    "):
        break
    causes.append(l)
assert sum(int(re.match(r"\s+(\d+) runs?: ", l).group(1)) for l in causes) == d["draws"], causes
for c in d["no-winner"]:
    assert any(c["cause"] in l for l in causes), (c, causes)
PY
rm "$XDG_DATA_HOME/arbiter/rulesets/rsbs-house.xml"
echo "ok: $(grep -A1 '^No winner' "$work/match.txt" | tr -s ' ' | tr '\n' ' ')"

step "refusals, each naming what is wrong, the file unchanged"
fails 2 "no file" "$cli" simulate
fails 2 "a file that is not there" "$cli" simulate "$work/none.xml" --runs 10
fails 2 "--runs -5" "$cli" simulate "$fight" --runs -5
fails 1 "--policy c1=brave" "$cli" simulate "$fight" --runs 10 --policy c1=brave
fails 1 "--policy c9=reckless" "$cli" simulate "$fight" --runs 10 --policy c9=reckless
fails 1 "--players Green" "$cli" simulate "$fight" --runs 10 --players Green
printf '<encounter' > "$work/broken.xml"
fails 2 "a broken file" "$cli" simulate "$work/broken.xml" --runs 10
"$cli" encounter new aod -o "$work/alone.xml" > /dev/null
"$cli" encounter add "$work/alone.xml" "$src/data/sheets/aod-rolf.xml" --side Blue > /dev/null
fails 1 "a fight of one side" "$cli" simulate "$work/alone.xml" --runs 10
grep -q "two sides" "$work/err" || { echo "FAILED: the one-side message"; cat "$work/err"; exit 1; }
echo "ALL OK"
