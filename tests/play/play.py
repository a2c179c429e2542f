#!/usr/bin/env python3
# Plays one game's demo fight in the app as a referee does at the table:
# with key presses delivered to the window by xdotool (never by calling
# the rules), the players' dice typed die by die at least once and rolled
# otherwise, one Undo and Redo, to the fight's end or through at least
# three whole turns with every phase of them. It fails when a phase
# cannot be passed from the window, when a key that should make a step
# makes none, or when a step of the log does not name who acted.
#
#   play.py GAME ARBITER ARBITER_CLI        (under a display: xvfb-run)
#
# The keys of each game are in flow_GAME.py: play(p) with p a Play.
#
# Screenshots of each stage go to $ARB_PLAY_SHOTS/GAME (else a folder
# beside the build). Prints the key counts it measured.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import glob
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

# The order of the games in the empty page's demo list.
GAMES = ["aod", "gpg", "tft", "rsbs", "dogfight"]
# Steps the game or the referee's setup takes, not a figure: no actor.
NO_ACTOR = re.compile(r"^(encounter\.|[a-z]+\.(start|settings|setup|map|condition|adjust|reorder|remove|house-table)$)")


class Failed(Exception):
    pass


class Play:
    def __init__(self, game, app, cli, shots):
        self.game = game
        self.cli = cli
        self.shots = shots
        self.presses = 0
        self.n_shots = 0
        self.refused = 0
        shutil.rmtree(shots, ignore_errors=True)
        os.makedirs(shots)
        self.home = tempfile.mkdtemp(prefix="arb-play-")
        # Copies of the two programs: a build beside the test (another
        # change compiled meanwhile) never swaps them under it.
        os.makedirs(os.path.join(self.home, "bin"))
        app = shutil.copy2(os.path.abspath(app), os.path.join(self.home, "bin"))
        self.cli = cli = shutil.copy2(os.path.abspath(cli), os.path.join(self.home, "bin"))
        env = dict(os.environ)
        env.update({
            "GSETTINGS_BACKEND": "memory",
            "GSK_RENDERER": "cairo",
            "GTK_A11Y": "none",
            "XDG_STATE_HOME": os.path.join(self.home, "state"),
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "XDG_DOCUMENTS_DIR": os.path.join(self.home, "docs"),
        })
        self.env = env
        self.log_file = open(os.path.join(shots, "app.log"), "w")
        self.app = subprocess.Popen([app], env=env, stdout=self.log_file, stderr=subprocess.STDOUT)
        self.window = self._wait_window()

    def _wait_window(self):
        for _ in range(100):
            out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Arbiter"],
                                 capture_output=True, text=True).stdout.split()
            if out:
                subprocess.run(["xdotool", "windowfocus", "--sync", out[0]], check=False)
                time.sleep(1.0)
                return out[0]
            time.sleep(0.2)
        raise Failed("the window never showed")

    def close(self):
        self.app.terminate()
        try:
            self.app.wait(10)
        except subprocess.TimeoutExpired:
            self.app.kill()
        self.log_file.close()
        shutil.rmtree(self.home, ignore_errors=True)

    # Keys, as a keyboard gives them.
    def key(self, *keys, pause=0.3):
        for k in keys:
            subprocess.run(["xdotool", "key", "--clearmodifiers", k], check=True)
            self.presses += 1
            time.sleep(pause)

    def type(self, text):
        """Each character one key press."""
        keys = {" ": "space", ",": "comma", "-": "minus", "+": "plus"}
        self.key(*[keys.get(c, c) for c in text])

    def click(self, dx, dy, from_right=True):
        """A mouse click at @dx, @dy from the window's top right (or
        left) corner, where the mouse is natural."""
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.window],
                             capture_output=True, text=True).stdout
        g = dict(line.split("=", 1) for line in out.split())
        x = int(g["X"]) + (int(g["WIDTH"]) - dx if from_right else dx)
        y = int(g["Y"]) + dy
        subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"], check=True)
        time.sleep(0.6)

    def shot(self, name):
        time.sleep(0.5)
        self.n_shots += 1
        subprocess.run(["import", "-window", "root",
                        os.path.join(self.shots, "%02d-%s.png" % (self.n_shots, name))], check=False)

    def fail(self, message):
        self.shot("failed")
        raise Failed(message)

    # The fight as the app keeps it: its draft, read by the command line.
    def draft(self):
        # Between a compaction's write and its rename the folder may hold
        # none for an instant: asked again.
        for _ in range(30):
            drafts = glob.glob(os.path.join(self.home, "state", "arbiter", "drafts", "*.xml"))
            if drafts:
                return drafts[0]
            time.sleep(0.1)
        return None

    def snapshot(self):
        """The fight as it stands in the draft and its journal: a copy of
        both recovered into a file of its own, as the command line does
        after a crash (a recovery takes the draft away: never the app's)."""
        path = self.draft()
        if path is None:
            return None
        draft_id = os.path.splitext(os.path.basename(path))[0]
        state = os.path.join(self.home, "snap")
        drafts = os.path.join(state, "arbiter", "drafts")
        shutil.rmtree(state, ignore_errors=True)
        os.makedirs(drafts)
        for ext in (".xml", ".journal"):
            try:
                shutil.copy(os.path.join(os.path.dirname(path), draft_id + ext), drafts)
            except FileNotFoundError:
                pass
        out = os.path.join(self.home, "now.xml")
        if os.path.exists(out):
            os.unlink(out)
        env = dict(self.env, XDG_STATE_HOME=state)
        r = subprocess.run([self.cli, "encounter", "recover", draft_id, "-o", out], env=env,
                           capture_output=True, text=True)
        if r.returncode != 0:
            self.fail("the draft does not open: " + r.stderr.strip())
        return out

    def show(self):
        path = self.snapshot()
        if path is None:
            return None
        out = subprocess.run([self.cli, "encounter", "show", path, "--json"], env=self.env,
                             capture_output=True, text=True)
        if out.returncode != 0:
            self.fail("the draft does not open: " + out.stderr.strip())
        return json.loads(out.stdout)

    def standing(self):
        """Everything but the history: what one undo must give back."""
        d = self.show()
        if d is None:
            return None
        for k in ("steps", "can_undo", "can_redo"):
            d.pop(k, None)
        return json.dumps(d, sort_keys=True)

    def steps(self):
        d = self.show()
        return d["steps"] if d else 0

    def changed_from(self, was, wait=1.5):
        """The step count once it differs from @was (the draft is written
        behind the window), or @was when nothing came."""
        end = time.time() + wait
        while True:
            now = self.steps()
            if now != was or time.time() > end:
                return now
            time.sleep(0.1)

    def dialog_open(self, title=None):
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "."],
                             capture_output=True, text=True).stdout.split()
        return len(out) > 1 if title is None else bool(subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "^%s$" % title],
            capture_output=True, text=True).stdout.split())

    def next(self, why):
        """Space moves the fight on; it must change something."""
        was = self.steps()
        self.key("space", pause=0.3)
        if self.changed_from(was) == was:
            self.fail("Next did not move the fight on (%s)" % why)

    def act(self, keys, why, dice=None):
        """An action by its keys (Ctrl+N), then the dice (typed, each a
        list of key strings, else rolled), then Apply: one step more."""
        was = self.steps()
        self.key(*keys, pause=0.6)
        if dice is None:
            self.key("ctrl+r", pause=0.4)
        else:
            for die in dice:
                self.type(die)
                self.key("Return", pause=0.4)
        self.key("ctrl+Return", pause=0.3)
        if self.changed_from(was) == was:
            self.refused += 1
            if self.refused <= 3:
                self.shot("refused")
            self.key("Escape", pause=0.5)
            return False
        return True

    def wait_standing(self, test, wait=3.0):
        end = time.time() + wait
        while True:
            now = self.standing()
            if test(now) or time.time() > end:
                return now
            time.sleep(0.1)

    def undo_redo(self, why):
        before = self.standing()
        self.key("ctrl+z", pause=0.2)
        undone = self.wait_standing(lambda s: s != before)
        if undone == before:
            self.fail("Ctrl+Z did not undo %s" % why)
        self.key("ctrl+shift+z", pause=0.2)
        if self.wait_standing(lambda s: s == before) != before:
            self.fail("Undo then Redo did not give back the fight after %s" % why)

    def undo_takes_back(self, before, why):
        after = self.standing()
        self.key("ctrl+z", pause=0.2)
        if self.wait_standing(lambda s: s == before) != before:
            self.fail("one Ctrl+Z did not take back %s" % why)
        self.key("ctrl+shift+z", pause=0.2)
        if self.wait_standing(lambda s: s == after) != after:
            self.fail("Ctrl+Shift+Z did not redo %s" % why)

    def open_demo(self):
        """The empty page: Tab to the game list beside Open Demo Fight,
        choose the game, Alt+D."""
        index = GAMES.index(self.game)
        self.shot("empty")
        self.key("Tab", "Tab", "space", pause=0.5)
        self.key("Home", pause=0.3)
        self.key(*(["Down"] * index), pause=0.3)
        self.key("Return", pause=0.5)
        self.key("alt+d", pause=1.0)
        d = self.show()
        if d is None or d["system"] != self.game:
            self.fail("Alt+D did not open the %s demo" % self.game)
        self.shot("demo")

    def over(self, out_conditions):
        d = self.show()
        if d is None:
            self.fail("the fight's draft is gone")
        if d.get("winner"):
            return True
        sides = set()
        for c in d["combatants"]:
            if not any(k in out_conditions for k in c.get("conditions", {})):
                sides.add(c.get("side"))
        return len(sides) <= 1

    def check_log(self):
        """Every step a figure took names it, by its name: the step's
        "who" (the encounter file's <step who=…>) and its line in the
        exported log ("12. Aulus Varro attacks …: WOUNDED [rsbs.melee]")."""
        d = self.show()
        path = self.snapshot()
        names = [c["name"] for c in d["combatants"]]
        history = ET.parse(path).getroot().find("history")
        steps = history.findall("step")[:int(history.get("position", len(history.findall("step"))))]
        out = subprocess.run([self.cli, "encounter", "log", path], env=self.env,
                             capture_output=True, text=True).stdout
        lines = {}
        for line in out.splitlines():
            m = re.match(r"^(\d+)\. (.*) \[([a-z0-9.-]+)\]$", line)
            if m:
                lines[int(m.group(1))] = (m.group(2), m.group(3))
        if len(lines) != len(steps):
            self.fail("the exported log has %d steps, the fight %d" % (len(lines), len(steps)))
        bad = []
        for i, step in enumerate(steps, 1):
            what, who = step.get("what"), step.get("who") or ""
            text = lines[i][0]
            if lines[i][1] != what:
                self.fail("step %d is %s in the file, %s in the log" % (i, what, lines[i][1]))
            if NO_ACTOR.match(what):
                continue
            if what.endswith(".next") and not who:
                continue
            if not any(n in who for n in names):
                bad.append("%d. %s [%s] — who: “%s”" % (i, text, what, who))
            elif not what.endswith(".next") and not any(n in text for n in names):
                # (A Next's line may be the turn's, "Turn 1 ends: …".)
                bad.append("%d. %s [%s] — the line names nobody" % (i, text, what))
        if bad:
            self.fail("steps that do not name who acted:\n  " + "\n  ".join(bad[:10]))
        print("%s: %d steps, each that a figure took names who acted" % (self.game.upper(), len(steps)))


def main():
    game, app, cli = sys.argv[1:4]
    shots = os.path.join(os.environ.get("ARB_PLAY_SHOTS", os.path.join(os.path.dirname(cli), "..", "..", "play-shots")),
                         game)
    # Each game's flow is a module of its own beside this one.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    try:
        flow = importlib.import_module("flow_" + game)
    except ImportError:
        print("no play for %s" % game, file=sys.stderr)
        return 2
    p = Play(game, app, cli, shots)
    try:
        flow.play(p)
    except Failed as e:
        print("play-%s: %s" % (game, e), file=sys.stderr)
        print("screenshots in %s" % shots, file=sys.stderr)
        return 1
    finally:
        p.close()
    print("screenshots in %s" % shots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
