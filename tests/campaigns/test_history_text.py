"""The history's summaries are kept as a message id and values, and said in the reader's language."""

import pytest
from django.utils import translation

from campaigns.history_text import SUMMARIES, event_summary, names_of, part, render, render_english
from campaigns.models import Event, Scenario
from tests.campaigns.api.helpers import last_seq, post, undo
from tests.factories import guild_rev

pytestmark = pytest.mark.django_db

PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}


def test_a_summary_is_said_in_the_active_language_with_the_content_names_of_that_language():
    scenario = Scenario.objects.get(slug="ferry-of-the-dead")
    params = {"number": 1, "scenario": names_of(scenario), "guild": {"name": "Yellow"}}
    assert (
        render_english("scenario-recorded", params) == "Scenario 1: Ferry of the Dead recorded, won by Yellow"
    )
    with translation.override("pt-br"):
        assert (
            render("scenario-recorded", params)
            == "Cenário 1: Barca dos Mortos registrado, vencido por Yellow"
        )


def test_counts_take_the_plural_of_the_language_and_parts_follow_after_a_semicolon():
    params = {"guild": {"name": "Teal"}, "count": 1, "then": [part("phase-closed", number=2)]}
    assert render_english("upgrades-finished", params) == "Teal finished its upgrades; upgrade phase 2 closed"
    assert render_english("coins-saved", {"guild": {"name": "Teal"}, "count": 2}) == "Teal saves 2 coins"
    with translation.override("pt-br"):
        assert render("coins-saved", {"guild": {"name": "Teal"}, "count": 1}) == "Teal guarda 1 moeda"
        assert render("coins-saved", {"guild": {"name": "Teal"}, "count": 2}) == "Teal guarda 2 moedas"


def test_an_event_from_before_the_message_ids_shows_its_stored_text():
    old = Event(summary="Yellow saves 1 coin", message="", params={})
    assert event_summary(old) == "Yellow saves 1 coin"
    broken = Event(summary="Stored text", message="coins-saved", params={"count": 1})
    with translation.override("pt-br"):
        assert event_summary(old) == "Yellow saves 1 coin"
        assert event_summary(broken) == "Stored text"  # values that do not fit the words


class AnyValue(dict):
    def __missing__(self, key: str) -> int:
        return 2


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_every_summary_fills_all_its_placeholders_in_both_languages(language):
    with translation.override(language):
        for message, template in SUMMARIES.items():
            said = str(template % AnyValue())
            assert said and "%(" not in said, message


def test_the_history_api_and_an_undo_speak_the_readers_language(owner_api, campaign):
    saved = post(
        owner_api,
        campaign,
        "guilds/yellow/saved-coins/",
        {"coins": 1, "revision": guild_rev(campaign, "yellow")},
    )
    assert saved.status_code == 200
    event = Event.objects.get(campaign=campaign, seq=last_seq(campaign))
    assert (event.message, event.summary) == ("coins-saved", "Yellow saves 1 coin")
    assert undo(owner_api, campaign, event.seq, guild_rev(campaign, "yellow")).status_code == 200
    history = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/history/", **PT).json()
    summaries = [e["summary"] for e in history]
    # The guild's colour in Portuguese too (the app's translation: no Brazilian source names the colours).
    assert summaries[-2:] == ["Amarela guarda 1 moeda", "Desfeito: Amarela guarda 1 moeda"]
    assert not any("created" in s or "saves" in s for s in summaries)
    english = owner_api.get(f"/api/v1/campaigns/{campaign.pk}/history/").json()
    assert english[-1]["summary"] == "Undid: Yellow saves 1 coin"


def test_the_data_migration_reads_back_only_what_parses_without_doubt(campaign):
    from importlib import import_module

    from django.apps import apps

    migration = import_module("campaigns.migrations.0015_event_message_from_summary")
    seq = last_seq(campaign)
    texts = [
        "Scenario 1: Ferry of the Dead started",
        "Upgrade phase 2 opened; Death Curses drawn",
        "Yellow did X",
    ]
    for n, text in enumerate(texts, start=1):
        Event.objects.create(campaign=campaign, seq=seq + n, kind="old", summary=text)
    migration.forwards(apps, None)
    old = {e.summary: e for e in Event.objects.filter(campaign=campaign, kind="old")}
    assert old["Yellow did X"].message == ""
    with translation.override("pt-br"):
        assert (
            event_summary(old["Scenario 1: Ferry of the Dead started"])
            == "Cenário 1: Barca dos Mortos começou"
        )
        assert event_summary(old["Upgrade phase 2 opened; Death Curses drawn"]).startswith(
            "Fase de Aprimoramento 2"
        )
        assert event_summary(old["Yellow did X"]) == "Yellow did X"
