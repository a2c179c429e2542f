#!/usr/bin/env python3
"""Each translation of the guide whole, up to date, and valid Mallard.

For every language in help/LINGUAS: help/LL/LL.po passes
"msgfmt --check --statistics" with nothing untranslated or fuzzy, and so
does the same merged with the messages the English pages hold now (a
paragraph added in English and not translated fails); the pages built
from it by itstool pass "yelp-check validate".

Usage: check-translations.py HELP_DIR ITSTOOL MSGFMT MSGMERGE YELP_CHECK
"""

import glob
import os
import subprocess
import sys
import tempfile

HELP, ITSTOOL, MSGFMT, MSGMERGE, YELP_CHECK = sys.argv[1:6]
C_LOCALE = dict(os.environ, LC_ALL="C", LANGUAGE="")


def languages ():
  with open(os.path.join(HELP, "LINGUAS"), encoding="utf-8") as f:
    for line in f:
      line = line.split("#")[0].strip()
      if line:
        yield line


def whole (po, shown, problems):
  run = subprocess.run([MSGFMT, "--check", "--statistics", "--output-file=" + os.devnull, po],
                       capture_output=True, text=True, env=C_LOCALE)
  said = run.stderr.strip()
  print("# %s: %s" % (shown, said.splitlines()[-1] if said else "(nothing)"))
  if run.returncode != 0 or "untranslated" in said or "fuzzy" in said:
    problems.append("%s: %s" % (shown, said))


def main ():
  problems = []
  pages = sorted(glob.glob(os.path.join(HELP, "C", "*.page")))

  with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, "help.pot")
    subprocess.run([ITSTOOL, "-o", pot] + pages, check=True)
    for lang in languages():
      po = os.path.join(HELP, lang, lang + ".po")
      merged = os.path.join(tmp, lang + ".po")
      mo = os.path.join(tmp, lang + ".mo")
      out = os.path.join(tmp, lang)
      if not os.path.exists(po):
        problems.append("help/LINGUAS lists %s, but help/%s/%s.po does not exist" % (lang, lang, lang))
        continue
      whole(po, "help/%s/%s.po" % (lang, lang), problems)
      subprocess.run([MSGMERGE, "--quiet", "--no-fuzzy-matching", "--output-file=" + merged, po, pot], check=True)
      whole(merged, "help/%s/%s.po against the pages" % (lang, lang), problems)
      # The pages as installed: each English page with its translation.
      subprocess.run([MSGFMT, "--output-file=" + mo, po], check=True)
      os.mkdir(out)
      run = subprocess.run([ITSTOOL, "-m", mo, "-o", out] + pages, capture_output=True, text=True)
      if run.returncode != 0 or run.stderr.strip():
        problems.append("itstool %s: %s" % (lang, run.stderr.strip()))
        continue
      built = sorted(glob.glob(os.path.join(out, "*.page")))
      if len(built) != len(pages):
        problems.append("%s: %d pages built of %d" % (lang, len(built), len(pages)))
      run = subprocess.run([YELP_CHECK, "validate"] + built, capture_output=True, text=True)
      print("# %s: %d pages, yelp-check validate %s" % (lang, len(built), "passed" if run.returncode == 0 and not run.stdout.strip() else "failed"))
      if run.returncode != 0 or run.stdout.strip():
        problems.append("yelp-check validate, %s:\n%s" % (lang, run.stdout + run.stderr))

  for p in problems:
    print(p)
  return 1 if problems else 0


if __name__ == "__main__":
  sys.exit(main())
