#!/bin/sh
# Every source file with translatable strings must be listed in
# po/POTFILES.in, and every listed file must exist.
set -eu
top=${1:-$(dirname "$0")/..}
cd "$top"
status=0

listed=$(grep -v '^#' po/POTFILES.in | grep -v '^[[:space:]]*$' | sort)

for f in $listed; do
  if [ ! -f "$f" ]; then
    echo "po/POTFILES.in lists $f, which does not exist"
    status=1
  fi
done

found=$( {
  grep -lE '\b(N?_|C_|NC_|g_dngettext|ngettext)[[:space:]]*\(' $(find src -name '*.c' | sort) 2>/dev/null || true
  grep -l 'translatable="yes"' $(find ui src -name '*.ui' | sort) 2>/dev/null || true
  find data -maxdepth 1 \( -name '*.desktop.in' -o -name '*.metainfo.xml.in' -o -name '*.gschema.xml.in' \) | sort
  # The tables' titles, notes and words, by the rules in po/its.
  find data/rulesets -maxdepth 1 -name '*.xml' | sort
} | sed 's|^\./||' | sort -u)

for f in $found; do
  if ! printf '%s\n' "$listed" | grep -qx "$f"; then
    echo "$f has translatable strings but is not in po/POTFILES.in"
    status=1
  fi
done

[ $status -eq 0 ] && echo "po/POTFILES.in is complete ($(printf '%s\n' "$listed" | wc -l) files)"
exit $status
