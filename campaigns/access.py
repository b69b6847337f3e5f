"""Who may do what in a campaign: the one place that answers it.

Services ask it to refuse (403, or 404 for a campaign the caller may not see); the API and the pages ask
it to show or hide a button. Membership is checked once, in `campaign_access`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404

from campaigns.errors import refuse
from campaigns.models import Campaign, Event, Guild, Membership

OWNER, PLAYER, SPECTATOR = "owner", "player", "spectator"

# Changes to the campaign as a whole carry the campaign's revision; the rest belong to one guild.
CAMPAIGN_SCOPED_KINDS = frozenset(
    {
        "scenario-recorded",
        "next-chosen",
        "finale",
        "guild-added",
        "undo-campaign",
        "live-started",
        "live-abandoned",
    }
)
OWNER_ONLY_UNDO = frozenset({"finale", "guild-added"})


@dataclass(frozen=True)
class Access:
    """Who is asking about a campaign, and what they may change."""

    campaign: Campaign
    role: str
    user_id: int | None
    # The guilds the reader plays, when already known; otherwise read on first use (most reads never ask:
    # the sheet knows each guild's player, and an unchanged sheet is answered before anyone asks).
    known_guild_ids: frozenset[int] | None = None

    @cached_property
    def guild_ids(self) -> frozenset[int]:
        if self.known_guild_ids is not None:
            return self.known_guild_ids
        if self.user_id is None or not self.is_member:
            return frozenset()
        guilds = Guild.objects.filter(campaign=self.campaign, player_id=self.user_id)
        return frozenset(guilds.values_list("pk", flat=True))

    @property
    def is_owner(self) -> bool:
        return self.role == OWNER

    @property
    def is_member(self) -> bool:
        return self.role in (OWNER, PLAYER)

    def may_edit_guild(self, guild: Guild) -> bool:
        return self.is_owner or guild.pk in self.guild_ids

    def may_edit(self, guild: Guild) -> bool:
        """A member who plays the guild, or the owner (who acts for an absent player)."""
        return self.is_member and self.may_edit_guild(guild)

    def may_claim(self, guild: Guild) -> bool:
        """A member takes a guild nobody plays (taking one's own again changes nothing)."""
        return self.is_member and guild.player_id in (None, self.user_id)

    def may_choose_next(self, winner: Guild | None) -> bool:
        """The last scenario's winner chooses the next one (the owner for them); the owner the first."""
        if winner is None:
            return self.is_owner
        return self.may_edit(winner)

    def may_undo(self, event: Event) -> bool:
        """Undo needs the right to make the change: the owner's kinds stay the owner's, a guild's its own."""
        return self.may_undo_change(kind=event.kind, guild_id=event.guild_id, has_changes=bool(event.changes))

    def may_undo_change(self, *, kind: str, guild_id: int | None, has_changes: bool) -> bool:
        """`may_undo` for a history row kept without its Event."""
        if not self.is_member or not has_changes:
            return False
        if kind in OWNER_ONLY_UNDO:
            return self.is_owner
        if kind in CAMPAIGN_SCOPED_KINDS or guild_id is None:
            return True
        return self.is_owner or guild_id in self.guild_ids

    def knowing_guilds(self, players: dict[int, int | None]) -> Access:
        """This reader, with the guilds they play taken from a sheet's {guild id: player id}."""
        if self.known_guild_ids is not None:
            return self
        reader = self.user_id if self.is_member else None
        played = frozenset(pk for pk, player in players.items() if reader and player == reader)
        return replace(self, known_guild_ids=played)


def campaign_access(*, user: Any, pk: int | str, share_token: str | None = None) -> Access:
    """The one membership check: members and share-link holders see the campaign, everyone else 404.

    One query: the campaign, its edition and the caller's role (an unchanged sheet is answered with this
    alone)."""
    signed_in = getattr(user, "is_authenticated", False)
    campaigns = Campaign.objects.select_related("edition")
    if signed_in:
        role = Membership.objects.filter(campaign=OuterRef("pk"), user=user).values("role")[:1]
        campaigns = campaigns.annotate(caller_role=Subquery(role))
    try:
        campaign = campaigns.get(pk=int(pk))
    except (Campaign.DoesNotExist, ValueError, TypeError):
        raise Http404 from None
    if signed_in and campaign.caller_role:
        return Access(campaign, campaign.caller_role, user.pk)
    if share_token and share_token == campaign.share_token:
        return Access(campaign, SPECTATOR, None)
    raise Http404


def require_owner(access: Access) -> None:
    if not access.is_owner:
        raise PermissionDenied("Only the campaign's owner may do this.")


def require_member(access: Access) -> None:
    if not access.is_member:
        raise PermissionDenied("Spectators cannot change the campaign.")


def require_guild_editor(access: Access, guild: Guild) -> None:
    require_member(access)
    if not access.may_edit_guild(guild):
        raise PermissionDenied(f"Only {guild.colour.name}'s player or the owner may change that guild.")


def hand_guild(access: Access, guilds: Iterable[Guild], colour: str | None) -> Guild | None:
    """Whose hidden hand (upgrade draft, hero draft) the caller sees.

    Without a colour: the caller's own guild (none for a spectator or a member without a guild). With one:
    that guild if the caller may act for it (its player, or the owner picking for an absent player);
    any other colour is refused, never silently replaced by another hand.
    """
    guilds = list(guilds)
    if not colour:
        return next((g for g in guilds if g.pk in access.guild_ids), None)
    guild = next((g for g in guilds if g.colour.slug == colour), None)
    if guild is None:
        refuse("guild", f"This campaign has no {colour!r} guild.")
    if not access.may_edit(guild):
        refuse("guild", "You may only look at your own guild's hand.")
    return guild


def hero_draft_refusal(
    access: Access, *, guild_count: int, started: bool, heroes_or_plays: bool, min_guilds: int
) -> str | None:
    """Why the hero draft may not start now, or None when the owner may start it."""
    if not access.is_owner:
        return "Only the campaign's owner may do this."
    if guild_count < min_guilds:
        return f"Add at least {min_guilds} guilds before the hero draft."
    if heroes_or_plays:
        return "The hero draft happens before any guild has chosen heroes."
    if started:
        return "The hero draft has already started."
    return None
