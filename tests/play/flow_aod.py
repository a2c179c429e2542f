# The Arena of Death demo played to its end by keys: Rolf the Barbarian
# and Lazar the Swift against the Troll. Each actor strikes (Ctrl+1),
# rolled (Ctrl+R) or with the players' dice typed in, and applies
# (Ctrl+Enter); Space moves the fight on.
#
# SPDX-License-Identifier: GPL-3.0-or-later


def play(p):
    out = ("dead", "fled", "unconscious", "appealed", "surrendered")
    p.open_demo()
    p.next("the first pulse")
    p.shot("first-actor")
    # The mouse where it is natural: a click on Strike opens it, Escape
    # closes it, and Space still moves the fight on, not the button.
    p.click(136, 174)
    if not p.dialog_open("Strike"):
        p.fail("a click on Strike opened no dialog")
    p.shot("strike-clicked")
    p.key("Escape", pause=0.5)
    if p.dialog_open("Strike"):
        p.fail("Escape did not close the Strike dialog")
    # The first blow rolled: three keys.
    before = p.presses
    if not p.act(["ctrl+1"], "a strike, rolled"):
        p.fail("the first Strike was refused")
    print("AoD strike, rolled: %d key presses" % (p.presses - before))
    p.shot("rolled-strike")
    p.undo_redo("a rolled strike")
    p.next("after the first strike")
    # The Troll strikes back, rolled; then Rolf's blow with the players'
    # D100 and D10 typed in, each die as it is asked for.
    p.act(["ctrl+1"], "the Troll's strike")
    p.next("after the Troll's strike")
    before_state = p.standing()
    before = p.presses
    if not p.act(["ctrl+1"], "a strike, typed", dice=["30", "7"]):
        p.fail("Rolf's strike with typed dice was refused")
    print("AoD strike, typed: %d key presses" % (p.presses - before))
    p.shot("typed-strike")
    p.undo_takes_back(before_state, "a typed strike")
    turns = 0
    while not p.over(out) and turns < 200:
        turns += 1
        p.act(["ctrl+1"], "a strike")
        if p.over(out):
            break
        p.next("turn %d" % turns)
    if not p.over(out):
        p.fail("the fight did not end in 200 turns")
    p.shot("over")
    p.check_log()
    print("AoD: over after %d more actors, %d key presses in all" % (turns, p.presses))
