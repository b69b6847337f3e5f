"""The Brazilian Portuguese catalogue is complete: `makemessages` run on a copy of the project finds every
marked string translated, none fuzzy, and the compiled catalogue is what Django reads."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from companion import compile_catalogue

BASE = Path(settings.BASE_DIR)
DOMAINS = ("django", "djangojs")
# What the project's own sources are: the copy leaves out the virtualenv, caches and run-time files.
COPIED = ("campaigns", "companion", "rules_helpers", "templates", "static", "locale", "manage.py")


def _gettext_tools() -> None:
    missing = [tool for tool in ("xgettext", "msgmerge", "msguniq") if shutil.which(tool) is None]
    if missing:
        reason = f"makemessages needs GNU gettext ({', '.join(missing)} not found)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory: pytest.TempPathFactory) -> dict[str, polib.POFile]:
    """The catalogues as `make messages` would leave them after scanning today's sources."""
    _gettext_tools()
    copy = tmp_path_factory.mktemp("project")
    for name in COPIED:
        source = BASE / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy2(source, copy / name)
    ignore = ["-i", "static/vendor/*", "--no-obsolete"]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "companion.settings.test", "PYTHONPATH": str(copy)}
    for domain in DOMAINS:
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-l", "pt_BR", "-d", domain, *ignore],
            cwd=copy,
            env=env,
            check=True,
            capture_output=True,
        )
    folder = copy / "locale" / "pt_BR" / "LC_MESSAGES"
    return {domain: polib.pofile(str(folder / f"{domain}.po")) for domain in DOMAINS}


@pytest.mark.parametrize("domain", DOMAINS)
def test_makemessages_finds_no_untranslated_or_fuzzy_string(fresh_catalogues, domain):
    catalogue = fresh_catalogues[domain]
    untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert untranslated == [], (
        f"{domain}: mark done, now translate these in locale/pt_BR ({len(untranslated)})"
    )
    assert fuzzy == [], f"{domain}: check these translations and drop their fuzzy flag"
    assert len(catalogue) > (400 if domain == "django" else 5)


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_committed_catalogue_is_up_to_date_with_the_sources(fresh_catalogues, domain):
    """A string marked in a template but not yet in the committed catalogue is caught here too."""
    committed = {(e.msgctxt, e.msgid) for e in polib.pofile(str(_po(domain))) if not e.obsolete}
    fresh = {(e.msgctxt, e.msgid) for e in fresh_catalogues[domain]}
    assert fresh - committed == set(), "run `make messages` and translate the new strings"
    assert committed - fresh == set(), "run `make messages` to drop strings no longer used"


def _po(domain: str) -> Path:
    return BASE / "locale" / "pt_BR" / "LC_MESSAGES" / f"{domain}.po"


def test_every_translation_keeps_the_placeholders_of_its_english():
    for domain in DOMAINS:
        for entry in polib.pofile(str(_po(domain))):
            assert compile_catalogue._same_placeholders(entry), (domain, entry.msgid)


def test_a_translation_that_drops_a_placeholder_is_refused_at_compile_time(tmp_path):
    broken = polib.POFile()
    broken.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Plural-Forms": "nplurals=2; plural=(n > 1);",
    }
    broken.append(polib.POEntry(msgid="Start scenario %(number)s", msgstr="Começar o cenário"))
    path = tmp_path / "django.po"
    broken.save(str(path))
    with pytest.raises(SystemExit, match="placeholder"):
        compile_catalogue.compile_catalogue(path)
    assert not path.with_suffix(".mo").exists()


def test_the_compiled_catalogue_is_the_one_django_reads(tmp_path):
    """`make setup` compiles with polib; Django reads the same words, plurals and contexts from it."""
    mo = polib.mofile(str(compile_catalogue.compile_catalogue(_copy_of_po(tmp_path))))
    assert mo.find("Log in").msgstr == "Entrar"
    with translation.override("pt-br"):
        assert translation.gettext("Log in") == "Entrar"
        assert translation.ngettext("%(coins)s coin", "%(coins)s coins", 1) == "%(coins)s moeda"
        assert translation.ngettext("%(coins)s coin", "%(coins)s coins", 2) == "%(coins)s moedas"
        assert translation.pgettext("button", "Spawn") == "Fazer a Entrada"
        assert translation.gettext("Spawn") == "Entrada de Monstro"  # CB-PT's word


def _copy_of_po(tmp_path: Path) -> Path:
    target = tmp_path / "django.po"
    shutil.copy2(_po("django"), target)
    return target
