#!/usr/bin/env python3
"""Translatable strings a translation can render whole.

A sentence glued from translated pieces, or a plural written "(s)", only
shows its fault in another language; this check finds them in English:

  - a plural written "word(s)" in a string;
  - a translated piece that starts or ends with a space and holds words
    (" (typed in)", "%s %s · "): a suffix or prefix glued to another
    string; bare separators such as ", " or " → " are allowed;
  - g_strconcat () with a translated argument;
  - any warning from xgettext over po/POTFILES.in, with the options the
    pot target uses (a 64-bit format macro inside a msgid, for one).

xgettext 0.21 has no --check option (it came in 0.23), so the spacing and
ellipsis rules are checked here by hand.

With MSGFMT and MSGMERGE, every translation in po/LINGUAS is checked too:
"msgfmt --check --statistics" on it must pass with nothing untranslated
and nothing fuzzy, and so must the translation merged with the messages
the sources hold now, so a string added without its translation fails.

Usage: check-i18n.py SOURCE_ROOT [XGETTEXT [MSGFMT MSGMERGE]]
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import po_checks  # noqa: E402

TOP = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
XGETTEXT = sys.argv[2] if len(sys.argv) > 2 else None
MSGFMT = sys.argv[3] if len(sys.argv) > 4 else None
MSGMERGE = sys.argv[4] if len(sys.argv) > 4 else None

# The argument lists of the gettext calls, with adjacent literals joined.
CALL = re.compile(r'\b(?:N?_|C_\s*\(\s*"[^"]*"\s*,|NC_\s*\(\s*"[^"]*"\s*,)\s*\(?\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)')
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
PLURAL_S = re.compile(r'[A-Za-z]\(s\)')
WORDY = re.compile(r'[A-Za-z]|%')
CONCAT = re.compile(r'g_strconcat\s*\(([^;]*);', re.S)
TRANSLATED = re.compile(r'\b(?:N?_|C_|NC_|g_dngettext|ngettext)\s*\(')


def strip_comments (text):
  return re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), text, flags=re.S)


def line_of (text, offset):
  return text.count('\n', 0, offset) + 1


def sources ():
  for base in ("src",):
    for root, _dirs, files in os.walk(os.path.join(TOP, base)):
      for name in sorted(files):
        if name.endswith(".c"):
          yield os.path.join(root, name)


def check_translations (pot, tmp, problems):
  for lang in po_checks.languages(os.path.join(TOP, "po", "LINGUAS")):
    po_checks.whole_and_current(MSGFMT, MSGMERGE, os.path.join(TOP, "po", lang + ".po"), pot,
                                os.path.join(tmp, lang + ".po"), "po/%s.po" % lang, "the sources", problems)


def main ():
  problems = []

  for path in sources():
    shown = os.path.relpath(path, TOP)
    with open(path, encoding="utf-8") as f:
      text = strip_comments(f.read())
    for m in CALL.finditer(text):
      msgid = "".join(LITERAL.findall(m.group(1)))
      where = "%s:%d" % (shown, line_of(text, m.start()))
      if PLURAL_S.search(msgid):
        problems.append('%s: "%s" writes a plural as "(s)": use ngettext with the number in the string' % (where, msgid))
      unescaped = msgid.replace("\\n", "\n").rstrip("\n")
      if WORDY.search(unescaped) and (unescaped.startswith(" ") and not unescaped.startswith("  ")
                                      or unescaped.endswith(" ")):
        problems.append('%s: "%s" is a piece glued to another string: translate the whole sentence' % (where, msgid))
    for m in CONCAT.finditer(text):
      if TRANSLATED.search(m.group(1)):
        problems.append("%s:%d: g_strconcat () joins translated pieces: use one format string"
                        % (shown, line_of(text, m.start())))

  if XGETTEXT:
    # The options of the pot target (i18n.gettext, preset glib).
    args = [XGETTEXT, "--from-code=UTF-8", "--add-comments",
            "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
            "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
            "--flag=N_:1:pass-c-format", "--flag=C_:2:pass-c-format", "--flag=NC_:2:pass-c-format",
            "--flag=g_dngettext:2:pass-c-format", "--flag=g_strdup_printf:1:c-format",
            "--flag=g_string_printf:2:c-format", "--flag=g_string_append_printf:2:c-format",
            "--flag=g_error_new:3:c-format", "--flag=g_set_error:4:c-format",
            "--flag=g_print:1:c-format", "--flag=g_printerr:1:c-format",
            "--directory=" + TOP, "--files-from=" + os.path.join(TOP, "po", "POTFILES.in")]
    with tempfile.TemporaryDirectory() as tmp:
      out = os.path.join(tmp, "check.pot")
      # po/its: the rules that read the tables' words from data/rulesets.
      env = dict(os.environ, GETTEXTDATADIRS=os.path.join(TOP, "po"))
      run = subprocess.run(args + ["--output=" + out], capture_output=True, text=True, env=env)
      for line in run.stderr.splitlines():
        problems.append("xgettext: " + line)
      if run.returncode != 0:
        problems.append("xgettext failed (%d)" % run.returncode)
      else:
        with open(out, encoding="utf-8") as f:
          count = sum(1 for l in f if l.startswith("msgid ")) - 1
        print("# %d messages in po/POTFILES.in" % count)
        if MSGFMT and MSGMERGE:
          check_translations(out, tmp, problems)

  for p in problems:
    print(p)
  return 1 if problems else 0


if __name__ == "__main__":
  sys.exit(main())
