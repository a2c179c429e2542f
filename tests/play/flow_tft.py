# The Fantasy Trip demo played to its end by keys: Brenna Holt against
# Hask the Ferryman, three hexes apart. Each turn as the rules run it:
# Space rolls the sides' initiative; in the movement phase each figure
# chooses its option (Ctrl+1: the usual one, or a charge typed into the
# Option form with the hex it moves to) and Space passes to the next;
# in the actions phase each attacks (Ctrl+2) at 3d6, rolled (Ctrl+R) or
# with the players' dice typed in, and applies (Ctrl+Enter); a figure
# that hit and took no hits forces its foe back (Force Retreat, from the
# figure's menu on the map: the panel's tenth action has no Ctrl+N).
# Brenna's first attack has the players' dice typed die by die; an
# attack typed and one rolled are each undone and redone. From turn 2
# each figure's first attack is typed as a fumble (Hask breaks his
# spear, Brenna drops her broadsword), and the referee arms them again
# as the rules allow: the one picks the weapon up from the ground, the
# other readies another (Ready Weapon, Ctrl+8), and both attack with
# what they hold; with nothing left, bare-handed.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import subprocess

OUT = ("unconscious", "dead")
# The players' dice for Brenna's first attack, die by die, each one key
# and Enter as the dialog asks for it: 3d6 to hit (3 2 3: 8, a hit at
# her adjusted DX 10), then the broadsword's 2d6 (2 3: 5).
TO_HIT = ["3", "2", "3"]
DAMAGE = ["2", "3"]
# The fumbles typed as the 3d6 total: 18 breaks the weapon, 17 drops it.
FUMBLES = {"Hask the Ferryman": "18", "Brenna Holt": "17"}
# Each figure's weapons in the order of its sheet
# (data/sheets/tft-*.xml): the order of the forms' Weapon lists, after
# None and before Bare hands. The first is in hand at the start.
WEAPONS = {"Brenna Holt": ["Broadsword", "Dagger"],
           "Hask the Ferryman": ["Spear", "Shortsword", "Dagger"]}

# Axial hex directions, as src/rules/arb-hex.c numbers them (the hexside
# a figure faces).
DIRECTIONS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def hex_of(c):
    return int(c["q"]), int(c["r"])


def distance(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction(a, b):
    for i, (dq, dr) in enumerate(DIRECTIONS):
        if (a[0] + dq, a[1] + dr) == b:
            return i
    return None


def figure(d, cid):
    return next(c for c in d["combatants"] if c["id"] == cid)


def foe_of(d, me):
    return next(c for c in d["combatants"] if c["side"] != me["side"])


def derived(d, cid, key):
    for item in d.get("derived", {}).get(cid, []):
        if item["key"] == key:
            return item["value"]
    return ""


def opens_ready(p, procedure, cid):
    """Whether @procedure's form opens ready to apply for @cid (its
    other fields as the form has them first): then the focus starts on
    Apply, else on the form's first row. Asked of the command line on a
    copy of the fight, a preview that changes nothing."""
    r = subprocess.run([p.cli, "run", procedure, "--encounter", p.snapshot(), "--param", "id=" + cid],
                       env=p.env, capture_output=True, text=True)
    return r.returncode == 0


def option(p, why, cid, pick=0, to=None, facing=None):
    """The Option form (Ctrl+1): the focus starts on Apply (else, the
    usual option refused, on the Figure row); Tab, Tab reach the Option
    row, Space opens its list (the usual option first, then a, b,
    c...), Down to the one wanted, Enter. Down as is the next row, then
    More Options, always last (Tab, Tab, Space), holds Move to and, two
    rows on, Facing. Ctrl+Enter applies; a form refused fails the
    play."""
    was = p.steps()
    first = ["Tab"] if opens_ready(p, "tft.option", cid) else []
    p.key("ctrl+1", pause=0.6)
    if pick:
        p.key(*first, "Tab", "space", pause=0.3)
        p.key(*(["Down"] * pick), pause=0.2)
        p.key("Return", pause=0.4)
        p.key("Tab", "Tab")
    elif to or facing is not None:
        p.key(*first, "Tab", "Tab", "Tab")
    if to or facing is not None:
        p.key("space", "Tab", pause=0.4)
        if to:
            p.type(to)
        p.key("Tab", "Tab")
        if facing is not None:
            p.type(str(facing))
    p.key("ctrl+Return", pause=0.4)
    if p.changed_from(was) == was:
        p.shot("option-refused")
        p.key("Escape", pause=0.5)
        p.fail("the Option form was refused: %s" % why)


def in_hand(me):
    """The weapon @me holds: "none" once dropped or broken."""
    return me.get("state", {}).get("ready") or WEAPONS[me["name"]][0]


def unusable(me, weapon):
    state = me.get("state", {})
    return state.get("broken." + weapon) == "true" or bool(state.get("dropped." + weapon))


def pick_weapon(me, weapon, starts_ready):
    """The keys that set a form's Weapon row (the sheet's first weapon
    chosen when it opens) to @weapon: the focus starts on Apply when the
    form as it opens can apply, else on its first row (the figure); Tab
    to the Weapon row after the figure's, Space opens its list on its
    first item (None, then the sheet's weapons, then Bare hands), Down
    to the one wanted, Enter."""
    weapons = WEAPONS[me["name"]]
    keys = ["Tab"] if starts_ready else []
    changed = weapon != weapons[0]
    if changed:
        down = 1 + (weapons.index(weapon) if weapon in weapons else len(weapons))
        keys += ["Tab", "space"] + ["Down"] * down + ["Return"]
    return keys, changed


def rearm(p, me):
    """A figure with no weapon in hand: a dropped one within reach (in
    its hex or next to it) is picked up, else another whole weapon of
    its sheet is readied (Ready Weapon, Ctrl+8, the panel's eighth
    action); the pick up switch is under More Options (after the Weapon
    and Shield rows: Tab, Tab, Space, then Tab, Space). FALSE when it
    has no weapon to ready."""
    state = me.get("state", {})
    weapons = WEAPONS[me["name"]]
    at = hex_of(me)
    lying = [w for w in weapons if state.get("dropped." + w)
             and distance(at, tuple(int(x) for x in state["dropped." + w].split(","))) <= 1
             and state.get("broken." + w) != "true"]
    whole = [w for w in weapons if not unusable(me, w)]
    if not lying and not whole:
        return False
    weapon = lying[0] if lying else whole[0]
    # The form opens on the sheet's first weapon, not picked up: it
    # applies when that one is whole and not on the ground.
    keys, changed = pick_weapon(me, weapon, not unusable(me, weapons[0]))
    if lying:
        keys += (["Tab"] if changed else ["Tab", "Tab"]) + ["Tab", "space", "Tab", "space"]
    was = p.steps()
    p.key("ctrl+8", pause=0.8)
    p.key(*keys, pause=0.4)
    p.shot("ready-%s" % weapon.lower())
    p.key("ctrl+Return", pause=0.5)
    if p.changed_from(was) == was:
        p.shot("ready-refused")
        p.key("Escape", pause=0.5)
        p.fail("%s could not %s the %s" % (me["name"], "pick up" if lying else "ready", weapon))
    print("TFT: %s %s the %s" % (me["name"], "picks up" if lying else "readies", weapon))
    return True


def attack_keys(me):
    """Ctrl+2, and the weapon in hand chosen when it is not the one the
    form proposes (the sheet's first): that form is refused as it
    opens, so the focus is on its first row."""
    weapon = in_hand(me)
    if weapon == WEAPONS[me["name"]][0]:
        return ["ctrl+2"]
    keys, _ = pick_weapon(me, weapon, False)
    return ["ctrl+2", "Tab"] + keys


def force_retreat(p, me, foe):
    """The tenth action, Force Retreat, from the figure's menu on the map
    (a right click on the map's margin opens it for the figure acting
    now: Down nine times from Option, Enter). The focus starts in Foe to
    hex, the field the form lacks: the foe's new hex is typed in (one
    hex straight back); then More Options (Tab, Space) and its Advance
    switch (Tab, Space), so the two stay face to face. Ctrl+Enter."""
    at, there = hex_of(me), hex_of(foe)
    back = "%d,%d" % (2 * there[0] - at[0], 2 * there[1] - at[1])
    was = p.steps()
    before = p.presses
    subprocess.run(["xdotool", "mousemove", "--window", p.window, "520", "85", "click", "3"], check=True)
    p.key(*(["Down"] * 9), pause=0.15)
    p.key("Return", pause=0.8)
    if not p.dialog_open("Force Retreat"):
        p.fail("the figure's menu on the map did not open Force Retreat")
    p.shot("force-retreat")
    p.type(back)
    p.key("Tab", "space", "Tab", "space", pause=0.4)
    p.shot("retreat-form")
    p.key("ctrl+Return", pause=0.5)
    if p.changed_from(was) == was:
        p.shot("retreat-refused")
        p.key("Escape", pause=0.5)
        p.fail("%s's force retreat of %s to %s was refused" % (me["name"], foe["name"], back))
    return p.presses - before


def play(p):
    p.open_demo()
    p.next("the start: the sides' initiative")
    p.shot("turn-1")
    typed = False
    undone = False
    measured = set()
    retreats = 0
    fumbled = set()
    rearmed = 0
    turns_seen = set()
    guard = 0
    while guard < 300:
        guard += 1
        if p.over(OUT):
            break
        d = p.show()
        turn, phase, current = d.get("turn"), d.get("phase"), d.get("current")
        turns_seen.add(turn)
        if turn and turn > 30:
            p.fail("the fight did not end in 30 turns")
        if current is None:
            p.next("turn %s, phase %s, nobody acting" % (turn, phase))
            continue
        me = figure(d, current)
        foe = foe_of(d, me)
        state = me.get("state", {})
        if phase == "movement":
            if "option" not in state:
                knocked = "knocked-down" in me.get("conditions", {})
                engaged = derived(d, current, "state").startswith("engaged")
                if knocked:
                    # Stand up: (g) disengaged, (p) engaged.
                    option(p, "%s stands up" % me["name"], current, pick=16 if engaged else 7)
                elif not engaged and distance(hex_of(me), hex_of(foe)) > 1 and in_hand(me) != "none":
                    # A charge (b) to the hex before the foe, facing it.
                    at, there = hex_of(me), hex_of(foe)
                    near = min(((there[0] + dq, there[1] + dr) for dq, dr in DIRECTIONS),
                               key=lambda h: distance(at, h))
                    option(p, "%s charges" % me["name"], current, pick=2, to="%d,%d" % near,
                           facing=direction(near, there))
                    p.shot("charge-%s" % current)
                else:
                    option(p, "%s's usual option" % me["name"], current)
                continue
            p.next("turn %s, movement, after %s" % (turn, me["name"]))
            continue
        if phase == "actions":
            if state.get("acted") == "true" or "knocked-down" in me.get("conditions", {}):
                if "knocked-down" in me.get("conditions", {}) and state.get("option") in ("g", "p") \
                        and state.get("acted") != "true":
                    if not p.act(["ctrl+9"], "%s stands up" % me["name"]):
                        p.fail("%s could not stand up" % me["name"])
                    continue
                p.next("turn %s, actions, after %s" % (turn, me["name"]))
                continue
            if not typed and me["name"] == "Brenna Holt":
                # The players' dice typed in as each is asked for.
                before_state = p.standing()
                before = p.presses
                if not p.act(["ctrl+2"], "Brenna's attack, typed", dice=TO_HIT + DAMAGE):
                    p.fail("Brenna's attack with typed dice was refused")
                print("TFT attack, typed die by die (3d6 %s, 2d6 %s, each die and Enter): %d key presses"
                      % (" ".join(TO_HIT), " ".join(DAMAGE), p.presses - before))
                p.shot("typed-attack")
                p.undo_takes_back(before_state, "an attack with typed dice")
                typed = True
                continue
            if not typed and turn == 1:
                # Hask's first blow typed as a miss, its 3d6 as the total
                # (16), so that Brenna's hit earns the force retreat of
                # phase (5) in turn 1.
                if not p.act(["ctrl+2"], "Hask's attack, a miss", dice=["16"]):
                    p.fail("Hask's first attack was refused")
                continue
            if in_hand(me) == "none" and rearm(p, me):
                rearmed += 1
                continue
            if turn >= 2 and me["name"] not in fumbled and in_hand(me) == WEAPONS[me["name"]][0]:
                fumbled.add(me["name"])
                if not p.act(["ctrl+2"], "%s's attack, a fumble" % me["name"], dice=[FUMBLES[me["name"]]]):
                    p.fail("%s's attack typed as a fumble was refused" % me["name"])
                p.shot("fumble-%s" % current)
                continue
            before = p.presses
            keys = attack_keys(me)
            if p.act(keys, "%s attacks with the %s" % (me["name"], in_hand(me))):
                measure = "rolled" if len(keys) == 1 else "rolled, another weapon chosen in the form"
                if measure not in measured:
                    measured.add(measure)
                    print("TFT attack, %s: %d key presses" % (measure, p.presses - before))
                if not undone:
                    p.shot("rolled-attack")
                    p.undo_redo("a rolled attack")
                    undone = True
                continue
            p.fail("%s's attack with the %s was refused in turn %s" % (me["name"], in_hand(me), turn))
        if phase == "retreats":
            if state.get("retreat") and foe["id"] in state["retreat"].split(",") \
                    and not any(k in foe.get("conditions", {}) for k in OUT):
                keys = force_retreat(p, me, foe)
                if not retreats:
                    print("TFT force retreat: a right click and %d key presses" % keys)
                retreats += 1
                p.shot("retreat-%d" % retreats)
                continue
            p.next("turn %s, retreats, after %s" % (turn, me["name"]))
            continue
        p.next("turn %s, phase %s" % (turn, phase))
    if not p.over(OUT):
        p.fail("the fight did not end")
    if not retreats:
        p.fail("no force retreat came")
    p.shot("over")
    print("TFT: over in turn %s, %d force retreats, %d fumbles typed, %d figures armed again, %d key presses in all"
          % (max(t for t in turns_seen if t), retreats, len(fumbled), rearmed, p.presses))
    p.check_log()
