#!/usr/bin/env python3
# State keys are declared objects (src/rules/arb-key.h): under src/, no
# reader or writer of an encounter's state is given a key as a string,
# no name of a key is spelt outside the files that declare keys but
# where names come in or go out (the edges listed below, each with why),
# no game's rules ask a condition by its name,
# and the tricks the typed keys replaced do not come back:
# __builtin_constant_p, public _hashed readers, key comparison by letters.
import os
import re
import sys

top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
os.chdir(top)

READERS = r'arb_(?:encounter_get(?:_int|_field|_field_int)?|step_peek(?:_field_int)?|step_set(?:_int)?)'
# The key is the third argument of the encounter's readers and the
# fourth of the step's.
KEY_ARG = {'encounter': 2, 'step': 3}

# Where a key's name may be spelt: the names of values shown or read at
# an edge, looked up with arb_encounter_key().
# The counters, the tallies and the winner the app and the command line
# show they ask of the game (arb_game_list_counters() and its
# neighbours): the names of those keys are spelt nowhere in their
# generic code (src/app, src/cli) but here.
EDGES = {
    # `encounter show --json` lists each combatant's values by these
    # names, its JSON members, when present.
    'src/cli/arb-cli-encounter.c': {'side', 'q', 'r', 'facing', 'ap', 'chit', 'order-value', 'altitude', 'speed'},
    # The game's time unit (ArbGameClass.time_unit), which a counter
    # happens to share the name of.
    'src/app/arb-odds-window.c': {'round', 'turn'},
}


def args_at(s, i):
    depth, args, start, j, quoted = 0, [], i + 1, i, None
    while j < len(s):
        c = s[j]
        if quoted:
            if c == '\\':
                j += 2
                continue
            if c == quoted:
                quoted = None
        elif c in '"\'':
            quoted = c
        elif c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                args.append(s[start:j])
                return args
        elif c == ',' and depth == 1:
            args.append(s[start:j])
            start = j + 1
        j += 1
    return args


# The names of the keys the engine and the games declare as shown.
SHOWN = set()
for root, dirs, files in os.walk('src/rules'):
    for name in files:
        if re.search(r'arb(-[a-z]+)?-keys\.c$', name):
            for m in re.finditer(r'const ArbKey \w+ = \{([^}]*)\};', open(os.path.join(root, name), encoding='utf-8').read()):
                if '.shown = ARB_KEY_SHOWN_' in m.group(1):
                    SHOWN.add(re.search(r'\.name = "([^"]*)"', m.group(1)).group(1))

problems = []
for root, dirs, files in os.walk('src'):
    for name in sorted(files):
        if not name.endswith(('.c', '.h')):
            continue
        path = os.path.join(root, name)
        text = open(path, encoding='utf-8').read()
        declares = re.search(r'arb(-[a-z]+)?-keys?\.[ch]$', name) is not None
        line_of = lambda pos: text.count('\n', 0, pos) + 1
        for m in re.finditer(r'\b(' + READERS + r')\s*\(', text):
            args = args_at(text, m.end() - 1)
            k = KEY_ARG['encounter' if m.group(1).startswith('arb_encounter') else 'step']
            if len(args) > k and re.fullmatch(r'\s*"[^"]*"\s*', args[k]):
                problems.append('%s:%d: %s given a key as a string: %s' % (path, line_of(m.start()), m.group(1), args[k].strip()))
        for m in re.finditer(r'\barb_encounter_key\s*\(([^,]*),\s*"([^"]*)"\s*\)', text):
            if not declares and m.group(2) not in EDGES.get(path, ()):
                problems.append('%s:%d: the key "%s" spelt out: use its declared ArbKey' % (path, line_of(m.start()), m.group(2)))
        # A game's rules ask a condition by its declared key
        # (arb_conditions_has_key), not by its name.
        if path.startswith('src/rules/games/'):
            for m in re.finditer(r'\b(arb_conditions_has|arb_conditions_time_left|arb_encounter_condition_key)\s*\(', text):
                args = args_at(text, m.end() - 1)
                if args and re.fullmatch(r'\s*"[^"]*"\s*', args[-1]):
                    problems.append('%s:%d: the condition %s asked by name: use its declared ArbKey' % (path, line_of(m.start()), args[-1].strip()))
        if os.path.dirname(path) in ('src/app', 'src/cli'):
            for m in re.finditer(r'"([a-z-]+)"', text):
                if m.group(1) in SHOWN and m.group(1) not in EDGES.get(path, ()):
                    problems.append('%s:%d: the shown key "%s" read by name: ask the game (arb-game.h)' % (path, line_of(m.start()), m.group(1)))
        for word in ('__builtin_constant_p', '_hashed (', 'ARB_KEY_HASHED'):
            pos = text.find(word)
            if pos >= 0 and path.endswith('.h'):
                problems.append('%s:%d: %s in a public header' % (path, line_of(pos), word.strip(' (')))
            elif word == '__builtin_constant_p' and pos >= 0:
                problems.append('%s:%d: __builtin_constant_p' % (path, line_of(pos)))
        for m in re.finditer(r"\[[0-4]\]\s*==\s*'[a-z.]'\s*&&\s*\w+\[[1-4]\]\s*==\s*'", text):
            problems.append('%s:%d: a key compared letter by letter' % (path, line_of(m.start())))

for path, names in EDGES.items():
    text = open(path, encoding='utf-8').read()
    for n in sorted(names):
        if '"%s"' % n not in text:
            problems.append('%s: "%s" is an edge no longer spelt there: drop it from EDGES' % (path, n))

for p in problems:
    print(p)
if problems:
    print('%d problems with state keys' % len(problems))
    sys.exit(1)
