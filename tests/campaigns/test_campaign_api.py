"""The campaign API: refusals leave the database exactly as it was, stale writes get 409."""

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from campaigns.models import Campaign, InventoryCard
from tests.factories import UserFactory, build_campaign, record, refreshed, result_line

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def owner():
    return UserFactory(username="olga")


@pytest.fixture
def friend():
    return UserFactory(username="fred")


@pytest.fixture
def campaign(owner, friend):
    return build_campaign(owner, guilds={"yellow": None, "teal": friend})


def guild_url(campaign, colour, action):
    return f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/{action}/"


def guild_revision(campaign, colour):
    return refreshed(campaign).guilds.get(colour__slug=colour).revision


def test_creating_a_campaign_makes_the_caller_its_owner(owner):
    response = client_for(owner).post(
        "/api/v1/campaigns/", {"name": "Tuesday", "edition": "inferno"}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["name"], body["edition"], body["role"], body["revision"]) == (
        "Tuesday",
        "inferno",
        "owner",
        1,
    )
    assert body["allowed_next"] == ["beyond-the-gates-of-hell", "ferry-of-the-dead"]


def test_the_list_shows_only_the_callers_campaigns(owner, friend, campaign):
    other = build_campaign(UserFactory(username="zed"), guilds={}, name="Not yours")
    names = [c["name"] for c in client_for(friend).get("/api/v1/campaigns/").json()]
    assert campaign.name in names and other.name not in names


def test_an_outsider_gets_404_for_the_campaign(campaign):
    response = client_for(UserFactory(username="eve")).get(f"/api/v1/campaigns/{campaign.pk}/")
    assert response.status_code == 404


def test_the_share_link_shows_the_sheet_read_only(campaign):
    body = APIClient().get(f"/api/v1/campaigns/{campaign.pk}/?share={campaign.share_token}").json()
    assert body["role"] == "spectator" and body["share_token"] is None
    assert not any(g["editable"] for g in body["guilds"])
    assert APIClient().get(f"/api/v1/campaigns/{campaign.pk}/?share=wrong").status_code == 404


def test_a_join_code_lets_a_friend_in_once_per_use(owner, campaign):
    code = client_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/join-codes/", {"max_uses": 1}, format="json"
    )
    assert code.status_code == 201
    newcomer = UserFactory(username="nina")
    joined = client_for(newcomer).post(
        "/api/v1/campaigns/join/", {"code": code.json()["code"]}, format="json"
    )
    assert joined.status_code == 200 and joined.json()["role"] == "player"
    late = client_for(UserFactory(username="otto")).post(
        "/api/v1/campaigns/join/", {"code": code.json()["code"]}, format="json"
    )
    assert late.status_code == 400
    assert late.json() == {"code": ["This join code is not valid."]}


def test_an_expired_join_code_gives_the_same_generic_error(owner, campaign, snapshot):
    from datetime import timedelta

    from django.utils import timezone

    from campaigns.models import JoinCode

    code = (
        client_for(owner)
        .post(f"/api/v1/campaigns/{campaign.pk}/join-codes/", {}, format="json")
        .json()["code"]
    )
    JoinCode.objects.filter(code=code).update(expires_at=timezone.now() - timedelta(minutes=1))
    nina = client_for(UserFactory(username="nina"))
    before = snapshot()
    response = nina.post("/api/v1/campaigns/join/", {"code": code}, format="json")
    assert response.json() == {"code": ["This join code is not valid."]}
    assert snapshot() == before


def test_join_attempts_are_rate_limited(campaign, settings):
    cache.clear()
    guesser = client_for(UserFactory(username="mallory"))
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


def test_only_the_owner_creates_join_codes(friend, campaign):
    assert (
        client_for(friend).post(f"/api/v1/campaigns/{campaign.pk}/join-codes/", {}, format="json").status_code
        == 403
    )


def test_a_duplicate_guild_colour_is_refused_and_nothing_changes(owner, campaign, snapshot):
    before = snapshot()
    response = client_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "teal", "revision": campaign.revision},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"colour": ["Teal is already taken in this campaign."]}
    assert snapshot() == before


def test_a_stale_write_gets_409_with_the_current_sheet(owner, campaign, snapshot):
    before = snapshot()
    response = client_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": campaign.revision - 1},
        format="json",
    )
    assert response.status_code == 409
    assert response.json()["current"]["revision"] == campaign.revision
    assert snapshot() == before


def test_the_revision_can_come_in_an_if_match_header(owner, campaign):
    response = client_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray"},
        format="json",
        HTTP_IF_MATCH=f'"{campaign.revision}"',
    )
    assert response.status_code == 201
    assert response.headers["ETag"].startswith(f'"{campaign.revision + 1}.')


def test_the_sheets_etag_works_as_the_if_match_of_a_campaign_wide_write(owner, campaign):
    """The ETag names the campaign's state (history_seq) but starts with its revision, so a client may
    send back the ETag it holds."""
    client = client_for(owner)
    etag = client.get(f"/api/v1/campaigns/{campaign.pk}/").headers["ETag"]
    added = client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/", {"colour": "gray"}, format="json", HTTP_IF_MATCH=etag
    )
    assert added.status_code == 201
    stale = client.post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/", {"colour": "purple"}, format="json", HTTP_IF_MATCH=etag
    )
    assert stale.status_code == 409


def test_writes_to_different_guilds_from_the_same_sheet_both_succeed(owner, friend, campaign):
    yellow_rev, teal_rev = guild_revision(campaign, "yellow"), guild_revision(campaign, "teal")
    a = client_for(owner).post(
        guild_url(campaign, "yellow", "saved-coins"), {"coins": 1, "revision": yellow_rev}, format="json"
    )
    b = client_for(friend).post(
        guild_url(campaign, "teal", "saved-coins"), {"coins": 1, "revision": teal_rev}, format="json"
    )
    assert (a.status_code, b.status_code) == (200, 200)
    again = client_for(friend).post(
        guild_url(campaign, "teal", "saved-coins"), {"coins": 0, "revision": teal_rev}, format="json"
    )
    assert again.status_code == 409


def test_a_player_cannot_change_another_players_guild(friend, campaign, snapshot):
    before = snapshot()
    response = client_for(friend).post(
        guild_url(campaign, "yellow", "saved-coins"),
        {"coins": 1, "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 403
    assert snapshot() == before


def _card_on(campaign, colour, hero):
    return InventoryCard.objects.filter(
        guild__campaign=campaign, guild__colour__slug=colour, hero__hero__slug=hero
    )


def test_a_fifth_card_on_a_hero_is_refused(owner, campaign, snapshot):
    client = client_for(owner)
    for slot in (3, 4):
        assert (
            client.post(
                guild_url(campaign, "yellow", "cards"),
                {
                    "card": "dusty-blade",
                    "hero": "diana",
                    "slot": slot,
                    "revision": guild_revision(campaign, "yellow"),
                },
                format="json",
            ).status_code
            == 200
        )
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "cards"),
        {
            "card": "short-bow",
            "hero": "diana",
            "revision": guild_revision(campaign, "yellow"),
        },
        format="json",
    )
    assert response.status_code == 400
    assert "no free slot" in response.json()["hero"][0]
    assert snapshot() == before


def test_a_thirteenth_card_in_a_guild_is_refused(owner, campaign, snapshot):
    client = client_for(owner)
    free = [(h, s) for h in ("mark", "kisha", "diana") for s in (1, 2, 3, 4)]
    while InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="yellow").count() < 12:
        hero, slot = free.pop()
        if _card_on(campaign, "yellow", hero).filter(slot=slot).exists():
            continue
        client.post(
            guild_url(campaign, "yellow", "cards"),
            {
                "card": "grimbolt",
                "hero": hero,
                "slot": slot,
                "revision": guild_revision(campaign, "yellow"),
            },
            format="json",
        )
    _card_on(campaign, "yellow", "kisha").filter(slot=4).delete()
    client.post(
        guild_url(campaign, "yellow", "cards"),
        {"card": "grimbolt", "hero": "kisha", "slot": 4, "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    assert InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="yellow").count() == 12
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "cards"),
        {"card": "grimbolt", "hero": "kisha", "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400
    assert snapshot() == before


def test_two_saved_coins_are_refused(owner, campaign, snapshot):
    before = snapshot()
    response = client_for(owner).post(
        guild_url(campaign, "yellow", "saved-coins"),
        {"coins": 2, "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"saved_coins": ["A guild saves at most 1 coin between scenarios."]}
    assert snapshot() == before


def test_a_death_curse_cannot_be_moved_between_heroes(owner, campaign, snapshot):
    client = client_for(owner)
    assert (
        client.post(
            guild_url(campaign, "yellow", "curses"),
            {"hero": "diana", "curse": "INFD-03", "revision": guild_revision(campaign, "yellow")},
            format="json",
        ).status_code
        == 200
    )
    curse_id = refreshed(campaign).guilds.get(colour__slug="yellow").curses.get().pk
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "inventory/move"),
        {
            "item": "curse",
            "id": curse_id,
            "hero": "mark",
            "slot": 1,
            "revision": guild_revision(campaign, "yellow"),
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {"item": ["Death Curses cannot be moved between heroes."]}
    assert snapshot() == before


def test_a_hero_keeps_only_one_death_curse(owner, campaign, snapshot):
    client = client_for(owner)
    client.post(
        guild_url(campaign, "yellow", "curses"),
        {"hero": "diana", "curse": "INFD-03", "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    before = snapshot()
    response = client.post(
        guild_url(campaign, "yellow", "curses"),
        {"hero": "diana", "curse": "INFD-06", "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400 and "only one" in response.json()["hero"][0]
    assert snapshot() == before


def test_a_slot_taking_curse_covers_the_card_in_its_slot(owner, campaign):
    response = client_for(owner).post(
        guild_url(campaign, "yellow", "curses"),
        {"hero": "diana", "curse": "INFD-07", "slot": 1, "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    diana = next(h for h in response.json()["guilds"][0]["heroes"] if h["hero"] == "diana")
    assert diana["curse"]["slot"] == 1
    assert diana["slots"][0]["covered_by_curse"] and diana["slots"][0]["card"] is not None


def test_moving_a_card_onto_a_taken_slot_swaps_the_two_cards(owner, campaign):
    dusty = _card_on(campaign, "yellow", "diana").get(slot=1)
    other = _card_on(campaign, "yellow", "mark").get(slot=1)
    response = client_for(owner).post(
        guild_url(campaign, "yellow", "inventory/move"),
        {
            "item": "card",
            "id": dusty.pk,
            "hero": "mark",
            "slot": 1,
            "revision": guild_revision(campaign, "yellow"),
        },
        format="json",
    )
    assert response.status_code == 200
    dusty.refresh_from_db()
    other.refresh_from_db()
    assert (dusty.hero.hero.slug, dusty.slot, other.hero.hero.slug, other.slot) == ("mark", 1, "diana", 1)


def test_a_fourth_hero_is_refused(owner, campaign, snapshot):
    before = snapshot()
    response = client_for(owner).post(
        guild_url(campaign, "yellow", "heroes"),
        {"heroes": ["diana", "mark", "kisha", "phyx"], "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400 and response.json() == {"heroes": ["Choose exactly 3 heroes."]}
    assert snapshot() == before


def test_a_hero_in_another_guild_cannot_be_chosen(owner, campaign, snapshot):
    before = snapshot()
    response = client_for(owner).post(
        guild_url(campaign, "yellow", "heroes"),
        {"heroes": ["diana", "mark", "natasha"], "revision": guild_revision(campaign, "yellow")},
        format="json",
    )
    assert response.status_code == 400 and "Teal" in response.json()["heroes"][0]
    assert snapshot() == before


def _record(client, campaign, scenario, results):
    return client.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/",
        {"scenario": scenario, "results": results, "revision": refreshed(campaign).revision},
        format="json",
    )


@pytest.mark.parametrize(
    ("scenario", "results", "field", "message"),
    [
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True), result_line("teal", winner=True)],
            "results",
            "Exactly one guild wins",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow"), result_line("teal")],
            "results",
            "Exactly one guild wins",
        ),
        (
            "the-prisoner",
            [result_line("yellow", winner=True), result_line("teal")],
            "scenario",
            "cannot be played",
        ),
        ("ferry-of-the-dead", [result_line("yellow", winner=True)], "results", "exactly one result for each"),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, angel=True), result_line("teal")],
            "results",
            "no angel",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, coins=-1), result_line("teal")],
            "results",
            "",
        ),
        (
            "ferry-of-the-dead",
            [
                result_line("yellow", winner=True, heroes=[{"hero": "diana", "deaths": -2}]),
                result_line("teal"),
            ],
            "results",
            "",
        ),
        (
            "ferry-of-the-dead",
            [
                result_line("yellow", winner=True, heroes=[{"hero": "natasha", "deaths": 1}]),
                result_line("teal"),
            ],
            "results",
            "Yellow has no hero 'natasha'",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, quests=["pvp:yellow"]), result_line("teal")],
            "results",
            "own colour",
        ),
        (
            "ferry-of-the-dead",
            [
                result_line("yellow", winner=True, reward_cards=[{"card": "the-finisher", "hero": "diana"}]),
                result_line("teal"),
            ],
            "results",
            "not a reward card",
        ),
        (
            "ferry-of-the-dead",
            [result_line("yellow", winner=True, title=True), result_line("teal", title=True)],
            "results",
            "Only the first guild",
        ),
        (
            "atlantis",
            [result_line("yellow", winner=True), result_line("teal")],
            "scenario",
            "Unknown scenario",
        ),
    ],
)
def test_impossible_results_are_refused_and_nothing_changes(
    owner, campaign, snapshot, scenario, results, field, message
):
    before = snapshot()
    response = _record(client_for(owner), campaign, scenario, results)
    assert response.status_code == 400
    assert field in response.json() and message in str(response.json())
    assert snapshot() == before


def test_a_seventh_scenario_is_refused(owner, campaign, snapshot):
    path = [
        "ferry-of-the-dead",
        "the-parade",
        "lost-in-the-dark",
        "the-fallen-temple",
        "pit-of-tormented-souls",
        "hit-rock-bottom",
    ]
    for slug in path:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    before = snapshot()
    response = _record(
        client_for(owner), campaign, "the-prisoner", [result_line("yellow", winner=True), result_line("teal")]
    )
    assert response.status_code == 400 and "only the finale is left" in response.json()["scenario"][0]
    assert snapshot() == before


def test_hit_rock_bottom_has_no_title_to_win(owner, campaign):
    for slug in [
        "ferry-of-the-dead",
        "the-parade",
        "lost-in-the-dark",
        "the-fallen-temple",
        "pit-of-tormented-souls",
    ]:
        campaign = record(owner, campaign, slug, [result_line("yellow", winner=True), result_line("teal")])
    response = _record(
        client_for(owner),
        campaign,
        "hit-rock-bottom",
        [result_line("yellow", winner=True, title=True), result_line("teal")],
    )
    assert response.status_code == 400 and "has no Title quest" in str(response.json())


def test_a_spectator_cannot_write_even_with_the_share_link(campaign, snapshot):
    spectator = client_for(UserFactory(username="sally"))
    before = snapshot()
    response = spectator.post(
        f"/api/v1/campaigns/{campaign.pk}/plays/?share={campaign.share_token}",
        {
            "scenario": "ferry-of-the-dead",
            "results": [result_line("yellow", winner=True), result_line("teal")],
            "revision": campaign.revision,
        },
        format="json",
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_reading_a_campaign_takes_the_same_few_queries_small_or_full(owner, django_assert_max_num_queries):
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
    client = client_for(owner)
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
    from tests.factories import access

    campaign = build_campaign(
        owner, guilds={c: None for c in ("yellow", "purple", "teal", "gray")}, name="Full"
    )
    path = [
        "ferry-of-the-dead",
        "the-parade",
        "lost-in-the-dark",
        "the-fallen-temple",
        "pit-of-tormented-souls",
        "hit-rock-bottom",
    ]
    for number, slug in enumerate(path):
        lines = [
            result_line(
                c,
                winner=(i == number % 4),
                coins=i,
                title=(i == 0 and slug != "hit-rock-bottom"),
                heroes=[{"hero": h, "deaths": i % 2} for h in _roster(c)],
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


def _roster(colour):
    from tests.factories import INFERNO_ROSTERS

    return INFERNO_ROSTERS[colour]


def test_campaign_revision_is_unchanged_by_a_refused_write(owner, campaign):
    before = Campaign.objects.get(pk=campaign.pk).revision
    _record(
        client_for(owner), campaign, "atlantis", [result_line("yellow", winner=True), result_line("teal")]
    )
    assert Campaign.objects.get(pk=campaign.pk).revision == before
