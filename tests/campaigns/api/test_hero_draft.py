"""The hero draft at campaign start: hidden hands, one hero kept per round, three rounds."""

import pytest

from campaigns.models import GuildHero, Hero, HeroDraftRecord, InventoryCard
from tests.conftest import db_snapshot
from tests.factories import UserFactory, api_for, client_for, refreshed

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(owner):
    from campaigns.models import Membership
    from campaigns.services.campaigns import campaign_create
    from campaigns.services.guilds import guild_add
    from tests.factories import access

    pia = UserFactory(username="pia")
    campaign = campaign_create(owner=owner, name="Drafted", edition="inferno")
    Membership.objects.create(campaign=campaign, user=pia)
    for colour, player in (("yellow", owner), ("purple", pia), ("teal", owner)):
        guild_add(
            access=access(owner, campaign),
            actor=owner,
            revision=refreshed(campaign).revision,
            colour=colour,
            player=player.get_username() if player is not None else None,
        )
    return refreshed(campaign), {"yellow": owner, "purple": pia, "teal": owner}


def start(campaign, owner):
    return api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/hero-draft/start/",
        {"revision": refreshed(campaign).revision},
        format="json",
    )


def view(user, campaign, guild=None):
    params = {"guild": guild} if guild else {}
    return api_for(user).get(f"/api/v1/campaigns/{campaign.pk}/hero-draft/", params).json()


def pick(user, campaign, colour, hero):
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/hero-draft/pick/",
        {"hero": hero, "revision": revision},
        format="json",
    )


def test_the_heroes_are_dealt_evenly_and_hands_stay_hidden(table):
    campaign, players = table
    assert start(campaign, players["yellow"]).status_code == 201
    hands = {c: view(players[c], campaign, c)["mine"]["hand"] for c in players}
    assert [len(h) for h in hands.values()] == [4, 4, 4]
    dealt = sorted(hero for hand in hands.values() for hero in hand)
    assert dealt == sorted(
        Hero.objects.filter(edition__slug="inferno", is_angel=False).values_list("slug", flat=True)
    )
    pia_view = api_for(players["purple"]).get(f"/api/v1/campaigns/{campaign.pk}/hero-draft/?guild=yellow")
    assert pia_view.status_code == 400
    assert view(players["purple"], campaign)["mine"]["guild"] == "purple"


def test_three_rounds_seat_three_heroes_per_guild_with_the_starter_deck(table):
    campaign, players = table
    start(campaign, players["yellow"])
    for _ in range(3):
        for colour, user in players.items():
            hand = view(user, campaign, colour)["mine"]["hand"]
            assert pick(user, campaign, colour, hand[0]).status_code == 200
    final = view(players["purple"], campaign)
    assert final["complete"] and all(len(v) == 3 for v in final["drafted"].values())
    for colour in players:
        guild = refreshed(campaign).guilds.get(colour__slug=colour)
        assert GuildHero.objects.filter(guild=guild).count() == 3
        assert InventoryCard.objects.filter(guild=guild).count() == 5


def test_a_hero_not_in_hand_or_a_second_pick_is_refused(table):
    campaign, players = table
    start(campaign, players["yellow"])
    hand = view(players["purple"], campaign)["mine"]["hand"]
    other = view(players["yellow"], campaign, "yellow")["mine"]["hand"][0]
    before = db_snapshot()
    assert pick(players["purple"], campaign, "purple", other).status_code == 400
    assert db_snapshot() == before
    pick(players["purple"], campaign, "purple", hand[0])
    assert pick(players["purple"], campaign, "purple", hand[1]).status_code == 400


def test_choosing_heroes_freely_is_refused_during_the_draft(table):
    campaign, players = table
    start(campaign, players["yellow"])
    revision = refreshed(campaign).guilds.get(colour__slug="purple").revision
    response = api_for(players["purple"]).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/purple/heroes/",
        {"heroes": ["diana", "mark", "kisha"], "revision": revision},
        format="json",
    )
    assert response.status_code == 400 and "hero draft" in response.json()["heroes"][0]


def test_only_the_owner_starts_the_draft_once(table):
    campaign, players = table
    assert (
        api_for(players["purple"])
        .post(
            f"/api/v1/campaigns/{campaign.pk}/hero-draft/start/",
            {"revision": campaign.revision},
            format="json",
        )
        .status_code
        == 403
    )
    start(campaign, players["yellow"])
    assert start(campaign, players["yellow"]).status_code == 400


# --- Abandoning the draft (issue 13 item 5: the principle of W10/M6 for the hero draft) ------------------


def abandon(user, campaign):
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/hero-draft/abandon/",
        {"revision": refreshed(campaign).revision},
        format="json",
    )


def history(user, campaign):
    return {e["seq"]: e for e in api_for(user).get(f"/api/v1/campaigns/{campaign.pk}/history/").json()}


def undo(user, campaign, seq):
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/undo/",
        {"seq": seq, "revision": refreshed(campaign).revision},
        format="json",
    )


def seq_of(user, campaign, kind):
    return max(seq for seq, e in history(user, campaign).items() if e["kind"] == kind)


def test_abandoning_the_draft_takes_back_its_deal_and_picks_and_keeps_the_seating(table):
    """RB:338-345 the hero draft; issue 13 item 5: abandoning "never erases a choice already recorded" and
    every event the history shows has its effect, its undo working. The Starting Areas drawn meanwhile
    (RB:505-512) stay; the deal and the pick show as undone and cannot be undone again."""
    campaign, players = table
    owner = players["yellow"]
    start(campaign, owner)
    assert (
        pick(owner, campaign, "yellow", view(owner, campaign, "yellow")["mine"]["hand"][0]).status_code == 200
    )
    seating = api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/seating/", {"revision": refreshed(campaign).revision}, format="json"
    )
    assert seating.status_code == 200, seating.json()
    areas = refreshed(campaign).next_starting_areas
    assert areas

    response = abandon(owner, campaign)
    assert response.status_code == 200, response.json()
    assert not HeroDraftRecord.objects.filter(campaign=campaign).exists()
    assert refreshed(campaign).next_starting_areas == areas
    events = history(owner, campaign)
    kinds = {e["kind"]: e for e in events.values()}
    assert kinds["hero-draft-started"]["undone"] and kinds["hero-draft-pick"]["undone"]
    assert not kinds["seating-drawn"]["undone"] and kinds["seating-drawn"]["undoable"]
    assert not kinds["hero-draft-abandoned"]["undone"] and kinds["hero-draft-abandoned"]["undoable"]
    # A change the abandon took back cannot be undone a second time: 409, nothing changed.
    before = db_snapshot()
    assert undo(owner, campaign, seq_of(owner, campaign, "hero-draft-pick")).status_code == 409
    assert db_snapshot() == before
    # The seating drawn during the draft still undoes (its effect is in the state).
    assert undo(owner, campaign, seq_of(owner, campaign, "seating-drawn")).status_code == 200
    assert not refreshed(campaign).next_starting_areas
    # The draft can be dealt again, from the start.
    assert start(campaign, owner).status_code == 201
    assert all(not hand["drafted"] for hand in [view(owner, campaign, "yellow")["mine"]])


def test_undoing_the_abandon_brings_the_draft_back_as_it_was(table):
    """Every event shown has its effect and its undo works (issue 13 item 5): undoing the abandon restores
    the hands and the hero already kept, and the deal and pick show as done again."""
    campaign, players = table
    owner = players["yellow"]
    start(campaign, owner)
    kept = view(owner, campaign, "yellow")["mine"]["hand"][0]
    pick(owner, campaign, "yellow", kept)
    hands = {c: view(players[c], campaign, c)["mine"]["hand"] for c in players}
    abandon(owner, campaign)
    response = undo(owner, campaign, seq_of(owner, campaign, "hero-draft-abandoned"))
    assert response.status_code == 200, response.json()
    assert view(owner, campaign, "yellow")["mine"]["drafted"] == [kept]
    assert {c: view(players[c], campaign, c)["mine"]["hand"] for c in players} == hands
    events = history(owner, campaign)
    assert not any(
        e["undone"]
        for e in events.values()
        if e["kind"].startswith("hero-draft-") and e["kind"] != "hero-draft-abandoned"
    )
    # The draft goes on to the end from there.
    for colour in ("purple", "teal"):
        assert (
            pick(
                players[colour], campaign, colour, view(players[colour], campaign, colour)["mine"]["hand"][0]
            ).status_code
            == 200
        )


def test_the_abandon_is_not_undone_over_a_new_draft_or_chosen_heroes(table):
    """Bringing the old draft back over a new one (or over heroes chosen freely) would give a guild a second
    roster (RB:307 "the 3 Heroes"): the undo answers 409 and changes nothing."""
    campaign, players = table
    owner = players["yellow"]
    start(campaign, owner)
    abandon(owner, campaign)
    seq = seq_of(owner, campaign, "hero-draft-abandoned")
    start(campaign, owner)
    before = db_snapshot()
    response = undo(owner, campaign, seq)
    assert response.status_code == 409
    assert db_snapshot() == before


def test_only_the_owner_abandons_a_running_draft(table):
    """Like the upgrade phase and the live scenario, only the owner abandons (campaigns/access.py); a draft
    that is over or was never dealt has nothing to abandon (400), and a refusal changes nothing."""
    campaign, players = table
    owner, pia = players["yellow"], players["purple"]
    assert abandon(owner, campaign).status_code == 400  # nothing dealt yet
    start(campaign, owner)
    before = db_snapshot()
    assert abandon(pia, campaign).status_code == 403
    assert db_snapshot() == before
    for _ in range(3):
        for colour, user in players.items():
            pick(user, campaign, colour, view(user, campaign, colour)["mine"]["hand"][0])
    before = db_snapshot()
    response = abandon(owner, campaign)
    assert response.status_code == 400 and "hero" in response.json()
    assert db_snapshot() == before


def test_a_guild_joins_after_the_draft_is_abandoned_not_during_it(table):
    """RB:338-345 the heroes are dealt among the guilds at the table: a guild added mid-draft would never get
    a hand, so it is refused until the owner abandons the draft; the abandon is then not undone over the
    new guild (409, nothing changed), and a new deal includes it."""
    campaign, players = table
    owner = players["yellow"]
    start(campaign, owner)
    add = {"colour": "gray", "player": owner.get_username()}
    response = api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {**add, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 400 and "abandon the hero draft" in response.json()["colour"][0]
    abandon(owner, campaign)
    seq = seq_of(owner, campaign, "hero-draft-abandoned")
    response = api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {**add, "revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 201, response.json()
    before = db_snapshot()
    assert undo(owner, campaign, seq).status_code == 409
    assert db_snapshot() == before
    assert start(campaign, owner).status_code == 201
    assert len(view(owner, campaign, "gray")["mine"]["hand"]) == 3  # 12 heroes among 4 guilds


def _draft_all(campaign, players):
    start(campaign, players["yellow"])
    for _ in range(3):
        for colour, user in players.items():
            assert (
                pick(user, campaign, colour, view(user, campaign, colour)["mine"]["hand"][0]).status_code
                == 200
            )


def _choose(user, campaign, colour, heroes):
    revision = refreshed(campaign).guilds.get(colour__slug=colour).revision
    return api_for(user).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/{colour}/heroes/",
        {"heroes": heroes, "revision": revision},
        format="json",
    )


def test_a_guild_joining_after_the_draft_chooses_three_heroes_nobody_holds(table):
    """RB:310-311 each guild "chooses 3" Hero cards; the sources are silent on a guild that joins after the
    draft (RB:333-346), so it chooses from the heroes no other guild holds (decided in
    `rules_helpers.roster.check_heroes_choice`), and gets its starter deck (RB:366-370)."""
    campaign, players = table
    owner = players["yellow"]
    _draft_all(campaign, players)
    response = api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "player": owner.get_username(), "revision": refreshed(campaign).revision},
        format="json",
    )
    assert response.status_code == 201, response.json()
    drafted = set(GuildHero.objects.filter(campaign=campaign).values_list("hero__slug", flat=True))
    free = sorted(
        set(Hero.objects.filter(edition__slug="inferno", is_angel=False).values_list("slug", flat=True))
        - drafted
    )
    assert len(drafted) == 9 and len(free) == 3
    before = db_snapshot()
    taken = _choose(owner, campaign, "gray", [sorted(drafted)[0], *free[:2]])
    assert taken.status_code == 400 and "already in the" in taken.json()["heroes"][0]
    assert db_snapshot() == before
    assert _choose(owner, campaign, "gray", free).status_code == 200
    gray = refreshed(campaign).guilds.get(colour__slug="gray")
    assert sorted(GuildHero.objects.filter(guild=gray).values_list("hero__slug", flat=True)) == free
    assert InventoryCard.objects.filter(guild=gray).count() == 5


def test_a_drafted_guild_keeps_its_heroes_and_only_its_player_or_the_owner_chooses_for_a_late_one(table):
    """RB:316-318 "it is not possible to change Heroes unless a new campaign is started": a guild that
    drafted is refused a free choice; another guild's player may not choose for the late guild (403)."""
    campaign, players = table
    owner, pia = players["yellow"], players["purple"]
    _draft_all(campaign, players)
    api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "revision": refreshed(campaign).revision},
        format="json",
    )
    drafted = set(GuildHero.objects.filter(campaign=campaign).values_list("hero__slug", flat=True))
    free = sorted(
        set(Hero.objects.filter(edition__slug="inferno", is_angel=False).values_list("slug", flat=True))
        - drafted
    )
    before = db_snapshot()
    response = _choose(pia, campaign, "purple", free)
    assert response.status_code == 400 and "RB:316-318" in response.json()["heroes"][0]
    assert _choose(pia, campaign, "gray", free).status_code == 403
    assert db_snapshot() == before


def test_a_late_guild_opening_the_finished_draft_is_told_to_choose_on_the_sheet(table):
    """A guild that was not at the draft (RB:333-346) has no hand in it: the draft's view answers 200 with no
    hand of its own and says the heroes are chosen freely, never a 500."""
    campaign, players = table
    owner = players["yellow"]
    _draft_all(campaign, players)
    api_for(owner).post(
        f"/api/v1/campaigns/{campaign.pk}/guilds/",
        {"colour": "gray", "player": owner.get_username(), "revision": refreshed(campaign).revision},
        format="json",
    )
    response = api_for(owner).get(f"/api/v1/campaigns/{campaign.pk}/hero-draft/", {"guild": "gray"})
    assert response.status_code == 200, response.content[:300]
    assert response.json()["mine"] is None and response.json()["joined_after"] is True
    assert view(owner, campaign, "yellow")["joined_after"] is False
    page = client_for(owner).get(f"/campaigns/{campaign.pk}/hero-draft/?guild=gray")
    assert page.status_code == 200 and 'id="joined-after"' in page.content.decode()
    assert f'href="/campaigns/{campaign.pk}/mine/"' in page.content.decode()
