"""Who may do what in a campaign: the one place that answers it.

Services ask it to refuse (403, or 404 for a campaign the caller may not see); the API and the pages ask
it to show or hide a button. Membership is checked once, in `campaign_access`.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404
from django.utils.translation import gettext as _

from campaigns.errors import refuse, rule_refusal
from campaigns.models import Campaign, Event, Guild, Membership
from rules_helpers.kills import HERO
from rules_helpers.refusals import RuleError
from rules_helpers.roster import check_heroes_choice

OWNER, PLAYER, SPECTATOR = "owner", "player", "spectator"

# Changes to the campaign as a whole carry the campaign's revision; the rest belong to one guild.
CAMPAIGN_SCOPED_KINDS = frozenset(
    {
        "scenario-recorded",
        "next-chosen",
        "finale",
        "guild-added",
        "guild-removed",
        "campaign-renamed",
        "undo-campaign",
        "live-started",
        "live-abandoned",
        "hero-draft-abandoned",
        "seating-drawn",
        "episodic-dealt",
    }
)
# Undo follows who may make the change (F5). The owner's own actions and the app's side effects of them:
# only the owner undoes them (a player re-dealing the upgrade hands or re-drawing curses would bypass the
# owner-only restart).
OWNER_ONLY_UNDO = frozenset(
    {
        "finale",
        "guild-added",
        "guild-removed",
        "campaign-renamed",
        "guild-assigned",
        "upgrade-opened",
        "upgrade-abandoned",
        "hero-draft-started",
        "hero-draft-abandoned",
        "live-abandoned",
    }
)
# Campaign-wide changes any member may make: the owner or the member who made it undoes them. Any other
# change without a guild follows the same rule; a guild's changes are its player's or the owner's.
OWNER_OR_ACTOR_UNDO = frozenset(
    {"scenario-recorded", "live-started", "undo-campaign", "seating-drawn", "episodic-dealt"}
)
# The last winner's choice: the winner's player (who chose it) or the owner.
WINNER_UNDO = frozenset({"next-chosen"})


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

    def plays_or_holds(self, *, guild_id: int, has_player: bool, player_name: str) -> bool:
        """The guild is the reader's own on "My guild": one they play, or (for the owner) one held for an
        absent friend, which the owner plays for them (F12)."""
        if guild_id in self.guild_ids:
            return True
        return self.is_owner and not has_player and bool(player_name)

    def may_claim(self, guild: Guild) -> bool:
        """A member takes an open guild: nobody plays it and the owner holds it for nobody. A guild held for
        an absent friend is the owner's to hand over (F12). Taking one's own again changes nothing."""
        if guild.player_id is not None:
            return self.is_member and guild.player_id == self.user_id
        return self.is_member and not guild.player_name

    def may_assign(self, guild: Guild) -> bool:
        """Only the owner hands a guild to a member (or takes it back), e.g. one held for an absent friend."""
        return self.is_owner

    def may_choose_next(self, winner: Guild | None) -> bool:
        """The last scenario's winner chooses the next one (the owner for them); the owner records the
        table's choice of the first (`rules_helpers.progression.next_chooser`, RB:414-417)."""
        return self.may_choose_next_for(None if winner is None else winner.pk)

    def may_choose_next_for(self, winner_id: int | None) -> bool:
        """`may_choose_next` from the winner's guild id (the sheet page knows only the id)."""
        if not self.is_member:
            return False
        return self.is_owner or (winner_id is not None and winner_id in self.guild_ids)

    def may_redraw_seating(self, chooser_id: int | None) -> bool:
        """Starting Areas already drawn for the next scenario are drawn again, or entered anew, only by the
        owner or the player of the guild that chooses the next scenario (N7): the areas are drawn at random
        (RB:505-510) and decide who plays first (BR:96), so a draw is not a re-roll any player may take."""
        return self.may_choose_next_for(chooser_id)

    def may_undo(self, event: Event) -> bool:
        """Undo needs the right to make the change: the owner's kinds stay the owner's, a guild's its own."""
        return self.may_undo_change(
            kind=event.kind, guild_id=event.guild_id, actor_id=event.actor_id, has_changes=bool(event.changes)
        )

    def may_undo_change(
        self, *, kind: str, guild_id: int | None, actor_id: int | None, has_changes: bool
    ) -> bool:
        """`may_undo` for a history row kept without its Event."""
        if not self.is_member or not has_changes:
            return False
        return self.undo_refusal(kind=kind, guild_id=guild_id, actor_id=actor_id) is None

    def undo_refusal(self, *, kind: str, guild_id: int | None, actor_id: int | None) -> str | None:
        """Why the caller may not undo a change (None: they may). The one table of F5."""
        if self.is_owner:
            return None
        if not self.is_member:
            return _("Spectators cannot change the campaign.")
        if kind in OWNER_ONLY_UNDO:
            return _("Only the campaign's owner may undo this.")
        if kind in WINNER_UNDO:
            if guild_id is not None and guild_id in self.guild_ids:
                return None
            return _("Only the guild that chose the next scenario, or the owner, may undo the choice.")
        if kind in CAMPAIGN_SCOPED_KINDS or guild_id is None:
            if actor_id is not None and actor_id == self.user_id:
                return None
            return _("Only the campaign's owner or the member who made this change may undo it.")
        if guild_id in self.guild_ids:
            return None
        return _("Only that guild's player or the owner may undo its changes.")

    def undo_needs_confirmation(self, event: Event) -> bool:
        """Undoing someone else's change (or the app's) is asked twice on the pages."""
        return event.actor_id is None or event.actor_id != self.user_id

    def knowing_guilds(self, players: dict[int, int | None]) -> Access:
        """This reader, with the guilds they play taken from a sheet's {guild id: player id}."""
        if self.known_guild_ids is not None:
            return self
        reader = self.user_id if self.is_member else None
        played = frozenset(pk for pk, player in players.items() if reader and player == reader)
        return replace(self, known_guild_ids=played)


def is_campaign_scoped(event: Event) -> bool:
    """A change to the campaign as a whole: its undo claims the campaign's revision."""
    return event.kind in CAMPAIGN_SCOPED_KINDS or event.guild_id is None


def campaign_access(*, user: Any, pk: int | str, share_token: str | None = None) -> Access:
    """The one membership check: members and share-link holders see the campaign, everyone else 404.

    One query: the campaign, its edition and the caller's role (an unchanged sheet is answered with this
    alone)."""
    campaign, role = campaign_with_role(user=user, pk=pk)
    return access_as(campaign, role, _signed_in_id(user), share_token)


def _signed_in_id(user: Any) -> int | None:
    return user.pk if getattr(user, "is_authenticated", False) else None


def campaign_with_role(*, user: Any, pk: int | str) -> tuple[Campaign, str | None]:
    """The campaign (with its edition) and the caller's membership role in it (None: not a member), in one
    query; 404 when there is no such campaign. Whether the caller may see it is `access_as`'s to say."""
    user_id = _signed_in_id(user)
    campaigns = Campaign.objects.select_related("edition")
    if user_id is not None:
        role = Membership.objects.filter(campaign=OuterRef("pk"), user_id=user_id).values("role")[:1]
        campaigns = campaigns.annotate(caller_role=Subquery(role))
    try:
        campaign = campaigns.get(pk=int(pk))
    except (Campaign.DoesNotExist, ValueError, TypeError):
        raise Http404 from None
    return campaign, getattr(campaign, "caller_role", None)


def access_as(campaign: Campaign, role: str | None, user_id: int | None, share_token: Any) -> Access:
    """The rule of `campaign_access`, given the caller's membership role (None: not a member), wherever
    the campaign's row and the role were read from."""
    if user_id is not None and role:
        return Access(campaign, role, user_id)
    if share_link_matches(campaign, share_token):
        return Access(campaign, SPECTATOR, None)
    raise Http404


def share_link_matches(campaign: Campaign, token: Any) -> bool:
    """The share link opens the sheet read-only while the owner keeps it on; compared in constant time."""
    if not isinstance(token, str) or not token or not campaign.share_token:
        return False
    return secrets.compare_digest(token.encode(), campaign.share_token.encode())


def require_owner(access: Access) -> None:
    if not access.is_owner:
        raise PermissionDenied(_("Only the campaign's owner may do this."))


def require_member(access: Access) -> None:
    if not access.is_member:
        raise PermissionDenied(_("Spectators cannot change the campaign."))


def leave_refusal(access: Access) -> str | None:
    """Why this reader may not leave the campaign, or None: a player leaves; the owner keeps the campaign
    (they delete it, or first hand its guilds to the others), and a spectator was never in it."""
    if access.is_owner:
        return _("The owner cannot leave the campaign: hand your guilds to the others, or delete it.")
    if not access.is_member:
        return _("Only a player of this campaign can leave it.")
    return None


def require_guild_editor(access: Access, guild: Guild) -> None:
    require_member(access)
    if not access.may_edit_guild(guild):
        raise PermissionDenied(
            _("Only %(guild)s's player or the owner may change that guild.") % {"guild": guild.colour.name}
        )


def require_kill_recorder(
    access: Access, *, victim: Any, victim_guild: Guild | None, killer: Guild | None
) -> None:
    """A kill is recorded for the guild it is about, as a tap on its counters is (security probe G11): a
    hero's death by that hero's guild (its Death token drives the guild's Death Curse draws, RB:694-695),
    a monster's by the guild whose hero dealt the last wound (its reward, RB:677-678); the owner records any.
    A guild the campaign does not have is the rule's to refuse (400), not this."""
    require_member(access)
    guild = victim_guild if victim == HERO else killer
    if guild is None or access.may_edit_guild(guild):
        return
    if victim == HERO:
        message = _("Only %(guild)s's player or the owner may record the death of its heroes.")
    else:
        message = _("Only %(guild)s's player or the owner may record its kills.")
    raise PermissionDenied(message % {"guild": guild.colour.name})


def seating_redraw_refusal(access: Access, chooser: Guild | None) -> str | None:
    """Why the caller may not draw (or enter) the next scenario's Starting Areas again, or None when they may
    (`Access.may_redraw_seating`): the table chooses the first scenario, so only the owner redraws it."""
    if access.may_redraw_seating(None if chooser is None else chooser.pk):
        return None
    if chooser is None:
        return _("The Starting Areas are drawn; only the campaign's owner may draw them again.")
    return _(
        "The Starting Areas are drawn; only %(guild)s's player, who chooses the next scenario, or the owner "
        "may draw them again."
    ) % {"guild": chooser.colour.name}


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
        refuse("guild", _("This campaign has no %(colour)s guild.") % {"colour": repr(colour)})
    if not access.may_edit(guild):
        refuse("guild", _("You may only look at your own guild's hand."))
    return guild


def hero_draft_refusal(
    access: Access, *, guild_count: int, started: bool, heroes_or_plays: bool, min_guilds: int
) -> str | None:
    """Why the hero draft may not start now, or None when the owner may start it."""
    if not access.is_owner:
        return _("Only the campaign's owner may do this.")
    if guild_count < min_guilds:
        return _("Add at least %(least)s guilds before the hero draft.") % {"least": min_guilds}
    if heroes_or_plays:
        return _("The hero draft happens before any guild has chosen heroes.")
    if started:
        return _("The hero draft has already started.")
    return None


def hero_draft_abandon_refusal(access: Access, *, started: bool, done: bool) -> str | None:
    """Why the hero draft may not be abandoned now, or None when the owner may abandon it: like an upgrade
    phase or a live scenario, only the owner stops it, and only while it runs (once over, its heroes are
    the guilds' and each pick is undone from the history)."""
    if not access.is_owner:
        return _("Only the campaign's owner may do this.")
    if not started:
        return _("No hero draft is running.")
    if done:
        return _("The hero draft is over; undo a pick from the history instead.")
    return None


def heroes_choice_refusal(
    *, may_edit: bool, played: bool, draft_started: bool, draft_done: bool, has_heroes: bool
) -> str | None:
    """Why a guild may not choose its heroes now, or None when its player (or the owner) may: before the
    first scenario, without a running draft, and after a finished draft only for a guild that joined late
    (`rules_helpers.roster.check_heroes_choice` decides the rule)."""
    if not may_edit:
        return _("Only the guild's player or the owner may choose its heroes.")
    try:
        check_heroes_choice(
            played=played, draft_started=draft_started, draft_done=draft_done, has_heroes=has_heroes
        )
    except RuleError as exc:
        return rule_refusal(exc)
    return None
