# cli-check.sh: what the shell game scripts share; sourced after setting
# cli, work and enc_file.

step () {
  echo "== $*"
}

# check 'python expression' 'what it means'. The expression sees d (the
# encounter show JSON), c (id -> combatant), s (id -> live state),
# at (id, q, r[, facing, altitude, speed]) and dv (id, key: a derived
# value the actor panel shows, such as a TFT figure's "adjusted-dx").
check () {
  "$cli" encounter show "$enc_file" --json > "$work/state.json"
  if ! python3 - "$work/state.json" "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = {x["id"]: x for x in d["combatants"]}
s = {k: v["state"] for k, v in c.items()}
def at(i, q, r, f=None, alt=None, spd=None):
    x = s[i]
    return (x["q"], x["r"]) == (str(q), str(r)) and (f is None or x["facing"] == str(f)) and \
           (alt is None or x["altitude"] == str(alt)) and (spd is None or x["speed"] == str(spd))
def dv(i, k):
    return next((x["value"] for x in d.get("derived", {}).get(i, []) if x["key"] == k), None)
sys.exit(0 if eval(sys.argv[2]) else 1)
PY
  then
    echo "FAILED: $2 ($1)"
    cat "$work/state.json"
    exit 1
  fi
  echo "ok: $2"
}
