"""Compile the translation catalogues (locale/*/LC_MESSAGES/*.po) to the .mo files Django reads.

`make setup` runs this, so a fresh machine needs no gettext tools: polib (pinned in the lock) writes the .mo.
Only changed catalogues are compiled again. Django's `manage.py compilemessages` (which needs GNU msgfmt)
produces the same files and may be used instead.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import polib

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def compile_catalogue(po_path: Path) -> Path:
    catalogue = polib.pofile(str(po_path))
    problems = [entry.msgid for entry in catalogue if entry.msgstr and not _same_placeholders(entry)]
    if problems:
        raise SystemExit(f"{po_path}: a translation drops or adds a placeholder: {problems}")
    mo_path = po_path.with_suffix(".mo")
    # Fuzzy and untranslated entries are left out, as msgfmt does: English shows until one is checked.
    catalogue.save_as_mofile(str(mo_path))
    return mo_path


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\(\w+\)[sd]|%%|\{\w*\}", text))


def _same_placeholders(entry: polib.POEntry) -> bool:
    if entry.msgid_plural:
        forms = [entry.msgid, entry.msgid_plural]
        return all(_placeholders(s) in map(_placeholders, forms) for s in entry.msgstr_plural.values() if s)
    return _placeholders(entry.msgstr) == _placeholders(entry.msgid)


def stale(po_path: Path) -> bool:
    mo_path = po_path.with_suffix(".mo")
    return not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))
    for po_path in paths:
        if argv or stale(po_path):
            print(f"Compiled {compile_catalogue(po_path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
