#!/bin/sh
# Outside a games/ folder, no C source under src/ names a game: no string
# literal equal to a game id ("aod") or built on one ("aod.strike",
# "aod-arena"). Game knowledge belongs in src/*/games/ID/; generic code
# asks the game's class. The ids are the folders of src/rules/games/, so
# a new game is covered as soon as it exists. Lines that are comments
# ("/*", " *", "//") and comments at the end of a line are skipped: a
# name in a comment compares nothing.
set -eu
top=${1:-$(dirname "$0")/..}
cd "$top"

ids=$(find src/rules/games -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)
if [ -z "$ids" ]; then
  echo "no game folders under src/rules/games/"
  exit 1
fi
alt=$(printf '%s\n' $ids | sed 's/[.]/\\./g' | paste -sd '|' -)

# A literal that is an id, or an id followed by "." or "-" and more; not
# an escaped quote inside a longer literal.
pattern="(^|[^\\\\])\"($alt)([.-][^\"]*)?\""
export pattern

hits=$(find src -name '*.c' -not -path 'src/*/games/*' | sort | while read -r f; do
  awk -v file="$f" '
    /^[[:space:]]*(\/\*|\*|\/\/)/ { next }
    {
      line = $0
      gsub(/\/\*.*\*\//, "", line)     # a comment closed on the line
      sub(/\/\*.*$/, "", line)          # one that goes on
      sub(/(^|[[:space:]])\/\/.*$/, "", line)
      if (line ~ ENVIRON["pattern"])
        printf "%s:%d: %s\n", file, FNR, $0
    }' "$f"
done)

if [ -n "$hits" ]; then
  printf '%s\n' "$hits"
  echo "$(printf '%s\n' "$hits" | wc -l) lines outside src/*/games/ name a game ($(echo $ids | tr ' ' ','))"
  exit 1
fi
echo "no line outside src/*/games/ names a game ($(echo $ids | tr ' ' ','))"
