#!/bin/sh
# check-pages.sh DIR PAGE...: the .page files in DIR are exactly PAGE...,
# the list help/meson.build installs and checks.
set -eu
dir=$1
shift
listed=$(printf '%s\n' "$@" | sort)
found=$(cd "$dir" && ls -1 -- *.page | sort)
if [ "$listed" != "$found" ]; then
  echo "help/C and help_pages in help/meson.build differ:" >&2
  printf '%s\n' "$listed" > "${TMPDIR:-/tmp}/help-listed.$$"
  printf '%s\n' "$found" | diff -u "${TMPDIR:-/tmp}/help-listed.$$" - >&2 || true
  rm -f "${TMPDIR:-/tmp}/help-listed.$$"
  exit 1
fi
echo "$(printf '%s\n' "$found" | wc -l) pages, all listed"
