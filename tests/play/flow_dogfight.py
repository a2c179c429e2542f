# The Dogfight demo by keys through three whole turns (or to its end):
# Lt. Harry Quill's Camel against Ltn. Otto Brandt's Albatros, closing
# head on. Each aircraft's housekeeping, movement points, speed change
# and burst open by themselves when the rules have them next: the dice
# typed die by die the first time each is asked for, rolled (Ctrl+R)
# after, Ctrl+Enter applies. With movement points left the referee flies
# the aircraft from the actions: Move (the third, Ctrl+3) straight ahead,
# or turned in the new hex toward the foe by typing the turn (with
# aerobatic dice and pilot points to cancel 1s, for the CV a burst
# needs) in the form; Fly On (Ctrl+5) once for what is left. Dogfight
# proposes no move on the map: the moves are the referee's. Space moves the fight on
# through the phases, the combat phase's bursts where the target is in
# a gun's arc within 2 hexes.
#
# What the window must do by the rules, asserted on the way (Dogfight's
# reported defects): Fly On after the move is done makes no step; a
# step whose every face gives one outcome (a 0/6 spot) asks for no die
# and applies on Ctrl+Enter alone; Ctrl+Z in a step's dialog that opened
# by itself undoes the step before it; in the combat phase the reason
# the movement actions are greyed is the combat phase's (the rules'
# refusal, which the panel shows: its label is not read here). The
# housekeeping form's foe to spot is seen in its screenshot only.
#
# The command line is asked, on a copy of the draft, only what a referee
# reads in the dialog: whether a step needs dice and how many faces a
# player throws (each die is asked for by name there).
#
# SPDX-License-Identifier: GPL-3.0-or-later

import math
import re
import subprocess
import time

OUT = ("destroyed",)
# Played on past the third turn until a burst is typed and one rolled.
MAX_TURNS = 6
# The game's actions in the panel's order (Ctrl+1 ...); the step the
# rules propose comes first, the rest after it in this order.
ACTIONS = ["dogfight.housekeeping", "dogfight.mp", "dogfight.move", "dogfight.speed", "dogfight.fly", "dogfight.fire"]
DIALOGS = {
    "Housekeeping": "dogfight.housekeeping",
    "Movement Points": "dogfight.mp",
    "Speed Change": "dogfight.speed",
    "Fire": "dogfight.fire",
    "Move": "dogfight.move",
    "Fly On": "dogfight.fly",
}
# Hexside 0 is +q, 1 is +q -r, ... 5 is +r (counter-clockwise).
STEPS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def ctrl(action, proposed=None):
    """The panel's key for an action when @proposed heads the list."""
    order = ([proposed] if proposed else []) + [a for a in ACTIONS if a != proposed]
    return "ctrl+%d" % (order.index(action) + 1)


def dry(p, procedure, rolls=(), params=()):
    """The step as the dialog shows it before Apply, on a copy of the
    draft: (refused, needs a die, what it says)."""
    path = p.snapshot()
    args = [p.cli, "run", procedure, "--encounter", path]
    for k, v in params:
        args += ["--param", "%s=%s" % (k, v)]
    for r in rolls:
        args += ["--roll", str(r)]
    r = subprocess.run(args, env=p.env, capture_output=True, text=True)
    text = r.stdout + r.stderr
    return r.returncode != 0, "run again with --roll" in text, text


def last_step(p):
    """The log of the fight's last step, as the command line reads it."""
    out = subprocess.run([p.cli, "encounter", "log", p.snapshot()], env=p.env, capture_output=True, text=True).stdout
    return re.split(r"(?m)^\d+\. ", out)[-1]


def faces_for(p, procedure, first=6, rest=3):
    """The players' dice for a step, as many as it asks for: a 6 first
    (a spot, a hit), then 3s (no jam, a hit's boxes)."""
    faces = []
    while len(faces) < 40:
        refused, needs, text = dry(p, procedure, faces)
        if refused and not needs:
            p.fail("%s with the dice %s was refused: %s" % (procedure, faces, text.strip()))
        if not needs:
            return faces
        faces.append(first if not faces else rest)
    p.fail("%s asks for more than 40 dice" % procedure)


def open_dialog(p, wait=2.5):
    """The title of the step's dialog up over the window, or None."""
    end = time.time() + wait
    while True:
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "."],
                             capture_output=True, text=True).stdout.split()
        for w in ids:
            name = subprocess.run(["xdotool", "getwindowname", w], capture_output=True, text=True).stdout.strip()
            if name in DIALOGS:
                return name
        if time.time() > end:
            return None
        time.sleep(0.2)


def me(d, cid):
    return next(c for c in d["combatants"] if c["id"] == cid)


def where(c):
    s = c["state"]
    return int(s["q"]), int(s["r"]), int(s.get("facing", "0"))


def bearing(q, r, tq, tr):
    """The hexside nearest the line to (tq, tr), 0-5."""
    dq, dr = tq - q, tr - r
    x, y = dq + dr / 2.0, -dr * math.sqrt(3) / 2.0
    return round(math.degrees(math.atan2(y, x)) / 60.0) % 6


def turn_toward(d, c):
    """A 60 degree turn in the hex ahead toward the nearest foe, or 0."""
    q, r, f = where(c)
    q, r = q + STEPS[f][0], r + STEPS[f][1]
    foes = [o for o in d["combatants"] if o["side"] != c["side"] and not any(k in OUT for k in o.get("conditions", {}))]
    if not foes:
        return 0
    fq, fr, _ = where(min(foes, key=lambda o: abs(where(o)[0] - q) + abs(where(o)[1] - r)))
    if (fq, fr) == (q, r):
        return 0
    want = (bearing(q, r, fq, fr) - f) % 6
    return 0 if want == 0 else (1 if want <= 3 else -1)


class Flow:
    def __init__(self, p):
        self.p = p
        self.typed = set()       # the dialogs whose dice were typed once
        self.seen = set()        # the dialogs shot as they opened
        self.undone = False
        self.flown_on = False
        self.checked = set()     # (turn, aircraft) whose Fly On was tried after the move
        self.combat_said = set()
        self.bursts = 0
        self.turned = 0
        self.spots_without_die = 0

    def apply(self, title, why):
        """The dialog that opened by itself: its dice typed die by die
        the first time they are asked for, else rolled; then Apply."""
        p = self.p
        procedure = DIALOGS[title]
        if title not in self.seen:
            self.seen.add(title)
            p.shot("dialog-" + title.lower().replace(" ", "-"))
        refused, needs, text = dry(p, procedure)
        if refused and not needs:
            p.fail("%s opened by itself for a step the rules refuse: %s" % (title, text.strip()))
        was = p.steps()
        before = p.presses
        if procedure == "dogfight.fire":
            self.bursts += 1
        if not needs:
            # Every face gives the same outcome (a 0/6 spot, a
            # certain step): no die is asked, Ctrl+Enter alone applies.
            p.key("ctrl+Return", pause=0.5)
            if p.changed_from(was) == was:
                p.fail("%s needs no die (%s) but Ctrl+Enter alone did not apply it: a die is still asked for"
                       % (title, why))
            if procedure == "dogfight.housekeeping" and "none is made" in text:
                self.spots_without_die += 1
            return
        # A die whose every face gives one outcome (a 0/6 or 6/6 chance)
        # is not asked for.
        chances = [(int(a), int(b)) for a, b in re.findall(r"(?m)^Chance of .*: (\d+)/(\d+)$", text)]
        if chances and all(a in (0, b) for a, b in chances):
            p.shot("certain-die-asked")
            p.fail("%s asks for a die though every face gives the same outcome (%s): %s"
                   % (title, why, "; ".join(l for l in text.splitlines() if l.startswith("Chance of"))))
        if title not in self.typed:
            faces = faces_for(p, procedure)
            for face in faces:
                p.type(str(face))
                p.key("Return", pause=0.4)
            p.key("ctrl+Return", pause=0.5)
            if p.changed_from(was) == was:
                p.fail("%s with the players' dice %s typed in was refused (%s)" % (title, faces, why))
            self.typed.add(title)
            p.shot("typed-" + title.lower().replace(" ", "-"))
            if procedure == "dogfight.fire":
                print("Dogfight burst, typed (%d dice): %d key presses" % (len(faces), p.presses - before))
            return
        p.key("ctrl+r", pause=0.4)
        p.key("ctrl+Return", pause=0.5)
        if p.changed_from(was) == was:
            p.fail("%s, rolled, was refused (%s)" % (title, why))
        if procedure == "dogfight.fire" and "rolled-fire" not in self.typed:
            print("Dogfight burst, rolled: %d key presses (its dialog opens by itself)" % (p.presses - before))
            self.typed.add("rolled-fire")

    def move(self, d, c):
        """One movement point, by the Move action: straight on, or the
        turn in the new hex typed in its form, with aerobatic dice and
        pilot points to cancel 1s (a test passed with more dice earns
        CV, which a burst needs)."""
        p = self.p
        turn = turn_toward(d, c)
        extra = ()
        if turn:
            for aero, cancel in ((3, 2), (2, 1), (0, 0)):
                extra = (("aero", aero), ("cancel", cancel)) if aero else ()
                if not dry(p, "dogfight.move", params=(("kind", "forward"), ("turn", turn)) + extra)[0]:
                    break
            else:
                turn, extra = 0, ()
        if turn == 0 and not self.flown_on:
            # Fly On: what is left, straight on, and the speed change.
            was = p.steps()
            p.key(ctrl("dogfight.fly"), pause=0.7)
            p.key("ctrl+Return", pause=0.5)
            if p.changed_from(was) == was:
                p.fail("Fly On with movement points left was refused")
            self.flown_on = True
            p.shot("flown-on")
            return
        was = p.steps()
        _, _, facing = where(c)
        p.key(ctrl("dogfight.move"), pause=0.8)
        if open_dialog(p, 1.0) != "Move":
            p.fail("Ctrl+3 opened no Move form")
        if turn:
            # The form opens on the die its straight move asks for, or
            # on Apply where that move is certain. Ctrl+R rolls what is
            # asked (nothing, where nothing is) and puts the keyboard on
            # Apply either way; the turn typed after it asks its own
            # dice afresh. From Apply: Aircraft, Move, More Options
            # (opened), the turn; then New pitch, Maneuver test dice,
            # Aerobatic dice, bought, Pilot point dice, and the most
            # pilot points to cancel 1s.
            p.key("ctrl+r", "Tab", "Tab", "Tab", "Return", "Tab", pause=0.3)
            p.type(str(turn))
            if self.turned == 0:
                p.shot("turn-typed")
            if extra:
                p.key("Tab", "Tab", "Tab", pause=0.3)
                p.type(str(extra[0][1]))
                p.key("Tab", "Tab", "Tab", pause=0.3)
                p.type(str(extra[1][1]))
            p.key("ctrl+r", pause=0.4)
        p.key("ctrl+Return", pause=0.5)
        if p.changed_from(was) == was:
            p.fail("a move (turn %d, %s) the rules allow was refused" % (turn, extra))
        now = where(me(p.show(), c["id"]))[2]
        if now != (facing + turn) % 6:
            p.fail("the turn of %d typed in the Move form did not take: facing %d, was %d" % (turn, now, facing))
        if extra and "+ %d aerobatic" % extra[0][1] not in last_step(p):
            p.fail("the aerobatic dice typed in the Move form did not take:\n" + last_step(p))
        if turn:
            self.turned += 1
            if self.turned == 1:
                p.shot("turned")

    def fly_on_after(self, d, cid):
        """Fly On with the move done and the speed changed: refused, no
        step (it recorded an empty FLIES ON step each press)."""
        p = self.p
        was = p.steps()
        p.key(ctrl("dogfight.fly"), pause=0.8)
        p.key("ctrl+Return", pause=0.5)
        if p.changed_from(was, wait=1.0) != was:
            p.shot("fly-on-junk")
            p.fail("Fly On after %s's move and speed change made a step" % me(d, cid)["name"])
        p.key("Escape", pause=0.5)
        if open_dialog(p, 0.3):
            p.fail("Escape did not close the refused Fly On")

    def combat_reason(self, d):
        """The greyed movement actions in the combat phase say why: the
        phase is combat (the panel says it above them)."""
        p = self.p
        for procedure in ("dogfight.mp", "dogfight.move", "dogfight.speed", "dogfight.fly"):
            refused, _, text = dry(p, procedure)
            if not refused or "combat phase" not in text:
                p.fail("in the combat phase %s is not refused for the phase: %s" % (procedure, text.strip()))

    def step(self):
        p = self.p
        d = p.show()
        turn, phase, cur = d.get("turn"), d.get("phase"), d.get("current")
        c = me(d, cur)
        s = c["state"]
        title = open_dialog(p, 1.5)
        if title in ("Move", "Fly On"):
            p.fail("%s opened by itself" % title)
        if title:
            if title == "Speed Change" and not self.undone:
                # The dialog that opened by itself after the last move
                # must not keep Ctrl+Z from the window.
                p.shot("speed-change-opened")
                p.undo_redo("%s's last move, its Speed Change dialog up" % c["name"])
                if open_dialog(p, 2.0) != "Speed Change":
                    p.fail("after Undo and Redo the Speed Change was not proposed again")
                self.undone = True
            self.apply(title, "turn %s, %s, %s" % (turn, phase, c["name"]))
            return
        if phase == "housekeeping" and not s.get("housekept"):
            p.fail("%s's housekeeping did not open by itself" % c["name"])
        if phase == "movement":
            if s.get("mp", "") == "":
                p.fail("%s's movement points did not open by itself" % c["name"])
            if int(s["mp"]) > 0:
                self.move(d, c)
                return
            if not s.get("speed-done"):
                p.fail("%s's speed change did not open by itself" % c["name"])
            if (turn, cur) not in self.checked:
                self.checked.add((turn, cur))
                self.fly_on_after(d, cur)
        if phase == "combat":
            if turn not in self.combat_said:
                self.combat_said.add(turn)
                self.combat_reason(d)
                p.shot("combat-%d" % turn)
            refused, _, text = dry(p, "dogfight.fire")
            if not refused and not s.get("fired"):
                p.fail("%s has a shot (%s) but no Fire opened by itself" % (c["name"], text.strip().splitlines()[0]))
        p.next("turn %s, %s, %s" % (turn, phase, c["name"]))


def play(p):
    p.open_demo()
    p.next("the start")
    p.shot("turn-1")
    flow = Flow(p)
    guard = 0
    shown = set()
    while guard < 600:
        guard += 1
        if p.over(OUT):
            break
        d = p.show()
        turn = d.get("turn") or 1
        # Three whole turns; then on, up to the sixth, until a burst
        # has been typed and one rolled (the aircraft must close first).
        if turn > 3 and ("Fire" in flow.typed and "rolled-fire" in flow.typed or turn > MAX_TURNS):
            break
        if turn not in shown:
            shown.add(turn)
            p.shot("turn-%d" % turn)
        flow.step()
    d = p.show()
    if not p.over(OUT) and (d.get("turn") or 1) <= 3:
        p.fail("three turns did not pass in %d steps" % guard)
    if not flow.undone:
        p.fail("no Speed Change opened by itself to undo the move under")
    p.shot("end")
    p.check_log()
    if flow.bursts == 0:
        print("Dogfight: no burst reached its target in %d turns" % MAX_TURNS)
    print("Dogfight: %s; %d bursts, %d turns typed in the Move form, %d spots without a die, %d key presses in all"
          % ("over" if p.over(OUT) else "into turn %d" % d["turn"], flow.bursts, flow.turned,
             flow.spots_without_die, p.presses))
