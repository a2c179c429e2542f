#!/bin/sh
# A game is one folder: its id ("dogfight") or its name ("Arena of Death")
# turns up nowhere outside what is the game's own, so adding or removing a
# game touches nothing else. A game's own: src/rules/games/ID/,
# src/app/games/ID/, src/print/games/ID/, its tables data/rulesets/ID.xml
# and its starter sheets data/sheets/ID-*.xml. Comments count: a generic
# comment that needs an example says ID. The ids are the folders of
# src/rules/games/, the names their titles (game_class->title), so a new
# game is covered as soon as it exists. tests/ is not looked at: the
# tests exercise each game by name.
#
# The files below name the games, for the reason given: "FILE | TEXT |
# why" lets FILE's lines that hold TEXT, or all of them for "*". Keep it
# short. A FILE ending in "/*" is every file below that folder.
set -eu
top=${1:-$(dirname "$0")/..}
cd "$top"

allowed='
README.md                      | *                        | the user guide describes each game
help/*                         | *                        | the guide in GNOME help does too
po/POTFILES.in                 | *                        | lists the games'"'"' files that hold strings
po/arbiter.pot                 | *                        | generated: its references name those files
po/de.po                       | *                        | the translation keeps the same references
po/GLOSSARY.md                 | *                        | the games'"'"' own terms, game by game
data/sheets/README.md          | *                        | describes each starter sheet
src/rules/games/meson.build    | *                        | the one list of the games
src/rules/games/arb-games.c    | *                        | the registry of their types: one line a game
build-aux/sim-fingerprint      | *                        | measures named fights of each game
build-aux/yardstick            | *                        | measures the duels of each game by name
src/rules/arb-sheet.h          | for aod                  | a comment'"'"'s examples, left to the key conversion under way there
src/rules/arb-sheet.h          | the gpg                  | (the same comment)
src/rules/arb-sheet.h          | rsbs dice                | (the same comment)
src/cli/arbiter-cli.c          | table gpg to-hit         | an example command needs a real table
ui/arb-sheet-library-window.ui | every Arena of Death foe | the starter sheets it offers, a sentence
data/io.github.arbiter.Arbiter.metainfo.xml.in | * | the store page: captions and release notes tell of games
'

ids=$(find src/rules/games -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)
if [ -z "$ids" ]; then
  echo "no game folders under src/rules/games/"
  exit 1
fi

# The one list of the games (game_ids) holds every folder, or the
# folder's game would be built into nothing made from the list.
listed=$(sed -n "s/^game_ids = \[\(.*\)\]/\1/p" src/rules/games/meson.build | tr ',' '\n' | tr -d "' ")
for id in $ids; do
  if ! printf '%s\n' "$listed" | grep -qx "$id"; then
    echo "src/rules/games/$id/ is not in game_ids (src/rules/games/meson.build)"
    exit 1
  fi
done

# Whether $1 is the game $2's own file.
owned () {
  case $1 in
    src/rules/games/$2/* | src/app/games/$2/* | src/print/games/$2/* | \
    data/rulesets/$2.xml | data/sheets/$2-*.xml) return 0 ;;
  esac
  return 1
}

status=0
count=0
for id in $ids; do
  title=$(sed -n 's/.*game_class->title = \(N_ (\)\{0,1\}"\([^"]*\)".*/\2/p' \
            "src/rules/games/$id/arb-$id-game.c" | head -n 1)
  # The id as a word of its own ("aod", "aod-arena", "arb_aod_x", "ARB_AOD"),
  # or the name.
  pattern="(^|[^A-Za-z0-9])$id([^A-Za-z0-9]|\$)"
  [ -n "$title" ] && pattern="$pattern|$(printf '%s' "$title" | sed 's/[.[\*^$()+?{|]/\\&/g')"
  hits=$(grep -r -n -i -E -I --exclude-dir=.git --exclude=.git --exclude-dir='build*' --exclude-dir=tests \
           --exclude-dir=subprojects -- "$pattern" . | sed 's|^\./||' |
         while IFS= read -r line; do
           f=${line%%:*}
           owned "$f" "$id" && continue
           printf '%s\n' "$allowed" | awk -F ' *[|] *' -v f="$f" -v line="$line" '
             NF >= 3 && ($1 == f || ($1 ~ /\/\*$/ && index(f, substr($1, 1, length($1) - 1)) == 1)) &&
             ($2 == "*" || index(line, $2)) { found = 1 }
             END { exit !found }' && continue
           printf '%s   [%s]\n' "$line" "$id"
         done)
  if [ -n "$hits" ]; then
    printf '%s\n' "$hits"
    count=$((count + $(printf '%s\n' "$hits" | wc -l)))
    status=1
  fi
done

if [ $status -ne 0 ]; then
  echo "$count lines outside a game's folders name it ($(echo $ids | tr ' ' ','))"
  exit 1
fi
echo "no file outside a game's folders names it ($(echo $ids | tr ' ' ','))"
