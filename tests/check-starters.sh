#!/bin/sh
# Every starter sheet in data/sheets is compiled into the resources, and
# nothing listed there is missing.
set -eu
top=${1:-$(dirname "$0")/..}
# The resources' listing, made at build time (src/rules/meson.build).
resources=${2:-build/src/rules/arb-rules.gresource.xml}
cd "$top"
status=0
for f in data/sheets/*.xml; do
  grep -q "<file>sheets/$(basename "$f")</file>" $resources ||
    { echo "$f is not listed in $resources"; status=1; }
done
for f in $(sed -n 's|.*<file>\(sheets/[^<]*\)</file>.*|\1|p' $resources); do
  [ -f "data/$f" ] || { echo "$resources lists data/$f, which does not exist"; status=1; }
done
[ $status -eq 0 ] && echo "all $(ls data/sheets/*.xml | wc -l) starter sheets are compiled in"
exit $status
