# The Red Sand, Blue Sky demo by keys through at least three whole turns:
# Aulus Varro (the player's) against Brutus the Chaser (an uncontrolled
# NPC that runs itself). Each turn Space draws the cards; the NPC's
# activation opens by itself (its next stage then waits in the actions
# as "Proposed: NPC Activation", Ctrl+1); Aulus fights a melee round
# (Ctrl+3) with his allotment typed; Space hands on. A dialog opens on
# the field it needs (the allotment, "Move to", the player's allotment
# against the NPC's attack), Enter moves on from the allotment to the
# dice, and each die is typed and Enter.
#
# The book's result tables ship empty. When the rules first ask for one
# the referee fills it in by keys in the Tables window's grid: from an
# action dialog's Open Table (Alt+O) where the dialog shows it, else
# (an action greyed by the empty table, whose reason says to enter it in
# the Tables window) from Ctrl+T, a search and Ctrl+E. Each cell is
# typed, Enter goes to the next and saves from the last. Back in the
# dialog, still open, the rules are asked again: a roll that stopped on
# the table keeps the dice typed before it and the next die is typed on
# (the round's log must show every die typed, in order).
#
# The figures typed in are THIS TEST'S OWN HOUSE FIGURES, made up to
# have the right shape and the codes the rules read: they are NOT the
# book's (its pages are missing from the seed; see
# /work/shared/rules/NOTES.md).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import time

AULUS, BRUTUS = "c1", "c2"
OUT = ("dead", "spent", "spared", "killed", "appealed", "fled")

_LOCATIONS = ["head", "right arm", "left arm", "chest", "upper back", "belly", "lower back",
              "upper right leg", "lower right leg", "upper left leg", "lower left leg"]


def _result_rows(top, two, one, equal):
    return [[top], [two], [one], [equal]]


def _hit_location():
    # 1d10 by the side the blow comes from (front, flank, rear).
    front = ["head", "right arm", "left arm", "chest", "chest", "belly",
             "upper right leg", "lower right leg", "upper left leg", "lower left leg"]
    rear = ["head", "right arm", "left arm", "upper back", "upper back", "lower back",
            "upper right leg", "lower right leg", "upper left leg", "lower left leg"]
    flank = ["head", "right arm", "left arm", "chest", "upper back", "belly",
             "upper right leg", "lower right leg", "upper left leg", "lower left leg"]
    return [[front[i], flank[i], rear[i]] for i in range(10)]


def _armor_protection():
    # Rows 1 or less .. 10 or more; columns AC 3 .. AC 9 or more: the
    # blow gets through at the armor class or above, one short of it the
    # target hesitates, below it the armor holds.
    rows = []
    for roll in range(1, 11):
        row = []
        for ac in range(3, 10):
            row.append("damage" if roll >= ac else "hesitate" if roll == ac - 1 else "none")
        rows.append(row)
    return rows


def _damage():
    # Columns 2H, HH, TS, BW.
    rows = []
    for roll in range(1, 11):
        code = "burn=1" if roll <= 4 else "wound" if roll <= 9 else "dead"
        rows.append([code] * 4)
    return rows


def _wound():
    rows = []
    for loc in _LOCATIONS:
        if "leg" in loc:
            rows.append(["move=-1", "2"])
        elif loc == "head":
            rows.append(["rep=-1", "3"])
        else:
            rows.append(["rep=-1", "2"])
    return rows


# The test's house tables, row by row and cell by cell as the grid has
# them. Made-up figures: NOT the book's.
HOUSE = {
    "melee-result": _result_rows("hit", "hit", "burn=1", "none"),
    "bash-result": _result_rows("hit", "hesitate", "burn=1", "none"),
    "flank-attack": _result_rows("hit", "hit", "burn=1", "none"),
    "break-off": [["free"], ["free"], ["none"], ["burn=1"], ["hit"]],
    "sand": [["blinded"]] * 4 + [["miss"]] * 6,
    "maneuver": [["turn"], ["turn"], ["burn=1"]],
    "hit-location": _hit_location(),
    "armor-protection": _armor_protection(),
    "damage": _damage(),
    "wound": _wound(),
}
# The blow's tables, in the order the rules read them once a side hits.
HARM = ["hit-location", "armor-protection", "damage", "wound"]

KEYS = {" ": "space", ",": "comma", "-": "minus", "+": "plus", "=": "equal"}


def typed(p, text, pause=0.04):
    p.key(*[KEYS.get(c, c) for c in text], pause=pause)


def windows(title):
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^%s$" % title],
                          capture_output=True, text=True).stdout.split()


def wait_window(title, wait=4.0):
    end = time.time() + wait
    while time.time() < end:
        ids = windows(title)
        if ids:
            return ids[0]
        time.sleep(0.2)
    return None


def wait_gone(title, wait=4.0):
    end = time.time() + wait
    while time.time() < end:
        if not windows(title):
            return True
        time.sleep(0.2)
    return False


def focus(p, title):
    """Keys to the window called @title. Under a bare X server (no window
    manager) the focus stays where it was when a window closes: the
    referee's click on the window, as xdotool gives it."""
    wid = wait_window(title)
    if wid is None:
        p.fail("no window “%s” to type in" % title)
    subprocess.run(["xdotool", "windowfocus", "--sync", p.window], check=False)
    time.sleep(0.2)
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=False)
    time.sleep(0.4)
    return wid


class Referee:
    def __init__(self, p):
        self.p = p
        self.filled = []
        self.melees = 0
        self.npc_stages = 0
        self.allotments = 0
        self.typed_melee = False

    # The rules, asked by the command line about the fight as it stands,
    # to know which empty table a dialog's Open Table leads to (the
    # window does not say it to xdotool).
    def ask_rules(self, procedure, params):
        path = self.p.snapshot()
        args = [self.p.cli, "run", procedure, "--encounter", path]
        for k, v in params.items():
            args += ["--param", "%s=%s" % (k, v)]
        r = subprocess.run(args, env=self.p.env, capture_output=True, text=True)
        return r.stdout + r.stderr

    def empty_table(self, procedure, params):
        m = re.search(r"\(rsbs/([a-z-]+)\) is still empty", self.ask_rules(procedure, params))
        return m.group(1) if m else None

    def fill_grid(self, table):
        """The grid is open, its first cell focused: each cell typed, Enter
        to the next; Enter on the last saves."""
        p = self.p
        if table not in HOUSE:
            p.fail("the rules ask for rsbs/%s, which this test has no house figures for" % table)
        if table in self.filled:
            p.fail("rsbs/%s is asked for again after it was filled in" % table)
        was = p.steps()
        before = p.presses
        cells = [c for row in HOUSE[table] for c in row]
        for c in cells:
            typed(p, c)
            p.key("Return", pause=0.06)
        # The save logs a step of the fight: "Referee: table … filled in".
        if p.changed_from(was, wait=8.0) == was:
            p.fail("the grid of rsbs/%s did not save from its last cell" % table)
        log = subprocess.run([p.cli, "encounter", "log", p.snapshot()], env=p.env,
                             capture_output=True, text=True).stdout
        if "table rsbs/%s filled in" % table not in log:
            p.fail("the fight did not log rsbs/%s as filled in" % table)
        self.filled.append(table)
        print("RSBS table %s filled in by keys: %d cells, %d key presses" % (table, len(cells), p.presses - before))
        p.shot("table-" + table)

    def close_tables(self, back_to):
        p = self.p
        focus(p, "Rules Tables")
        p.key("ctrl+w", pause=0.5)
        if not wait_gone("Rules Tables"):
            p.fail("Ctrl+W did not close the Tables window")
        focus(p, back_to)

    def open_table(self, dialog, table):
        """The dialog shows the table the rules need: Alt+O (Open Table)
        opens it in the grid."""
        p = self.p
        focus(p, dialog)
        p.key("alt+o", pause=0.8)
        if wait_window("Rules Tables") is None:
            p.fail("Alt+O (Open Table) in %s did not open rsbs/%s" % (dialog, table))
        focus(p, "Rules Tables")
        self.fill_grid(table)
        self.close_tables(dialog)

    def tables_window(self, table):
        """An action greyed because its table is empty (its reason says to
        enter the table in the Tables window): Ctrl+T, the table found by
        its id, Ctrl+E, the cells."""
        p = self.p
        focus(p, "Arbiter")
        p.key("ctrl+t", pause=1.0)
        if wait_window("Rules Tables") is None:
            p.fail("Ctrl+T did not open the Tables window")
        focus(p, "Rules Tables")
        p.key("ctrl+f", pause=0.3)
        typed(p, table, pause=0.08)
        p.key("Return", pause=0.6)
        p.key("ctrl+e", pause=0.8)
        self.fill_grid(table)
        self.close_tables("Arbiter")

    # The NPC's activation: its stages (the attack roll, the move, the
    # attack), each a dialog of its own.
    def npc(self):
        p = self.p
        for _ in range(12):
            d = p.show()
            me = next(c for c in d["combatants"] if c["id"] == BRUTUS)
            if d.get("current") != BRUTUS or me["state"].get("acted") or p.over(OUT):
                return
            if not windows("NPC Activation"):
                focus(p, "Arbiter")
                p.key("ctrl+1", pause=0.8)
                if wait_window("NPC Activation") is None:
                    p.shot("npc-no-dialog")
                    return
            focus(p, "NPC Activation")
            params = {"id": BRUTUS}
            said = self.ask_rules("rsbs.npc", params)
            m = re.search(r"\(rsbs/([a-z-]+)\) is still empty", said)
            if m:
                self.open_table("NPC Activation", m.group(1))
                # Filled in, the dialog, still open, asks the rules again.
                if wait_window("NPC Activation", wait=1.0) is None:
                    p.fail("the NPC's dialog closed when rsbs/%s was filled in" % m.group(1))
                continue
            allotted = False
            if "allot" in said and "Aulus Varro" in said:
                # A player's allotment against the NPC's attack: the
                # dialog asks for it by name and has the keyboard in it
                # (under More Options, open by itself).
                typed(p, "2", pause=0.3)
                allotted = True
                params["foe-dice"] = "2"
                said = self.ask_rules("rsbs.npc", params)
                m = re.search(r"\(rsbs/([a-z-]+)\) is still empty", said)
                if m:
                    p.fail("the rules ask for rsbs/%s only after the allotment" % m.group(1))
            was = p.steps()
            p.key("ctrl+r", pause=0.6)
            p.key("ctrl+Return", pause=0.6)
            while p.changed_from(was, wait=3.0) == was:
                # Stopped on a table the blow needs (all rolled): the next
                # of the harm chain, filled in; the dice rolled so far
                # stay, Ctrl+R rolls the rest.
                table = next((t for t in HARM if t not in self.filled), None)
                if table is None:
                    p.fail("the NPC's activation was refused: " + said.strip().splitlines()[-1])
                self.open_table("NPC Activation", table)
                p.key("ctrl+r", pause=0.6)
                p.key("ctrl+Return", pause=0.6)
            if allotted:
                log = subprocess.run([p.cli, "encounter", "log", p.snapshot()], env=p.env,
                                     capture_output=True, text=True).stdout
                last = log[log.rfind("[rsbs.npc]"):]
                if "Aulus Varro allots 2" not in last:
                    p.fail("the allotment typed for Aulus against the NPC's attack did not land:\n"
                           + last[:1200])
                self.allotments += 1
            self.npc_stages += 1
            p.shot("npc-stage")
        p.fail("the NPC's activation did not end in 12 tries")

    def melee_open(self):
        p = self.p
        focus(p, "Arbiter")
        p.key("ctrl+3", pause=0.8)
        return wait_window("Melee", wait=2.5) is not None

    def close_in(self):
        """Aulus not in touch: he moves into contact (Ctrl+1, the hex
        typed in "Move to"). The hex a referee sees on the map is asked of
        the rules here: the neighbour whose move makes contact."""
        p = self.p
        d = p.show()
        me = next(c for c in d["combatants"] if c["id"] == AULUS)
        q, r = int(me["q"]), int(me["r"])
        to = None
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (-1, -1)):
            hexes = "%d,%d" % (q + dq, r + dr)
            if "Contact" in self.ask_rules("rsbs.move", {"id": AULUS, "to": hexes}):
                to = hexes
                break
        if to is None:
            print("RSBS: Aulus cannot close with Brutus in one step this turn")
            return False
        focus(p, "Arbiter")
        was = p.steps()
        p.key("ctrl+1", pause=0.8)
        if wait_window("Move") is None:
            p.fail("Move (Ctrl+1) opened no dialog")
        focus(p, "Move")
        # The dialog opens on "Move to", the field it needs (under More
        # Options, open by itself).
        typed(p, to, pause=0.15)
        p.key("ctrl+Return", pause=0.6)
        if p.changed_from(was, wait=3.0) == was:
            p.fail("Aulus's move to %s was refused" % to)
        p.shot("aulus-moved")
        return True

    def aulus(self):
        """Aulus's activation: a round of melee against Brutus, after
        closing in when they stand apart."""
        p = self.p
        said = self.ask_rules("rsbs.melee", {"id": AULUS, "target": BRUTUS})
        if "bases must touch" in said and not self.close_in():
            return False
        opened = self.melee_open()
        for _ in range(4):
            table = self.empty_table("rsbs.melee", {"id": AULUS, "target": BRUTUS})
            if table is None:
                break
            if opened:
                # The dialog says which table and offers Open Table;
                # filled in, the dialog, still open, asks the rules again.
                self.open_table("Melee", table)
                if wait_window("Melee", wait=1.0) is None:
                    p.fail("the Melee dialog closed when rsbs/%s was filled in" % table)
            else:
                # Ctrl+3 on a greyed Melee opens nothing: the Tables window.
                self.tables_window(table)
                opened = self.melee_open()
        if not opened:
            print("RSBS: Aulus's Melee is refused: %s" %
                  self.ask_rules("rsbs.melee", {"id": AULUS, "target": BRUTUS}).strip().splitlines()[-1])
            return False
        focus(p, "Melee")
        p.shot("melee")
        was = p.steps()
        # From the key that opened the dialog.
        before = p.presses - 1
        # The dialog opens on "Dice allotted", the field it needs.
        typed(p, "2", pause=0.3)
        if not self.typed_melee:
            self.typed_melee = True
            self.melee_typed(was, before)
        else:
            p.key("ctrl+r", pause=0.6)
            p.key("ctrl+Return", pause=0.6)
            if p.changed_from(was, wait=3.0) == was:
                p.fail("a rolled melee round was refused")
            if self.melees == 1:
                print("RSBS melee round, allotment typed, dice rolled: %d key presses (Ctrl+3, 2, Ctrl+R, Ctrl+Enter)"
                      % (p.presses - before))
        self.melees += 1
        p.shot("melee-done")
        return True

    def melee_typed(self, was, before):
        """The players' dice typed die by die: Aulus's two dice pass
        (2 and 3 against Rep 4), Brutus's two fail (8, 9): Aulus hits by
        2. Then the blow's own dice: hit location 4 (the chest, from the
        front), armor protection 10 (through), damage 7 (a wound), and
        the wound; each of the blow's tables not filled in yet (the
        NPC's blows may have asked for some first) filled in from Open
        Table as the rules first ask for it, in the middle of the roll:
        the dice typed before it stay, and the next die is typed on."""
        p = self.p
        seq = ["2", "3", "8", "9"]
        # Enter from the allotment moves on to the first die.
        p.key("Return", pause=0.4)
        p.shot("melee-dice-focus")
        self.dice(seq)
        table_keys = 0
        for table, die in zip(HARM, ("4", "10", "7", None)):
            # A table the NPC's blow had the referee fill in before is
            # in force: its die is asked at once.
            if table not in self.filled:
                keys = p.presses
                self.open_table("Melee", table)
                table_keys += p.presses - keys
                if wait_window("Melee", wait=1.0) is None:
                    p.fail("the Melee dialog closed when rsbs/%s was filled in" % table)
                p.shot("melee-after-" + table)
            if die:
                # The dice typed so far are kept: the next die typed is
                # the blow's (were they dropped, it would be read as
                # Aulus's first die again, and the round would end up
                # other than the dice below say).
                seq.append(die)
                self.dice([die])
        p.shot("melee-typed")
        state = p.standing()
        p.key("ctrl+Return", pause=0.6)
        if p.changed_from(was, wait=3.0) == was:
            p.fail("the melee round with typed dice was refused (the dice typed before a table was "
                   "filled in lost?)")
        log = subprocess.run([p.cli, "encounter", "log", p.snapshot()], env=p.env,
                             capture_output=True, text=True).stdout
        last = log[log.rfind("rsbs.melee"):]
        # Its dice, "1d10 hit location: 4 (typed in)": every one typed,
        # in the order typed.
        dice = re.findall(r"^\s+\d*d\d+ [^\n]*: (\d+)( \(typed in\))?$", last, re.M)
        given = [v for v, t in dice if t]
        if given != seq or len(dice) != len(seq):
            p.fail("the typed melee round's dice are not the ones typed, die by die across the tables "
                   "filled in (%s, typed %s):\n%s" % (" ".join(given), " ".join(seq), last[:1500]))
        if "Brutus the Chaser is wounded" not in last:
            p.fail("the typed melee round did not wound Brutus:\n" + last[:1500])
        print("RSBS melee round, allotment and all %d dice typed (a hit and its wound): %d key presses, "
              "and %d more to fill in its tables in the grid"
              % (len(seq), p.presses - before - table_keys, table_keys))
        p.shot("melee-typed-applied")
        focus(p, "Arbiter")
        p.undo_takes_back(state, "a melee round with typed dice")

    def dice(self, faces):
        for die in faces:
            typed(self.p, die, pause=0.15)
            self.p.key("Return", pause=0.4)


def play(p):
    p.open_demo()
    ref = Referee(p)
    guard = 0
    last_turn = 0
    while guard < 60:
        guard += 1
        if p.over(OUT):
            break
        d = p.show()
        turn = d.get("turn") or 0
        if turn > 3:
            break
        if turn != last_turn:
            last_turn = turn
            p.shot("turn-%d" % turn)
        current = d.get("current")
        if current == BRUTUS:
            ref.npc()
        elif current == AULUS:
            ref.aulus()
        if p.over(OUT):
            break
        focus(p, "Arbiter")
        p.next("turn %s, after %s" % (turn, current))
    d = p.show()
    if not p.over(OUT) and (d.get("turn") or 0) <= 3:
        p.fail("three turns did not pass (turn %s)" % d.get("turn"))
    if ref.melees < 1 or ref.npc_stages < 1:
        p.fail("no melee (%d) or no NPC activation (%d)" % (ref.melees, ref.npc_stages))
    p.shot("end")
    print("RSBS: turn %s, %d melee rounds by Aulus, %d NPC stages (%d with Aulus's allotment typed), "
          "tables filled in: %s; %d key presses in all"
          % (d.get("turn"), ref.melees, ref.npc_stages, ref.allotments, ", ".join(ref.filled), p.presses))
    # The log as the command line exports it, beside the screenshots.
    with open(os.path.join(p.shots, "log.txt"), "w") as out:
        out.write(subprocess.run([p.cli, "encounter", "log", p.snapshot()], env=p.env,
                                 capture_output=True, text=True).stdout)
    p.check_log()
