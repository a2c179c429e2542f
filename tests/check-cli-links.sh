#!/bin/sh
# arbiter-cli maps no printing library: cairo, pango and the font stack
# belong to arbiter-cli-print, which it runs for cards and print-sheet.
# Every other command starts without them (issue 18).
set -eu
cli=$1
found=$(ldd "$cli" | grep -E 'lib(cairo|pango|harfbuzz|fontconfig|freetype|pixman|X11|xcb)' || true)
if [ -n "$found" ]; then
  echo "$cli links printing libraries:"
  echo "$found"
  exit 1
fi
echo "$cli: $(ldd "$cli" | wc -l) shared libraries, none for printing"
