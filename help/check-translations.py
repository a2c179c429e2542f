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

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import po_checks  # noqa: E402

HELP, ITSTOOL, MSGFMT, MSGMERGE, YELP_CHECK = sys.argv[1:6]
def main ():
  problems = []
  pages = sorted(glob.glob(os.path.join(HELP, "C", "*.page")))

  with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, "help.pot")
    subprocess.run([ITSTOOL, "-o", pot] + pages, check=True)
    for lang in po_checks.languages(os.path.join(HELP, "LINGUAS")):
      po = os.path.join(HELP, lang, lang + ".po")
      mo = os.path.join(tmp, lang + ".mo")
      out = os.path.join(tmp, lang)
      if not po_checks.whole_and_current(MSGFMT, MSGMERGE, po, pot, os.path.join(tmp, lang + ".po"),
                                         "help/%s/%s.po" % (lang, lang), "the pages", problems):
        continue
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
