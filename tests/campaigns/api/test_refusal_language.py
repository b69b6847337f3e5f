"""The API's refusals follow `Accept-Language` (issue 18): a service's 400, 403 and 409 answer in Brazilian
Portuguese for `pt-br`, in English otherwise; nothing is written either way."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation

from campaigns.models import Event
from tests.factories import UserFactory, api_for, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}


@pytest.fixture
def table(owner: Any, campaign: Any) -> Any:
    lines = [result_line("yellow", winner=True), result_line("teal")]
    return record(owner, campaign, "ferry-of-the-dead", lines)


def undo(user: Any, campaign: Any, seq: int, revision: int, **headers: str) -> Any:
    url = f"/api/v1/campaigns/{campaign.pk}/undo/"
    return api_for(user).post(url, {"seq": seq, "revision": revision}, format="json", **headers)


def test_a_refused_undo_answers_in_portuguese(owner, player, table, snapshot):
    """A 403 from `campaigns/access.py`'s undo table."""
    event = Event.objects.filter(campaign=table, kind="scenario-recorded").latest("seq")
    before = snapshot()
    refused = undo(player, table, event.seq, refreshed(table).revision, **PT)
    assert refused.status_code == 403
    assert refused.json()["detail"] == (
        "Só o dono da campanha ou o membro que fez esta mudança pode desfazê-la."
    )
    english = undo(player, table, event.seq, refreshed(table).revision)
    assert english.json()["detail"].startswith("Only the campaign's owner or the member who made this change")
    assert snapshot() == before


def test_a_broken_rule_names_its_field_in_portuguese(owner, table, snapshot):
    """A 400 from a service's `refuse(field, message)`."""
    before = snapshot()
    refused = undo(owner, table, 999, refreshed(table).revision, **PT)
    assert refused.status_code == 400 and refused.json() == {"seq": ["Não há mudança #999 nesta campanha."]}
    assert snapshot() == before


def test_a_stale_revision_is_refused_in_portuguese(owner, table, snapshot):
    """A 409 from `services/revisions.py`."""
    event = Event.objects.filter(campaign=table, kind="scenario-recorded").latest("seq")
    stale = refreshed(table).revision - 1
    before = snapshot()
    refused = undo(owner, table, event.seq, stale, **PT)
    assert refused.status_code == 409
    assert refused.json()["detail"].startswith(f"A campanha mudou desde a revisão {stale} (agora ")
    assert snapshot() == before


def test_a_refusal_of_the_join_code_and_of_a_claim_speak_portuguese(owner, player, table):
    stranger = api_for(UserFactory(username="carla"))
    wrong = stranger.post("/api/v1/campaigns/join/", {"code": "NOPE1234"}, format="json", **PT)
    assert wrong.status_code == 400 and "Este código de convite não é válido." in str(wrong.json())
    teal = refreshed(table).guilds.get(colour__slug="teal")
    taken = api_for(owner).post(
        f"/api/v1/campaigns/{table.pk}/guilds/teal/claim/",
        {"revision": teal.revision},
        format="json",
        **PT,
    )
    assert taken.status_code in (400, 403) and "já tem um jogador" in str(taken.json())


def test_a_refused_content_override_speaks_portuguese(owner, table, snapshot):
    """A 400 from `selectors/overrides.py`: a value out of bounds and a monster the edition lacks."""
    url = f"/api/v1/campaigns/{table.pk}/content/"
    before = snapshot()
    bounds = {"kind": "monster-level", "target": "cerberus/2-3"}
    refused = api_for(owner).post(url, {**bounds, "fields": {"life": 10**9}}, format="json", **PT)
    assert refused.status_code == 400
    assert refused.json()["life"][0].startswith("Um número inteiro de 0 a ")
    stranger = {"kind": "monster", "target": "nobody", "fields": {"figures": 2}}
    refused = api_for(owner).post(url, stranger, format="json", **PT)
    assert refused.status_code == 400 and refused.json()["target"][0].startswith(
        "'nobody' não é um monstro de "
    )
    english = api_for(owner).post(url, stranger, format="json")
    assert english.json()["target"][0].startswith("'nobody' is not a monster of ")
    assert snapshot() == before


def test_a_rule_refusal_from_rules_helpers_speaks_portuguese(owner, table, snapshot):
    """A 400 whose words come from pure `rules_helpers/kills.py`, translated at the boundary (errors.py)."""
    guilds = {"yellow": None, "teal": None}
    live = build_campaign(owner, name="Live table", guilds=guilds)
    start = {"scenario": "beyond-the-gates-of-hell", "revision": refreshed(live).revision}
    assert (
        api_for(owner).post(f"/api/v1/campaigns/{live.pk}/live/start/", start, format="json").status_code
        == 201
    )
    kill = {"victim": "hero", "hero": "diana", "revision": refreshed(live).revision}
    before = snapshot()
    url = f"/api/v1/campaigns/{live.pk}/live/kill/"
    refused = api_for(owner).post(url, kill, format="json", **PT)
    assert refused.status_code == 400 and refused.json() == {
        "victim": ["Diga de quem é o Herói que foi morto."]
    }
    assert api_for(owner).post(url, kill, format="json").json() == {"victim": ["Say whose hero was killed."]}
    stranger = api_for(owner).post(url, {**kill, "hero_guild": "purple"}, format="json", **PT)
    assert stranger.json() == {"victim": ["'purple' não é uma Guilda neste Cenário."]}
    assert snapshot() == before


# Where `rules_helpers/` writes words for the player: the arguments `manage.py makemessages` collects
# (campaigns/management/commands/makemessages.py), by position.
WORDS_AT = {"RuleError": 1, "CountError": 2, "Words": 1, "check_count": 1}


def _rule_words() -> tuple[set[str], set[tuple[str, str]], list[str]]:
    """The words, the plural pairs and the calls whose words are not written out (which the catalogue
    cannot collect) in `rules_helpers/`."""
    words: set[str] = set()
    plurals: set[tuple[str, str]] = set()
    unwritten: list[str] = []
    for path in sorted(Path(settings.BASE_DIR, "rules_helpers").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(node, "func", None) and getattr(node.func, "id", None)
            if name not in WORDS_AT:
                continue
            args = node.args[: WORDS_AT[name]]
            if not all(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in args):
                unwritten.append(f"{path.name}:{node.lineno}")
            elif name == "CountError":
                plurals.add((args[0].value, args[1].value))
            else:
                words.add(args[0].value)
    return words, plurals, unwritten


def test_every_refusal_the_rules_word_is_in_the_portuguese_catalogue():
    """The rules' words live once, where `rules_helpers/` raises them: each is written out (so
    `makemessages` collects it) and translated, its plural in both forms."""
    words, plurals, unwritten = _rule_words()
    # counts.py passes on what its caller counts (each caller's words are checked here).
    assert unwritten == ["counts.py:25"]
    assert len(words) > 100 and len(plurals) == 6
    with translation.override("pt-br"):
        assert sorted(w for w in words if translation.gettext(w) == w) == []
        for one, many in plurals:
            assert translation.ngettext(one, many, 1) != one
            assert translation.ngettext(one, many, 2) != many


def test_a_rule_refusal_with_values_and_a_count_follows_accept_language(owner: Any) -> None:
    """The rules' refusals with values (seating, saved coins) reach the API as RuleErrors, said in pt-br:
    RB:515-517 (each Starting Area once) and the Guild's saved coin (GF: one coin between scenarios)."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None, "gray": None})
    before = Event.objects.count()
    url = f"/api/v1/campaigns/{campaign.pk}/seating/"
    body = {"areas": {"yellow": 1, "teal": 1, "gray": 2}, "revision": refreshed(campaign).revision}
    refused = api_for(owner).post(url, body, format="json", **PT)
    assert refused.status_code == 400
    assert refused.json() == {
        "areas": ["Com 3 Guildas as Áreas Iniciais vão de 1 a 3, cada uma usada uma vez (RB:515-517)."]
    }
    english = api_for(owner).post(url, body, format="json").json()
    assert english == {"areas": ["With 3 guilds the starting areas are 1 to 3, each used once (RB:515-517)."]}
    guild = campaign.guilds.get(colour__slug="yellow")
    coins = f"/api/v1/campaigns/{campaign.pk}/guilds/yellow/saved-coins/"
    saved = api_for(owner).post(coins, {"coins": 5, "revision": guild.revision}, format="json", **PT)
    assert saved.json() == {"saved_coins": ["Uma Guilda guarda no máximo 1 moeda entre Cenários."]}
    assert Event.objects.count() == before
