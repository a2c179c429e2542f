#!/usr/bin/env python3
# The data core is below the games (arb-schema.h): the files of
# data_sources in src/rules/meson.build, and every header they include,
# include no header of the game layer (arb-game.h, arb-games.h, a game's
# own under src/rules/games/) and call no function the game layer
# defines (arb_game_*, arb_procedure_get_spec, the openers by name of
# arb-game-open.c...): they are given a game's schema, never ask the
# registry, and so no file of theirs is in a circle with the games.
# Given the data core's library as built (arbiter-data-core), it checks
# the same of the objects: nothing they call of Arbiter's is outside it
# but the compiled tables, which the build adds on top (arbiter-data).
import os
import subprocess
import re
import sys

top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
library = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
os.chdir(top)
RULES = 'src/rules'


def meson_list(text, name):
    m = re.search(r'^' + name + r' (?:\+)?= \[(.*?)\]', text, re.S | re.M)
    return re.findall(r"'([^']+)'", m.group(1)) if m else []


build = open(os.path.join(RULES, 'meson.build')).read()
data = meson_list(build, 'data_sources')
if not data:
    sys.exit('no data_sources in src/rules/meson.build')
data_files = {os.path.join(RULES, f) for f in data}

# Every header, by name, as the compiler finds it (src/rules and the
# games' folders are all include folders).
headers = {}
for root, dirs, files in os.walk(RULES):
    for name in files:
        if name.endswith('.h'):
            headers.setdefault(name, os.path.join(root, name))

# The game layer: every C file of src/rules that is not the data core's,
# and the games'.
game_files = []
for root, dirs, files in os.walk(RULES):
    for name in sorted(files):
        path = os.path.join(root, name)
        if name.endswith('.c') and path not in data_files and name != 'arb-compile-rulesets.c':
            game_files.append(path)


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


# What the game layer defines for others: functions not static.
game_functions = {}
for path in game_files:
    lines = strip_comments(open(path).read()).split('\n')
    for i, line in enumerate(lines):
        m = re.match(r'([a-z_][a-z0-9_]*) \(', line)
        if m and i > 0 and not lines[i - 1].lstrip().startswith('static') and \
                not line.rstrip().endswith(';'):
            game_functions[m.group(1)] = path

FORBIDDEN_HEADERS = {'arb-game.h', 'arb-games.h'}


def game_header(name):
    path = headers.get(name)
    return name in FORBIDDEN_HEADERS or (path is not None and '/games/' in path)


problems = []
seen = set()


def scan(path, via):
    if path in seen:
        return
    seen.add(path)
    text = strip_comments(open(path).read())
    for n, line in enumerate(text.split('\n'), 1):
        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        if m:
            name = m.group(1)
            if game_header(name):
                problems.append('%s:%d: includes %s%s' % (path, n, name, via))
            elif name in headers:
                scan(headers[name], via or ' (through %s)' % path)
            continue
        if path.endswith('.c'):
            for call in re.finditer(r'\b([a-z_][a-z0-9_]*)\s*\(', line):
                fn = call.group(1)
                if fn.startswith('arb_game_') or fn.startswith('arb_games_') or \
                        fn == 'arb_procedure_get_spec':
                    problems.append('%s:%d: calls %s, of the game layer' % (path, n, fn))
                elif fn in game_functions:
                    problems.append('%s:%d: calls %s, of the game layer (%s)' %
                                    (path, n, fn, game_functions[fn]))


for path in sorted(data_files):
    if path.endswith('.c'):
        scan(path, '')

# What the compiled library asks of others.
if library:
    def symbols(*args):
        out = subprocess.run(['nm'] + list(args) + [library], check=True, capture_output=True, text=True).stdout
        return {line.split()[-1] for line in out.split('\n') if line.strip() and not line.endswith(':')}
    defined = symbols('--defined-only')
    for name in sorted(symbols('--undefined-only') - defined):
        if re.match(r'_?arb_', name) and name != 'arb_rules_compiled_register_resource':
            problems.append('%s: needs %s, which the data core does not define' %
                            (os.path.basename(library), name))

for p in problems:
    print(p)
if problems:
    print('%d uses of the game layer in the data core (see arb-schema.h)' % len(problems))
    sys.exit(1)
print('%d files of the data core, %d headers they include: none of the game layer' %
      (len([f for f in data_files if f.endswith('.c')]), len([s for s in seen if s.endswith('.h')])))
