"""The printed Campaign Sheet in Brazilian Portuguese, read back from the PDF with pypdf."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.utils import translation

from campaigns import pdf
from tests.campaigns.pages.helpers import first_scenario
from tests.campaigns.pdf.helpers import pdf_pages

pytestmark = pytest.mark.django_db


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def blank_pt(django_db_setup, django_db_blocker) -> list[str]:
    with django_db_blocker.unblock():
        return [
            flat(p)
            for p in pdf_pages(pdf.render_blank_pdf(edition_slug="inferno", paper="a4", language="pt-br"))
        ]


def test_the_blank_sheet_prints_portuguese_labels(blank_pt):
    front, back = blank_pt
    for label in ("VENCEDOR", "MENOS MORTES", "MAIS MOEDAS", "GANHOU RECOMPENSA", "GANHOU TÍTULO"):
        assert label in front  # the achievement columns (upper case by the print CSS)
    assert "Ficha de Campanha — frente" in front and "MAPA DO INFERNO" in front
    assert "Ficha de Campanha — verso" in back and "MALDIÇÃO DA MORTE" in back and "POSIÇÃO 1" in back
    assert "página 1 de 2" in front  # the footer
    for english in ("WINNER", "LEAST DEATHS", "Campaign Sheet — front", "DEATH CURSE", "page 1 of 2"):
        assert english not in " ".join(blank_pt)


def test_the_blank_sheet_names_the_scenarios_in_portuguese_with_the_english_beside(blank_pt):
    """GF:89 and GF:100: the Brazilian edition's names of the first and last scenarios."""
    assert "Além dos Portões do Inferno (Beyond the Gates of Hell)" in blank_pt[0]
    assert "Pé no Traseiro (Hit Rock Bottom)" in blank_pt[0]


def test_a_campaigns_sheet_prints_in_portuguese(owner, campaign):
    played = first_scenario(owner, campaign)
    front, back, pictures = (
        flat(p) for p in pdf_pages(pdf.render_sheet_pdf(campaign_id=played.pk, paper="a4", language="pt-br"))
    )
    assert "A campanha em imagens" in pictures and "Moedas ganhas em cada cenário" in pictures
    assert (
        "CONQUISTAS" in front
        and "nível 1" in front
        and "revisão da ficha" in front
        and "impressa em" in front
    )
    assert "Jogador:" in back and "Moeda guardada:" in back
    english = flat(pdf_pages(pdf.render_sheet_pdf(campaign_id=played.pk, paper="a4", language="en"))[0])
    assert "ACHIEVEMENTS" in english and "level 1" in english and "printed" in english


def test_a_sheet_prints_in_the_language_it_was_asked_for_not_the_active_one():
    """A worker run in-process during a Portuguese request must still print the English document it stores."""
    with translation.override("pt-br"):
        html = pdf.blank_html(edition_slug="inferno", paper="a4")
    assert '<html lang="en">' in html and "Campaign Sheet — front" in html
    with pytest.raises(ValueError, match="Unknown language"):
        pdf.blank_html(edition_slug="inferno", paper="a4", language="klingon")


def test_the_blank_sheets_layout_version_follows_the_translations(settings, tmp_path):
    """A changed translation prints blank sheets anew, as a changed template does."""
    real = Path(settings.BASE_DIR)
    shutil.copytree(real / "templates" / "pdf", tmp_path / "templates" / "pdf")
    shutil.copytree(real / "locale", tmp_path / "locale", ignore=shutil.ignore_patterns("*.mo"))
    settings.BASE_DIR = tmp_path
    pdf.layout_version.cache_clear()
    try:
        before = pdf.layout_version()
        catalogue = tmp_path / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
        catalogue.write_text(catalogue.read_text().replace('msgstr "Vencedor"', 'msgstr "Ganhador"'))
        pdf.layout_version.cache_clear()
        assert pdf.layout_version() != before
    finally:
        pdf.layout_version.cache_clear()
