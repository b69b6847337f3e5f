"""Who may do what: the one "who may" module, asked without HTTP by the services, the API and the pages.

The table is the `campaign` fixture: Yellow held by the owner, Teal by the player, a member without a
guild, and a spectator who holds only the share link.
"""

import pytest

from campaigns.access import (
    Access,
    campaign_access,
    hand_guild,
    hero_draft_abandon_refusal,
    hero_draft_refusal,
)
from campaigns.models import Event
from tests.factories import access, open_guild, record, refreshed, refusal, result_line

pytestmark = pytest.mark.django_db


def spectating(user, campaign) -> Access:
    return campaign_access(user=user, pk=campaign.pk, share_token=campaign.share_token)


def guilds_of(campaign):
    return refreshed(campaign).guilds.select_related("colour")


def guild(campaign, colour):
    return guilds_of(campaign).get(colour__slug=colour)


# --- Whose hidden hand (upgrade draft, hero draft) the caller sees --------------------------------------


def test_without_a_colour_a_player_sees_their_own_guilds_hand(player, campaign):
    assert hand_guild(access(player, campaign), guilds_of(campaign), None) == guild(campaign, "teal")


def test_without_a_colour_a_member_without_a_guild_sees_no_hand(member, campaign):
    assert hand_guild(access(member, campaign), guilds_of(campaign), None) is None


def test_a_player_asking_for_their_own_colour_sees_it(player, campaign):
    assert hand_guild(access(player, campaign), guilds_of(campaign), "teal") == guild(campaign, "teal")


def test_the_owner_sees_any_guilds_hand_to_pick_for_an_absent_player(owner, campaign):
    assert hand_guild(access(owner, campaign), guilds_of(campaign), "teal") == guild(campaign, "teal")


def test_another_players_colour_is_refused_never_replaced_by_another_hand(player, campaign):
    asked = refusal(lambda: hand_guild(access(player, campaign), guilds_of(campaign), "yellow"))
    assert asked == {"guild": ["You may only look at your own guild's hand."]}


def test_a_colour_not_in_the_campaign_is_refused(player, campaign):
    asked = refusal(lambda: hand_guild(access(player, campaign), guilds_of(campaign), "purple"))
    assert asked == {"guild": ["This campaign has no 'purple' guild."]}


def test_a_spectator_asking_for_a_colour_is_refused(spectator, campaign):
    asked = refusal(lambda: hand_guild(spectating(spectator, campaign), guilds_of(campaign), "teal"))
    assert asked == {"guild": ["You may only look at your own guild's hand."]}


# --- Undo ---------------------------------------------------------------------------------------------


def event(campaign, kind, colour=None):
    events = Event.objects.filter(campaign=campaign, kind=kind)
    if colour is not None:
        events = events.filter(guild__colour__slug=colour)
    return events.latest("seq")


def test_nobody_may_undo_the_creation_of_the_campaign(owner, campaign):
    assert not access(owner, campaign).may_undo(event(campaign, "campaign-created"))


def test_only_the_owner_may_undo_adding_a_guild_even_the_guilds_player_may_not(owner, player, campaign):
    added = event(campaign, "guild-added", "teal")
    assert access(owner, campaign).may_undo(added)
    assert not access(player, campaign).may_undo(added)


def test_a_recorded_scenario_is_undone_by_the_owner_or_who_recorded_it_only(
    owner, player, member, spectator, campaign
):
    """Probe F5 / walkthrough M3: a player could undo the owner's recorded scenario with one tap."""
    record(owner, campaign, "ferry-of-the-dead", [result_line("yellow", winner=True), result_line("teal")])
    recorded = event(campaign, "scenario-recorded")
    assert access(owner, campaign).may_undo(recorded)
    assert not access(player, campaign).may_undo(recorded) and not access(member, campaign).may_undo(recorded)
    assert not spectating(spectator, campaign).may_undo(recorded)


def test_a_guilds_change_is_undone_by_its_player_or_the_owner_only(owner, player, member, campaign):
    teal_heroes, yellow_heroes = (
        event(campaign, "heroes-chosen", "teal"),
        event(campaign, "heroes-chosen", "yellow"),
    )
    assert access(player, campaign).may_undo(teal_heroes) and access(owner, campaign).may_undo(teal_heroes)
    assert not access(player, campaign).may_undo(yellow_heroes)
    assert not access(member, campaign).may_undo(teal_heroes)


# --- Claiming a guild ---------------------------------------------------------------------------------


@pytest.fixture
def open_gray(owner, campaign):
    return open_guild(owner, campaign, "gray")


def test_a_member_may_claim_a_guild_nobody_plays(member, campaign, open_gray):
    assert access(member, campaign).may_claim(guild(campaign, "gray"))


def test_a_guild_another_player_holds_may_not_be_claimed(member, campaign):
    assert not access(member, campaign).may_claim(guild(campaign, "teal"))


def test_claiming_ones_own_guild_again_is_allowed_and_changes_nothing(player, campaign):
    assert access(player, campaign).may_claim(guild(campaign, "teal"))


def test_a_spectator_may_not_claim_even_a_guild_nobody_plays(spectator, campaign, open_gray):
    assert not spectating(spectator, campaign).may_claim(guild(campaign, "gray"))


# --- Choosing the next scenario -----------------------------------------------------------------------


def test_before_any_scenario_only_the_owner_chooses(owner, player, campaign):
    assert access(owner, campaign).may_choose_next(None)
    assert not access(player, campaign).may_choose_next(None)


def test_the_last_winners_player_or_the_owner_for_them_chooses_the_next_scenario(
    owner, player, member, spectator, campaign
):
    """RB:1634 "Winner of the last scenario chooses the next scenario"; the owner acts for them."""
    teal = guild(campaign, "teal")
    assert access(player, campaign).may_choose_next(teal) and access(owner, campaign).may_choose_next(teal)
    assert not access(member, campaign).may_choose_next(teal)
    assert not spectating(spectator, campaign).may_choose_next(teal)
    assert not access(player, campaign).may_choose_next(guild(campaign, "yellow"))


# --- Starting the hero draft --------------------------------------------------------------------------

READY = {"guild_count": 2, "started": False, "heroes_or_plays": False, "min_guilds": 2}


def test_the_owner_may_start_the_hero_draft_when_the_table_is_ready(owner, campaign):
    assert hero_draft_refusal(access(owner, campaign), **READY) is None


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ({"guild_count": 1}, "Add at least 2 guilds before the hero draft."),
        ({"heroes_or_plays": True}, "The hero draft happens before any guild has chosen heroes."),
        ({"started": True}, "The hero draft has already started."),
    ],
    ids=["too few guilds", "heroes already chosen", "already started"],
)
def test_the_hero_draft_waits_for_its_moment(owner, campaign, state, message):
    assert hero_draft_refusal(access(owner, campaign), **{**READY, **state}) == message


def test_only_the_owner_starts_the_hero_draft(player, campaign):
    assert hero_draft_refusal(access(player, campaign), **READY) == "Only the campaign's owner may do this."


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ({"started": True, "done": False}, None),
        ({"started": False, "done": False}, "No hero draft is running."),
        ({"started": True, "done": True}, "The hero draft is over; undo a pick from the history instead."),
    ],
    ids=["running", "never dealt", "over"],
)
def test_the_owner_abandons_only_a_running_hero_draft(owner, campaign, state, message):
    assert hero_draft_abandon_refusal(access(owner, campaign), **state) == message


@pytest.mark.parametrize("role", ["player", "member"])
def test_only_the_owner_abandons_the_hero_draft_and_undoes_the_abandon(role, campaign, request):
    reader = access(request.getfixturevalue(role), campaign)
    assert (
        hero_draft_abandon_refusal(reader, started=True, done=False)
        == "Only the campaign's owner may do this."
    )
    assert not reader.may_undo_change(
        kind="hero-draft-abandoned", guild_id=None, actor_id=None, has_changes=True
    )


def test_an_episodic_deal_is_undone_by_the_owner_or_the_member_who_dealt(owner, player, member, campaign):
    dealt_by = {"kind": "episodic-dealt", "guild_id": None, "actor_id": player.pk, "has_changes": True}
    assert access(owner, campaign).may_undo_change(**dealt_by)
    assert access(player, campaign).may_undo_change(**dealt_by)
    assert not access(member, campaign).may_undo_change(**dealt_by)


# --- Whose guild is "My guild" -----------------------------------------------------------------------


def test_my_guild_is_the_one_i_play_and_for_the_owner_the_ones_held_for_friends(
    owner, player, member, campaign
):
    teal = guild(campaign, "teal")
    held = {"guild_id": -1, "has_player": False, "player_name": "Absent Anna"}
    assert access(player, campaign).plays_or_holds(guild_id=teal.pk, has_player=True, player_name="")
    assert not access(member, campaign).plays_or_holds(guild_id=teal.pk, has_player=True, player_name="")
    assert access(owner, campaign).plays_or_holds(**held)
    assert not access(player, campaign).plays_or_holds(**held)
    assert not spectating(member, campaign).plays_or_holds(**held)
