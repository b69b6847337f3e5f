"""The campaign pages: who sees what, every form's happy path and refusal, stale forms, htmx parts."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from campaigns.models import (
    Campaign,
    GuildHero,
    HeroCurse,
    InventoryCard,
    JoinCode,
    Membership,
    UpgradeCard,
    UpgradePhase,
)
from campaigns.selectors.campaigns import open_phase_for
from campaigns.services import campaigns as setup
from tests.factories import (
    UserFactory,
    access,
    build_campaign,
    level_one_deck,
    record,
    refreshed,
    result_line,
)

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _fresh_cache():
    # The join throttle counts in the cache; user ids repeat between rolled-back tests.
    cache.clear()


@pytest.fixture
def owner():
    return UserFactory(username="olga")


@pytest.fixture
def friend():
    return UserFactory(username="fred")


@pytest.fixture
def campaign(owner, friend):
    return build_campaign(owner, guilds={"yellow": None, "teal": friend})


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def act(user, campaign, action, data, **extra):
    return client_for(user).post(f"/campaigns/{campaign.pk}/do/{action}/", data, **extra)


def guild_rev(campaign, colour):
    return refreshed(campaign).guilds.get(colour__slug=colour).revision


def first_scenario(owner, campaign, **kwargs):
    lines = [
        result_line("yellow", winner=True, coins=4, title=True),
        result_line("teal", coins=3, heroes=[{"hero": "natasha", "deaths": 2}]),
    ]
    return record(owner, campaign, "ferry-of-the-dead", lines, **kwargs)


# --- Who sees what -----------------------------------------------------------------------------------

PAGES = ("", "upgrade/", "hero-draft/", "monsters/", "upgrade/status/", "hero-draft/status/")


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("role", ["owner", "player", "spectator"])
def test_every_campaign_page_renders_for_owner_player_and_spectator(page, role, owner, friend, campaign):
    user = {"owner": owner, "player": friend, "spectator": None}[role]
    query = f"?share={campaign.share_token}" if role == "spectator" else ""
    response = client_for(user).get(f"/campaigns/{campaign.pk}/{page}{query}")
    assert response.status_code == 200
    assert b"Friday Night Inferno" in response.content or page.endswith("status/")


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("who", ["outsider", "anonymous", "wrong share token"])
def test_outsiders_get_404_on_every_campaign_page(page, who, campaign):
    user = UserFactory(username="otto") if who == "outsider" else None
    query = "?share=not-the-token" if who == "wrong share token" else ""
    assert client_for(user).get(f"/campaigns/{campaign.pk}/{page}{query}").status_code == 404


def test_outsiders_and_share_link_holders_cannot_write(campaign, snapshot):
    otto = UserFactory(username="otto")
    before = snapshot()
    data = {"revision": campaign.revision, "scenario": "ferry-of-the-dead"}
    assert act(otto, campaign, "live-start", data).status_code == 404
    url = f"/campaigns/{campaign.pk}/do/live-start/?share={campaign.share_token}"
    assert Client().post(url, data).status_code == 404
    assert snapshot() == before


def test_a_spectator_sees_the_sheet_without_any_form(campaign):
    html = Client().get(f"/campaigns/{campaign.pk}/?share={campaign.share_token}").content.decode()
    assert "watching (read-only)" in html
    assert "/do/" not in html
    assert campaign.share_token not in html.split("share=")[0]


def test_the_campaign_list_needs_a_login_and_shows_only_my_campaigns(owner, campaign):
    assert Client().get("/campaigns/").status_code == 302
    other = build_campaign(UserFactory(username="zed"), guilds={"gray": None}, name="Someone Else's")
    html = client_for(owner).get("/campaigns/").content.decode()
    assert "Friday Night Inferno" in html and other.name not in html


def test_csrf_is_enforced_on_every_form(owner, campaign, snapshot):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    before = snapshot()
    data = {"revision": campaign.revision, "scenario": "ferry-of-the-dead"}
    assert client.post(f"/campaigns/{campaign.pk}/do/live-start/", data).status_code == 403
    assert (
        client.post("/campaigns/", {"name": "X", "edition": "inferno", "mode": "campaign"}).status_code == 403
    )
    assert client.post("/campaigns/join/", {"code": "ABCDEFGH"}).status_code == 403
    assert snapshot() == before


def test_every_rendered_form_carries_a_csrf_token(owner, campaign):
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert html.count("<form") == html.count('name="csrfmiddlewaretoken"') > 10


# --- Accounts ----------------------------------------------------------------------------------------


def test_signing_up_logs_in_and_opens_the_campaign_list():
    client = Client()
    data = {"username": "nina", "password1": "a-long-pass-phrase-42", "password2": "a-long-pass-phrase-42"}
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 302 and response["Location"] == "/campaigns/"
    assert client.get("/campaigns/").status_code == 200


def test_a_refused_sign_up_shows_the_message_next_to_the_field(snapshot):
    before = snapshot()
    response = Client().post("/accounts/signup/", {"username": "nina", "password1": "x", "password2": "y"})
    assert response.status_code == 400
    assert "field-error" in response.content.decode()
    assert snapshot() == before


def test_log_in_and_log_out_by_post(owner):
    client = Client()
    response = client.post("/accounts/login/", {"username": "olga", "password": "secret-pass-123"})
    assert response.status_code == 302 and response["Location"] == "/campaigns/"
    assert client.get("/accounts/logout/").status_code == 405
    assert b"logged out" in client.post("/accounts/logout/").content
    assert client.get("/campaigns/").status_code == 302


# --- New campaign, joining ---------------------------------------------------------------------------


def test_a_new_campaign_opens_its_sheet(owner):
    response = client_for(owner).post(
        "/campaigns/", {"name": "Tuesday", "edition": "inferno", "mode": "campaign"}
    )
    campaign = Campaign.objects.get(name="Tuesday")
    assert response["Location"] == f"/campaigns/{campaign.pk}/"
    assert campaign.owner == owner


def test_a_new_campaign_without_a_name_is_refused(owner, snapshot):
    before = snapshot()
    response = client_for(owner).post("/campaigns/", {"name": "", "edition": "inferno", "mode": "campaign"})
    assert response.status_code == 400 and "field-error" in response.content.decode()
    assert snapshot() == before


def test_joining_with_a_code_makes_a_player(owner, campaign):
    code = setup.join_code_create(access=access(owner, campaign), actor=owner)
    nina = UserFactory(username="nina")
    response = client_for(nina).post("/campaigns/join/", {"code": code.code.lower()})
    assert response["Location"] == f"/campaigns/{campaign.pk}/#guilds"
    assert Membership.objects.filter(campaign=campaign, user=nina, role="player").exists()


def test_a_wrong_join_code_gets_one_generic_error(campaign, snapshot):
    nina = UserFactory(username="nina")
    before = snapshot()
    response = client_for(nina).post("/campaigns/join/", {"code": "NOPE2345"})
    assert response.status_code == 400
    assert setup.JOIN_CODE_ERROR in response.content.decode()
    assert snapshot() == before


def test_join_attempts_are_limited_to_ten_a_minute(owner, campaign, snapshot):
    code = setup.join_code_create(access=access(owner, campaign), actor=owner)
    client = client_for(UserFactory(username="nina"))
    for _ in range(10):
        client.post("/campaigns/join/", {"code": "WRONG234"})
    before = snapshot()
    response = client.post("/campaigns/join/", {"code": code.code})
    assert response.status_code == 429
    assert snapshot() == before


# --- Setting up the table ----------------------------------------------------------------------------


def test_the_owner_adds_a_guild_left_open_and_a_player_claims_it(owner, friend, campaign):
    response = act(
        owner, campaign, "guild-add", {"revision": campaign.revision, "colour": "gray", "holder": "open"}
    )
    assert response.status_code == 302
    assert refreshed(campaign).guilds.get(colour__slug="gray").player is None
    act(friend, campaign, "claim", {"revision": guild_rev(campaign, "gray"), "guild": "gray"})
    assert refreshed(campaign).guilds.get(colour__slug="gray").player == friend


def test_a_taken_colour_is_refused_next_to_the_form(owner, campaign, snapshot):
    before = snapshot()
    response = act(
        owner, campaign, "guild-add", {"revision": campaign.revision, "colour": "teal", "holder": "open"}
    )
    assert response.status_code == 400
    assert "Teal is already taken" in response.content.decode()
    assert snapshot() == before


def test_a_player_cannot_add_guilds(friend, campaign, snapshot):
    before = snapshot()
    response = act(
        friend, campaign, "guild-add", {"revision": campaign.revision, "colour": "gray", "holder": "open"}
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_the_owner_creates_a_join_code_shown_on_the_sheet(owner, campaign):
    act(owner, campaign, "join-code", {"revision": campaign.revision, "hours": 24, "max_uses": 2})
    code = JoinCode.objects.get(campaign=campaign)
    assert code.code in client_for(owner).get(f"/campaigns/{campaign.pk}/").content.decode()


def test_choosing_heroes_from_the_sheet(owner):
    campaign = build_campaign(owner, guilds={})
    act(owner, campaign, "guild-add", {"revision": campaign.revision, "colour": "purple", "holder": "olga"})
    data = {"revision": guild_rev(campaign, "purple"), "guild": "purple"}
    act(owner, campaign, "heroes", {**data, "hero_1": "cassius", "hero_2": "izzy", "hero_3": "jaimie"})
    assert GuildHero.objects.filter(guild__campaign=campaign).count() == 3


# --- The inventory -----------------------------------------------------------------------------------


def test_a_player_moves_and_discards_their_own_cards(friend, campaign):
    card = InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="teal").first()
    data = {"revision": guild_rev(campaign, "teal"), "guild": "teal", "id": card.pk, "to": "sybbyl:4"}
    assert act(friend, campaign, "move", data).status_code == 302
    card.refresh_from_db()
    assert (card.hero.hero.slug, card.slot) == ("sybbyl", 4)
    act(
        friend, campaign, "discard", {"revision": guild_rev(campaign, "teal"), "guild": "teal", "id": card.pk}
    )
    assert not InventoryCard.objects.filter(pk=card.pk).exists()


def test_a_player_cannot_touch_another_guild(friend, campaign, snapshot):
    card = InventoryCard.objects.filter(guild__campaign=campaign, guild__colour__slug="yellow").first()
    before = snapshot()
    response = act(
        friend,
        campaign,
        "discard",
        {"revision": guild_rev(campaign, "yellow"), "guild": "yellow", "id": card.pk},
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_adding_a_card_curse_and_saved_coin(friend, campaign):
    base = {"guild": "teal"}
    act(
        friend,
        campaign,
        "card-add",
        {**base, "revision": guild_rev(campaign, "teal"), "card": "the-finisher", "hero": "phyx"},
    )
    curse = campaign.edition.death_curses.order_by("code").first()
    act(
        friend,
        campaign,
        "curse-set",
        {**base, "revision": guild_rev(campaign, "teal"), "hero": "phyx", "curse": curse.code},
    )
    act(friend, campaign, "saved-coins", {**base, "revision": guild_rev(campaign, "teal"), "coins": 1})
    assert InventoryCard.objects.filter(guild__colour__slug="teal", card__slug="the-finisher").exists()
    assert HeroCurse.objects.filter(hero__hero__slug="phyx").exists()
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 1
    act(friend, campaign, "curse-remove", {**base, "revision": guild_rev(campaign, "teal"), "hero": "phyx"})
    assert not HeroCurse.objects.filter(hero__hero__slug="phyx").exists()


def test_a_second_saved_coin_is_refused_with_the_rule(friend, campaign, snapshot):
    before = snapshot()
    response = act(
        friend,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 2},
    )
    assert response.status_code == 400
    assert "saves at most 1 coin" in response.content.decode()
    assert snapshot() == before


# --- Stale forms and htmx ----------------------------------------------------------------------------


def test_a_stale_revision_shows_the_current_sheet_with_a_friendly_message(friend, campaign, snapshot):
    stale = guild_rev(campaign, "teal")
    act(friend, campaign, "saved-coins", {"revision": stale, "guild": "teal", "coins": 1})
    before = snapshot()
    response = act(friend, campaign, "saved-coins", {"revision": stale, "guild": "teal", "coins": 0})
    assert response.status_code == 409
    html = response.content.decode()
    assert "Someone changed this meanwhile" in html and "1 saved coin" in html
    assert snapshot() == before


def test_with_htmx_a_write_answers_with_the_sheet_part_only(friend, campaign):
    response = act(
        friend,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 1},
        **HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="sheet"') and "<html" not in html


def test_with_htmx_a_refusal_is_a_part_with_the_message(friend, campaign):
    data = {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 5}
    response = act(friend, campaign, "saved-coins", data, **HTMX)
    assert response.status_code == 200
    assert "saves at most 1 coin" in response.content.decode() and "<html" not in response.content.decode()


def test_with_htmx_the_sheet_get_is_a_part(owner, campaign):
    html = client_for(owner).get(f"/campaigns/{campaign.pk}/", **HTMX).content.decode()
    assert html.lstrip().startswith('<div id="sheet"')


# --- Scenarios ---------------------------------------------------------------------------------------


def record_data(campaign, **overrides):
    data = {
        "revision": refreshed(campaign).revision,
        "scenario": "ferry-of-the-dead",
        "winner": "teal",
        "coins-yellow": 2,
        "treasure-yellow": 0,
        "coins-teal": 5,
        "treasure-teal": 1,
        "title-teal": "on",
        "deaths-yellow-diana": 2,
        "damnation-yellow-diana": 1,
    }
    for guild in refreshed(campaign).guilds.all():
        for hero in guild.heroes.filter(fielded=True):
            for counter in ("deaths", "damnation"):
                data.setdefault(f"{counter}-{guild.colour.slug}-{hero.hero.slug}", 0)
    return {**data, **overrides}


def test_recording_a_scenario_shows_its_achievements(owner, friend, campaign):
    response = act(owner, campaign, "record", record_data(campaign))
    assert response.status_code == 302
    html = client_for(friend).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Ferry of the Dead" in html and "Ticket Scalper" in html
    assert 'aria-label="Played as scenario 1"' in html
    assert refreshed(campaign).plays.count() == 1


def test_a_second_winner_is_refused_and_the_form_keeps_what_was_typed(owner, campaign, snapshot):
    before = snapshot()
    response = act(owner, campaign, "record", record_data(campaign, scenario="hells-kitchen"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "cannot be played now" in html and 'value="5"' in html
    assert snapshot() == before


def test_the_winner_chooses_the_next_scenario(owner, friend, campaign):
    act(owner, campaign, "record", record_data(campaign))
    response = act(
        friend, campaign, "next", {"revision": refreshed(campaign).revision, "scenario": "the-parade"}
    )
    assert response.status_code == 302
    assert refreshed(campaign).next_scenario.slug == "the-parade"


def test_only_the_winner_chooses_the_next_scenario(owner, friend, campaign, snapshot):
    act(owner, campaign, "record", record_data(campaign, winner="yellow"))
    before = snapshot()
    response = act(
        friend, campaign, "next", {"revision": refreshed(campaign).revision, "scenario": "the-parade"}
    )
    assert response.status_code == 400 and "chooses the next scenario" in response.content.decode()
    assert snapshot() == before


def test_undo_from_the_history(friend, campaign):
    act(
        friend,
        campaign,
        "saved-coins",
        {"revision": guild_rev(campaign, "teal"), "guild": "teal", "coins": 1},
    )
    seq = refreshed(campaign).events.latest("seq").seq
    response = act(friend, campaign, "undo", {"revision": guild_rev(campaign, "teal"), "seq": seq})
    assert response.status_code == 302
    assert refreshed(campaign).guilds.get(colour__slug="teal").saved_coins == 0


def test_an_unknown_undo_is_refused(friend, campaign, snapshot):
    before = snapshot()
    response = act(friend, campaign, "undo", {"revision": refreshed(campaign).revision, "seq": 999})
    assert response.status_code == 400 and "No change #999" in response.content.decode()
    assert snapshot() == before


def test_the_live_tracker_taps_and_prefills_the_results(owner, friend, campaign):
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    tap = {"guild": "teal", "counter": "deaths", "delta": 1, "hero": "natasha"}
    act(friend, campaign, "tally", {**tap, "revision": guild_rev(campaign, "teal")})
    act(
        friend,
        campaign,
        "quest",
        {"guild": "teal", "revision": guild_rev(campaign, "teal"), "quest": "destroy-the-tickets"},
    )
    html = client_for(friend).get(f"/campaigns/{campaign.pk}/").content.decode()
    assert "Scenario 1 live" in html
    assert 'name="deaths-teal-natasha" value="1"' in html
    assert 'name="coins-teal" value="2"' in html  # 1 for the quest plus the First Bonus


def test_a_tap_below_zero_is_refused(owner, friend, campaign, snapshot):
    act(owner, campaign, "live-start", {"revision": campaign.revision, "scenario": "ferry-of-the-dead"})
    before = snapshot()
    tap = {
        "guild": "teal",
        "counter": "deaths",
        "delta": -1,
        "hero": "natasha",
        "revision": guild_rev(campaign, "teal"),
    }
    response = act(friend, campaign, "tally", tap)
    assert response.status_code == 400 and "cannot go below 0" in response.content.decode()
    assert snapshot() == before


# --- The upgrade phase -------------------------------------------------------------------------------


@pytest.fixture
def drafting(owner, campaign):
    level_one_deck()
    return first_scenario(owner, campaign, upgrade_on_paper=False)


def hand_of(campaign, colour):
    phase = open_phase_for(campaign)
    from rules_helpers.drafts import UpgradeDraft

    return list(UpgradeDraft.from_dict(phase.draft).hand(colour))


def test_the_upgrade_page_never_shows_another_players_hand(owner, friend, drafting):
    teal = {UpgradeCard.objects.get(slug=s).name for s in hand_of(drafting, "teal")}
    yellow = {UpgradeCard.objects.get(slug=s).name for s in hand_of(drafting, "yellow")}
    own = client_for(friend).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
    assert all(name in own for name in teal)
    # Asking for another guild's hand is refused as the API refuses it, never answered with another hand.
    response = client_for(friend).get(f"/campaigns/{drafting.pk}/upgrade/?guild=yellow")
    html = response.content.decode()
    assert response.status_code == 400
    assert "You may only look at your own guild&#x27;s hand." in html
    assert not any(name in html for name in yellow - teal)
    spectator = (
        Client().get(f"/campaigns/{drafting.pk}/upgrade/?share={drafting.share_token}").content.decode()
    )
    assert 'name="cards"' not in spectator


def test_the_owner_may_pick_for_an_absent_player(owner, drafting):
    teal = hand_of(drafting, "teal")
    html = client_for(owner).get(f"/campaigns/{drafting.pk}/upgrade/?guild=teal").content.decode()
    assert "You are choosing for Teal" in html
    data = {"revision": guild_rev(drafting, "teal"), "guild": "teal", "cards": teal[:2]}
    assert act(owner, drafting, "upgrade-pick", data).status_code == 302


def test_a_whole_upgrade_phase_through_the_pages(owner, friend, drafting):
    for _ in range(3):
        for user, colour in ((owner, "yellow"), (friend, "teal")):
            data = {
                "revision": guild_rev(drafting, colour),
                "guild": colour,
                "cards": hand_of(drafting, colour)[:2],
            }
            assert act(user, drafting, "upgrade-pick", data).status_code == 302
    for user, colour in ((owner, "yellow"), (friend, "teal")):
        buy = {"revision": guild_rev(drafting, colour), "guild": colour, "cards": []}
        assert act(user, drafting, "upgrade-buy", buy).status_code == 302
        page = client_for(user).get(f"/campaigns/{drafting.pk}/upgrade/").content.decode()
        assert "My guild is ready" in page
        act(user, drafting, "upgrade-confirm", {"revision": guild_rev(drafting, colour), "guild": colour})
    assert UpgradePhase.objects.get(campaign=drafting).status == "closed"


def test_picking_one_card_is_refused(friend, drafting, snapshot):
    before = snapshot()
    data = {"revision": guild_rev(drafting, "teal"), "guild": "teal", "cards": hand_of(drafting, "teal")[:1]}
    response = act(friend, drafting, "upgrade-pick", data)
    assert response.status_code == 400 and "Not changed" in response.content.decode()
    assert snapshot() == before


def test_the_status_part_fires_a_reload_only_when_my_part_changed(owner, friend, drafting):
    client = client_for(friend)
    first = client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": "x"}, **HTMX)
    assert first["HX-Trigger"] == "phase-changed"
    key = first.content.decode().split("seen=")[1].split("&")[0].split('"')[0]
    assert "HX-Trigger" not in client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": key}, **HTMX)
    act(
        owner,
        drafting,
        "upgrade-pick",
        {
            "revision": guild_rev(drafting, "yellow"),
            "guild": "yellow",
            "cards": hand_of(drafting, "yellow")[:2],
        },
    )
    unchanged = client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": key}, **HTMX)
    assert "HX-Trigger" not in unchanged and "has picked" in unchanged.content.decode()
    act(
        friend,
        drafting,
        "upgrade-pick",
        {"revision": guild_rev(drafting, "teal"), "guild": "teal", "cards": hand_of(drafting, "teal")[:2]},
    )
    assert (
        client.get(f"/campaigns/{drafting.pk}/upgrade/status/", {"seen": key}, **HTMX)["HX-Trigger"]
        == "phase-changed"
    )


def test_entering_the_cards_dealt_at_the_table(owner, friend, campaign):
    # An edition whose level-1 deck is not in the app (the shipped Inferno deck is: take it out).
    UpgradeCard.objects.filter(edition__slug="inferno", deck="level-1").delete()
    campaign = first_scenario(owner, campaign, upgrade_on_paper=False)
    assert open_phase_for(campaign).draft_mode == "manual"
    rows = {f"name_{n}": f"Dealt Card {n}" for n in range(1, 7)} | {f"cost_{n}": n for n in range(1, 7)}
    response = act(
        friend, campaign, "upgrade-enter", {"revision": guild_rev(campaign, "teal"), "guild": "teal", **rows}
    )
    assert response.status_code == 302
    assert "Buy up to 3" in client_for(friend).get(f"/campaigns/{campaign.pk}/upgrade/").content.decode()


def test_the_owner_abandons_the_phase_to_paper(owner, drafting):
    response = act(
        owner, drafting, "upgrade-restart", {"revision": refreshed(drafting).revision, "reopen": "0"}
    )
    assert response.status_code == 302
    assert open_phase_for(drafting) is None


def test_a_player_cannot_restart_the_phase(friend, drafting, snapshot):
    before = snapshot()
    response = act(
        friend, drafting, "upgrade-restart", {"revision": refreshed(drafting).revision, "reopen": "1"}
    )
    assert response.status_code == 403
    assert snapshot() == before


# --- The hero draft ----------------------------------------------------------------------------------


def test_the_hero_draft_through_the_pages(owner, friend):
    campaign = build_campaign(owner, guilds={})
    act(
        owner,
        campaign,
        "guild-add",
        {"revision": refreshed(campaign).revision, "colour": "yellow", "holder": "olga"},
    )
    Membership.objects.create(campaign=campaign, user=friend)
    act(
        owner,
        campaign,
        "guild-add",
        {"revision": refreshed(campaign).revision, "colour": "teal", "holder": "fred"},
    )
    assert (
        act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision}).status_code
        == 302
    )
    from campaigns.models import HeroDraftRecord
    from rules_helpers.drafts import HeroDraft

    for _ in range(3):
        for user, colour in ((owner, "yellow"), (friend, "teal")):
            draft = HeroDraft.from_dict(HeroDraftRecord.objects.get(campaign=campaign).state)
            hero = draft.hand(colour)[0]
            page = client_for(user).get(f"/campaigns/{campaign.pk}/hero-draft/").content.decode()
            assert f'value="{hero}"' in page
            act(
                user,
                campaign,
                "hero-draft-pick",
                {"revision": guild_rev(campaign, colour), "guild": colour, "hero": hero},
            )
    assert GuildHero.objects.filter(campaign=campaign).count() == 6


def test_a_second_hero_draft_start_is_refused(owner, campaign, snapshot):
    before = snapshot()
    response = act(owner, campaign, "hero-draft-start", {"revision": refreshed(campaign).revision})
    assert response.status_code == 400 and "before any guild has chosen heroes" in response.content.decode()
    assert snapshot() == before
