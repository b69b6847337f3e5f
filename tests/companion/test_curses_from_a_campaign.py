"""A Death Curse draw opened from a campaign (the Helpers tab keeps ?campaign=): the campaign's heroes and the
tokens counted live are offered, so the table draws in three taps (Helpers, Death Curses, Draw) without
typing a name (issue: a draw took 6 taps and a typed hero)."""

from __future__ import annotations

import re

import pytest

from campaigns.models import GuildHero, HeroResult
from campaigns.services.live import live_start
from tests.factories import access, build_campaign, client_for, refreshed

pytestmark = pytest.mark.django_db


def _rows(body: str) -> list[tuple[str, str, str]]:
    """(hero, deaths, damnation) of each filled row of the form."""
    values = dict(re.findall(r'name="heroes-(\d+-\w+)"[^>]*value="([^"]*)"', body))
    rows = []
    for i in range(12):
        if values.get(f"{i}-hero"):
            counts = (values.get(f"{i}-deaths", ""), values.get(f"{i}-damnation", ""))
            rows.append((values[f"{i}-hero"], *counts))
    return rows


def test_the_helpers_tab_leads_to_a_draw_with_the_campaigns_heroes(owner, player):
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": player})
    phone = client_for(player)
    helpers = phone.get(f"/helpers/?campaign={campaign.pk}").content.decode()
    assert f'href="/helpers/death-curses/?campaign={campaign.pk}"' in helpers
    body = phone.get(f"/helpers/death-curses/?campaign={campaign.pk}").content.decode()
    heroes = GuildHero.objects.filter(campaign=campaign).order_by("guild__seat", "position")
    assert _rows(body) == [(h.hero.name, "0", "0") for h in heroes] and heroes.count() == 6


def test_the_tokens_counted_live_are_offered_and_drawn_in_one_tap(owner):
    """GF: each hero draws one card per Death token and one per 2 Damnation (RB:1040's Death Curse draw)."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": None})
    live_start(access=access(owner, campaign), actor=owner, revision=refreshed(campaign).revision,
               scenario="beyond-the-gates-of-hell")  # fmt: skip
    HeroResult.objects.filter(hero__hero__slug="diana").update(deaths=2, damnation=3)
    phone = client_for(owner)
    body = phone.get(f"/helpers/death-curses/?campaign={campaign.pk}").content.decode()
    assert ("Diana", "2", "3") in _rows(body)
    # The one tap: the form as it was offered.
    form = {k: v for k, v in re.findall(r'name="([\w-]+)"[^>]*value="([^"]*)"', body)}
    form.pop("add_hero")
    form.update(seed="7", edition="inferno")
    drawn = phone.post("/helpers/death-curses/", form, HTTP_HX_REQUEST="true").content.decode()
    assert "Diana" in drawn and "errorlist" not in drawn


def test_another_campaigns_heroes_are_not_offered(owner, player):
    campaign = build_campaign(owner, guilds={"yellow": None})
    assert client_for(player).get(f"/helpers/death-curses/?campaign={campaign.pk}").status_code == 404
