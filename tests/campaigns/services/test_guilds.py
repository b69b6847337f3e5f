"""Claiming a guild, called as a service without HTTP: a guild someone plays stays theirs."""

import pytest

from campaigns.access import campaign_access
from campaigns.services.guilds import guild_claim
from tests.factories import access, open_guild, refreshed, refusal

pytestmark = pytest.mark.django_db


def guild(campaign, colour):
    return refreshed(campaign).guilds.select_related("colour").get(colour__slug=colour)


def claim(user, campaign, colour, the_access=None):
    held = guild(campaign, colour)
    return guild_claim(
        access=the_access or access(user, campaign), actor=user, guild=held, revision=held.revision
    )


@pytest.fixture
def open_gray(owner, campaign):
    return open_guild(owner, campaign, "gray")


def test_a_member_claims_a_guild_nobody_plays(member, campaign, open_gray):
    claim(member, campaign, "gray")
    assert guild(campaign, "gray").player == member


def test_a_guild_another_player_holds_cannot_be_claimed(member, campaign, snapshot):
    before = snapshot()
    assert refusal(lambda: claim(member, campaign, "teal")) == {"guild": ["Teal already has a player."]}
    assert snapshot() == before


def test_a_spectator_cannot_claim_a_guild(spectator, campaign, open_gray, snapshot):
    share_link = campaign_access(user=spectator, pk=campaign.pk, share_token=campaign.share_token)
    before = snapshot()
    assert refusal(lambda: claim(spectator, campaign, "gray", the_access=share_link)) == {
        "guild": ["Join the campaign before claiming a guild."]
    }
    assert snapshot() == before
