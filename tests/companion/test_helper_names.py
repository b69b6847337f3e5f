"""The spawn, Death Curse and dice helpers name the content in the reader's language (issue 28, part 3): the
monsters a figure slot suggests, a tile another phone remembered, the campaign's heroes, the dice its table
corrects and the refusals a Portuguese reader gets."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.utils import translation

from campaigns.services.overrides import content_override_set
from tests.campaigns.pages.helpers import act
from tests.campaigns.pdf.helpers import demo_campaign
from tests.companion.test_brazilian_names import (
    _outside_parentheses,
    _text,
    english_names_shown,
    portuguese_names_shown,
)
from tests.companion.test_helper_pages import HTMX, SPAWN, _heroes
from tests.factories import access, build_campaign, client_for

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
DAGGER = "\u2020"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    # A request leaves its language active in the thread; the next test must read English again.
    translation.activate(settings.LANGUAGE_CODE)


def spawn_url(campaign):
    return f"/helpers/spawn/?campaign={campaign.pk}"


def test_a_portuguese_reader_is_offered_the_brazilian_monster_names_for_the_spawn_tile(
    owner, player, campaign
):
    """CB-PT names the Inferno monsters (Harpia, Diabrete, Cérbero) and keeps Justicar as it is: a Portuguese
    reader's suggestions are those names (the English one as the hint), an English reader's the English
    ones, with no Portuguese name."""
    portuguese = client_for(player).get(spawn_url(campaign), **PT).content.decode()
    assert '<option value="Harpia" label="Harpia (Harpy)">' in portuguese
    assert '<option value="Cérbero" label="Cérbero (Cerberus)">' in portuguese
    assert '<option value="Justicar">' in portuguese
    assert '<option value="Harpy"' not in portuguese
    english = client_for(player).get(spawn_url(campaign), **EN).content.decode()
    assert '<option value="Harpy">' in english and '<option value="Cerberus">' in english
    assert "Harpia" not in english and "Cérbero" not in english


def test_a_tile_remembered_by_an_english_phone_reads_in_portuguese_on_a_portuguese_one(
    owner, player, campaign
):
    """The group's remembered Spawn tile names its figures as the reader says them; a name that is no
    monster's stays as typed."""
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    typed = {**SPAWN, "figure_3": "Cerberus", "figure_4": "Imp", "seed": 3}
    assert client_for(player).post(spawn_url(campaign), typed, **EN).status_code == 200
    portuguese = client_for(owner).get(spawn_url(campaign), **PT).content.decode()
    for slot, name in ((1, "Harpia"), (2, "Diabrete"), (3, "Cérbero"), (4, "Imp")):
        assert f'name="figure_{slot}" value="{name}"' in portuguese
    # The scenario is named by CB-PT too (Barca dos Mortos); its English name, a literal translation of
    # that one (content-check-2 §3a), carries the dagger.
    assert "Barca dos Mortos" in portuguese
    english = client_for(owner).get(spawn_url(campaign), **EN).content.decode()
    assert f"Ferry of the Dead{DAGGER}" in english
    assert 'name="figure_1" value="Harpy"' in english and 'name="figure_3" value="Cerberus"' in english


def test_base_monster_names_carry_the_marks_of_their_sources(owner):
    """FAN-R transcribes the Brazilian base monster cards: a Portuguese reader gets "Arqueiro Goblin"; an
    English reader gets "Feral Lanceiro" marked with the dagger, as no English source names it
    (content-check-2 §3a; ux-walkthrough-2 L4)."""
    base = build_campaign(owner, guilds={"blue": None, "red": None}, edition="arcadia-quest")
    portuguese = client_for(owner).get(spawn_url(base), **PT).content.decode()
    assert '<option value="Arqueiro Goblin" label="Arqueiro Goblin (Goblin Archer)">' in portuguese
    english = client_for(owner).get(spawn_url(base), **EN).content.decode()
    assert f'<option value="Feral Lanceiro" label="Feral Lanceiro{DAGGER}">' in english
    assert '<option value="Goblin Archer">' in english and "Arqueiro Goblin" not in english


def test_the_spawn_and_curse_refusals_speak_the_readers_language(owner):
    """The curse helper opened from a base campaign offers its heroes by FAN-R's Brazilian names
    (Casacaverde); a hero listed twice and Damnation in base Arcadia Quest (BR:224) are refused in
    Portuguese, the spawn's tokens too."""
    base = build_campaign(owner, guilds={"blue": None, "red": None}, edition="arcadia-quest")
    client = client_for(owner)
    url = f"/helpers/death-curses/?campaign={base.pk}"
    form = client.get(url, **PT).content.decode()
    assert 'value="Casacaverde (Greensleeves)"' in form
    hero = "Casacaverde (Greensleeves)"
    twice = {"edition": "arcadia-quest", **_heroes((hero, 1, 0), (hero, 2, 0))}
    refused = client.post(url, twice, **PT, **HTMX).content.decode()
    assert "Cada Herói compra uma vez por Fase de Aprimoramento; há um Herói listado duas vezes." in refused
    damned = {"edition": "arcadia-quest", **_heroes((hero, 1, 2))}
    refused = client.post(url, damned, **PT, **HTMX).content.decode()
    assert "O Arcadia Quest básico não tem Condenação" in refused and "has no Damnation" not in refused
    drawn = client.post(url, {"edition": "arcadia-quest", "seed": 4, **_heroes((hero, 2, 0))}, **PT)
    assert f"<h2>{hero}</h2>" in drawn.content.decode()
    same_pair = {**SPAWN, "figure_1": "Arqueiro Goblin", "token_3_a": "crit", "token_3_b": "melee"}
    spawn = client.post(spawn_url(base), same_pair, **PT, **HTMX).content.decode()
    assert "Dois Marcadores de Entrada de Monstro mostram o mesmo par de símbolos" in spawn


# --- The dice helper --------------------------------------------------------------------------------------

# A roll with Defense dice and rerolls, so the page shows both sides' dice and every odds row.
DICE_ROLL = {"attack_dice": 3, "kind": "melee", "defense_dice": 2, "attack_rerolls": 1, "defense_rerolls": 0}
# GF:250 names the box's two dice; no source gives the Brazilian edition's names (GF:103, the PT glossary,
# names neither): the Portuguese ones are the app's translation, marked with the dagger.
DICE_EN = ("Attack die", "Defense die")
DICE_PT = ("Dado de Ataque", "Dado de Defesa")


def _dice_pages(headers: dict[str, str]) -> tuple[str, str]:
    """The dice helper with a roll, as its own page and opened for the demo campaign, whose table corrected
    its Attack die (the roll and its odds then rest on the table's faces)."""
    campaign = demo_campaign()
    owner = campaign.owner
    faces = ["melee", "melee", "melee", "melee", "crit", "blank"]
    content_override_set(
        access=access(owner, campaign), actor=owner, kind="die", target="attack", fields={"faces": faces}
    )
    client = client_for(owner)
    roll = urlencode({**DICE_ROLL, "seed": 4})
    plain = client.get(f"/helpers/dice/?{roll}", **headers).content.decode()
    opened = client.get(f"/helpers/dice/?campaign={campaign.pk}&{roll}", **headers).content.decode()
    for page in (plain, opened):
        assert 'class="odds-p"' in page and 'data-result="wounds"' in page  # a roll and its odds rows
    assert "conf-table" in opened  # the corrected die's faces are marked as the table's
    return plain, opened


def test_a_portuguese_reader_of_the_dice_helper_sees_the_dice_by_their_portuguese_names():
    """GF:250, GF:251: the dice helper with a roll and its odds, alone and opened for the demo campaign whose
    table corrected its Attack die: the dice its members correct from it are named in Portuguese (the app's
    translation, marked with the dagger: GF:103 gives no Brazilian name), and no English die name is left
    outside the hints in parentheses."""
    plain, opened = _dice_pages(PT)
    for page in (plain, opened):
        assert english_names_shown(page) == []
        assert not any(name in _outside_parentheses(_text(page)) for name in DICE_EN)
    text = _text(opened)
    for name in DICE_PT:
        assert re.search(rf"{name}\s*{DAGGER}", text), name
    assert "Tradução do app" in opened


def test_an_english_reader_of_the_dice_helper_sees_the_english_die_names_only():
    """GF:250: an English reader's dice helper (alone and opened for the demo campaign) names the dice as the
    English box does, with no Portuguese name and no dagger."""
    plain, opened = _dice_pages(EN)
    for page in (plain, opened):
        assert portuguese_names_shown(page) == []
        assert not any(name in page for name in DICE_PT)
    for name in DICE_EN:
        assert f"Correct the {name}</a>" in opened
