"""What the translation checks share (tests/check-i18n.py for the app,
help/check-translations.py for the guide): the languages a LINGUAS file
lists, and a translation found whole, alone and against the messages its
sources hold now."""

import os
import subprocess


def languages (linguas):
  """The codes in @linguas, one a line, "#" starting a comment."""
  with open(linguas, encoding="utf-8") as f:
    for line in f:
      line = line.split("#")[0].strip()
      if line:
        yield line


def statistics (msgfmt, po, shown, problems):
  """msgfmt --check --statistics on @po: nothing untranslated or fuzzy."""
  run = subprocess.run([msgfmt, "--check", "--statistics", "--output-file=" + os.devnull, po],
                       capture_output=True, text=True, env=dict(os.environ, LC_ALL="C", LANGUAGE=""))
  said = run.stderr.strip()
  print("# %s: %s" % (shown, said.splitlines()[-1] if said else "(nothing)"))
  if run.returncode != 0:
    problems.extend("%s: %s" % (shown, l) for l in said.splitlines())
  elif "untranslated" in said or "fuzzy" in said:
    problems.append("%s: %s" % (shown, said))


def whole_and_current (msgfmt, msgmerge, po, pot, merged, shown, against, problems):
  """@po whole, and whole merged (no fuzzy matching) with @pot into
  @merged: a message added to the sources untranslated fails. FALSE when
  @po is missing or cannot be merged."""
  if not os.path.exists(po):
    problems.append("%s does not exist, but its LINGUAS lists it" % shown)
    return False
  statistics(msgfmt, po, shown, problems)
  run = subprocess.run([msgmerge, "--quiet", "--no-fuzzy-matching", "--output-file=" + merged, po, pot],
                       capture_output=True, text=True)
  if run.returncode != 0:
    problems.append("msgmerge %s: %s" % (shown, run.stderr.strip()))
    return False
  statistics(msgfmt, merged, "%s against %s" % (shown, against), problems)
  return True
