"""A Death Curse draw opened from a campaign (the Helpers tab keeps ?campaign=): the campaign's heroes and the
tokens counted live are offered, so the table draws in three taps (Helpers, Death Curses, Draw) without
typing a name (issue: a draw took 6 taps and a typed hero)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from campaigns.models import DeathCurse, GuildHero, HeroResult
from campaigns.services.live import live_start
from campaigns.services.overrides import content_override_set
from tests.factories import access, api_for, build_campaign, client_for, refreshed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after():
    yield
    # A request leaves its language active in the thread; the next test must read English again.
    translation.activate(settings.LANGUAGE_CODE)


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


# --- The deck its table corrected (issue 28) ------------------------------------------------------------

DRAW = {"edition": "inferno", "seed": "7", "heroes-TOTAL_FORMS": "1", "heroes-INITIAL_FORMS": "0",
        "heroes-0-hero": "Diana", "heroes-0-deaths": "2", "heroes-0-damnation": "0"}  # fmt: skip


def _enter(user, campaign, target, **fields):
    content_override_set(
        access=access(user, campaign), actor=user, kind="death-curse", target=target, fields=fields
    )


def _drawn(body: str) -> list[str]:
    """Each drawn card's list item, as the result shows it."""
    return re.findall(r'<li class="curse (?:kept|discarded)" data-number>(.*?)</li>', body, re.S)


def test_a_draw_opened_from_a_campaign_is_from_the_deck_its_table_corrected(owner, client):
    """BR:224 (one card per Death token, the highest kept; RB:1628-1630) from the 24-card deck whose values
    and copies are a fan transcription (GF:207, FAN-AQH): a table that counted its own deck entered them, and
    the helper opened from its campaign draws what its Upgrade Phase would, each value marked as the table's;
    another campaign's entry never reaches it, nor a draw opened from no campaign."""
    campaign, other = build_campaign(owner), build_campaign(owner, name="Another table")
    amnesia = DeathCurse.objects.get(edition__slug="inferno", slug="amnesia")
    for curse in DeathCurse.objects.filter(edition__slug="inferno").exclude(pk=amnesia.pk):
        _enter(owner, campaign, curse.slug, copies=0)
    _enter(owner, campaign, "amnesia", value=amnesia.value + 5, copies=6)
    _enter(owner, other, "amnesia", value=amnesia.value + 7)
    # A share-link reader may see the campaign, so it draws from its deck too; the form posts back to it.
    query = f"?campaign={campaign.pk}&share={campaign.share_token}"
    page = client.get(f"/helpers/death-curses/{query}").content.decode()
    assert f'action="/helpers/death-curses/{query.replace("&", "&amp;")}"' in page
    body = client.post(f"/helpers/death-curses/{query}", DRAW).content.decode()
    cards = _drawn(body)
    assert len(cards) == 2
    for card in cards:
        assert f'aria-label="Value {amnesia.value + 5}">{amnesia.value + 5}</span>' in card
        assert 'class="conf conf-table"' in card
    # Its deck is the 6 copies the table counted, and its size is the table's.
    deck = re.search(r"<span data-number>This deck has 6 cards\.(.*?)</span></div>", body, re.S)
    assert deck and 'class="conf conf-table"' in deck.group(1)
    elsewhere = client_for(owner).post(f"/helpers/death-curses/?campaign={other.pk}", DRAW).content.decode()
    assert f">{amnesia.value + 5}</span>" not in elsewhere and "This deck has 24 cards" in elsewhere
    plain = client.post("/helpers/death-curses/", DRAW).content.decode()
    assert "conf-table" not in plain and "This deck has 24 cards" in plain
    assert all(f">{amnesia.value + 5}</span>" not in c for c in _drawn(plain))


def test_a_campaign_the_reader_may_not_see_draws_nothing(owner, player):
    campaign = build_campaign(owner, guilds={"yellow": None})
    response = client_for(player).post(f"/helpers/death-curses/?campaign={campaign.pk}", DRAW)
    assert response.status_code == 404


# --- The same draw through the API (issue 28) -----------------------------------------------------------

API = "/api/v1/helpers/death-curses/"
API_DRAW = {"edition": "inferno", "seed": 7, "heroes": [{"hero": "Diana", "deaths": 2}]}


def _one_card_deck(owner, campaign, amnesia, **fields):
    """The campaign's deck as its table counted it: only Amnesia, 6 copies (`fields` over that)."""
    for curse in DeathCurse.objects.filter(edition__slug="inferno").exclude(pk=amnesia.pk):
        _enter(owner, campaign, curse.slug, copies=0)
    _enter(owner, campaign, "amnesia", **{"copies": 6, **fields})


def test_the_api_draws_from_the_deck_the_campaigns_table_corrected(owner, player):
    """BR:224 one card per Death token from the deck the table counted (GF:207, FAN-AQH as transcribed):
    the API named the campaign draws what the page opened from it draws, each value as the table entered it
    and marked as theirs; another campaign's entry never reaches it, nor a draw naming no campaign."""
    campaign = build_campaign(owner, guilds={"yellow": None, "teal": player})
    other = build_campaign(owner, name="Another table")
    amnesia = DeathCurse.objects.get(edition__slug="inferno", slug="amnesia")
    _one_card_deck(owner, campaign, amnesia, value=amnesia.value + 5)
    _enter(owner, other, "amnesia", value=amnesia.value + 7)
    answer = api_for(player).post(API, {**API_DRAW, "campaign": campaign.pk}, format="json")
    assert answer.status_code == 200, answer.json()
    drawn = answer.json()["draws"][0]
    assert drawn["drawn"] == [amnesia.code] * 2 == [card["code"] for card in drawn["cards"]]
    assert {card["value"] for card in drawn["cards"]} == {amnesia.value + 5}
    assert {card["value_confidence"]["kind"] for card in drawn["cards"]} == {"table"}
    assert answer.json()["deck_size"] == 6 and answer.json()["deck_confidence"]["kind"] == "table"
    # The page opened from the campaign draws the same cards from the same seed.
    page = client_for(player).post(f"/helpers/death-curses/?campaign={campaign.pk}", DRAW).content.decode()
    assert len(_drawn(page)) == 2 and all(f">{amnesia.value + 5}</span>" in c for c in _drawn(page))
    # Another campaign's deck is the edition's with its own correction; no campaign: the edition's.
    elsewhere = api_for(owner).post(API, {**API_DRAW, "campaign": other.pk}, format="json").json()
    assert elsewhere["deck_size"] == 24
    assert amnesia.value + 5 not in {c["value"] for d in elsewhere["draws"] for c in d["cards"]}
    plain = api_for(None).post(API, API_DRAW, format="json").json()
    assert plain["deck_size"] == 24 and plain["deck_confidence"]["kind"] == "fan"
    assert {c["value_confidence"]["kind"] for c in plain["draws"][0]["cards"]} == {"fan"}
    values = {c.code: c.value for c in DeathCurse.objects.filter(edition__slug="inferno")}
    assert all(c["value"] == values[c["code"]] for c in plain["draws"][0]["cards"])


def test_a_share_link_reader_draws_from_the_campaigns_deck_and_an_outsider_gets_404(owner, outsider):
    campaign = build_campaign(owner, guilds={"yellow": None})
    amnesia = DeathCurse.objects.get(edition__slug="inferno", slug="amnesia")
    _one_card_deck(owner, campaign, amnesia)
    body = {**API_DRAW, "campaign": campaign.pk}
    shared = api_for(None).post(f"{API}?share={campaign.share_token}", body, format="json")
    assert shared.status_code == 200 and shared.json()["deck_size"] == 6
    for caller in (outsider, None):
        assert api_for(caller).post(API, body, format="json").status_code == 404
    assert api_for(outsider).post(f"{API}?share=wrong", body, format="json").status_code == 404
    assert api_for(owner).post(API, {**body, "campaign": 999_999}, format="json").status_code == 404


def test_the_api_refuses_a_campaign_of_another_edition_and_names_cards_in_the_readers_language(owner):
    """A base campaign's deck is not Inferno's (BR:224 vs RB:1628): the draw says so beside `edition`;
    FAN-AQH gives each curse its Brazilian card's name, which a Portuguese reader gets as `shown_name`."""
    base = build_campaign(owner, guilds={"blue": None}, edition="arcadia-quest")
    refused = api_for(owner).post(API, {**API_DRAW, "campaign": base.pk}, format="json")
    assert refused.status_code == 400 and "edition" in refused.json()
    pt = api_for(owner).post(API, API_DRAW, format="json", HTTP_ACCEPT_LANGUAGE="pt-br").json()
    card = pt["draws"][0]["cards"][0]
    curse = DeathCurse.objects.get(edition__slug="inferno", code=card["code"])
    assert card["shown_name"] == curse.local_name != curse.name
