# The Glider-Pit Gladiators demo by keys through at least three whole
# turns: each glider's manoeuvres typed in its movement phase (Ctrl+1,
# then F for each point of speed), a strike (Ctrl+5) where one reaches,
# Space through the other phases, and the air currents that end each
# turn opened by Space, their dice typed the first time and rolled after.
#
# SPDX-License-Identifier: GPL-3.0-or-later


def play(p):
    out = ("eliminated",)
    p.open_demo()
    p.next("the start")
    p.shot("turn-1")
    seen_air = 0
    typed_once = False
    undone = False
    guard = 0
    while guard < 400:
        guard += 1
        d = p.show()
        if p.over(out):
            break
        turn = d.get("turn", 1)
        if turn > 4:
            break
        phase = d.get("phase")
        current = d.get("current")
        if phase == "air-currents":
            was = p.steps()
            p.key("space", pause=0.8)
            if not p.dialog_open("Air Currents"):
                p.fail("Next at the turn's end opened no Air Currents step")
            p.shot("air-currents-%d" % turn)
            if not typed_once:
                before = p.presses
                # Each marker's 2d6 as the two dice: 3 4, 2 2, 1 2, 5 6.
                for dice in ("34", "22", "12", "56"):
                    p.type(dice)
                    p.key("Return", pause=0.4)
                p.key("ctrl+Return", pause=0.8)
                print("GPG air currents, typed: %d key presses" % (p.presses - before + 1))
                typed_once = True
            else:
                p.key("ctrl+r", "ctrl+Return", pause=0.8)
            if p.steps() == was:
                p.fail("the air currents were refused")
            seen_air += 1
            continue
        if current and phase == 1:
            me = next(c for c in d["combatants"] if c["id"] == current)
            speed = int(me["state"].get("speed", "0") or 0)
            if speed > 0:
                before = p.presses
                was = p.steps()
                p.key("ctrl+1", pause=0.7)
                p.type("f" * speed)
                p.key("ctrl+Return", pause=0.8)
                if p.steps() == was:
                    p.shot("move-refused")
                    p.key("Escape", pause=0.5)
                elif not undone:
                    print("GPG move of %d: %d key presses" % (speed, p.presses - before))
                    p.shot("moved")
                    p.undo_redo("a move")
                    undone = True
                continue
        if current and phase == 3:
            # Strike (the fifth action) where it reaches; else on.
            if p.act(["ctrl+5"], "a strike"):
                p.shot("strike")
                continue
        p.next("turn %s, phase %s" % (turn, phase))
    if seen_air < 3 and not p.over(out):
        p.fail("three turns did not pass with their air currents (%d)" % seen_air)
    p.shot("end")
    p.check_log()
    print("GPG: %d air currents, %d key presses in all" % (seen_air, p.presses))
