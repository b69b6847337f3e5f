"""The campaigns API: creating, listing, who finds a campaign, join codes, and what reading it costs."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from campaigns.models import InventoryCard
from tests.factories import (
    INFERNO_ROSTERS,
    SIX_SCENARIOS,
    UserFactory,
    access,
    api_for,
    build_campaign,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db


def test_creating_a_campaign_makes_the_caller_its_owner(owner_api):
    response = owner_api.post("/api/v1/campaigns/", {"name": "Tuesday", "edition": "inferno"}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert (body["name"], body["edition"], body["role"], body["revision"]) == (
        "Tuesday",
        "inferno",
        "owner",
        1,
    )
    assert body["allowed_next"] == ["beyond-the-gates-of-hell", "ferry-of-the-dead"]


def test_the_list_shows_only_the_callers_campaigns(player_api, campaign):
    other = build_campaign(UserFactory(username="zed"), guilds={}, name="Not yours")
    names = [c["name"] for c in player_api.get("/api/v1/campaigns/").json()]
    assert campaign.name in names and other.name not in names


def test_an_outsider_gets_404_for_the_campaign(outsider_api, campaign):
    response = outsider_api.get(f"/api/v1/campaigns/{campaign.pk}/")
    assert response.status_code == 404


def test_the_share_link_shows_the_sheet_read_only(campaign):
    body = APIClient().get(f"/api/v1/campaigns/{campaign.pk}/?share={campaign.share_token}").json()
    assert body["role"] == "spectator" and body["share_token"] is None
    assert not any(g["editable"] for g in body["guilds"])
    assert APIClient().get(f"/api/v1/campaigns/{campaign.pk}/?share=wrong").status_code == 404


def test_a_join_code_lets_a_friend_in_once_per_use(owner_api, campaign):
    code = owner_api.post(f"/api/v1/campaigns/{campaign.pk}/join-codes/", {"max_uses": 1}, format="json")
    assert code.status_code == 201
    newcomer = UserFactory(username="nina")
    joined = api_for(newcomer).post("/api/v1/campaigns/join/", {"code": code.json()["code"]}, format="json")
    assert joined.status_code == 200 and joined.json()["role"] == "player"
    late = api_for(UserFactory(username="otto")).post(
        "/api/v1/campaigns/join/", {"code": code.json()["code"]}, format="json"
    )
    assert late.status_code == 400
    assert late.json() == {"code": ["This join code is not valid."]}


def test_an_expired_join_code_gives_the_same_generic_error(owner_api, campaign, snapshot):
    from datetime import timedelta

    from django.utils import timezone

    from campaigns.models import JoinCode

    code = owner_api.post(f"/api/v1/campaigns/{campaign.pk}/join-codes/", {}, format="json").json()["code"]
    JoinCode.objects.filter(code=code).update(expires_at=timezone.now() - timedelta(minutes=1))
    nina = api_for(UserFactory(username="nina"))
    before = snapshot()
    response = nina.post("/api/v1/campaigns/join/", {"code": code}, format="json")
    assert response.json() == {"code": ["This join code is not valid."]}
    assert snapshot() == before


def test_join_attempts_are_rate_limited(campaign, settings):
    cache.clear()
    guesser = api_for(UserFactory(username="mallory"))
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "join": "3/minute"},
    }
    codes = [
        guesser.post("/api/v1/campaigns/join/", {"code": f"WRONG{n}"}, format="json").status_code
        for n in range(5)
    ]
    cache.clear()
    assert codes[:3] == [400, 400, 400] and codes[3:] == [429, 429]


def test_only_the_owner_creates_join_codes(player_api, campaign):
    assert (
        player_api.post(f"/api/v1/campaigns/{campaign.pk}/join-codes/", {}, format="json").status_code == 403
    )


def test_reading_a_campaign_takes_the_same_few_queries_small_or_full(
    owner, owner_api, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    small = build_campaign(owner, guilds={"yellow": None, "teal": None}, name="Small")
    small = record(
        owner,
        small,
        "ferry-of-the-dead",
        [result_line("yellow", winner=True, title=True), result_line("teal")],
    )
    full = _full_campaign(owner)
    client = owner_api
    counts = []
    for campaign in (small, full):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/api/v1/campaigns/{campaign.pk}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    with django_assert_max_num_queries(20):
        client.get(f"/api/v1/campaigns/{full.pk}/")


def _full_campaign(owner):
    """4 guilds, 6 plays, 12 heroes, 48 cards."""
    from campaigns.services.inventory import inventory_card_add

    campaign = build_campaign(
        owner, guilds={c: None for c in ("yellow", "purple", "teal", "gray")}, name="Full"
    )
    for number, slug in enumerate(SIX_SCENARIOS):
        lines = [
            result_line(
                c,
                winner=(i == number % 4),
                coins=i,
                title=(i == 0 and slug != "hit-rock-bottom"),
                heroes=[{"hero": h, "deaths": i % 2} for h in INFERNO_ROSTERS[c]],
            )
            for i, c in enumerate(("yellow", "purple", "teal", "gray"))
        ]
        campaign = record(owner, campaign, slug, lines)
    for guild in campaign.guilds.all():
        for hero in guild.heroes.all():
            for slot in range(1, 5):
                if not hero.cards.filter(slot=slot).exists():
                    guild.refresh_from_db()
                    inventory_card_add(
                        access=access(owner, campaign),
                        actor=owner,
                        guild=guild,
                        revision=guild.revision,
                        card="grimbolt",
                        hero=hero.hero.slug,
                        slot=slot,
                    )
    assert InventoryCard.objects.filter(guild__campaign=campaign).count() == 48
    return refreshed(campaign)
